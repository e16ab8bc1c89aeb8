// `npm run generate`: rebuild generated/ from spec/. `--check`: fail if generated/ is stale.
// `--no-cache`: format everything anew instead of reusing node_modules/.cache.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FormatPool } from './output/format-pool.js';

// The prettier workers start first, so they load prettier while this thread loads the generators.
const pool = new FormatPool();
const started = performance.now();
const { GENERATED_DIR } = await import('./output/finalize.js');
const { diffOutput, writeOutput } = await import('./output/write.js');
const { generate } = await import('./pipeline.js');

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const files = await generate({ projectRoot, pool, cache: !process.argv.includes('--no-cache') });
await pool.close();
const outDir = join(projectRoot, GENERATED_DIR);
if (check) {
  const differences = await diffOutput(outDir, files);
  if (differences.length > 0) {
    console.error(`generated/ is stale; run \`npm run generate\`:\n${differences.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`generated/ is up to date (${files.size} files).`);
} else {
  await writeOutput(outDir, files);
  console.log(`Generated ${files.size} files into ${GENERATED_DIR}/ in ${Math.round(performance.now() - started)} ms.`);
}
