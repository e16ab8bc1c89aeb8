// The two test tiers (README, "Tests"). `npm test` runs the fast tier: the vitest project `fast`,
// which needs Node alone on a fresh clone. `npm run check` runs the full tier (`--full`): every
// project of vitest.config.ts, after scripts/prerequisites.mjs has found the programs it needs.
// A missing outside input (test/support/outside-inputs.ts) fails the `sources` group in one line
// per input, and the other groups still run. Ends with the ten slowest files and the plain line
// `N passed, N failed` that CI reads. Other arguments go to vitest (a file filter, `-t name`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const full = args.includes('--full');
const passThrough = args.filter((arg) => arg !== '--full');

const { FULL_TIER_GROUPS, SEPARATE_GROUPS } = await tsImport('../vitest.config.ts', import.meta.url);
const { missingInputs } = await tsImport('../test/support/outside-inputs.ts', import.meta.url);
const missing = full ? missingInputs() : [];
const projects = full ? ['fast', ...Object.keys(FULL_TIER_GROUPS).filter((group) => !SEPARATE_GROUPS.includes(group) && (group !== 'sources' || missing.length === 0))] : ['fast'];
for (const line of missing) console.error(`sources group failed: ${line}`);

const dir = mkdtempSync(join(tmpdir(), 'vitest-summary-'));
const report = join(dir, 'report.json');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(
  process.execPath,
  [vitest, 'run', ...projects.flatMap((name) => ['--project', name]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...passThrough],
  { stdio: 'inherit', cwd: root },
);
let passed = 0;
let failed = missing.length;
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
  const slowest = result.testResults
    .map((file) => ({ file: relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log(`\nSlowest files (${full ? 'full' : 'fast'} tier):`);
  for (const { file, seconds } of slowest) console.log(`${seconds.toFixed(1).padStart(8)} s  ${file}`);
} catch {
  failed = Math.max(failed, 1);
}
if (process.env.KEEP_TEST_REPORT) console.log(`report kept: ${report}`); else rmSync(dir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
