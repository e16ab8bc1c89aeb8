// `npm run generate`: rebuild generated/ from spec/. `--check`: fail if generated/ is stale.
// Run through generators/run.mjs, which bundles the generators first.
import { join } from 'node:path';
import { TOOLCHAIN_ROOT } from './locations.js';
import { GENERATED_DIR } from './output/finalize.js';
import { diffOutput, writeOutput } from './output/write.js';
import { GENERATE_CACHE_DIR, generate } from './pipeline.js';

const check = process.argv.includes('--check');
// Each emitter's files are kept by the hash of all they depend on (generators/emitter-cache.ts);
// `--no-cache` runs every emitter.
const cacheDir = process.argv.includes('--no-cache') ? undefined : join(TOOLCHAIN_ROOT, GENERATE_CACHE_DIR);
const fromCache: string[] = [];
const files = await generate({ projectRoot: TOOLCHAIN_ROOT, ...(cacheDir ? { cacheDir, onEmitter: ({ emitter, cached }) => void (cached && fromCache.push(emitter)) } : {}) });
const cacheNote = cacheDir ? `; from the cache: ${fromCache.length > 0 ? fromCache.sort().join(', ') : 'none'}` : '';
const outDir = join(TOOLCHAIN_ROOT, GENERATED_DIR);
if (check) {
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
