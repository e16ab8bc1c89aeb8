// A small pool of prettier workers, so formatting runs in parallel with the emitters on the main
// thread, and large files in parallel with each other where there are cores to spare.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Options } from 'prettier';
import { workerScript } from '../locations.js';

interface Job {
  readonly id: number;
  readonly text: string;
  readonly options: Options;
  readonly resolve: (text: string) => void;
  readonly reject: (error: Error) => void;
}

export class FormatPool {
  private readonly idle: Worker[] = [];
  private readonly workers: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly running = new Map<number, Job>();
  private nextId = 0;

  // One core is left to the main thread, openapi-typescript's worker and the docs build: on two
  // cores a single prettier worker finishes sooner than two (each warms its own JIT up).
  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1))) {}

  /** Workers start with the first file to format: a run served by the cache never loads prettier twice more. */
  private start(): void {
    for (let i = 0; i < this.size; i++) {
      const worker = new Worker(workerScript('output/format-worker.mjs'), { execArgv: [] });
      worker.on('message', (message: { id: number; text?: string; error?: string }) => {
        const job = this.running.get(message.id);
        this.running.delete(message.id);
        if (job) {
          if (message.error !== undefined) job.reject(new Error(message.error));
          else job.resolve(message.text ?? '');
        }
        this.idle.push(worker);
        this.pump();
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  format(text: string, options: Options): Promise<string> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, text, options, resolve, reject });
      if (this.workers.length === 0) this.start();
      this.pump();
    });
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const job = this.takeLargest();
      this.running.set(job.id, job);
      worker.postMessage({ id: job.id, text: job.text, options: job.options });
    }
  }

  /**
   * The largest waiting text goes first: a big file that cannot be split (openapi-typescript's
   * schema.ts) must not wait behind many small chunks and then run alone at the end.
   */
  private takeLargest(): Job {
    let largest = 0;
    for (let i = 1; i < this.queue.length; i++) if (this.queue[i]!.text.length > this.queue[largest]!.text.length) largest = i;
    return this.queue.splice(largest, 1)[0]!;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
