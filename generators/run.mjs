// `npm run generate` runs this. It bundles the TypeScript generators with esbuild (a few tens of
// milliseconds) and runs the bundle on plain Node: loading the generators and their ~150
// dependency modules through tsx's loader hooks instead costs about a second of every run.
// Dependencies stay external, resolved from node_modules as usual; arguments pass through.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const generatorsDir = dirname(fileURLToPath(import.meta.url));
// openapi-typescript's worker takes longer to load than anything else (its own TypeScript
// compiler and Redocly), and the types emitter waits for it: it starts before the generators are
// even bundled, and the types emitter takes it over (unreferenced until then, so a failed run exits).
const openapiTypescriptWorker = new Worker(join(generatorsDir, 'emitters', 'types', 'openapi-typescript-worker.mjs'), { execArgv: [] });
openapiTypescriptWorker.unref();
globalThis[Symbol.for('gateway-generate.openapi-typescript-worker')] = openapiTypescriptWorker;
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
