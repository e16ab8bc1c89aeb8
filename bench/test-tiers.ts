// The two test tiers (README, "Tests") timed as a newcomer meets them: a fresh clone of HEAD in a
// folder with nothing beside it, `npm ci` (not timed), then `npm test` (the fast tier) and
// `npm run check` (the full tier: prerequisites, lint, type-check, gate and every group), the
// outside inputs pointed at this project's own settings. Wall time, and CPU time two ways: what the
// command's processes were waited for (bash's `times`), and the machine's busy time over the run
// (/proc/stat), which also counts Chromium's renderers and GPU process (nobody waits for those, so
// `times` misses them); on a quiet machine the second is the tier's whole cost. One run each: a
// full tier takes minutes. A failed run keeps its folder, with the command's output and errors.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_SOURCES, JSON_SCHEMA_TEST_SUITE } from '../test/support/outside-inputs.js';
import { NPM_CLI } from '../test/support/npm.js';
import { PROJECT_ROOT } from '../test/support/spec-examples.js';
import { figure, type BenchOptions, type Figure } from './harness.js';

interface Timed {
  readonly wallSeconds: number;
  /** The command's processes, as bash's `times` counts its children. */
  readonly cpuSeconds: number;
  /** The whole machine's busy time over the run (/proc/stat), or undefined where there is none. */
  readonly machineSeconds: number | undefined;
}

/** Seconds the machine's cores have been busy (user, nice, system, irq, softirq) since boot, from /proc/stat. */
function machineBusySeconds(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number) as number[];
    return (user! + nice! + system! + irq! + softirq!) / 100; // USER_HZ, 100 on Linux
  } catch {
    return undefined;
  }
}

/** Runs `command` through bash in `cwd` and reports its wall time and its children's CPU time. */
function timed(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const busyBefore = machineBusySeconds();
    // `times` prints the shell's own and then its children's user and system time.
    const child = spawn('bash', ['-c', `${command} >>"$TIERS_OUT" 2>"$TIERS_LOG"; status=$?; times; exit $status`], { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`\`${command}\` failed (${code}) in ${cwd}; its output is in ${env['TIERS_OUT']}, its stderr in ${env['TIERS_LOG']}`));
      const seconds = (text: string) => [...text.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
      const busyAfter = machineBusySeconds();
      resolve({
        wallSeconds: (performance.now() - started) / 1000,
        cpuSeconds: seconds(out.trim().split('\n').at(-1) ?? ''),
        machineSeconds: busyBefore === undefined || busyAfter === undefined ? undefined : busyAfter - busyBefore,
      });
    });
  });
}

export async function benchTestTiers(options: BenchOptions): Promise<Figure[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-tiers-'));
  let failed = false;
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
      TIERS_OUT: join(dir, 'stdout.log'),
      TIERS_LOG: join(dir, 'stderr.log'),
    };
    await timed(`git clone --quiet --no-hardlinks "${PROJECT_ROOT}" clone`, dir, env);
    await timed(`${npm} ci --prefer-offline`, clone, env);
    // Quick mode proves the commands run, on one small file.
    const filter = options.quick ? ' -- test/runtime/retry-policy.test.ts' : '';
    const fast = await timed(`${npm} test${filter}`, clone, env);
    const full = await timed(`${npm} run check${filter}`, clone, env);
    const cpu = (run: Timed) =>
      `${run.wallSeconds.toFixed(0)} s wall, ${run.cpuSeconds.toFixed(0)} s CPU of its processes${run.machineSeconds === undefined ? '' : `, ${run.machineSeconds.toFixed(0)} s machine busy`}`;
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
        baseline: full.machineSeconds ?? full.cpuSeconds,
        baselineLabel: full.machineSeconds === undefined ? 'its CPU time, the processes it waited for (2 cores)' : "the machine's busy CPU time over it, Chromium's included (2 cores)",
        targets: [{ kind: 'absolute', op: '<', value: 720, unit: 's' }],
        notes: [cpu(full)],
      }),
    ];
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    if (!failed) await rm(dir, { recursive: true, force: true });
  }
}
