// The two test tiers (README, "Tests") timed as a newcomer meets them: a fresh clone of HEAD in a
// folder with nothing beside it, `npm ci` (not timed), then `npm test` (the fast tier) and
// `npm run check` (the full tier: prerequisites, lint, type-check, gate and every group), the
// outside inputs pointed at this project's own settings. Wall time, and the CPU time of all the
// processes each command ran (bash's `times`). One run each: a full tier takes minutes.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_SOURCES, JSON_SCHEMA_TEST_SUITE } from '../test/support/outside-inputs.js';
import { NPM_CLI } from '../test/support/npm.js';
import { PROJECT_ROOT } from '../test/support/spec-examples.js';
import { figure, type BenchOptions, type Figure } from './harness.js';

interface Timed {
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
}

/** Runs `command` through bash in `cwd` and reports its wall time and its children's CPU time. */
function timed(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // `times` prints the shell's own and then its children's user and system time.
    const child = spawn('bash', ['-c', `${command} >/dev/null 2>"$TIERS_LOG"; status=$?; times; exit $status`], { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`\`${command}\` failed (${code}) in ${cwd}; its stderr is in ${env['TIERS_LOG']}`));
      const seconds = (text: string) => [...text.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
      resolve({ wallSeconds: (performance.now() - started) / 1000, cpuSeconds: seconds(out.trim().split('\n').at(-1) ?? '') });
    });
  });
}

export async function benchTestTiers(options: BenchOptions): Promise<Figure[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-tiers-'));
  try {
    const clone = join(dir, 'clone');
    const npm = `"${process.execPath}" "${NPM_CLI}"`;
    const env = {
      ...process.env,
      GATEWAY_SOURCES: GATEWAY_SOURCES.dir,
      JSON_SCHEMA_TEST_SUITE: JSON_SCHEMA_TEST_SUITE.dir,
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      TIERS_LOG: join(dir, 'stderr.log'),
    };
    await timed(`git clone --quiet --no-hardlinks "${PROJECT_ROOT}" clone`, dir, env);
    await timed(`${npm} ci --prefer-offline`, clone, env);
    // Quick mode proves the commands run, on one small file.
    const filter = options.quick ? ' -- test/runtime/retry-policy.test.ts' : '';
    const fast = await timed(`${npm} test${filter}`, clone, env);
    const full = await timed(`${npm} run check${filter}`, clone, env);
    const cpu = (run: Timed) => `${run.wallSeconds.toFixed(0)} s wall, ${run.cpuSeconds.toFixed(0)} s CPU`;
    return [
      figure({
        family: 'test-tiers',
        name: '`npm test` (fast tier) on a fresh clone, Node alone',
        unit: 's',
        better: 'lower',
        ours: fast.wallSeconds,
        baseline: full.wallSeconds,
        baselineLabel: '`npm run check` (full tier), same clone',
        targets: [{ kind: 'absolute', op: '<', value: 180, unit: 's' }],
        notes: [`fast tier: ${cpu(fast)}; full tier: ${cpu(full)}`],
      }),
      figure({
        family: 'test-tiers',
        name: '`npm run check` (full tier) on a fresh clone',
        unit: 's',
        better: 'lower',
        ours: full.wallSeconds,
        baseline: full.cpuSeconds,
        baselineLabel: 'its CPU time, all processes (2 cores)',
        targets: [{ kind: 'absolute', op: '<', value: 720, unit: 's' }],
      }),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
