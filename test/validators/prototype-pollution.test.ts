// Prototype pollution never changes a verdict. The generated validators tell a present property
// by its value alone; the runtime finds a key planted on Object.prototype once per run and then
// validates a copy of the value's own fields. Here every field name the spec defines is planted
// (as an assignment through `__proto__` plants a key), and each spec example and each of its
// mutations must get the issues it gets without them, issue for issue, through every entry to
// generated code: `validateX` and `isX` of validators.ts, and the per-operation validators the
// client loads, with their deferred pieces.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as validators from '../../generated/client/src/validators.js';
import type { ValidationResult, WirePathStyle } from '../../generated/client/src/runtime/validation.js';
import { mutationsOf } from '../support/mutations.js';
import { withPlantedKeys } from '../support/planted-keys.js';
import { collectExamples, loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';

type Validate = (value: unknown, style?: WirePathStyle) => ValidationResult<unknown>;
type Guard = (value: unknown) => boolean;

const spec = loadBundledSpec();
const examples = collectExamples(spec);
const exported = validators as unknown as Record<string, unknown>;

/** Every property name the spec's schemas define or require, but those Object.prototype has by itself. */
function fieldNames(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) fieldNames(item, names);
  else if (typeof node === 'object' && node !== null) {
    const schema = node as Record<string, unknown>;
    if (typeof schema['properties'] === 'object' && schema['properties'] !== null)
      for (const name of Object.keys(schema['properties'])) names.add(name);
    if (Array.isArray(schema['required'])) for (const name of schema['required']) names.add(String(name));
    for (const child of Object.values(schema)) fieldNames(child, names);
  }
  return names;
}

const builtIn = new Set(Object.getOwnPropertyNames(Object.prototype));
/** A value no field accepts as it is: an object where strings are wanted, missing what objects require. */
const PLANTED = Object.freeze({ planted: true });
const planted = Object.fromEntries(
  [...fieldNames(spec['components'])].filter((name) => !builtIn.has(name)).map((name) => [name, PLANTED]),
);

const verdict = (result: ValidationResult<unknown>) =>
  result.ok ? { ok: true } : { ok: false, issues: result.issues, pending: result.pending !== undefined };

/** The client's per-operation validator of a request schema (validate/X.ts), when it has one. */
async function operationValidator(schemaName: string): Promise<Validate | undefined> {
  const path = join(PROJECT_ROOT, 'generated', 'client', 'src', 'validate', `${schemaName}.ts`);
  return existsSync(path) ? ((await import(pathToFileURL(path).href)) as { validate: Validate }).validate : undefined;
}

/** Validates until the answer is not pending: the deferred pieces the value reaches are loaded. */
async function settle(validate: Validate, value: unknown, style: WirePathStyle): Promise<ValidationResult<unknown>> {
  let result = validate(value, style);
  while (!result.ok && result.pending) {
    await result.pending;
    result = validate(value, style);
  }
  return result;
}

describe('keys planted on Object.prototype', () => {
  it('are the spec field names, none of them a name Object.prototype has by itself', () => {
    expect(Object.keys(planted)).toEqual(
      expect.arrayContaining(['order_id', 'payer_email', 'parameters', 'brand', 'action']),
    );
    expect(Object.keys(planted).filter((name) => builtIn.has(name))).toEqual([]);
  });

  it('leave a missing required field reported, and the caller gets its own value back', () => {
    const sale = examples.find((example) => example.id === 'POST /post request SALE_card')!.value as Record<
      string,
      unknown
    >;
    const { order_id: _missing, ...withoutOrder } = sale;
    const [missing, valid, guarded] = withPlantedKeys(
      { order_id: 'ORDER-1', payer_email: 12 },
      () =>
        [
          validators.validateSaleCardRequest(withoutOrder, 'form'),
          validators.validateSaleCardRequest(sale, 'form'),
          validators.isSaleCardRequest(withoutOrder),
        ] as const,
    );
    expect(missing).toEqual({ ok: false, issues: [{ path: 'order_id', rule: 'required', message: 'is required' }] });
    // The planted `payer_email` (a number) is not present: nothing checks it.
    expect(valid.ok && valid.value).toBe(sale);
    expect(guarded).toBe(false);
  });

  it.each(examples.map((example) => [example.id, example] as const))(
    '%s: every mutation gets the same issues and guard answer as without them, through validators.ts and the client',
    async (_id, example) => {
      const validate = exported[`validate${example.schemaName}`] as Validate;
      const guard = exported[`is${example.schemaName}`] as Guard;
      const operation = await operationValidator(example.schemaName);
      const values = [example.value, ...mutationsOf(example.value).map((mutation) => mutation.value)];
      // Without pollution, the client's validator loads every deferred piece a value reaches.
      const clean = [];
      for (const value of values) {
        clean.push({
          exported: verdict(validate(value, example.style)),
          guard: guard(value),
          operation: operation && verdict(await settle(operation, value, example.style)),
        });
      }
      // All under pollution in one synchronous run; compared afterwards (the assertions themselves enumerate keys).
      const polluted = withPlantedKeys(planted, () =>
        values.map((value) => {
          const result = validate(value, example.style);
          return {
            exported: verdict(result),
            guard: guard(value),
            operation: operation && verdict(operation(value, example.style)),
            sameValue: !result.ok || result.value === value,
          };
        }),
      );
      expect(polluted.every((run) => run.sameValue)).toBe(true);
      expect(polluted.map(({ sameValue: _same, ...run }) => run)).toEqual(clean);
      // The guard agrees with the validator.
      expect(clean.every((run) => run.guard === run.exported.ok)).toBe(true);
    },
  );
});
