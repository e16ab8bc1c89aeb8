// The first thing `npm run generate` does: start the worker threads that load the emitters' own
// tools (openapi-typescript with its TypeScript compiler and Redocly, yaml), so that they load on
// the other core while the main thread loads the generators, checks the spec and builds the
// model. This module and what it imports stay light: the generators' tools (Redocly,
// prettier) load only after it has run (main.ts imports the rest dynamically).
import { bundleEmitter } from './emitters/bundle/index.js';
import { openapiTypescript } from './emitters/schema/openapi-typescript.js';
import { EmitterCache, runDigests, runInputs, specFilePaths, writtenSince, type RunDigests } from './emitter-cache.js';

/** The emitters' workers, by emitter: the pipeline's `warmUp` of each starts the same one. */
const WORKERS: readonly (() => void)[] = [() => bundleEmitter.warmUp?.(), () => openapiTypescript.warmUp()];

/**
 * Starts the workers, unless the cache is sure to serve every emitter (the toolchain and the spec
 * files are those of the run that last filled it). With a cache, returns the run's digests (the
 * toolchain and the spec files, hashed once), for the pipeline's `digests`.
 *
 * Loading openapi-typescript takes longer than the spec check, so its worker is the last to be
 * ready after a spec edit: when a spec file was written after the last run recorded its inputs (or
 * no run has), the workers start at once, before the digests are read. Otherwise the digests
 * decide (an edit to the generators or templates).
 */
export async function warmUpWorkers(projectRoot: string, cacheDir: string | undefined): Promise<RunDigests | undefined> {
  let started = false;
  const startAll = () => {
    started = true;
    WORKERS.forEach((start) => start());
  };
  if (cacheDir === undefined) {
    startAll();
    return undefined;
  }
  const cache = new EmitterCache(cacheDir);
  const lastRun = await cache.lastInputsTime();
  if (lastRun === undefined || (await writtenSince(projectRoot, specFilePaths(), lastRun))) startAll();
  const digests = await runDigests(projectRoot, specFilePaths());
  if (!started && (await cache.lastInputs()) !== (await runInputs(projectRoot, digests))) startAll();
  return digests;
}
