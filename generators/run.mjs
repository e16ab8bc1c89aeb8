// `npm run generate` runs this. It bundles the TypeScript generators with esbuild and runs the
// bundle on plain Node: loading the generators and their ~150 dependency modules through tsx's
// loader hooks instead costs about a second of every run. Dependencies stay external, resolved
// from node_modules as usual, but Redocly's openapi-core: its 330 modules, each found, read and
// linked on its own, took 0.3 s of the main thread before the spec check could start, where one
// bundled chunk takes a fraction of that (bundledPackages). Arguments pass through. The bundle is built again only when a
// file it was built from (or this one) changed: starting esbuild and bundling took a quarter of
// a second of every run, the longest step of a regeneration after a one-line spec edit but two.
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

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
await import(pathToFileURL(join(outdir, 'main.mjs')).href);

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
  // Split at main.ts's dynamic imports: its light part starts the emitters' workers before the
  // chunks that load the generators' tools (Redocly, prettier) are imported. Each worker
  // written in TypeScript (`*.worker.ts`) is an entry of its own, `.bundle/<name>.worker.mjs`
  // (locations.ts `typescriptWorker`), sharing chunks with main.
  const workers = (await readdir(generatorsDir, { recursive: true })).filter((path) => path.endsWith('.worker.ts') && !path.startsWith('.bundle'));
  const { metafile } = await build({
    metafile: true,
    absWorkingDir: toolchainRoot,
    entryPoints: [join(generatorsDir, 'main.ts'), ...workers.map((path) => join(generatorsDir, path))],
    outdir,
    bundle: true,
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    plugins: [bundledPackages(['@redocly/openapi-core'])],
    // A bundled CommonJS module's require() of a Node built-in (`buffer`) needs a require in ESM.
    banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  // Chunks are named by their content hash: those of earlier builds go once they are old enough
  // that no generation started before this one can still be importing them.
  const built = new Set(Object.keys(metafile.outputs).map((path) => relative(outdir, join(toolchainRoot, path))));
  const chunks = await readdir(join(outdir, 'chunks')).catch(() => []);
  await Promise.all(
    chunks
      .map((name) => join('chunks', name))
      .filter((path) => !built.has(path))
      .map(async (path) => {
        const { mtimeMs } = await stat(join(outdir, path));
        if (Date.now() - mtimeMs > 10 * 60_000) await rm(join(outdir, path), { force: true });
      }),
  );
  // Recorded last, whole (a temporary name, then renamed): a bundle left half-built by a stopped run is never taken as current.
  // A bundled package is known by its package.json (its version): reading its hundreds of files
  // for every run's digest would cost more than bundling it saves.
  const packageRoot = (path) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
  const files = Object.keys(metafile.inputs);
  const packages = new Set(files.map(packageRoot).filter((root) => root !== undefined).map((root) => `${root}/package.json`));
  const inputs = [...files.filter((path) => packageRoot(path) === undefined), ...packages].sort();
  const temporary = `${inputsFile}.${process.pid}`;
  await writeFile(temporary, JSON.stringify({ inputs, outputs: [...built].sort(), digest: await digestOf(inputs) }));
  await rename(temporary, inputsFile);
}
