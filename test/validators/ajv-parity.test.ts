// The generated validators agree with ajv (2020-12, compiled from the same bundled spec) on
// every example of the spec and on every generic mutation of it; every rejection names a
// wire path on or above what was touched.
import { describe, expect, it } from 'vitest';
import { createAjv } from '../support/ajv.js';
import { generatedValidator } from '../support/generated-validators.js';
import { mutationsOf, wirePathOf } from '../support/mutations.js';
import { collectExamples } from '../support/spec-examples.js';

const examples = collectExamples();
const ajv = createAjv();

describe('every spec example', () => {
  it('exists for the parity run', () => {
    expect(examples.length).toBeGreaterThan(10);
  });

  it.each(examples.map((example) => [example.id, example] as const))('%s is valid for both validators', (_id, example) => {
    const ours = generatedValidator(example.schemaName)(example.value, example.style);
    const reference = ajv.validator(example.schemaName);
    expect(reference(example.value), JSON.stringify(reference.errors)).toBe(true);
    expect(ours.ok ? [] : ours.issues).toEqual([]);
  });
});

describe('mutated examples', () => {
  it.each(examples.map((example) => [example.id, example] as const))('%s: both validators agree on every mutation', (_id, example) => {
    const reference = ajv.validator(example.schemaName);
    const validate = generatedValidator(example.schemaName);
    const disagreements: string[] = [];
    const unnamed: string[] = [];
    for (const mutation of mutationsOf(example.value)) {
      const ours = validate(mutation.value, example.style);
      const theirs = reference(mutation.value) as boolean;
      if (ours.ok !== theirs) disagreements.push(`${mutation.label}: ours=${ours.ok} ajv=${theirs} ${ours.ok ? JSON.stringify(reference.errors) : JSON.stringify(ours.issues)}`);
      if (!ours.ok) {
        const touched = wirePathOf(example.style, mutation.segments);
        if (ours.issues.length === 0) unnamed.push(`${mutation.label}: no issue`);
        const related = ours.issues.some((issue) => touched === '' || touched === issue.path || touched.startsWith(issue.path));
        if (!related) unnamed.push(`${mutation.label}: issues ${JSON.stringify(ours.issues)} do not name ${touched}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(unnamed).toEqual([]);
  });
});
