// One condition reads the same in each face: the requirement "first_payment_interval_length when
// delayed_first_payment is delay_by_interval" of CREATE_SCHEDULE, as the generated validator's
// issue says it, as its docs page says it (the need mark and the rule), and as the breaking-change
// gate reports it when a base spec lacked the requirement. Markdown marks names and values as
// code; without the marks the words are the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { s2sRequestExamples } from '../../generators/model/examples.js';
import { isSchemaObject, type SchemaObject } from '../../generators/model/json-schema.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { compareSpecs } from '../../generators/spec-diff/compare.js';
import { generatedValidator } from '../support/generated-validators.js';
import { loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';

const document = loadBundledSpec() as OpenApiDocument;
const model = buildSpecModel(document, []);
const action = model.s2sActions.find((candidate) => candidate.protocol === 'card' && candidate.action === 'CREATE_SCHEDULE')!;
const FIELD = 'first_payment_interval_length';
const unmarked = (text: string) => text.replace(/`/g, '');

/** The `then` that requires the field, in whichever component schema states the rule. */
function ruleThen(schemas: Record<string, SchemaObject>): { required: string[] } | undefined {
  for (const schema of Object.values(schemas))
    for (const part of schema.allOf ?? [])
      if (isSchemaObject(part) && isSchemaObject(part.then) && (part.then.required ?? []).includes(FIELD)) return part.then as { required: string[] };
  return undefined;
}

describe('one condition, three faces', () => {
  it('reads the same in the validator issue, on the docs page and in the gate report', () => {
    // The validator: the example with the delay chosen and the field left out.
    const example = { ...s2sRequestExamples(model, 'card', 'CREATE_SCHEDULE')[0]!.value, delayed_first_payment: 'delay_by_interval' } as Record<string, unknown>;
    delete example[FIELD];
    const result = generatedValidator(action.requestSchemaName)(example);
    const issue = result.ok ? undefined : result.issues.find((entry) => entry.path === FIELD);
    const fromValidator = /\((when [^)]*)\)$/.exec(issue?.message ?? '')?.[1];

    // The docs: the field's need mark and the rule sentence.
    const page = readFileSync(join(PROJECT_ROOT, 'generated/docs/s2s/card-create-schedule.md'), 'utf8');
    const mark = new RegExp(`\\*\\*\`${FIELD}\`\\*\\*[^\\n]*\\n\\s*Required (when [^\\n]*?)\\.\\\\`).exec(page)?.[1];
    const rule = new RegExp(`- (When [^,]*), \`${FIELD}\``).exec(page)?.[1];

    // The gate: the same spec, against a base without the requirement.
    const base = structuredClone(document);
    const then = ruleThen(base.components!.schemas! as Record<string, SchemaObject>)!;
    then.required = then.required.filter((name) => name !== FIELD);
    const change = compareSpecs(base, document).changes.find((entry) => entry.kind === 'request.conditional-requirement-added' && entry.path === FIELD);
    const fromGate = /(when .*)$/.exec(change?.message ?? '')?.[1];

    expect(fromValidator).toBe('when delayed_first_payment is delay_by_interval');
    expect(unmarked(mark ?? '')).toBe(fromValidator);
    expect(unmarked(rule ?? '').toLowerCase()).toBe(fromValidator);
    expect(unmarked(fromGate ?? '')).toBe(fromValidator);
  });
});
