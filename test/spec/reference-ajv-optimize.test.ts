// The spec check compiles its reference ajv without ajv's code optimization (it compiles every
// schema for one pass over the examples): the same verdicts and the same errors as the reference
// ajv with its defaults, on every example of the spec and on each example's mutations.
import { describe, expect, it } from 'vitest';
import { referenceAjv } from '../../generators/spec-check/reference-ajv.js';
import { mutationsOf } from '../support/mutations.js';
import { collectExamples, loadBundledSpec } from '../support/spec-examples.js';

describe('the reference ajv without code optimization', () => {
  const spec = loadBundledSpec();
  const examples = collectExamples(spec);

  // allErrors off, as the check compiles it: its first error is what an example's failure reports.
  it('judges every example and mutation as the optimized one does', () => {
    const optimized = referenceAjv(spec);
    const plain = referenceAjv(spec, { optimize: false });
    let rejected = 0;
    for (const example of examples) {
      for (const value of [example.value, ...mutationsOf(example.value).map((mutation) => mutation.value)]) {
        const want = optimized.validator(example.schemaName);
        const got = plain.validator(example.schemaName);
        const verdict = want(value);
        expect(got(value), example.id).toBe(verdict);
        expect(got.errors ?? null, example.id).toEqual(want.errors ?? null);
        if (!verdict) rejected++;
      }
    }
    expect(examples.length).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(1000);
  });
});
