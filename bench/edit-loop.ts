// The platform team's edit loop (README, "Tests"): after a one-line spec edit, how long until
// `npm run dev` (here with --no-tests) has regenerated everything and written what changed,
// against what the same regeneration costs without it: `npm run generate`'s own process
// (node generators/run.mjs, without npm's start-up), which loads the generators and the spec
// again. Both in a scratch copy of the project, so generated/ of the working tree is never
// touched; the edit toggles a word in GET_TRANS_STATUS's description, a change the docs, the
// types and both clients carry.
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runNode, projectCopy } from './generate-time.js';
import { compareRuns, figure, secondsRunsNote, type BenchOptions, type Figure } from './harness.js';

const EDITED_FILE = join('spec', 's2s', 'actions', 'get-trans-status.yaml');
const EDITED_LINE = /(Looks a transaction up by its `trans_id`\.)( Edited\.)?/;
const REGENERATED = /regenerated in \d+ ms/;

export async function benchEditLoop(options: BenchOptions): Promise<Figure[]> {
  const dir = await projectCopy();
  const watcher = spawn(process.execPath, [join(dir, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join('generators', 'watch.ts'), '--no-tests'], {
    cwd: dir,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  watcher.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  /** Resolves at the next "regenerated" line the watcher prints. */
  const nextGeneration = () =>
    new Promise<void>((resolve, reject) => {
      const onData = (chunk: string) => {
        if (!REGENERATED.test(chunk)) return;
        watcher.stdout.off('data', onData);
        resolve();
      };
      watcher.stdout.on('data', onData);
      watcher.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${stderr.slice(-2000)}`)));
    });
  watcher.stdout.setEncoding('utf8');
  try {
    await nextGeneration(); // the generation it starts with
    const path = join(dir, EDITED_FILE);
    /** One edit, timed from the write to the watcher's report. */
    const edit = async (): Promise<number> => {
      const text = await readFile(path, 'utf8');
      const generated = nextGeneration();
      const started = performance.now();
      await writeFile(path, text.replace(EDITED_LINE, (_all, sentence: string, edited?: string) => (edited ? sentence : `${sentence} Edited.`)));
      await generated;
      return performance.now() - started;
    };
    const generate = async (): Promise<number> => {
      const run = await runNode([join('generators', 'run.mjs')], { cwd: dir });
      if (run.code !== 0) throw new Error(`generation failed (${run.code}):\n${run.stderr.slice(-2000)}`);
      return run.ms;
    };
    const result = await compareRuns(edit, generate, options.quick ? { runs: 1, warmup: 0 } : { runs: 5, warmup: 1 });
    return [
      figure({
        family: 'edit-loop',
        name: '`npm run dev`: a one-line spec edit regenerated',
        unit: 's',
        better: 'lower',
        ours: result.ours / 1000,
        baseline: result.baseline / 1000,
        baselineLabel: '`npm run generate` after the same edit',
        targets: [{ kind: 'absolute', op: '<', value: 5, unit: 's' }],
        notes: [secondsRunsNote(result)],
      }),
    ];
  } finally {
    watcher.kill();
    await rm(dir, { recursive: true, force: true });
  }
}
