// `npm run generate` runs this. It bundles the TypeScript generators with esbuild (a few tens of
// milliseconds) and runs the bundle on plain Node: loading the generators and their ~150
// dependency modules through tsx's loader hooks instead costs about a second of every run.
// Dependencies stay external, resolved from node_modules as usual; arguments pass through.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
