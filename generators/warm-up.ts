// The first thing `npm run generate` does: start the worker threads that load the emitters' own
// tools (openapi-typescript with its TypeScript compiler and Redocly, yaml), so that they load on
// the other core while the main thread loads the generators, checks the spec and builds the
// model. This module and what it imports stay light: the generators' tools (ts-morph, Redocly,
// ajv) load only after it has run (main.ts imports the rest dynamically).
import { bundleEmitter } from './emitters/bundle/index.js';
import { openapiTypescript } from './emitters/types/openapi-typescript.js';
import { EmitterCache, runInputs } from './emitter-cache.js';
import { DEPLOYMENT_FILE, SPEC_ROOT_FILE } from './locations.js';

/** The emitters' workers, by emitter: the pipeline's `warmUp` of each starts the same one. */
const WORKERS: readonly (() => void)[] = [() => bundleEmitter.warmUp?.(), () => openapiTypescript.warmUp()];

/**
 * Starts the workers, unless the cache is sure to serve every emitter (the toolchain and the spec
 * files are those of the run that last filled it).
 */
export async function warmUpWorkers(projectRoot: string, cacheDir: string | undefined): Promise<void> {
  if (cacheDir !== undefined) {
    const [last, inputs] = await Promise.all([new EmitterCache(cacheDir).lastInputs(), runInputs(projectRoot, ['spec', SPEC_ROOT_FILE, DEPLOYMENT_FILE])]);
    if (last === inputs) return;
  }
  for (const start of WORKERS) start();
}
