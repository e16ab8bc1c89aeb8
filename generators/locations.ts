// Where the generators live on disk. They run from source (vitest, the bench) and from the
// bundle `npm run generate` builds (generators/.bundle/), where every module shares the bundle's
// import.meta.url: so paths are found from the project root, never relative to a module.
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'generators', 'main.ts'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no generators/main.ts above ${from}`);
  }
}

/** The toolchain's root folder (the one holding spec/, generators/, generated/). */
export const TOOLCHAIN_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A plain-JavaScript worker script of the generators, e.g. `output/format-worker.mjs`. */
export function workerScript(path: string): string {
  return join(TOOLCHAIN_ROOT, 'generators', path);
}

/** What a worker thread runs: its script, and the data it is handed on start. */
export interface WorkerEntry {
  readonly script: string;
  readonly workerData?: unknown;
}

/** Whether the generators run from the bundle (`npm run generate`) rather than from sources. */
const BUNDLED = fileURLToPath(import.meta.url).includes(`${sep}.bundle${sep}`);

/**
 * A worker written in TypeScript, e.g. `spec-check/examples.worker`: its entry of the bundle when
 * the generators run from it (run.mjs makes every `*.worker.ts` an entry), else its source, which tsx
 * loads (shared/typescript-worker.mjs).
 */
export function typescriptWorker(module: string): WorkerEntry {
  if (BUNDLED) return { script: join(TOOLCHAIN_ROOT, 'generators', '.bundle', `${module.split('/').pop()}.cjs`) };
  return { script: workerScript('shared/typescript-worker.mjs'), workerData: { module: pathToFileURL(join(TOOLCHAIN_ROOT, 'generators', `${module}.ts`)).href } };
}

/** The spec's root file and its deployment settings, relative to the project root (the pipeline's defaults). */
export const SPEC_ROOT_FILE = 'spec/openapi.yaml';
export const DEPLOYMENT_FILE = 'spec/deployment.yaml';

/** Where `npm run generate` keeps its cache, under the project root (git-ignored). */
export const GENERATE_CACHE_DIR = '.cache/generate';

/** Where the spec check of `npm run generate` and `npm run dev` remembers the examples it passed (spec-check/passed-examples.ts). */
export const SPEC_CHECK_CACHE_DIR = '.cache/spec-check';
