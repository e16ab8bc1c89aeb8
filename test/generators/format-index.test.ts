// The format index lets a run reuse prettier's results from the committed output (a fresh clone
// has no node_modules/.cache): every reused piece must be exactly what the index recorded, so a
// hand edit is never carried into the next generation.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generators/emitters/emitter.js';
import { FormatCache } from '../../generators/output/format-cache.js';
import { committedChunks, FORMAT_INDEX_PATH, formatIndexText } from '../../generators/output/format-index.js';
import { finalize, type FinalizedFile } from '../../generators/output/finalize.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

// Big enough to be cut into several chunks (finalize splits modules of 80 kB and more).
const declarations = Array.from({ length: 3000 }, (_, i) => `export const value${i} = { a: ${i}, b: 'text ${i}' };`).join('\n\n');
const file: GeneratedFile = { path: 'client/src/sample.ts', contents: declarations, kind: 'typescript', source: 'test' };

let outDir: string;
let finalized: FinalizedFile;

async function commit(text: string, chunks = finalized.chunks): Promise<void> {
  await writeFile(join(outDir, 'sample.ts'), text);
  await writeFile(join(outDir, FORMAT_INDEX_PATH), formatIndexText(new Map([['sample.ts', chunks]])));
}

beforeEach(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'format-index-'));
  finalized ??= await finalize(file, PROJECT_ROOT);
});
afterEach(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('format index', () => {
  it('cuts the committed file back into its formatted chunks', async () => {
    expect(finalized.chunks.length).toBeGreaterThan(2);
    await commit(finalized.text);
    const found = committedChunks(outDir);
    expect([...found]).toEqual(finalized.chunks.map(({ key, formatted }) => [key, formatted]));
  });

  it('does not trust a chunk edited by hand, even one of the same length', async () => {
    await commit(finalized.text.replace('value1 = { a: 1,', 'value1 = { a: 7,'));
    const found = committedChunks(outDir);
    expect(found.has(finalized.chunks[0]!.key)).toBe(false);
    expect(found.size).toBe(finalized.chunks.length - 1);
  });

  it('reads nothing from a file or an index that is missing', async () => {
    expect(committedChunks(outDir).size).toBe(0);
    await writeFile(join(outDir, FORMAT_INDEX_PATH), formatIndexText(new Map([['sample.ts', finalized.chunks]])));
    expect(committedChunks(outDir).size).toBe(0);
  });

  it('serves finalize from the seeded results, without formatting again', async () => {
    const cache = new FormatCache(join(outDir, 'cache'));
    // A seeded value prettier would never produce proves the result came from the seed.
    cache.seed(new Map(finalized.chunks.map(({ key }) => [key, `// seeded ${key}`])));
    const again = await finalize(file, PROJECT_ROOT, undefined, cache);
    expect(again.text).toBe(finalized.chunks.map(({ key }) => `// seeded ${key}`).join('\n'));
  });
});
