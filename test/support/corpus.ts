// Runs emitters over a tiny edge-case spec of test/corpus into test/.output, the way
// `npm run generate` does for the real spec.
import { readFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import type { Emitter } from '../../generators/emitters/emitter.js';
import { writeOutput } from '../../generators/output/write.js';
import { generate } from '../../generators/pipeline.js';
import { PROJECT_ROOT } from './spec-examples.js';

export const CORPUS_DIR = join(PROJECT_ROOT, 'test', 'corpus');

export async function generateCorpusCase(
  group: string,
  name: string,
  emitters: readonly Emitter[],
): Promise<{ readonly outDir: string; readonly files: ReadonlyMap<string, string> }> {
  const rootFile = relative(PROJECT_ROOT, join(CORPUS_DIR, group, name, 'openapi.yaml'));
  const files = await generate({ projectRoot: PROJECT_ROOT, rootFile, deploymentFile: 'test/corpus/no-deployment.yaml', emitters });
  const outDir = join(PROJECT_ROOT, 'test', '.output', group, name);
  await writeOutput(outDir, files);
  return { outDir, files };
}

export function readCases<T>(group: string, name: string): T {
  return parse(readFileSync(join(CORPUS_DIR, group, name, 'cases.yaml'), 'utf8')) as T;
}

/**
 * The hand-written runtime beside generated code in `dir` (as `dir/runtime`), where the package
 * emitter would copy the modules it reaches: enough to import a generated validators module
 * without generating the whole client around it.
 */
export async function copyRuntime(dir: string): Promise<void> {
  await cp(join(PROJECT_ROOT, 'templates', 'runtime'), join(dir, 'runtime'), { recursive: true });
}
