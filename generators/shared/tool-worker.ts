// A worker thread that loads its tool (a compiler, a formatter, a YAML printer) as soon as it
// starts and then answers requests by message: the loading and the work run on another core
// beside the main thread's emitters. The script side is ./serve-requests.mjs. Unreferenced while
// no request is pending, so a run that fails early still exits.
import { Worker } from 'node:worker_threads';
import { workerScript, type WorkerEntry } from '../locations.js';

interface Pending {
  resolve(reply: unknown): void;
  reject(error: Error): void;
}

/**
 * The workers' Node options. None of the parent's: its loader flags (tsx under vitest) stay out of
 * a plain .mjs worker. Without module-syntax detection, Node takes a `.js` file of a package that
 * declares no module type for CommonJS at once, as it did before Node 20.19: detecting it compiled
 * TypeScript's own 9 MB compiler twice, a sixth of a second of openapi-typescript's start.
 */
const WORKER_NODE_OPTIONS = ['--no-experimental-detect-module'];

export class ToolWorker<Request, Reply> {
  readonly #entry: WorkerEntry;
  readonly #script: string;
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  /** `script`: a plain-JavaScript worker under generators/, e.g. `output/prettier-worker.mjs`, or a TypeScript one (locations.ts `typescriptWorker`). */
  constructor(script: string | WorkerEntry) {
    this.#entry = typeof script === 'string' ? { script: workerScript(script) } : script;
    this.#script = workerKey(script);
  }

  /** Starts the worker, which loads its tool at once; call() starts it when this has not. */
  start(): this {
    if (this.#worker) return this;
    const worker = new Worker(this.#entry.script, { execArgv: WORKER_NODE_OPTIONS, workerData: this.#entry.workerData });
    worker.on('message', ({ id, reply, error }: { id: number; reply?: unknown; error?: string }) => {
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      if (this.#pending.size === 0) worker.unref();
      if (error === undefined) pending?.resolve(reply);
      else pending?.reject(new Error(`${this.#script}: ${error}`));
    });
    const failAll = (error: Error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      if (this.#worker === worker) this.#worker = undefined;
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`${this.#script} stopped (exit code ${code})`)));
    worker.unref();
    this.#worker = worker;
    return this;
  }

  call(request: Request): Promise<Reply> {
    const worker = this.start().#worker!;
    const id = this.#nextId++;
    worker.ref();
    return new Promise<Reply>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (reply: unknown) => void, reject });
      worker.postMessage({ id, request });
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }
}

/** A worker's name in messages and among the resident ones: its script, or the TypeScript module it loads. */
function workerKey(script: string | WorkerEntry): string {
  if (typeof script === 'string') return script;
  const { module } = (script.workerData ?? {}) as { module?: string };
  return module ?? script.script;
}

/**
 * Whether tools stay loaded between runs of the pipeline. A process that generates again and again
 * (`npm run dev`) keeps one worker per tool, loaded once; a single run (`npm run generate`, tests)
 * starts its own and stops them when it ends, so nothing outlives it.
 */
let toolsStayLoaded = false;
const residentWorkers = new Map<string, ToolWorker<unknown, unknown>>();

/** From now on, each tool's worker loads once and serves every later run of the pipeline. */
export function keepToolsLoaded(): void {
  toolsStayLoaded = true;
}

/** A worker of `script` for one run: the resident one while tools stay loaded, else a new one. */
export function workerForRun<Request, Reply>(script: string | WorkerEntry): ToolWorker<Request, Reply> {
  if (!toolsStayLoaded) return new ToolWorker<Request, Reply>(script);
  let worker = residentWorkers.get(workerKey(script));
  if (!worker) residentWorkers.set(workerKey(script), (worker = new ToolWorker(script)));
  return worker as ToolWorker<Request, Reply>;
}

/** Ends a run's use of a worker from workerForRun: stops it, unless it is resident. */
export async function releaseWorker(worker: ToolWorker<unknown, unknown>): Promise<void> {
  if (![...residentWorkers.values()].includes(worker)) await worker.close();
}

/**
 * A worker an emitter warms in warmUp() and uses once in emit(): the warm one, or a new one when
 * warmUp() did not run. Each run of the pipeline warms its own (or, while tools stay loaded, the
 * resident one).
 */
export function oneShotWorker<Request, Reply>(script: string | WorkerEntry): { warmUp(): void; run(request: Request): Promise<Reply> } {
  let warm: ToolWorker<Request, Reply> | undefined;
  return {
    warmUp() {
      warm ??= workerForRun<Request, Reply>(script).start();
    },
    async run(request) {
      const worker = warm ?? workerForRun<Request, Reply>(script);
      warm = undefined;
      try {
        return await worker.call(request);
      } finally {
        await releaseWorker(worker as ToolWorker<unknown, unknown>);
      }
    },
  };
}
