// The spec check (generators/spec-check), the first step of every generation: how long
// `npm run spec:check` takes on the clean spec, against Redocly's own lint of it (the pass the
// check extends with its rules, the examples and the example hashes); and how long
// `npm run generate` takes to refuse a spec mistake (an unclosed pattern) at its line, against the
// same command on the clean spec with every emitter served from the cache of the run before (the
// check, the model and the writing, no emitter run: what a refusal is measured against is the
// rest of an unchanged generation). Both without npm's start-up, in a scratch copy of
// the project, so generated/ of the working tree is never touched.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectCopy, runNode } from './generate-time.js';
import { compareRuns, figure, secondsRunsNote, type BenchOptions, type Figure } from './harness.js';

const MISTAKE = { file: join('spec', 'components', 'card.yaml'), find: '  pattern: ^(0[1-9]|1[0-2])$', replace: '  pattern: ^[0-9{4}$' };

export async function benchSpecCheck(options: BenchOptions): Promise<Figure[]> {
  const dir = await projectCopy();
  const tsx = join(dir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const timed = async (args: readonly string[], wantCode: 0 | 1): Promise<number> => {
    const run = await runNode(args, { cwd: dir });
    if ((run.code === 0) !== (wantCode === 0)) throw new Error(`${args.join(' ')} exited ${run.code}:\n${run.stderr.slice(-2000)}`);
    return run.ms;
  };
  const rounds = options.quick ? { runs: 1, warmup: 0 } : { runs: 5, warmup: 1 };
  try {
    const check = await compareRuns(
      () => timed([tsx, join('generators', 'spec-check', 'main.ts')], 0),
      () => timed([join(dir, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', join('spec', 'openapi.yaml')], 0),
      rounds,
    );
    const path = join(dir, MISTAKE.file);
    const clean = await readFile(path, 'utf8');
    // Untimed: fills the copy's cache, so every clean run below is served by it (--quick has no warm-up round).
    await timed([join('generators', 'run.mjs')], 0);
    const refused = await compareRuns(
      async () => {
        await writeFile(path, clean.replace(MISTAKE.find, MISTAKE.replace));
        try {
          return await timed([join('generators', 'run.mjs')], 1);
        } finally {
          await writeFile(path, clean);
        }
      },
      () => timed([join('generators', 'run.mjs')], 0),
      rounds,
    );
    return [
      figure({
        family: 'spec-check',
        name: '`npm run spec:check` on the clean spec',
        unit: 's',
        better: 'lower',
        ours: check.ours / 1000,
        baseline: check.baseline / 1000,
        baselineLabel: "Redocly CLI's `lint` of the same spec",
        targets: [{ kind: 'absolute', op: '<', value: 15, unit: 's' }],
        notes: [secondsRunsNote(check)],
      }),
      figure({
        family: 'spec-check',
        name: '`npm run generate` refusing a spec mistake (an unclosed pattern) at its line',
        unit: 's',
        better: 'lower',
        ours: refused.ours / 1000,
        baseline: refused.baseline / 1000,
        baselineLabel: '`npm run generate` of the clean spec, every emitter from the cache',
        targets: [{ kind: 'absolute', op: '<', value: 15, unit: 's' }],
        notes: [secondsRunsNote(refused)],
      }),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
