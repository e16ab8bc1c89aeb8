// generated/ is exactly what `npm run generate` produces from spec/ now: regenerate in memory
// and compare every file, so a hand edit or a forgotten regeneration fails here.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR } from '../../generators/output/finalize.js';
import { diffOutput } from '../../generators/output/write.js';
import { generate } from '../../generators/pipeline.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

describe('generated/', () => {
  // One generation serves both tests: the second compares a fresh one with it.
  let generated: Promise<Map<string, string>> | undefined;
  const first = () => (generated ??= generate({ projectRoot: PROJECT_ROOT }));

  it('is up to date with spec/, generators/ and templates/', async () => {
    expect(await diffOutput(join(PROJECT_ROOT, GENERATED_DIR), await first())).toEqual([]);
  });

  it('is deterministic: two generations are byte-identical', async () => {
    const second = await generate({ projectRoot: PROJECT_ROOT });
    expect([...second]).toEqual([...(await first())]);
  });
});
