// `npm run generate`: check the spec, then rebuild generated/ from spec/. `--check`: fail if
// generated/ is stale. Run through generators/run.mjs, which bundles the generators first.
import { join } from 'node:path';
import { TOOLCHAIN_ROOT } from './locations.js';
import { GENERATED_DIR } from './output/finalize.js';
import { diffOutput, writeOutput } from './output/write.js';
import { generate } from './pipeline.js';
import { parseCommandLine } from './shared/command-line.js';
import { checkSpec } from './spec-check/check.js';
import { reportProblems } from './spec-check/problem.js';

const USAGE = `usage: npm run generate [-- --check]

Checks spec/ (the checks of npm run spec:check: nothing is written while it has an error, and
each error names its file:line:col), then rebuilds every file of generated/ from it.

  --check   write nothing; exit 1 when generated/ differs from what spec/ generates
  --help    print this and exit

To regenerate on every save, run npm run dev; to check the spec alone, npm run spec:check.`;

const { values } = parseCommandLine({ usage: USAGE, options: { check: { type: 'boolean', default: false } } });

// The spec check comes first, a step of its own: the emitters only ever see a spec it passed.
const checked = await checkSpec({ projectRoot: TOOLCHAIN_ROOT });
if (!checked.passes) {
  for (const line of reportProblems(checked.problems, performance.now(), `nothing under ${GENERATED_DIR}/ was written`)) console.error(line);
  process.exit(1);
}
const files = await generate({ projectRoot: TOOLCHAIN_ROOT });
const outDir = join(TOOLCHAIN_ROOT, GENERATED_DIR);
if (values.check) {
  const differences = await diffOutput(outDir, files);
  if (differences.length > 0) {
    console.error(`generated/ is stale; run \`npm run generate\`:\n${differences.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`generated/ is up to date (${files.size} files).`);
} else {
  await writeOutput(outDir, files);
  console.log(`Generated ${files.size} files into ${GENERATED_DIR}/ in ${Math.round(performance.now())} ms (since the process started).`);
}
