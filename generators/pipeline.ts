// The whole generation: load the spec once, run every emitter over the same model, finalize.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleEmitter } from './emitters/bundle/index.js';
import { clientEmitter } from './emitters/client/index.js';
import { docsEmitter } from './emitters/docs/index.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitters/emitter.js';
import { phpEmitter } from './emitters/php/index.js';
import { packageEmitter } from './emitters/package/index.js';
import { sandboxEmitter } from './emitters/sandbox/index.js';
import { schemaEmitter } from './emitters/schema/index.js';
import { conformanceEmitter } from './emitters/conformance/index.js';
import { typesEmitter } from './emitters/types/index.js';
import { validatorsEmitter } from './emitters/validators/index.js';
import { digestFiles, digestOutput, digestText, EmitterCache, plainJson, runDigests, runInputs, specFilePaths, type CachedEmitter, type RunDigests, type ToolchainDigests } from './emitter-cache.js';
import { bundleSpec, modelFromBundle, type SpecBundle } from './model/load-spec.js';
import type { SpecModel } from './model/spec-model.js';
import { Finalizer } from './output/finalize.js';
import { DEPLOYMENT_FILE, SPEC_ROOT_FILE } from './locations.js';

// Every emitter starts at once (those with dependsOn when their dependencies are done); the ones
// with a worker thread (bundle, schema) start it in warmUp. They are listed first: emitters start in
// this order (dependencies first), and an emitter's synchronous part runs to its end before the
// next starts, so these hand the worker its job before the validators hold the main thread.
export const EMITTERS: readonly Emitter[] = [bundleEmitter, schemaEmitter, typesEmitter, docsEmitter, validatorsEmitter, clientEmitter, packageEmitter, sandboxEmitter, conformanceEmitter, phpEmitter];

export interface GenerateOptions {
  readonly projectRoot: string;
  /** Emitters to run (default: all), with those they depend on; tests run single emitters over fixture specs. */
  readonly emitters?: readonly Emitter[];
  readonly rootFile?: string;
  readonly deploymentFile?: string;
  /**
   * A folder (git-ignored; `npm run generate` uses `.cache/generate`) where each of the pipeline's
   * own emitters keeps its files by a hash of everything they depend on (emitter-cache.ts): one
   * whose inputs did not change since a run that stored it is not run again. Without it every
   * emitter runs.
   */
  readonly cacheDir?: string;
  /**
   * Where the bundled spec comes from: `npm run generate` and `npm run dev` hand over the spec
   * check's bundle, so the spec is bundled once and the check runs while the workers load (it
   * throws to stop the run when the spec is refused), with the model its hash stage built from it
   * (the project's deployment file), so the model is built once. Without it the pipeline bundles the spec.
   */
  readonly bundle?: () => Promise<SpecBundle>;
  /**
   * With `cacheDir`: the run's digests of the toolchain and of the spec files (emitter-cache.ts
   * `runDigests` of `rootFile` and `deploymentFile`), when the caller has them already
   * (`npm run generate` computes them as it starts its workers). Without it the pipeline computes them.
   */
  readonly digests?: RunDigests;
  /** Told, as each emitter's files are ready, whether they came from the cache and how long they took. */
  readonly onEmitter?: (event: EmitterEvent) => void;
}

export interface EmitterEvent {
  readonly emitter: string;
  readonly cached: boolean;
  readonly ms: number;
}

export { GENERATE_CACHE_DIR } from './locations.js';

export async function loadModel(projectRoot: string, rootFile = SPEC_ROOT_FILE, deploymentFile = DEPLOYMENT_FILE, bundled?: SpecBundle): Promise<SpecModel> {
  if (bundled?.model) return bundled.model;
  const bundle = bundled ?? (await bundleSpec({ rootFile: join(projectRoot, rootFile), redoclyConfig: join(projectRoot, 'redocly.yaml') }));
  return modelFromBundle(bundle, projectRoot, join(projectRoot, deploymentFile));
}

/** Runs the emitters and returns generated/-relative path → final file text. */
export async function generate(options: GenerateOptions): Promise<Map<string, string>> {
  const emitters = withDependencies(options.emitters ?? EMITTERS);
  const cache = options.cacheDir === undefined ? undefined : new EmitterCache(options.cacheDir);
  const rootFile = options.rootFile ?? SPEC_ROOT_FILE;
  const deploymentFile = options.deploymentFile ?? DEPLOYMENT_FILE;
  // What the cache keys take besides the model (the toolchain and the spec files), hashed once a
  // run and read while the spec loads.
  const digests = cache && (options.digests ? Promise.resolve(options.digests) : runDigests(options.projectRoot, specFilePaths(rootFile, deploymentFile)));
  // Set-up that needs no model (a worker loading its tools) starts first and overlaps the spec's
  // check and bundle (`npm run generate` starts it even earlier: generators/warm-up.ts). With a
  // cache, it is skipped only for an emitter that has an entry when the toolchain and the spec
  // files are the last run's (runInputs); any other run may run the emitter, and warms it.
  const inputs = digests && digests.then((given) => runInputs(options.projectRoot, given));
  const cold = !cache || (await cache.lastInputs()) !== (await inputs);
  const stored = cache ? await cache.emitters() : new Set<string>();
  for (const emitter of emitters) if (cold || !stored.has(emitter.name)) emitter.warmUp?.();
  const finalizer = new Finalizer(options.projectRoot);
  let scratchDir: string | undefined;
  let bundled: SpecBundle | undefined;
  try {
    bundled = await options.bundle?.();
    return await emitAll(bundled);
  } catch (error) {
    // The spec check's last stage may still be running: when it refuses the spec, that is the
    // answer, not what an emitter made of the spec it refuses.
    await bundled?.verdict;
    throw error;
  } finally {
    await Promise.all([scratchDir && rm(scratchDir, { recursive: true, force: true }), finalizer.close()]);
  }

  async function emitAll(bundled: SpecBundle | undefined): Promise<Map<string, string>> {
    const model = await loadModel(options.projectRoot, rootFile, deploymentFile, bundled);
    scratchDir = await mkdtemp(join(tmpdir(), 'gateway-generate-'));
    const keys = digests && {
      cache: cache!,
      // The spec: spec/ and the files the bundle read (a fixture spec may live elsewhere).
      ...(await digests.then(async ({ toolchain, specFiles }) => ({ toolchain, spec: digestText(specFiles, await digestFiles(options.projectRoot, model.sourceFiles)) }))),
    };
    const emitted = emitInOrder(emitters, model, { projectRoot: options.projectRoot, scratchDir }, {
      finalize: (files) => Promise.all(files.map(async (file) => [file.path, await finalizer.finalize(file)] as const)),
      // Only the pipeline's own emitters: their code is part of the key (generators/).
      ...(keys ? { cached: (emitter) => EMITTERS.includes(emitter), ...keys } : {}),
      ...(options.onEmitter ? { onEmitter: options.onEmitter } : {}),
    });
    const batches = await Promise.all(emitters.map(async (emitter) => (await emitted.get(emitter.name)!).finalized));
    // Nothing is returned for writing, nor recorded as the cache's last inputs, before the spec
    // check has passed the spec whole.
    await bundled?.verdict;
    // Every emitter's entry is stored by now (an emitter's promise settles after its write): only
    // then do the run's inputs say that the cache serves them all.
    if (cache) await cache.recordInputs((await inputs)!);
    const files = new Map<string, string>();
    for (const [path, text] of batches.flat().sort(([a], [b]) => a.localeCompare(b))) {
      if (files.has(path)) throw new Error(`Two emitters wrote ${path}`);
      files.set(path, text);
    }
    return files;
  }
}

/**
 * The emitters asked for and, before each, every emitter it declares in `dependsOn` (looked up
 * among those asked for, then among all): each once, dependencies first.
 */
export function withDependencies(requested: readonly Emitter[], known: readonly Emitter[] = EMITTERS): Emitter[] {
  const byName = new Map([...known, ...requested].map((emitter) => [emitter.name, emitter]));
  const ordered = new Map<string, Emitter>();
  const visit = (emitter: Emitter, dependents: readonly string[]) => {
    if (dependents.includes(emitter.name)) throw new Error(`Emitters depend on each other in a circle: ${[...dependents, emitter.name].join(' → ')}`);
    if (ordered.has(emitter.name)) return;
    for (const name of emitter.dependsOn ?? []) {
      const dependency = byName.get(name);
      if (!dependency) throw new Error(`Emitter ${emitter.name} depends on ${name}, which is not an emitter`);
      visit(dependency, [...dependents, emitter.name]);
    }
    ordered.set(emitter.name, emitter);
  };
  for (const emitter of requested) visit(emitter, []);
  return [...ordered.values()];
}

interface EmitOptions {
  /** Gives each file its final text (generators/output/finalize.ts). */
  finalize(files: readonly GeneratedFile[]): Promise<CachedEmitter['finalized']>;
  /** With a cache: the emitters it may serve, and the digests of the toolchain and of the spec. */
  readonly cache?: EmitterCache;
  readonly cached?: (emitter: Emitter) => boolean;
  readonly toolchain?: ToolchainDigests;
  readonly spec?: string;
  readonly onEmitter?: (event: EmitterEvent) => void;
}

/** The digest of what an emitter reads; emitters that read the same part (model/field-prose.ts) share it, computed once. */
const partDigests = new WeakMap<object, string>();
function readsDigest(part: unknown): string {
  if (typeof part !== 'object' || part === null) return digestText(plainJson(part));
  let digest = partDigests.get(part);
  if (digest === undefined) partDigests.set(part, (digest = digestText(plainJson(part))));
  return digest;
}

/** Version of the cache's entries and keys: a change to their shape makes every older entry unused. */
const CACHE_FORMAT = 'emitter-cache 1';

/**
 * Starts every emitter at once, except that one with `dependsOn` waits for those emitters' files
 * and receives them through `context.filesOf`; then finalizes its files. `emitters` lists
 * dependencies first. With a cache, an emitter whose key has an entry is not run: the key is the
 * toolchain, the emitter, what it reads of the model (its `reads`, else the whole spec) and the
 * files of the emitters it depends on.
 */
function emitInOrder(emitters: readonly Emitter[], model: SpecModel, base: Omit<EmitContext, 'filesOf'>, options: EmitOptions): Map<string, Promise<CachedEmitter>> {
  const running = new Map<string, Promise<CachedEmitter>>();
  for (const emitter of emitters) {
    const dependsOn = emitter.dependsOn ?? [];
    const filesOf = (ready: ReadonlyMap<string, readonly GeneratedFile[]>) => (name: string) => {
      const files = ready.get(name);
      if (!files) throw new Error(`Emitter ${emitter.name} reads the files of ${name} without declaring it in dependsOn`);
      return files;
    };
    const run = async (ready: ReadonlyMap<string, readonly GeneratedFile[]>): Promise<CachedEmitter> => {
      const started = performance.now();
      const cache = options.cache && options.cached?.(emitter) ? options.cache : undefined;
      const key =
        cache &&
        digestText(
          CACHE_FORMAT,
          process.version,
          options.toolchain!.common,
          await options.toolchain!.emitter(emitter.name),
          emitter.name,
          emitter.reads ? readsDigest(emitter.reads(model)) : options.spec!,
          ...dependsOn.map((name) => `${name} ${digestOutput(ready.get(name)!)}`),
        );
      const hit = key === undefined ? undefined : await cache!.read(emitter.name, key);
      let entry = hit;
      if (entry === undefined) {
        const files = await emitter.emit(model, { ...base, filesOf: filesOf(ready) });
        entry = { files, finalized: await options.finalize(files) };
      }
      if (key !== undefined && hit === undefined) await cache!.write(emitter.name, key, entry);
      options.onEmitter?.({ emitter: emitter.name, cached: hit !== undefined, ms: performance.now() - started });
      return entry;
    };
    running.set(
      emitter.name,
      dependsOn.length === 0 ? run(new Map()) : Promise.all(dependsOn.map(async (name) => [name, (await running.get(name)!).files] as const)).then((ready) => run(new Map(ready))),
    );
  }
  return running;
}
