// The whole generation: load the spec once, run every emitter over the same model, finalize.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { bundleEmitter } from './emitters/bundle/index.js';
import { clientEmitter } from './emitters/client/index.js';
import { docsEmitter } from './emitters/docs/index.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitters/emitter.js';
import { phpEmitter } from './emitters/php/index.js';
import { packageEmitter } from './emitters/package/index.js';
import { sandboxEmitter } from './emitters/sandbox/index.js';
import { conformanceEmitter } from './emitters/conformance/index.js';
import { typesEmitter } from './emitters/types/index.js';
import { validatorsEmitter } from './emitters/validators/index.js';
import { loadSpec } from './model/load-spec.js';
import { buildSpecModel, type SpecModel } from './model/spec-model.js';
import { Finalizer } from './output/finalize.js';

// Every emitter starts at once (those with dependsOn when their dependencies are done); the ones
// with a worker thread (bundle, types) start it in warmUp. They are listed first: emitters start in
// this order (dependencies first), and an emitter's synchronous part runs to its end before the
// next starts, so these hand the worker its job before the validators hold the main thread.
export const EMITTERS: readonly Emitter[] = [bundleEmitter, typesEmitter, docsEmitter, validatorsEmitter, clientEmitter, packageEmitter, sandboxEmitter, conformanceEmitter, phpEmitter];

export interface GenerateOptions {
  readonly projectRoot: string;
  /** Emitters to run (default: all), with those they depend on; tests run single emitters over fixture specs. */
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
  const emitters = withDependencies(options.emitters ?? EMITTERS);
  // Set-up that needs no model (loading a worker's tools) overlaps loading the spec.
  for (const emitter of emitters) emitter.warmUp?.();
  // Prettier, for the READMEs, warms in a worker too when everything is generated (a run of a
  // few emitters starts it only if one of them writes markdown).
  const finalizer = new Finalizer(options.projectRoot, { warm: options.emitters === undefined });
  let scratchDir: string | undefined;
  try {
    const model = await loadModel(options.projectRoot, options.rootFile, options.deploymentFile);
    scratchDir = await mkdtemp(join(tmpdir(), 'gateway-generate-'));
    const emitted = emitInOrder(emitters, model, { projectRoot: options.projectRoot, scratchDir });
    const batches = await Promise.all(
      emitters.map(async (emitter) => {
        const files = await emitted.get(emitter.name)!;
        return Promise.all(files.map(async (file) => [file.path, await finalizer.finalize(file)] as const));
      }),
    );
    const files = new Map<string, string>();
    for (const [path, text] of batches.flat().sort(([a], [b]) => a.localeCompare(b))) {
      if (files.has(path)) throw new Error(`Two emitters wrote ${path}`);
      files.set(path, text);
    }
    return files;
  } finally {
    await Promise.all([scratchDir && rm(scratchDir, { recursive: true, force: true }), finalizer.close()]);
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

/**
 * Starts every emitter at once, except that one with `dependsOn` waits for those emitters' files
 * and receives them through `context.filesOf`. `emitters` lists dependencies first.
 */
function emitInOrder(
  emitters: readonly Emitter[],
  model: SpecModel,
  base: Omit<EmitContext, 'filesOf'>,
): Map<string, Promise<readonly GeneratedFile[]>> {
  const running = new Map<string, Promise<readonly GeneratedFile[]>>();
  for (const emitter of emitters) {
    const dependsOn = emitter.dependsOn ?? [];
    const filesOf = (ready: ReadonlyMap<string, readonly GeneratedFile[]>) => (name: string) => {
      const files = ready.get(name);
      if (!files) throw new Error(`Emitter ${emitter.name} reads the files of ${name} without declaring it in dependsOn`);
      return files;
    };
    running.set(
      emitter.name,
      dependsOn.length === 0
        ? emitter.emit(model, { ...base, filesOf: filesOf(new Map()) })
        : Promise.all(dependsOn.map(async (name) => [name, await running.get(name)!] as const)).then((ready) =>
            emitter.emit(model, { ...base, filesOf: filesOf(new Map(ready)) }),
          ),
    );
  }
  return running;
}
