// ajv 2020-12 compiled from the bundled spec: the reference validator. The spec check validates
// every example with it before anything is generated, and the tests compare the generated
// validators with it (test/support/ajv.ts). Formats are ajv-formats' own, in the modes the
// runtime copies; the spec's own keywords (x-decimal-*, x-luhn, x-amount-decimals) are implemented here
// independently of the generated code.
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { ValidateFunction } from 'ajv';
import { currencyExponents } from '../model/currency-exponents.js';

const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as typeof import('ajv/dist/2020.js').default;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof import('ajv-formats').default;

type Json = Record<string, unknown>;

/** ajv's `discriminator` takes no `mapping` (it derives it from the branches' `const`), so it goes. */
function withoutMappings(node: unknown, extensions: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutMappings(item, extensions));
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) extensions.add(key);
    out[key] = key === 'discriminator' ? { propertyName: (value as Json)['propertyName'] } : withoutMappings(value, extensions);
  }
  return out;
}

// An independent decimal comparison (scaled BigInt) for the spec's x-decimal-* keywords.
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;
const decimals = (text: string) => text.split('.')[1]?.length ?? 0;
function scaled(text: string, other: string): bigint {
  const scale = Math.max(decimals(text), decimals(other));
  const [whole = '0', fraction = ''] = text.split('.');
  const negative = whole.startsWith('-');
  const magnitude = BigInt(whole.replace('-', '') + fraction.padEnd(scale, '0'));
  return negative ? -magnitude : magnitude;
}
const DECIMAL_KEYWORDS: Record<string, (value: bigint, limit: bigint) => boolean> = {
  'x-decimal-minimum': (value, limit) => value >= limit,
  'x-decimal-maximum': (value, limit) => value <= limit,
};

const DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];
const luhnSum = (digits: string) =>
  [...digits].reverse().reduce((sum, digit, index) => sum + (index % 2 === 1 ? DOUBLED[Number(digit)]! : Number(digit)), 0);

const SPEC_ID = 'spec.json';
/** The parts of an OpenAPI document that hold schemas. */
const SCHEMA_HOLDERS = ['components', 'paths', 'webhooks'];

export interface ReferenceAjv {
  validator(schemaName: string): ValidateFunction;
  /** The validator of any schema of the components, by its JSON pointer (`/components/schemas/X/allOf/0`). */
  at(pointer: string): ValidateFunction;
  /** A schema without references (a schema's own keywords), with the spec's keywords known. */
  compile(schema: Json | boolean): ValidateFunction;
  /** The parts of the document ajv reads (`components`, `paths`, `webhooks`), as it reads them (discriminator mappings dropped). */
  readonly document: Json;
}

export interface ReferenceAjvOptions {
  readonly allErrors?: boolean;
  /**
   * ajv's optimizing pass over the code it generates (default on, ajv's default). It changes
   * how fast the code runs, never what it accepts: the spec check, which compiles every schema
   * once to validate some two hundred examples, turns it off (a third of its compile time).
   */
  readonly optimize?: boolean;
}

export function referenceAjv(spec: Json, options: ReferenceAjvOptions = {}): ReferenceAjv {
  const ajv = new Ajv2020({
    strict: true,
    strictRequired: false,
    strictTypes: false,
    discriminator: true,
    allErrors: options.allErrors ?? false,
    ...(options.optimize === false ? { code: { optimize: false } } : {}),
  });
  addFormats(ajv, { mode: 'fast', formats: ['uuid', 'email', 'uri', 'date-time', 'ipv4', 'ipv6'] });
  ajv.addFormat('date', fullFormats.date);
  const extensions = new Set<string>();
  // The components, and the paths and webhooks for a schema written in place there (a parameter's).
  const document = withoutMappings(Object.fromEntries(SCHEMA_HOLDERS.filter((part) => spec[part] !== undefined).map((part) => [part, spec[part]])), extensions) as Json;
  for (const keyword of extensions) {
    if (keyword in DECIMAL_KEYWORDS || keyword === 'x-luhn' || keyword === 'x-amount-decimals') continue;
    ajv.addKeyword({ keyword });
  }
  for (const [keyword, holds] of Object.entries(DECIMAL_KEYWORDS)) {
    ajv.addKeyword({
      keyword,
      type: 'string',
      schemaType: 'string',
      validate: (limit: string, data: string) => !DECIMAL.test(data) || holds(scaled(data, limit), scaled(limit, data)),
    });
  }
  // An independent Luhn check (sum of the doubled-digit table) for x-luhn.
  ajv.addKeyword({
    keyword: 'x-luhn',
    type: 'string',
    schemaType: 'boolean',
    validate: (on: boolean, data: string) => !on || !/^[0-9]+$/.test(data) || luhnSum(data) % 10 === 0,
  });
  // x-amount-decimals, counted independently (the digits after the point, by a pattern) against the
  // spec's currency table.
  const exponents = currencyExponents({ document: spec as never });
  ajv.addKeyword({
    keyword: 'x-amount-decimals',
    type: 'object',
    schemaType: 'object',
    validate: (pairs: Record<string, string>, data: Record<string, unknown>) =>
      Object.entries(pairs).every(([amount, currency]) => {
        const value = data[amount];
        const allowed = typeof data[currency] === 'string' ? exponents.get(data[currency] as string) : undefined;
        return typeof value !== 'string' || allowed === undefined || (/\.([0-9]*)$/.exec(value)?.[1]?.length ?? 0) <= allowed;
      }),
  });
  for (const part of SCHEMA_HOLDERS) ajv.addKeyword(part);
  ajv.addSchema({ $id: SPEC_ID, ...document });
  const byPointer = new Map<string, ValidateFunction>();
  const at = (pointer: string): ValidateFunction => {
    let validate = byPointer.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`${SPEC_ID}#${pointer}`);
      if (!validate) throw new Error(`ajv has no schema at ${pointer}`);
      byPointer.set(pointer, validate);
    }
    return validate;
  };
  return {
    validator: (schemaName) => at(`/components/schemas/${schemaName}`),
    at,
    compile: (schema) => ajv.compile(schema),
    document,
  };
}
