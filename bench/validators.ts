// Generated validators against ajv 2020-12 compiled from the same bundled schema
// (test/support/ajv.ts): valid spec examples (first failure mode), and invalid inputs with
// every error collected (ajv `allErrors: true`; ours renders wire paths as well). On valid input
// also against @exodus/schemasafe, the fastest general JSON Schema validator we know, compiled
// from the same schema, and, for the SALE card, against a plain check written by hand.
//
// Each row runs in a process of its own (this file with `--row=N`), both sides interleaved there:
// V8 tiers functions up on what has passed through them, so in one shared process a row's figure
// depended on the rows before it (a shared component function that had seen other schemas' shapes
// ran slower; ajv's session figure moved from 284k to 498k between two runs). A row's process
// sees only the row's own inputs, each side the same ones, before it measures (the row's notes say
// which). `--rows-in-one-process` runs them all in one process, one after another, as before.
//
// Ours is the built package (dist/validators.js, tsc's output), as merchants run it, not the
// sources through tsx's transform: built once per bench run and handed to each row's process.
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { validator as schemasafeValidator } from '@exodus/schemasafe';
import type { ValidationResult, WirePathStyle } from '../generated/client/src/runtime/validation.js';
import { parseCommandLine } from '../generators/shared/command-line.js';
import { createAjv } from '../test/support/ajv.js';
import { mutationsOf } from '../test/support/mutations.js';
import { collectExamples, loadBundledSpec } from '../test/support/spec-examples.js';
import { builtClientDir } from './built-client.js';
import { runNode } from './generate-time.js';
import { checkSaleCard } from './hand-written-sale.js';
import { compareThroughput, figure, throughputPreset, type BenchOptions, type Figure, type ThroughputOptions } from './harness.js';
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

/**
 * A value as the client hands it to the validator: the call's own copy, built by an object
 * literal with a spread (`withHead` in runtime/seal.ts), which V8 lays out with fast properties.
 * The example as the yaml parser builds it is a dictionary (more than 16 keys added by keyed
 * stores): every property read there is a hash probe, which no request the client sends pays.
 */
function asTheClientValidatesIt(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : value;
}

/** The baseline written by hand for a schema, where there is one. */
const HAND_WRITTEN: Readonly<Record<string, (value: unknown) => boolean>> = { SaleCardRequest: checkSaleCard };

/** The built package's validators module, from the folder `builtClientDir` built. */
async function loadBuiltValidators(dist: string): Promise<Record<string, Validate | undefined>> {
  return (await import(pathToFileURL(join(dist, 'validators.js')).href)) as Record<string, Validate | undefined>;
}

let generated: Record<string, Validate | undefined> = {};

function ours(schema: string): Validate {
  const fn = generated[`validate${schema}`];
  if (!fn) throw new Error(`no generated validate${schema}`);
  return fn;
}

/** One row of the table: a case's comparison with one baseline, or the composed schema's. */
type Row =
  | { readonly kind: 'ajv' | 'schemasafe' | 'hand' | 'invalid'; readonly case: number }
  | { readonly kind: 'composed valid' | 'composed invalid' };

const ROWS: readonly Row[] = [
  ...CASES.flatMap((testCase, index): Row[] => [
    { kind: 'ajv', case: index },
    { kind: 'schemasafe', case: index },
    ...(HAND_WRITTEN[testCase.schema] ? [{ kind: 'hand', case: index } as const] : []),
    { kind: 'invalid', case: index },
  ]),
  { kind: 'composed valid' },
  { kind: 'composed invalid' },
];

let loaded: { spec: Json; examples: ReturnType<typeof collectExamples> } | undefined;
const specAndExamples = () => {
  if (!loaded) {
    const spec = loadBundledSpec();
    loaded = { spec, examples: collectExamples(spec) };
  }
  return loaded;
};

const BUILT = 'from the built package (dist/validators.js)';
const SCRATCH = 'generated into a scratch module (bench/unevaluated.ts)';

/** What a row's process sees before it measures, for its notes. */
function isolationNote(inOneProcess: boolean, seen: string, oursFrom = BUILT): string {
  return inOneProcess
    ? `measured in one process after the rows above it (--rows-in-one-process), ours ${oursFrom}: before timing, ${seen}`
    : `measured in a process of its own, ours ${oursFrom}: before timing, ${seen}; nothing else passed through either side`;
}

/** Measures one row: the two sides interleaved in this process. */
async function measureRow(row: Row, preset: ThroughputOptions, inOneProcess: boolean): Promise<Figure> {
  const warmup = `then each ran ${preset.warmupMs} ms of CPU time of warm-up (batches timed by CPU time)`;
  if (!('case' in row)) return measureComposed(row.kind, preset, inOneProcess, warmup);
  const testCase = CASES[row.case]!;
  const { spec, examples } = specAndExamples();
  const example = examples.find((candidate) => candidate.id === testCase.example);
  if (!example) throw new Error(`spec example "${testCase.example}" not found`);
  const validate = ours(testCase.schema);
  const { style } = example;
  const value = asTheClientValidatesIt(example.value);
  const acceptedBy = (label: string, accepts: (value: unknown) => boolean): void => {
    if (!accepts(value)) throw new Error(`${testCase.label}: ${label} rejects the example`);
  };
  const seenExample = `each side validated the example once (both must accept it), ${warmup} on it; the example as the client validates it, its own spread copy`;

  if (row.kind === 'invalid') {
    const referenceAll = createAjv({ allErrors: true }, spec).validator(testCase.schema);
    // The mutations of the example that both validators reject; each side sees each mutation once.
    let issues = 0;
    const invalid = mutationsOf(value)
      .filter((mutation) => !SKIPPED_MUTATIONS.test(mutation.label))
      .map((mutation) => asTheClientValidatesIt(mutation.value))
      .filter((input) => {
        const result = validate(input, style);
        const rejected = !result.ok && !referenceAll(input);
        if (rejected && !result.ok) issues += result.issues.length;
        return rejected;
      });
    if (invalid.length === 0) throw new Error(`${testCase.label}: no invalid inputs`);
    const count = invalid.length;
    const rejected = compareThroughput(
      (i) => {
        const result = validate(invalid[i % count], style);
        return result.ok ? 0 : result.issues.length;
      },
      (i) => (referenceAll(invalid[i % count]) ? 0 : referenceAll.errors!.length),
      preset,
    );
    return figure({
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
        isolationNote(inOneProcess, `each side validated each mutation of the example once (to keep those both reject; each as the client validates it, its own spread copy), ${warmup} cycling through them`),
      ],
    });
  }

  acceptedBy('the generated validator', (input) => validate(input, style).ok);
  const measure = (baseline: (value: unknown) => boolean) =>
    compareThroughput(
      () => validate(value, style).ok,
      () => baseline(value),
      preset,
    );
  switch (row.kind) {
    case 'ajv': {
      const reference = createAjv({}, spec).validator(testCase.schema);
      acceptedBy('ajv', reference);
      const valid = measure(reference);
      return figure({
        family: 'validators',
        name: `validate valid ${testCase.label} (${testCase.schema})`,
        unit: 'ops/s',
        better: 'higher',
        ours: valid.ours,
        baseline: valid.baseline,
        baselineLabel: 'ajv 2020',
        targets: [{ kind: 'ratio', op: '>=', value: 2 }],
        notes: [isolationNote(inOneProcess, seenExample)],
      });
    }
    case 'schemasafe': {
      const fastest = createSchemasafe(spec)(testCase.schema);
      acceptedBy('schemasafe', fastest);
      const valid = measure(fastest);
      return figure({
        family: 'validators',
        name: `validate valid ${testCase.label} (${testCase.schema}) against the fastest general validator`,
        unit: 'ops/s',
        better: 'higher',
        ours: valid.ours,
        baseline: valid.baseline,
        baselineLabel: '@exodus/schemasafe',
        targets: [{ kind: 'ratio', op: '>=', value: 1.5 }],
        notes: [
          'schemasafe 1.3.0, default mode, compiled from the same bundled schema without its x- extensions (no Luhn digit, no decimal bounds: ours checks both)',
          isolationNote(inOneProcess, seenExample),
        ],
      });
    }
    case 'hand': {
      const byHand = HAND_WRITTEN[testCase.schema]!;
      acceptedBy('the hand-written check', byHand);
      const valid = measure(byHand);
      return figure({
        family: 'validators',
        name: `validate valid ${testCase.label} against a check written by hand`,
        unit: 'ops/s',
        better: 'higher',
        ours: valid.ours,
        baseline: valid.baseline,
        baselineLabel: 'plain hand-written check',
        targets: [{ kind: 'ratio', op: '>=', value: 0.9 }],
        notes: [
          'bench/hand-written-sale.ts: the fields the example carries, their rules checked plainly (short regular expressions for the formats, a Luhn loop); yes or no, as the valid path',
          isolationNote(inOneProcess, seenExample),
        ],
      });
    }
  }
}

/** unevaluatedProperties over an allOf composition (with an if/then branch): ours against ajv. */
async function measureComposed(kind: 'composed valid' | 'composed invalid', preset: ThroughputOptions, inOneProcess: boolean, warmup: string): Promise<Figure> {
  const { ours, ajv, ajvAll } = await composedValidators();
  const name = 'unevaluatedProperties: false over allOf + if/then';
  if (kind === 'composed valid') {
    if (!ours(COMPOSED_VALID).ok || !ajv(COMPOSED_VALID)) throw new Error('composed sale: a validator rejects the valid input');
    const valid = compareThroughput(
      () => ours(COMPOSED_VALID).ok,
      () => ajv(COMPOSED_VALID),
      preset,
    );
    return figure({
      family: 'validators',
      name: `validate valid ${name}`,
      unit: 'ops/s',
      better: 'higher',
      ours: valid.ours,
      baseline: valid.baseline,
      baselineLabel: 'ajv 2020',
      targets: [{ kind: 'ratio', op: '>=', value: 1.5 }],
      notes: [isolationNote(inOneProcess, `each side validated the input once (both must accept it), ${warmup} on it`, SCRATCH)],
    });
  }
  for (const input of COMPOSED_INVALID) if (ours(input).ok || ajvAll(input)) throw new Error(`composed sale: a validator accepts ${JSON.stringify(input)}`);
  const count = COMPOSED_INVALID.length;
  const invalid = compareThroughput(
    (i) => ours(COMPOSED_INVALID[i % count]).issues?.length,
    (i) => (ajvAll(COMPOSED_INVALID[i % count]) ? 0 : ajvAll.errors!.length),
    preset,
  );
  return figure({
    family: 'validators',
    name: `validate invalid ${name}, all errors (${count} inputs)`,
    unit: 'ops/s',
    better: 'higher',
    ours: invalid.ours,
    baseline: invalid.baseline,
    baselineLabel: 'ajv allErrors',
    targets: [{ kind: 'ratio', op: '>=', value: 1 }],
    notes: [isolationNote(inOneProcess, `each side validated each input once (both must reject it), ${warmup} cycling through them`, SCRATCH)],
  });
}

const ROW = '--row=';

/** Each side's batches timed by the CPU time the row's process spent on them (see ThroughputOptions.clock). */
const cpuPreset = (options: BenchOptions): ThroughputOptions => ({ ...throughputPreset(options), clock: 'cpu' });

export async function benchValidators(options: BenchOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dist = await builtClientDir();
  if (options.rowsInOneProcess) {
    generated = await loadBuiltValidators(dist);
    for (const row of ROWS) figures.push(await measureRow(row, cpuPreset(options), true));
    return figures;
  }
  for (let index = 0; index < ROWS.length; index++) {
    const runs: Figure[] = [];
    for (let process_ = 0; process_ < (options.quick ? 1 : PROCESSES_PER_ROW); process_++) {
      const run = await runNode([...process.execArgv, fileURLToPath(import.meta.url), `${ROW}${index}`, `--dist=${dist}`, ...(options.quick ? ['--quick'] : [])]);
      if (run.code !== 0) throw new Error(`validators row ${index} failed (${run.code}):\n${run.stderr.slice(-3000)}`);
      runs.push(JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Figure);
    }
    figures.push(medianRun(runs));
  }
  return figures;
}

/**
 * Processes each row runs in, one after another. Within a process both sides are interleaved, so
 * the machine's pace cancels out; what a process's JIT made of each side does not (ajv's figure
 * for the same session inputs ranged from 159k to 455k ops/s between processes), so a row is
 * measured in three and the process with the median ratio gives its figure.
 */
const PROCESSES_PER_ROW = 3;

/** The run with the median ratio, its notes listing every process's ratio. */
function medianRun(runs: readonly Figure[]): Figure {
  const sorted = [...runs].sort((a, b) => a.ratio - b.ratio);
  const median = sorted[(sorted.length - 1) >> 1]!;
  if (runs.length === 1) return median;
  const ratios = runs.map((run) => `${run.ratio.toFixed(2)}×`).join(', ');
  return { ...median, notes: [...median.notes, `ratio in each of ${runs.length} processes, in order: ${ratios}; the figure is the median process's`] };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  // A row's own process: its figure as the last line of stdout.
  const { values } = parseCommandLine({
    usage: 'usage: tsx bench/validators.ts --row=N [--dist=DIR] [--quick] (one row of the validators family, the built package in DIR; npm run bench runs them)',
    options: { row: { type: 'string' }, dist: { type: 'string' }, quick: { type: 'boolean' } },
  });
  generated = await loadBuiltValidators(values.dist ?? (await builtClientDir()));
  const row = ROWS[Number(values.row)];
  if (!row) throw new Error(`no validators row ${values.row} (0 to ${ROWS.length - 1})`);
  console.log(JSON.stringify(await measureRow(row, cpuPreset({ quick: values.quick === true }), false)));
}
