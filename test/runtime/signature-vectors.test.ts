// Every signature recipe of the spec reproduces a vector computed here independently, straight
// from the formulas of the platform facts (PHP notation: strrev, strtoupper, md5, sha1), with no
// generated code involved; plus the two documented vectors. A recipe added to the spec without a
// row here fails the completeness check.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  computeSignature,
  requestSignature,
  type SignatureRecipe,
} from '../../generated/client/src/runtime/signature.js';
import { ConfigurationError } from '../../generated/client/src/runtime/errors.js';
import * as recipes from '../../generated/client/src/signatures.js';
import { P, VECTORS, md5, sha1, sha256, statusFields, strrev, trans, upper } from '../support/independent-vectors.js';

const ALL = recipes as unknown as Record<string, SignatureRecipe>;

describe('signature recipes', () => {
  it('reproduce documented vector #1 (facts §5.2, S2S CARD SALE F1)', () => {
    expect(
      computeSignature(
        ALL['SALE_CARD_SIGNATURE']!,
        { payer_email: 'doe@example.com', card_number: '4111111111111111' },
        P,
      ),
    ).toBe('2702ae0c4f99506dc29b5615ba9ee3c0');
  });

  it('every recipe of the spec has an independent vector here', () => {
    expect(Object.keys(ALL).filter((name) => !(name in VECTORS))).toEqual([]);
  });

  it.each(
    Object.entries(VECTORS).flatMap(([name, rows]) =>
      rows.map((row, index) => [`${name} #${index + 1}`, name, ...row] as const),
    ),
  )('%s', (_label, name, fields, expected) => {
    expect(computeSignature(ALL[name]!, fields, P)).toBe(expected);
  });

  // The pipeline signs with requestSignature, which goes without the callbacks' sortedValues.
  const usesSortedValues = (recipe: SignatureRecipe) => JSON.stringify(recipe).includes('"sortedValues"');
  it.each(
    Object.entries(VECTORS)
      .filter(([name]) => !usesSortedValues(ALL[name]!))
      .flatMap(([name, rows]) => rows.map((row, index) => [`${name} #${index + 1}`, name, ...row] as const)),
  )('the request signer gives the same hash: %s', (_label, name, fields, expected) => {
    expect(requestSignature(ALL[name]!, fields, P, 'md5')).toBe(expected);
  });

  it('the request signer refuses a sortedValues formula, which only callbacks use', () => {
    const callbackRecipes = Object.values(ALL).filter(usesSortedValues);
    expect(callbackRecipes.length).toBeGreaterThan(0);
    for (const recipe of callbackRecipes)
      expect(() => requestSignature(recipe, { a: '1' }, P, 'md5')).toThrow(ConfigurationError);
  });

  it('switches every md5 step to sha256 when the operator does', () => {
    expect(computeSignature(ALL['GET_TRANS_STATUS_CARD_SIGNATURE']!, statusFields, P, 'sha256')).toBe(
      sha256(upper(strrev(trans)) + P),
    );
    expect(computeSignature(ALL['CHECKOUT_VOID_PAYMENT_SIGNATURE']!, { payment_id: 'p-1' }, P, 'sha256')).toBe(
      sha1(sha256(upper(`p-1${P}`))),
    );
  });

  // '€' is E2 82 AC in UTF-8: E2 read as Latin-1 is 'â', which a Unicode upper-casing would change.
  it.each(['ä', '€ µ ß'])('upper-cases ASCII letters only and reverses bytes, as PHP does (%s)', (identifier) => {
    const fields = { identifier, order_id: 'o', order_amount: '1', order_currency: 'EUR' };
    const bytes = Buffer.from(`${identifier}o1EUR${P}`).reverse();
    for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x61 && bytes[i]! <= 0x7a) bytes[i] = bytes[i]! - 0x20;
    expect(computeSignature(ALL['SALE_APM_SIGNATURE']!, fields, P)).toBe(createHash('md5').update(bytes).digest('hex'));
  });
});

// PHP ksort (SORT_REGULAR, PHP 8) orders written out by hand from PHP's documented rules: a
// canonical integer string is an int key; int and int, or int and numeric string, compare as
// numbers; anything else compares as bytes (strcmp), an int by its decimal text.
describe('the APM callback signature sorts keys as PHP ksort does', () => {
  const apm = (fields: Record<string, unknown>) => computeSignature(ALL['S2S_APM_CALLBACK_SIGNATURE']!, fields, P);
  const signed = (values: readonly string[]) => md5(upper(values.map(strrev).join('') + P));

  it.each([
    {
      given: 'transactions 0..10 (decoded as an array): 0, 1, 2, …, 10, not 0, 1, 10, 2',
      fields: { action: 'SALE', transactions: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      order: ['SALE', 't0', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10'],
    },
    {
      given: 'int keys 9 and 10 against strings: 9, 10, B, a, b',
      fields: { b: 'vb', a: 'va', 10: 'v10', 9: 'v9', B: 'vB' },
      order: ['v9', 'v10', 'vB', 'va', 'vb'],
    },
    {
      given: 'a numeric string key against ints: -1, 1.5, 2, a',
      fields: { a: 'va', 2: 'v2', '1.5': 'v1.5', '-1': 'v-1' },
      order: ['v-1', 'v1.5', 'v2', 'va'],
    },
    {
      given: "a non-canonical '010' is a numeric string: 9, 010, 11",
      fields: { 11: 'v11', '010': 'v010', 9: 'v9' },
      order: ['v9', 'v010', 'v11'],
    },
  ])('$given', ({ fields, order }) => {
    expect(apm(fields)).toBe(signed(order));
  });
});
