// Given a schema rule (or a signature recipe), want the sentence a merchant reads.
import { describe, expect, it } from 'vitest';
import type { JsonSchema, SchemaObject } from '../../generators/model/json-schema.js';
import { conditionText, dependentRequiredText, ifThenText, ruleTable, ruleTexts } from '../../generators/emitters/docs/rule-text.js';
import { fieldRows } from '../../generators/emitters/docs/fields-table.js';
import { expressionWords, recipeText } from '../../generators/emitters/docs/recipe-text.js';
import { formulaText } from '../../templates/runtime/signature-formula.js';
import type { SignatureExpression } from '../../templates/runtime/signature.js';
import type { SignatureRecipeData } from '../../generators/model/signature-recipes.js';

const resolver = { resolve: (schema: JsonSchema) => schema, document: { info: { 'x-currency-exponents': { overrides: { JPY: 2 } } } } as never };

describe('ifThenText', () => {
  it.each<[string, SchemaObject, string[]]>([
    [
      'a forbidden field under an equality',
      { if: { required: ['auth'], properties: { auth: { const: 'Y' } } }, then: { properties: { mpi_data: false } } },
      ['`mpi_data` is not allowed when `auth` is `Y`.'],
    ],
    [
      'a required field under presence',
      { if: { required: ['recurring_init'] }, then: { required: ['payer_email'] } },
      ['When `recurring_init` is present, `payer_email` is required.'],
    ],
    [
      'a negated condition with a not-described value rule',
      {
        if: { not: { anyOf: [{ required: ['auth'], properties: { auth: { const: 'Y' } } }, { required: ['recurring_init'], properties: { recurring_init: { const: 'Y' } } }] } },
        then: { properties: { order_amount: { not: { description: 'must be greater than 0', pattern: '^0+$' } } } },
      },
      ['Unless `auth` is `Y` or `recurring_init` is `Y`, `order_amount` must be greater than 0.'],
    ],
    [
      'an enum condition with else',
      { if: { properties: { country: { enum: ['US', 'CA'] } }, required: ['country'] }, then: { required: ['state'] }, else: { properties: { state: false } } },
      ['When `country` is one of `US`, `CA`, `state` is required.', 'Unless `country` is one of `US`, `CA`, `state` is not allowed.'],
    ],
    ['no if', { required: ['a'] }, []],
  ])('%s', (_what, schema, want) => {
    expect(ifThenText(resolver, schema, 'form')).toEqual(want);
  });

  it('writes nested paths in wire names: brackets on forms, dots in JSON', () => {
    const schema: SchemaObject = { if: { required: ['a'] }, then: { required: ['b'] } };
    expect(ifThenText(resolver, schema, 'form', ['parameters'])).toEqual(['When `parameters[a]` is present, `parameters[b]` is required.']);
    expect(ifThenText(resolver, schema, 'json', ['order'])).toEqual(['When `order.a` is present, `order.b` is required.']);
  });
});

describe('conditionText', () => {
  it.each<[SchemaObject, string]>([
    [{ required: ['brand'] }, '`brand` is present'],
    [{ required: ['a', 'b'] }, '`a` and `b` are present'],
    [{ properties: { x: { const: 'Y' } }, required: ['x'] }, '`x` is `Y`'],
    [{ properties: { x: { not: { enum: ['A', 'B'] } } } }, '`x` is not one of `A`, `B`'],
    [{ properties: { x: false } }, '`x` is absent'],
    [{ properties: { x: { enum: ['A'] } } }, '`x` is absent or `x` is `A`'],
    [{ properties: { x: { enum: ['A'] } }, required: ['x'] }, '`x` is `A`'],
    [{ required: ['p'], properties: { p: { required: ['op'], properties: { op: { enum: ['a', 'b'] } } } } }, '`p[op]` is one of `a`, `b`'],
  ])('%j → %s', (schema, want) => {
    expect(conditionText(resolver, schema, 'form')).toBe(want);
  });
});

describe('dependentRequiredText', () => {
  it.each<[Record<string, string[]>, string[]]>([
    [{ schedule_start_date: ['schedule_id'] }, ['`schedule_start_date` needs `schedule_id`.']],
    [{ a: ['b', 'c'] }, ['`a` needs `b` and `c`.']],
    [{}, []],
  ])('%j', (given, want) => {
    expect(dependentRequiredText(given, 'form')).toEqual(want);
  });
});

describe('ruleTexts', () => {
  it('walks allOf, nested objects and titled oneOf alternatives', () => {
    const schema: SchemaObject = {
      properties: { mpi_data: { dependentRequired: { xid: ['eci'] } } },
      allOf: [{ not: { required: ['card_token', 'card_number'] } }],
      oneOf: [
        { title: 'Card token', required: ['card_token'] },
        { title: 'Card data', required: ['card_number', 'card_exp_month'] },
      ],
    };
    expect(ruleTexts(resolver, schema, 'form')).toEqual([
      'Exactly one of: Card token (`card_token`); Card data (`card_number`, `card_exp_month`).',
      '`card_token` and `card_number` are not allowed together.',
      '`mpi_data[xid]` needs `mpi_data[eci]`.',
    ]);
  });

  it('says how many decimals an amount takes by its currency, with an example for each count the table has', () => {
    expect(ruleTexts(resolver, { 'x-amount-decimals': { amount: 'currency' } }, 'json')).toEqual([
      '`amount` has at most the decimals its currency (`currency`) takes: `10` XOF, `1.99` USD, `1.999` BHD and `1.9999` CLF are the most; one more decimal is refused ([every currency](/guide/limits#amount-decimals-by-currency)).',
    ]);
  });
});

describe('recipe text', () => {
  it.each<[unknown, string, string]>([
    ['$password', 'PASSWORD', 'your password'],
    [{ reverse: 'trans_id' }, 'strrev(trans_id)', '`trans_id` reversed (`strrev`, byte by byte)'],
    [
      { upper: [{ reverse: 'payer_email' }, '$password', { reverse: { first6last4: 'card_number' } }] },
      'strtoupper(strrev(payer_email) . PASSWORD . strrev(substr(card_number, 0, 6) . substr(card_number, -4)))',
      '(`payer_email` reversed (`strrev`, byte by byte), your password and the first six and the last four characters of `card_number` reversed (`strrev`, byte by byte), concatenated with no separator), upper-cased (ASCII letters only, as PHP `strtoupper`)',
    ],
    [
      { upper: { sortedValues: { reverseEach: true, exclude: ['hash'] } } },
      'strtoupper(strrev_each(ksort(fields except hash)))',
      '(the value of every received field except `hash`, sorted by field name (PHP `ksort`, nested fields recursively), each value reversed on its own (`strrev`), concatenated), upper-cased (ASCII letters only, as PHP `strtoupper`)',
    ],
  ])('%j', (expression, formula, words) => {
    expect(formulaText(expression as SignatureExpression)).toBe(formula);
    expect(expressionWords(expression)).toBe(words);
  });

  it('chains digests and lists cases before the default', () => {
    const recipe: SignatureRecipeData = {
      description: 'x',
      digests: ['md5', 'sha1'],
      input: { upper: ['order.number', '$password'] },
      cases: [{ when: { field: 'type', equals: 'credit' }, input: { upper: ['trans_id', '$password'] } }],
    };
    const text = recipeText(recipe);
    expect(text.formulas).toEqual([
      'hash = sha1(md5(strtoupper(trans_id . PASSWORD)))   // when type=credit',
      'hash = sha1(md5(strtoupper(order.number . PASSWORD)))   // otherwise',
    ]);
    expect(text.steps[0]).toBe('When `type=credit`, the string to sign is (`trans_id` and your password, concatenated with no separator), upper-cased (ASCII letters only, as PHP `strtoupper`).');
    expect(text.steps).toContain('Take the sha1 of that hexadecimal text, again as lower-case hexadecimal.');
  });

  it('refuses an expression it does not know', () => {
    expect(() => formulaText({ lower: 'x' } as unknown as SignatureExpression)).toThrow(/Unknown recipe expression/);
  });
});

// The operator rules of a payout: each tests the operator, sets the currency and the amount bounds.
const operatorRule = (operators: string[], currency: string, min: string, max: string): SchemaObject => ({
  if: { required: ['parameters'], properties: { parameters: { required: ['operator'], properties: { operator: { enum: operators } } } } },
  then: { properties: { currency: { const: currency }, amount: { 'x-decimal-minimum': min, 'x-decimal-maximum': max } } },
});

describe('a family of rules', () => {
  const schema: SchemaObject = { allOf: [operatorRule(['a-gh', 'b-gh'], 'GHS', '1', '50000'), operatorRule(['c-ke'], 'KES', '10', '150000')] };

  it('keeps each rule\'s condition in its sentence', () => {
    expect(ruleTexts(resolver, schema, 'form')).toEqual([
      'When `parameters[operator]` is one of `a-gh`, `b-gh`, `currency` must be `GHS` and `amount` is from 1 to 50000.',
      'When `parameters[operator]` is `c-ke`, `currency` must be `KES` and `amount` is from 10 to 150000.',
    ]);
  });

  it('is one table: the tested values, then what each rule sets', () => {
    expect(ruleTable(resolver, schema, 'form')).toEqual({
      headers: ['`parameters[operator]`', '`currency`', '`amount` minimum', '`amount` maximum'],
      rows: [
        ['`a-gh`, `b-gh`', '`GHS`', '1', '50000'],
        ['`c-ke`', '`KES`', '10', '150000'],
      ],
    });
  });

  it('is no table when the rules test different fields', () => {
    expect(ruleTable(resolver, { allOf: [operatorRule(['a'], 'GHS', '1', '2'), { if: { required: ['x'] }, then: { required: ['y'] } }] }, 'form')).toBeUndefined();
  });
});

describe('need marks', () => {
  const need = (schema: SchemaObject) => Object.fromEntries(fieldRows(resolver, schema, 'form').map((row) => [row.wireName, [row.need, row.condition ?? '']]));

  it.each<[string, SchemaObject, Record<string, [string, string]>]>([
    ['required in another allOf part than its property', { properties: { a: { type: 'string' } }, allOf: [{ required: ['a'] }] }, { a: ['required', ''] }],
    ['required in every alternative', { oneOf: [{ required: ['a', 'b'], properties: { a: { type: 'string' }, b: { type: 'string' } } }, { required: ['a'], properties: { a: { type: 'string' } } }] }, { a: ['required', ''], b: ['conditional', 'for alternative 1'] }],
    [
      'required for one brand',
      { properties: { x: { type: 'string' } }, oneOf: [{ properties: { brand: { const: 'p' } }, required: ['brand', 'x'] }, { properties: { brand: { const: 'q' } }, required: ['brand'] }] },
      { x: ['conditional', 'when `brand` is `p`'], brand: ['required', ''] },
    ],
    ['required under an if', { properties: { a: { type: 'string' }, b: { type: 'string' } }, if: { required: ['a'] }, then: { required: ['b'] } }, { a: ['optional', ''], b: ['conditional', 'when `a` is present'] }],
    ['a required field of an optional object', { properties: { o: { type: 'object', required: ['k'], properties: { k: { type: 'string' } } } } }, { o: ['optional', ''], 'o[k]': ['conditional', 'when `o` is present'] }],
    ['a required field of a required object', { properties: { o: { type: 'object', properties: { k: { type: 'string' } }, required: ['k'] } }, required: ['o'] }, { o: ['required', ''], 'o[k]': ['required', ''] }],
  ])('%s', (_what, schema, want) => {
    expect(need(schema)).toEqual(want);
  });
});
