// `npm run dev`: the platform team's edit loop. Generates once, then regenerates on every save
// under spec/ or templates/, in one process that keeps the generators loaded, and after each
// generation runs the fast tier's tests that concern what changed: those that import a changed
// generated module (vitest related), and the spec's rule tables when the spec changed. A failed
// generation writes nothing and says why; the next save tries again. A save under spec/ (and the
// start) runs npm run generate's spec check first: a mistake is reported at its file:line:col and
// nothing is generated. Saves that arrive while a
// generation runs are taken together by the next one; a save stops the tests of the previous one.
// `--no-tests` only regenerates (the bench's edit-loop figure times that).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, watch } from 'node:fs';
import { join, relative } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runDigests, specFilePaths } from './emitter-cache.js';
import { TOOLCHAIN_ROOT } from './locations.js';
import { projectPassedExamples } from './spec-check/passed-examples.js';
import { GENERATED_DIR } from './output/finalize.js';
import { writeOutput } from './output/write.js';
import { GENERATE_CACHE_DIR, generate } from './pipeline.js';
import { keepToolsLoaded } from './shared/tool-worker.js';
import { checkedBundle, SpecRefused } from './spec-check/check.js';
import { reportProblems } from './spec-check/problem.js';

// As generators/run.mjs sets it for `npm run generate`: V8 optimizes the generators' hot loops
// without spending the second core on it.
setFlagsFromString('--interrupt-budget=1081344');

const USAGE = `Usage: npm run dev [-- --no-tests]

Regenerates generated/ on every save under spec/ or templates/ and runs the fast tier's tests
for what changed. --no-tests: regenerate only.`;
const flags = process.argv.slice(2);
if (flags.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = flags.filter((flag) => flag !== '--no-tests');
if (unknown.length > 0) {
  console.error(`Unknown argument(s): ${unknown.join(' ')}\n\n${USAGE}`);
  process.exit(2);
}
const withTests = !flags.includes('--no-tests');
// The compilers and formatters the emitters run in worker threads load once, not at every save.
keepToolsLoaded();

const WATCHED = ['spec', 'templates'] as const;
/** The spec's given/want rule tables, run after every spec edit. */
const SPEC_TESTS = withTests
  ? readdirSync(join(TOOLCHAIN_ROOT, 'test', 'spec'))
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => join('test', 'spec', name))
  : [];
/** Saves arrive as bursts of events (an editor writes, renames, touches): wait for the burst to end. */
const SETTLE_MS = 80;

const saved = new Set<string>();
let generating = false;
let settle: NodeJS.Timeout | undefined;
let tests: ChildProcess | undefined;

function schedule(): void {
  clearTimeout(settle);
  settle = setTimeout(() => void regenerate(), SETTLE_MS);
}

async function regenerate(): Promise<void> {
  if (generating) return; // picked up when the running generation ends
  generating = true;
  const edits = [...saved];
  saved.clear();
  tests?.kill();
  const started = performance.now();
  try {
    // A save under spec/ (and the start) runs the spec check, whose bundle the model is built from.
    const check = edits.length === 0 || edits.some((path) => path.startsWith('spec/'));
    let files: Map<string, string>;
    try {
      // With npm run generate's caches: an emitter whose inputs the save left alone is not run,
      // nor the examples stage of the check for examples and schemas it passed.
      const digests = await runDigests(TOOLCHAIN_ROOT, specFilePaths());
      const passedExamples = projectPassedExamples(TOOLCHAIN_ROOT, digests);
      files = await generate({
        projectRoot: TOOLCHAIN_ROOT,
        cacheDir: join(TOOLCHAIN_ROOT, GENERATE_CACHE_DIR),
        digests,
        ...(check ? { bundle: () => checkedBundle({ projectRoot: TOOLCHAIN_ROOT, passedExamples }) } : {}),
      });
    } catch (error) {
      if (!(error instanceof SpecRefused)) throw error;
      for (const line of reportProblems(error.problems, performance.now() - started, 'nothing was generated')) console.error(line);
      return;
    }
    const changed = await writeOutput(join(TOOLCHAIN_ROOT, GENERATED_DIR), files);
    const took = Math.round(performance.now() - started);
    console.log(`${edits.length > 0 ? edits.join(', ') : 'start'}: regenerated in ${took} ms, ${changed.length} generated file(s) changed`);
    const modules = changed.filter((path) => /\.(ts|mts)$/.test(path)).map((path) => join(GENERATED_DIR, path));
    const specTests = edits.some((path) => path.startsWith('spec/')) ? SPEC_TESTS : [];
    if (withTests && edits.length > 0 && modules.length + specTests.length > 0) runTests([...modules, ...specTests]);
  } catch (error) {
    console.error(`${edits.join(', ') || 'start'}: generation failed, nothing was written:\n${(error as Error).message}`);
  } finally {
    generating = false;
    if (saved.size > 0) schedule();
  }
}

/** The fast tier's tests related to `paths` (test files among them run as they are). */
function runTests(paths: readonly string[]): void {
  const vitest = join(TOOLCHAIN_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const child = spawn(process.execPath, [vitest, 'related', '--run', '--project', 'fast', '--passWithNoTests', ...paths], { cwd: TOOLCHAIN_ROOT, stdio: 'inherit' });
  tests = child;
  child.on('exit', () => {
    if (tests === child) tests = undefined;
  });
}

for (const folder of WATCHED) {
  watch(join(TOOLCHAIN_ROOT, folder), { recursive: true }, (_event, name) => {
    if (!name || name.endsWith('~') || name.includes('.swp')) return;
    saved.add(relative(TOOLCHAIN_ROOT, join(TOOLCHAIN_ROOT, folder, name)));
    schedule();
  });
}
console.log(`Watching ${WATCHED.map((folder) => `${folder}/`).join(' and ')}; Ctrl-C stops.`);
await regenerate();
