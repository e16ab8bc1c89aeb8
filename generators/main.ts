// `npm run generate`: rebuild generated/ from spec/. `--check`: fail if generated/ is stale.
// Run through generators/run.mjs, which bundles the generators first. Its static imports are
// light: the workers start (warm-up.ts) before the generators and their tools load.
import { join } from 'node:path';
import { GENERATE_CACHE_DIR, TOOLCHAIN_ROOT } from './locations.js';
import { parseCommandLine } from './shared/command-line.js';
import { projectPassedExamples } from './spec-check/passed-examples.js';
import { warmUpWorkers } from './warm-up.js';

const USAGE = `usage: npm run generate [-- [--check] [--no-cache]]

Checks spec/ (the checks of npm run spec:check: nothing is written while it has an error, and
each error names its file:line:col), then rebuilds every file of generated/ from it.

  --check      write nothing; exit 1 when generated/ differs from what spec/ generates
  --no-cache   run every emitter and every check (by default an emitter whose inputs did not
               change gives its files from .cache/generate/, and the check does not run
               examples and schemas it passed before through ajv again: .cache/spec-check/)
  --help       print this and exit

To regenerate on every save, run npm run dev; to check the spec alone, npm run spec:check.`;

// A function, not top-level code: run.mjs runs the bundle as a CommonJS script (for V8's code
// cache), where a module cannot await at its top level.
async function main(): Promise<void> {
  const { values } = parseCommandLine({
    usage: USAGE,
    options: { check: { type: 'boolean', default: false }, 'no-cache': { type: 'boolean', default: false } },
  });

  // The spec check comes first: the emitters start once every stage but the examples has passed, the
  // examples stage finishes in its worker thread beside them, and nothing is written before it too
  // has passed the spec. The pipeline warms its workers up, then runs the check, and builds its model
  // from the check's bundle.
  // Each emitter's files are kept by the hash of all they depend on (generators/emitter-cache.ts),
  // and the check remembers the examples it passed (spec-check/passed-examples.ts); `--no-cache` runs
  // every emitter and every check.
  const cacheDir = values['no-cache'] ? undefined : join(TOOLCHAIN_ROOT, GENERATE_CACHE_DIR);
  const digests = await warmUpWorkers(TOOLCHAIN_ROOT, cacheDir);
  const [{ GENERATED_DIR }, { diffOutput, writeOutput }, { generate }, { checkedBundle, SpecRefused }, { reportProblems }] = await Promise.all([
    import('./output/finalize.js'),
    import('./output/write.js'),
    import('./pipeline.js'),
    import('./spec-check/check.js'),
    import('./spec-check/problem.js'),
  ]);
  const fromCache: string[] = [];
  let files: Map<string, string>;
  try {
    files = await generate({
      projectRoot: TOOLCHAIN_ROOT,
      bundle: () => checkedBundle({ projectRoot: TOOLCHAIN_ROOT, ...(digests ? { passedExamples: projectPassedExamples(TOOLCHAIN_ROOT, digests) } : {}) }),
      // The digests come with the cache: warmUpWorkers computes them only when there is one.
      ...(cacheDir && digests ? { cacheDir, digests, onEmitter: ({ emitter, cached }) => void (cached && fromCache.push(emitter)) } : {}),
    });
  } catch (error) {
    if (!(error instanceof SpecRefused)) throw error;
    for (const line of reportProblems(error.problems, performance.now(), `nothing under ${GENERATED_DIR}/ was written`)) console.error(line);
    process.exit(1);
  }
  const cacheNote = cacheDir ? `; from the cache: ${fromCache.length > 0 ? fromCache.sort().join(', ') : 'none'}` : '';
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
    console.log(`Generated ${files.size} files into ${GENERATED_DIR}/ in ${Math.round(performance.now())} ms (since the process started)${cacheNote}.`);
  }
}

void main();
