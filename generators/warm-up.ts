// The first thing `npm run generate` does: start the worker threads that load the emitters' own
// tools (openapi-typescript with its TypeScript compiler and Redocly, yaml), so that they load on
// the other core while the main thread loads the generators, checks the spec and builds the
// model. This module and what it imports stay light: the generators' tools (ts-morph, Redocly,
// ajv) load only after it has run (main.ts imports the rest dynamically).
import { bundleEmitter } from './emitters/bundle/index.js';
import { openapiTypescript } from './emitters/schema/openapi-typescript.js';
import { EmitterCache, runDigests, runInputs, specFilePaths, type RunDigests } from './emitter-cache.js';

/** The emitters' workers, by emitter: the pipeline's `warmUp` of each starts the same one. */
const WORKERS: readonly (() => void)[] = [() => bundleEmitter.warmUp?.(), () => openapiTypescript.warmUp()];

/**
 * Starts the workers, unless the cache is sure to serve every emitter (the toolchain and the spec
 * files are those of the run that last filled it). With a cache, returns the run's digests (the
 * toolchain and the spec files, hashed once), for the pipeline's `digests`.
 */
export async function warmUpWorkers(projectRoot: string, cacheDir: string | undefined): Promise<RunDigests | undefined> {
  const startAll = () => WORKERS.forEach((start) => start());
  if (cacheDir === undefined) {
    startAll();
    return undefined;
  }
  // A cache that no run has filled serves nothing: the workers need not wait for the digests.
  const last = await new EmitterCache(cacheDir).lastInputs();
  if (last === undefined) startAll();
  const digests = await runDigests(projectRoot, specFilePaths());
  if (last !== undefined && last !== (await runInputs(projectRoot, digests))) startAll();
  return digests;
}
