// The whole generation: load the spec once, run every emitter over the same model, finalize.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { bundleEmitter } from './emitters/bundle/index.js';
import { clientEmitter } from './emitters/client/index.js';
import { docsEmitter } from './emitters/docs/index.js';
import type { Emitter } from './emitters/emitter.js';
import { packageEmitter } from './emitters/package/index.js';
import { typesEmitter } from './emitters/types/index.js';
import { validatorsEmitter } from './emitters/validators/index.js';
import { loadSpec } from './model/load-spec.js';
import { buildSpecModel, type SpecModel } from './model/spec-model.js';
import { finalize } from './output/finalize.js';

// docs first: it runs Redocly in a child process, which then overlaps the in-process emitters.
export const EMITTERS: readonly Emitter[] = [docsEmitter, bundleEmitter, typesEmitter, validatorsEmitter, clientEmitter, packageEmitter];

export interface GenerateOptions {
  readonly projectRoot: string;
  /** Emitters to run (default: all); tests run single emitters over fixture specs. */
  readonly emitters?: readonly Emitter[];
  readonly rootFile?: string;
  readonly deploymentFile?: string;
}

export async function loadModel(projectRoot: string, rootFile = 'spec/openapi.yaml', deploymentFile = 'spec/deployment.yaml'): Promise<SpecModel> {
  const spec = await loadSpec({
    rootFile: join(projectRoot, rootFile),
    redoclyConfig: join(projectRoot, 'redocly.yaml'),
    deploymentFile: join(projectRoot, deploymentFile),
  });
  return buildSpecModel(spec.document, spec.sourceFiles.map((file) => relative(projectRoot, file)));
}

/** Runs the emitters and returns generated/-relative path → final file text. */
export async function generate(options: GenerateOptions): Promise<Map<string, string>> {
  const model = await loadModel(options.projectRoot, options.rootFile, options.deploymentFile);
  const scratchDir = await mkdtemp(join(tmpdir(), 'gateway-generate-'));
  try {
    const context = { projectRoot: options.projectRoot, scratchDir };
    const batches = await Promise.all((options.emitters ?? EMITTERS).map((emitter) => emitter.emit(model, context)));
    const files = new Map<string, string>();
    for (const file of batches.flat().sort((a, b) => a.path.localeCompare(b.path))) {
      if (files.has(file.path)) throw new Error(`Two emitters wrote ${file.path}`);
      files.set(file.path, await finalize(file, options.projectRoot));
    }
    return files;
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
}
