// A generated `validateX` reports a value that follows a rejected one in one pass, without the
// predicate pass first (templates/runtime/validation.ts `validator`). Its verdict and its issues
// must not depend on that: every mutation of every spec example gives the same result after a
// valid value as after an invalid one, and the type guard (the predicate pass alone) agrees.
import { describe, expect, it } from 'vitest';
import * as validators from '../../generated/client/src/validators.js';
import { generatedValidator } from '../support/generated-validators.js';
import { mutationsOf } from '../support/mutations.js';
import { collectExamples, loadBundledSpec } from '../support/spec-examples.js';

const examples = collectExamples(loadBundledSpec());
const guards = validators as unknown as Record<string, ((value: unknown) => boolean) | undefined>;

describe('the verdict after a rejection', () => {
  it.each(examples.map((example) => [example.id, example] as const))('%s: the same after a valid value as after an invalid one', (_id, example) => {
    const validate = generatedValidator(example.schemaName);
    const guard = guards[`is${example.schemaName}`]!;
    const rejectedInput = mutationsOf(example.value).find((mutation) => !guard(mutation.value));
    expect(rejectedInput, 'a mutation the guard rejects').toBeDefined();
    const afterValid = (value: unknown) => {
      expect(validate(example.value, example.style).ok).toBe(true);
      return validate(value, example.style);
    };
    const afterInvalid = (value: unknown) => {
      expect(validate(rejectedInput!.value, example.style).ok).toBe(false);
      return validate(value, example.style);
    };
    const differing: string[] = [];
    for (const { label, value } of [{ label: 'the example', value: example.value }, ...mutationsOf(example.value)]) {
      const first = afterValid(value);
      const second = afterInvalid(value);
      if (JSON.stringify(first) !== JSON.stringify(second) || first.ok !== guard(value)) differing.push(`${label}: ${JSON.stringify(first)} / ${JSON.stringify(second)} / guard ${guard(value)}`);
    }
    expect(differing).toEqual([]);
  });
});
