// `npm run generate` runs this. It bundles the TypeScript generators with esbuild (a few tens of
// milliseconds) and runs the bundle on plain Node: loading the generators and their ~150
// dependency modules through tsx's loader hooks instead costs about a second of every run.
// Dependencies stay external, resolved from node_modules as usual; arguments pass through.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// A generation is a two-second batch that runs most of its code (two TypeScript compilers among
// it) a few times: V8's optimizing compiler, at its default eagerness, spent more CPU on background
// threads (2.4 s) than the main thread's whole run, on cores the worker threads need. Sixteen
// times its default budget before optimizing keeps the hot loops optimized and ends that (0.7 s).
setFlagsFromString('--interrupt-budget=1081344');

const generatorsDir = dirname(fileURLToPath(import.meta.url));
const outfile = join(generatorsDir, '.bundle', 'main.mjs');
await build({
  entryPoints: [join(generatorsDir, 'main.ts')],
  outfile,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
await import(pathToFileURL(outfile).href);
