// `npm run generate` runs this. It bundles the TypeScript generators with esbuild (a few tens of
// milliseconds) and runs the bundle on plain Node: loading the generators and their ~150
// dependency modules through tsx's loader hooks instead costs about a second of every run.
// Dependencies stay external, resolved from node_modules as usual; arguments pass through.
import { build } from 'esbuild';
import { readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// A generation is a two-second batch that runs most of its code (two TypeScript compilers among
// it) a few times: V8's optimizing compiler, at its default eagerness, spent more CPU on background
// threads (2.4 s) than the main thread's whole run, on cores the worker threads need. Sixteen
// times its default budget before optimizing keeps the hot loops optimized and ends that (0.7 s).
setFlagsFromString('--interrupt-budget=1081344');

const generatorsDir = dirname(fileURLToPath(import.meta.url));
const outdir = join(generatorsDir, '.bundle');
// Split at main.ts's dynamic imports: its light part starts the emitters' workers before the
// chunks that load the generators' tools (ts-morph, Redocly, ajv) are imported.
const { metafile } = await build({
  metafile: true,
  entryPoints: [join(generatorsDir, 'main.ts')],
  outdir,
  bundle: true,
  splitting: true,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
// Chunks are named by their content hash: those of earlier builds go once they are old enough
// that no generation started before this one can still be importing them.
const built = new Set(Object.keys(metafile.outputs).map((path) => relative(outdir, path)));
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
await import(pathToFileURL(join(outdir, 'main.mjs')).href);
