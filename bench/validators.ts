// Generated validators against ajv 2020-12 compiled from the same bundled schema
// (test/support/ajv.ts): valid spec examples (first failure mode), and invalid inputs with
// every error collected (ajv `allErrors: true`; ours renders wire paths as well). On valid input
// also against @exodus/schemasafe, the fastest general JSON Schema validator we know, compiled
// from the same schema, and, for the SALE card, against a plain check written by hand.
import { validator as schemasafeValidator } from '@exodus/schemasafe';
import * as generated from '../generated/client/src/validators.js';
import type { ValidationResult, WirePathStyle } from '../generated/client/src/runtime/validation.js';
import { createAjv } from '../test/support/ajv.js';
import { mutationsOf } from '../test/support/mutations.js';
import { collectExamples, loadBundledSpec } from '../test/support/spec-examples.js';
import { checkSaleCard } from './hand-written-sale.js';
import { compareThroughput, figure, throughputPreset, type BenchOptions, type Figure } from './harness.js';
import { COMPOSED_INVALID, COMPOSED_VALID, composedValidators } from './unevaluated.js';

type Validate = (value: unknown, style?: WirePathStyle) => ValidationResult<unknown>;

/** The inputs: spec examples, validated against the schema the client validates them with. */
const CASES = [
  { label: 'S2S CARD SALE', example: 'POST /post request SALE_card', schema: 'SaleCardRequest' },
  {
    label: 'S2S APM SALE with parameters',
    example: 'POST /post request SALE_apm_pin_voucher',
    schema: 'SaleApmRequest',
  },
  { label: 'Checkout session', example: 'POST /api/v1/session request purchase', schema: 'SessionRequest' },
] as const;

/**
 * Mutations whose cost is string scanning rather than validation logic (70 000-character
 * values) are left out of the invalid set; everything else the parity test mutates is in.
 */
const SKIPPED_MUTATIONS = /^long /;

type Json = Record<string, unknown>;

/**
 * schemasafe (default mode, first failure) over the bundled spec's components, `discriminator`
 * included (it supports OpenAPI's). It has no way to add keywords, so the spec's `x-` extensions
 * are left out: it checks neither the Luhn digit nor the decimal bounds, which ours does.
 */
function createSchemasafe(spec: Json): (schemaName: string) => (value: unknown) => boolean {
  const withoutExtensions = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(withoutExtensions);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(Object.entries(node).filter(([key]) => !key.startsWith('x-')).map(([key, value]) => [key, withoutExtensions(value)]));
  };
  const schemas = new Map([['spec.json', { $id: 'spec.json', components: withoutExtensions(spec['components']) } as Json]]);
  return (schemaName) =>
    schemasafeValidator({ $ref: `spec.json#/components/schemas/${schemaName}` } as never, { schemas, allowUnusedKeywords: true } as never) as unknown as (value: unknown) => boolean;
}

/** The baseline written by hand for a schema, where there is one. */
const HAND_WRITTEN: Readonly<Record<string, (value: unknown) => boolean>> = { SaleCardRequest: checkSaleCard };

function ours(schema: string): Validate {
  const fn = (generated as unknown as Record<string, Validate | undefined>)[`validate${schema}`];
  if (!fn) throw new Error(`no generated validate${schema}`);
  return fn;
}

export async function benchValidators(options: BenchOptions): Promise<Figure[]> {
  const spec = loadBundledSpec();
  const examples = collectExamples(spec);
  const ajv = createAjv({}, spec);
  const ajvAll = createAjv({ allErrors: true }, spec);
  const schemasafe = createSchemasafe(spec);
  const preset = throughputPreset(options);
  const figures: Figure[] = [];

  for (const testCase of CASES) {
    const example = examples.find((candidate) => candidate.id === testCase.example);
    if (!example) throw new Error(`spec example "${testCase.example}" not found`);
    const validate = ours(testCase.schema);
    const style = example.style;
    const value = example.value;
    const reference = ajv.validator(testCase.schema);
    const referenceAll = ajvAll.validator(testCase.schema);

    // Both must accept the example, or the comparison is meaningless.
    const accepted = validate(value, style);
    if (!accepted.ok)
      throw new Error(
        `${testCase.label}: the generated validator rejects the example: ${JSON.stringify(accepted.issues)}`,
      );
    if (!reference(value))
      throw new Error(`${testCase.label}: ajv rejects the example: ${JSON.stringify(reference.errors)}`);
    const fastest = schemasafe(testCase.schema);
    if (!fastest(value)) throw new Error(`${testCase.label}: schemasafe rejects the example`);
    const byHand = HAND_WRITTEN[testCase.schema];
    if (byHand && !byHand(value)) throw new Error(`${testCase.label}: the hand-written check rejects the example`);

    const valid = compareThroughput(
      () => validate(value, style).ok,
      () => reference(value),
      preset,
    );
    figures.push(
      figure({
        family: 'validators',
        name: `validate valid ${testCase.label} (${testCase.schema})`,
        unit: 'ops/s',
        better: 'higher',
        ours: valid.ours,
        baseline: valid.baseline,
        baselineLabel: 'ajv 2020',
        targets: [{ kind: 'ratio', op: '>=', value: 2 }],
      }),
    );
    const againstFastest = compareThroughput(
      () => validate(value, style).ok,
      () => fastest(value),
      preset,
    );
    figures.push(
      figure({
        family: 'validators',
        name: `validate valid ${testCase.label} (${testCase.schema}) against the fastest general validator`,
        unit: 'ops/s',
        better: 'higher',
        ours: againstFastest.ours,
        baseline: againstFastest.baseline,
        baselineLabel: '@exodus/schemasafe',
        targets: [{ kind: 'ratio', op: '>=', value: 1.5 }],
        notes: ['schemasafe 1.3.0, default mode, compiled from the same bundled schema without its x- extensions (no Luhn digit, no decimal bounds: ours checks both)'],
      }),
    );
    if (byHand) {
      const againstHand = compareThroughput(
        () => validate(value, style).ok,
        () => byHand(value),
        preset,
      );
      figures.push(
        figure({
          family: 'validators',
          name: `validate valid ${testCase.label} against a check written by hand`,
          unit: 'ops/s',
          better: 'higher',
          ours: againstHand.ours,
          baseline: againstHand.baseline,
          baselineLabel: 'plain hand-written check',
          targets: [{ kind: 'ratio', op: '>=', value: 0.9 }],
          notes: ['bench/hand-written-sale.ts: the fields the example carries, their rules checked plainly (short regular expressions for the formats, a Luhn loop); yes or no, as the valid path'],
        }),
      );
    }

    // Invalid inputs: the mutations of the example that both validators reject.
    const invalid = mutationsOf(value)
      .filter((mutation) => !SKIPPED_MUTATIONS.test(mutation.label))
      .map((mutation) => mutation.value)
      .filter((input) => !validate(input, style).ok && !referenceAll(input));
    if (invalid.length === 0) throw new Error(`${testCase.label}: no invalid inputs`);
    const count = invalid.length;
    let issues = 0;
    for (const input of invalid) {
      const result = validate(input, style);
      if (!result.ok) issues += result.issues.length;
    }
    const rejected = compareThroughput(
      (i) => {
        const result = validate(invalid[i % count], style);
        return result.ok ? 0 : result.issues.length;
      },
      (i) => (referenceAll(invalid[i % count]) ? 0 : referenceAll.errors!.length),
      preset,
    );
    figures.push(
      figure({
        family: 'validators',
        name: `validate invalid ${testCase.label}, all errors (${count} inputs)`,
        unit: 'ops/s',
        better: 'higher',
        ours: rejected.ours,
        baseline: rejected.baseline,
        baselineLabel: 'ajv allErrors',
        targets: [{ kind: 'ratio', op: '>=', value: 1.5 }],
        notes: [
          `${count} mutations of the example, ${(issues / count).toFixed(1)} issues per input on average (ours, with wire paths)`,
        ],
      }),
    );
  }
  figures.push(...(await benchComposed(preset)));
  return figures;
}

/** unevaluatedProperties over an allOf composition (with an if/then branch): ours against ajv. */
async function benchComposed(preset: ReturnType<typeof throughputPreset>): Promise<Figure[]> {
  const { ours, ajv, ajvAll } = await composedValidators();
  if (!ours(COMPOSED_VALID).ok || !ajv(COMPOSED_VALID))
    throw new Error('composed sale: a validator rejects the valid input');
  for (const input of COMPOSED_INVALID)
    if (ours(input).ok || ajvAll(input)) throw new Error(`composed sale: a validator accepts ${JSON.stringify(input)}`);
  const valid = compareThroughput(
    () => ours(COMPOSED_VALID).ok,
    () => ajv(COMPOSED_VALID),
    preset,
  );
  const count = COMPOSED_INVALID.length;
  const invalid = compareThroughput(
    (i) => ours(COMPOSED_INVALID[i % count]).issues?.length,
    (i) => (ajvAll(COMPOSED_INVALID[i % count]) ? 0 : ajvAll.errors!.length),
    preset,
  );
  const name = 'unevaluatedProperties: false over allOf + if/then';
  return [
    figure({
      family: 'validators',
      name: `validate valid ${name}`,
      unit: 'ops/s',
      better: 'higher',
      ours: valid.ours,
      baseline: valid.baseline,
      baselineLabel: 'ajv 2020',
      targets: [{ kind: 'ratio', op: '>=', value: 1.5 }],
    }),
    figure({
      family: 'validators',
      name: `validate invalid ${name}, all errors (${count} inputs)`,
      unit: 'ops/s',
      better: 'higher',
      ours: invalid.ours,
      baseline: invalid.baseline,
      baselineLabel: 'ajv allErrors',
      targets: [{ kind: 'ratio', op: '>=', value: 1 }],
    }),
  ];
}
