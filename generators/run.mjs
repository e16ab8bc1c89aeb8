// `npm run generate` runs this. It bundles the TypeScript generators with esbuild and runs the
// bundle on plain Node: loading the generators and their ~150 dependency modules through tsx's
// loader hooks instead costs about a second of every run. Dependencies stay external, resolved
// from node_modules as usual, but Redocly's openapi-core: its 330 modules, each found, read and
// linked on its own, took 0.3 s of the main thread before the spec check could start, where one
// bundled file takes a fraction of that (bundledPackages). Arguments pass through. The bundle is
// built again only when a file it was built from (or this one) changed: starting esbuild and
// bundling took a quarter of a second of every run, the longest step of a regeneration after a
// one-line spec edit but two.
//
// The bundle is one CommonJS script, run with V8's code cache (runWithCodeCache): V8 parsed its
// 3 MB and compiled the functions a generation calls anew on every run, about a tenth of the main
// thread's time, which a cache of that compiled code saves. Node 20 gives no code cache to an ES
// module, nor a dynamic import() to a script compiled from one (nothing in the bundle imports
// dynamically: esbuild turns the generators' own import() into a require of the bundled part).
import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire, Module } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

// A generation is a two-second batch that runs most of its code (two TypeScript compilers among
// it) a few times: V8's optimizing compiler, at its default eagerness, spent more CPU on background
// threads (2.4 s) than the main thread's whole run, on cores the worker threads need. Sixteen
// times its default budget before optimizing keeps the hot loops optimized and ends that (0.7 s).
setFlagsFromString('--interrupt-budget=1081344');

const generatorsDir = dirname(fileURLToPath(import.meta.url));
const toolchainRoot = dirname(generatorsDir);
const outdir = join(generatorsDir, '.bundle');
/** What the bundle was last built from: its input files (from esbuild's metafile) and a digest of them and of this file. */
const inputsFile = join(outdir, 'inputs.json');

/** A digest of the files' contents (paths from the toolchain's root, as esbuild's metafile gives them) and of this file. */
async function digestOf(paths) {
  const hash = createHash('sha256').update(await readFile(fileURLToPath(import.meta.url)));
  // Read 64 at a time: one after another, the reads took a tenth of a second of every run; all
  // at once could exceed a small open-files limit (macOS starts shells at 256).
  for (let start = 0; start < paths.length; start += 64) {
    const batch = paths.slice(start, start + 64);
    const contents = await Promise.all(batch.map((path) => readFile(join(toolchainRoot, path))));
    batch.forEach((path, index) => hash.update(`\0${path}\0`).update(contents[index]));
  }
  return hash.digest('hex');
}

/** Whether the bundle on disk is whole and was built from the files as they are now (any unreadable record, input or output: no). */
async function bundleIsCurrent() {
  try {
    const recorded = JSON.parse(await readFile(inputsFile, 'utf8'));
    await Promise.all(recorded.outputs.map((path) => stat(join(outdir, path))));
    return recorded.digest === (await digestOf(recorded.inputs));
  } catch {
    return false;
  }
}

if (!(await bundleIsCurrent())) await bundle();
await runWithCodeCache(join(outdir, 'main.cjs'));

/**
 * Runs a CommonJS script as Node would require it, compiled from V8's code cache of its source
 * when there is one (`<script>.v8-cache`), and otherwise writes that cache as the process exits,
 * with the functions the run compiled. V8 checks a cache against the source's length only, so
 * the cache starts with the SHA-256 of the source it was made from and is used for that source
 * alone: a bundle built anew, or a cache V8 refuses (another Node), is compiled as usual and
 * cached again.
 */
async function runWithCodeCache(file) {
  const source = await readFile(file, 'utf8');
  const digest = createHash('sha256').update(source).digest();
  const cacheFile = `${file}.v8-cache`;
  const cache = await readFile(cacheFile).catch(() => undefined);
  const cachedData = cache?.subarray(0, digest.length).equals(digest) ? cache.subarray(digest.length) : undefined;
  const script = new Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once('exit', () => {
      // Whole or not at all (a temporary name, then renamed), and never a failure of the run.
      const temporary = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(temporary, Buffer.concat([digest, script.createCachedData()]));
        renameSync(temporary, cacheFile);
      } catch {
        // An unwritable .bundle/ only costs the next run the compile.
      }
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
}

/** esbuild: a package of `names` is bundled with all it imports; any other package is external. */
function bundledPackages(names) {
  const inNodeModules = `${sep}node_modules${sep}`;
  return {
    name: 'bundled-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || args.importer.includes(inNodeModules)) return undefined;
        if (names.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

async function bundle() {
  const { build } = await import('esbuild');
  // main.ts and each worker thread written in TypeScript (`*.worker.ts`, run from
  // `.bundle/<name>.cjs`: locations.ts `typescriptWorker`) are scripts of their own.
  const workers = (await readdir(generatorsDir, { recursive: true })).filter((path) => path.endsWith('.worker.ts') && !path.startsWith('.bundle'));
  const { metafile } = await build({
    metafile: true,
    absWorkingDir: toolchainRoot,
    entryPoints: [join(generatorsDir, 'main.ts'), ...workers.map((path) => join(generatorsDir, path))],
    outdir,
    bundle: true,
    entryNames: '[name]',
    outExtension: { '.js': '.cjs' },
    // p-limit is an ES module only: required from a CommonJS script, its default export would not be esbuild's `default`.
    plugins: [bundledPackages(['@redocly/openapi-core', 'p-limit'])],
    // The generators find their files from their module's URL (locations.ts): the script's.
    define: { 'import.meta.url': 'bundleScriptUrl' },
    banner: { js: "var bundleScriptUrl = require('node:url').pathToFileURL(__filename).href;" },
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  const built = Object.keys(metafile.outputs).map((path) => relative(outdir, join(toolchainRoot, path)));
  // What earlier builds left that this one did not write goes (a worker renamed, the chunks of an
  // earlier layout); the code caches of its scripts and what a run is writing (`<name>.<pid>`) stay.
  const kept = [...built, ...built.map((path) => `${path}.v8-cache`), 'inputs.json'];
  const left = (await readdir(outdir)).filter((name) => !kept.some((path) => name === path || name.startsWith(`${path}.`)));
  await Promise.all(left.map((name) => rm(join(outdir, name), { recursive: true, force: true })));
  // Recorded last, whole (a temporary name, then renamed): a bundle left half-built by a stopped run is never taken as current.
  // A bundled package is known by its package.json (its version): reading its hundreds of files
  // for every run's digest would cost more than bundling it saves.
  const packageRoot = (path) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
  const files = Object.keys(metafile.inputs);
  const packages = new Set(files.map(packageRoot).filter((root) => root !== undefined).map((root) => `${root}/package.json`));
  const inputs = [...files.filter((path) => packageRoot(path) === undefined), ...packages].sort();
  const temporary = `${inputsFile}.${process.pid}`;
  await writeFile(temporary, JSON.stringify({ inputs, outputs: built.sort(), digest: await digestOf(inputs) }));
  await rename(temporary, inputsFile);
}
