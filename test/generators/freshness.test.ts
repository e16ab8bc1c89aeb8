// generated/ is exactly what `npm run generate` produces from spec/ now: regenerate in memory
// and compare every file, so a hand edit or a forgotten regeneration fails here.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR } from '../../generators/output/finalize.js';
import { diffOutput } from '../../generators/output/write.js';
import { generate } from '../../generators/pipeline.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

describe('generated/', () => {
  it('is up to date with spec/, generators/ and templates/', async () => {
    const files = await generate({ projectRoot: PROJECT_ROOT });
    expect(await diffOutput(join(PROJECT_ROOT, GENERATED_DIR), files)).toEqual([]);
  });

  it('is deterministic: two generations are byte-identical', async () => {
    const [first, second] = [await generate({ projectRoot: PROJECT_ROOT }), await generate({ projectRoot: PROJECT_ROOT })];
    expect([...second]).toEqual([...first]);
  });
});
