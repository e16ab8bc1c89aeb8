// The whole platform conformance suite against a freshly started sandbox (in this process, with
// the kit's callback listener as its merchant's callback URL): wall time against the issue's
// 30 s budget, and how many scenarios each family defines and passes.
import { FAMILIES, platformScenarioCounts, runPlatformSuite, startCallbackListener, type Report } from '../generated/conformance/src/index.js';
import { startSandbox } from '../generated/sandbox/src/index.js';
import { figure, median, type BenchOptions, type Figure } from './harness.js';

const BUDGET_MS = 30_000;

async function timedRun(): Promise<{ ms: number; report: Report }> {
  const listener = await startCallbackListener();
  const sandbox = await startSandbox({ port: 0, callbackUrl: listener.url });
  try {
    const { key, password } = sandbox.merchants[0]!;
    const started = performance.now();
    const report = await runPlatformSuite({ baseUrl: sandbox.url, merchantKey: key, password, callbackListen: listener });
    return { ms: performance.now() - started, report };
  } finally {
    await sandbox.close();
    await listener.close();
  }
}

export async function benchConformance(options: BenchOptions): Promise<Figure[]> {
  const runs = [];
  for (let round = 0; round < (options.quick ? 1 : 3); round++) runs.push(await timedRun());
  const failed = runs.flatMap((run) => run.report.results.filter((result) => result.outcome === 'fail').map((result) => `${result.title}: ${result.detail ?? ''}`));
  if (failed.length > 0) throw new Error(`the platform suite failed against the sandbox:\n${failed.join('\n')}`);
  const defined = platformScenarioCounts();
  const last = runs.at(-1)!.report;
  return [
    figure({
      family: 'conformance',
      name: `whole platform suite against the sandbox (${last.results.length} scenarios)`,
      unit: 'ms',
      better: 'lower',
      ours: median(runs.map((run) => run.ms)),
      baseline: BUDGET_MS,
      baselineLabel: 'the 30 s budget',
      targets: [{ kind: 'absolute', op: '<', value: BUDGET_MS, unit: 'ms' }],
    }),
    ...FAMILIES.filter((family) => family !== 'merchant').map((family) =>
      figure({
        family: 'conformance',
        name: `${family} scenarios passed against the sandbox (of those defined)`,
        unit: 'scenarios',
        better: 'higher',
        ours: last.results.filter((result) => result.family === family && result.outcome === 'pass').length,
        baseline: defined[family],
        baselineLabel: 'defined',
        targets: [{ kind: 'report' }],
      }),
    ),
  ];
}
