// `npm run spec:check`: the spec check alone (check.ts), in seconds: each problem as
// `file:line:col: error: message [rule]`, exit 1 when there is an error. `npm run generate` runs
// the same check first and writes nothing when it fails.
import { TOOLCHAIN_ROOT } from '../locations.js';
import { parseCommandLine } from '../shared/command-line.js';
import { checkSpec } from './check.js';
import { reportProblems } from './problem.js';

const USAGE = `usage: npm run spec:check

Checks spec/ before anything is generated: Redocly's lint with the project's conventions, JSON
Schema keywords, documented x- extensions, patterns in both clients' regex engines, examples
against their schemas, and example hashes under the example password. Prints each problem as
file:line:col and exits 1 when there is an error.`;

async function main(): Promise<void> {
  parseCommandLine({ usage: USAGE, options: {} });
  const started = performance.now();
  const check = await checkSpec({ projectRoot: TOOLCHAIN_ROOT });
  const milliseconds = performance.now() - started;
  for (const line of reportProblems(check.problems, milliseconds, 'fix the first, then run it again')) console.error(line);
  if (check.passes) console.log(`The spec checks out (${Math.round(milliseconds)} ms).`);
  process.exitCode = check.passes ? 0 : 1;
}

await main();
