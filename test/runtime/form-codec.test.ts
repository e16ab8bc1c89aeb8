// The bracket form codec: given/want for each documented decision, and properties over random
// values of every shape the spec allows (objects, arrays of objects, strings incl. brackets,
// `&`, `=`, `+`, spaces and astral characters): decode(encode(x)) = x, and `qs` decodes our
// strings to the same tree.
import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { cyclicObject, deepObject } from '../support/hostile.js';
import {
  decodeForm,
  encodeForm,
  flattenForm,
  FormCodecError,
  type FormObject,
} from '../../generated/client/src/runtime/form-codec.js';

describe('encodeForm decisions', () => {
  it.each<[string, FormObject, string]>([
    ['nested objects become bracket keys', { parameters: { pin: '1234' } }, 'parameters%5Bpin%5D=1234'],
    [
      'arrays are indexed from 0',
      { items: [{ name: 'a' }, { name: 'b' }] },
      'items%5B0%5D%5Bname%5D=a&items%5B1%5D%5Bname%5D=b',
    ],
    ['undefined and null are left out', { a: undefined, b: null, c: 'x' }, 'c=x'],
    ['empty strings are sent', { a: '' }, 'a='],
    ['empty arrays and objects send nothing', { a: [], b: {}, c: 'x' }, 'c=x'],
    ['booleans and numbers use their text', { a: true, b: false, c: 1.5 }, 'a=true&b=false&c=1.5'],
    ['spaces become +, reserved characters are escaped', { q: 'a b&c=d+e' }, 'q=a+b%26c%3Dd%2Be'],
    ['UTF-8 is percent-encoded', { name: 'Café 😀' }, 'name=Caf%C3%A9+%F0%9F%98%80'],
    ['brackets in values are escaped', { description: 'Tea [green]' }, 'description=Tea+%5Bgreen%5D'],
  ])('%s', (_name, given, want) => {
    expect(encodeForm(given)).toBe(want);
  });

  it('flattenForm gives the pairs encodeForm sends, bracket keys and values as text', () => {
    expect(
      flattenForm({ order_id: 'A 1', parameters: { cart: { items: [{ name: 'Tea & cake' }] } }, skip: null, on: true }),
    ).toEqual([
      ['order_id', 'A 1'],
      ['parameters[cart][items][0][name]', 'Tea & cake'],
      ['on', 'true'],
    ]);
    expect(() => flattenForm([] as unknown as FormObject)).toThrow(/flattenForm takes an object of form fields/);
  });

  it('refuses a key with a bracket, which bracket notation cannot carry', () => {
    expect(() => encodeForm({ 'a[b]': 'x' })).toThrow(FormCodecError);
    expect(() => flattenForm({ parameters: { 'x]': 'y' } })).toThrow(/contains a bracket/);
  });
});

describe('safety caps: never a RangeError', () => {
  const deep = (levels: number) => deepObject(levels) as FormObject;
  const cyclic = () => cyclicObject() as FormObject;

  it.each<[string, () => unknown, RegExp]>([
    [
      'decoding 4,500 levels of brackets',
      () => decodeForm(`a${'[a]'.repeat(4500)}=1`),
      /Form field a\[a\]\[a\].*nests deeper than 64 levels/,
    ],
    [
      'decoding 10k levels appended to a real body',
      () => decodeForm(`order_id=1&custom_data${'[a]'.repeat(10_000)}=1`),
      /custom_data\[a\].*nests deeper/,
    ],
    ['decoding more than 10,000 pairs', () => decodeForm('a=1&'.repeat(10_001)), /more than 10000 fields/],
    ['encoding a cyclic value', () => encodeForm({ custom_data: cyclic() }), /custom_data\[self\].*refers to itself/],
    ['encoding 10k levels', () => encodeForm({ custom_data: deep(10_000) }), /custom_data\[a\].*nests deeper/],
    ['flattening a cyclic value', () => flattenForm({ custom_data: cyclic() }), /nests deeper/],
  ])('%s gives a FormCodecError', (_name, run, message) => {
    expect(run).toThrow(FormCodecError);
    expect(run).toThrow(message);
  });

  it('64 levels still round-trip', () => {
    const value = { custom_data: deep(62) };
    expect(decodeForm(encodeForm(value))).toEqual(value);
  });
});

describe('decodeForm decisions', () => {
  it.each<[string, string, unknown]>([
    ['bracket keys nest, encoded or literal', 'a%5Bb%5D=1&c[d]=2', { a: { b: '1' }, c: { d: '2' } }],
    ['index keys become arrays', 'items[0][n]=a&items[1][n]=b', { items: [{ n: 'a' }, { n: 'b' }] }],
    ['a repeated key becomes an array', 'a=1&a=2', { a: ['1', '2'] }],
    ['+ is a space', 'q=a+b', { q: 'a b' }],
    ['prototype keys are dropped', '__proto__[x]=1&a[constructor]=2&b=3', { b: '3' }],
    ['an unbalanced key is taken literally', 'a[b=1', { 'a[b': '1' }],
  ])('%s', (_name, given, want) => {
    expect(decodeForm(given)).toEqual(want);
  });

  it('decodes bytes as UTF-8', () => {
    expect(decodeForm(new TextEncoder().encode('name=Caf%C3%A9'))).toEqual({ name: 'Café' });
  });
});

// Values the spec allows on a form: strings at the leaves, objects keyed by field names, arrays of those.
const key = fc
  .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/)
  .filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k));
const text = fc.string({
  unit: fc.constantFrom('a', 'Z', '0', ' ', '&', '=', '+', '%', '[', ']', 'é', '😀', '.', '-'),
  maxLength: 12,
});
const { tree } = fc.letrec<{ tree: Record<string, unknown>; node: unknown }>((tie) => ({
  tree: fc.dictionary(key, tie('node'), { minKeys: 1, maxKeys: 5 }),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    tie('tree'),
    fc.array(tie('tree'), { minLength: 1, maxLength: 3 }),
  ),
}));

describe('form codec properties', () => {
  it('decode(encode(x)) gives back every value', () => {
    fc.assert(
      fc.property(tree, (value) => {
        expect(decodeForm(encodeForm(value as FormObject))).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it('encodes byte for byte as URLSearchParams, over every ASCII character and beyond', () => {
    const anyText = fc.string({
      unit: fc.oneof(
        fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)),
        fc.constantFrom('é', '€', '😀', '\uD800', '\uDC00'),
      ),
      maxLength: 20,
    });
    const flat = fc.dictionary(key, anyText, { minKeys: 1, maxKeys: 6 });
    fc.assert(
      fc.property(flat, (value) => {
        expect(encodeForm(value)).toBe(new URLSearchParams(Object.entries(value)).toString());
      }),
      { numRuns: 1000 },
    );
  });

  it('qs decodes our strings to the same tree', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const encoded = encodeForm(value as FormObject);
        const theirs = qs.parse(encoded, { depth: 20, arrayLimit: 1000, parameterLimit: 100000 });
        expect(decodeForm(encoded)).toEqual(JSON.parse(JSON.stringify(theirs)));
      }),
      { numRuns: 300 },
    );
  });
});
