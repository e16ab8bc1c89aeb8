// The client as merchants run it: the package built by tsc (dist/*.js and .d.ts), not the
// TypeScript sources through tsx, whose transform wraps every closure in a naming helper.
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../test/support/spec-examples.js';
import { runNode } from './generate-time.js';

let built: Promise<string> | undefined;

/**
 * Builds the package once per bench run into node_modules/.cache (so `openapi-fetch` resolves
 * from the project, as from a merchant's node_modules) and returns its dist folder.
 */
export function builtClientDir(): Promise<string> {
  return (built ??= build());
}

async function build(): Promise<string> {
  const root = join(PROJECT_ROOT, 'node_modules', '.cache', 'bench');
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(join(root, 'client-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  const outDir = join(dir, 'dist');
  const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = await runNode([tsc, '-p', join(PROJECT_ROOT, 'generated', 'client', 'tsconfig.build.json'), '--outDir', outDir], { cwd: PROJECT_ROOT });
  if (run.code !== 0) throw new Error(`building the client failed:\n${run.stdout.slice(0, 3000)}`);
  return outDir;
}

/** The built package's main entry, typed by its sources. */
export async function importBuiltClient(): Promise<typeof import('../generated/client/src/index.js')> {
  return import(pathToFileURL(join(await builtClientDir(), 'index.js')).href);
}
