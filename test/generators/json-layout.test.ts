// Given/want table for the JSON layout finalize uses instead of a prettier pass: each value is
// laid out by jsonLayout and by prettier itself (from JSON.stringify's text, as finalize had it),
// and the two must agree byte for byte, at the widths where a line just fits and just does not.
// The layout test checks the same over every generated .json file.
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { jsonLayout, type JsonParser } from '../../generators/output/json-layout.js';

const WIDTH = 40;
const options = { printWidth: WIDTH, tabWidth: 2, useTabs: false };
/** A string whose array `"k": ["…"],` line (indented once) is `width` columns wide. */
const filler = (width: number) => 'x'.repeat(width - '  "k": [""],'.length);

const cases: readonly { readonly name: string; readonly given: unknown }[] = [
  { name: 'scalars and empties', given: { a: 1, b: -2.5, c: true, d: null, e: '', f: [], g: {} } },
  { name: 'a short string list stays on one line', given: { digests: ['md5', 'sha256'] } },
  { name: 'an array that just fits', given: { k: [filler(WIDTH)], z: 1 } },
  { name: 'an array one column too wide', given: { k: [filler(WIDTH + 1)], z: 1 } },
  { name: 'the last entry has no comma to fit', given: { z: 1, k: [filler(WIDTH + 1)] } },
  { name: 'an array of objects breaks', given: [{ a: 1 }, { b: 2 }] },
  { name: 'an array of one-key objects', given: { list: [{ a: 1 }] } },
  { name: 'empty objects in an array', given: { list: [{}, {}] } },
  { name: 'arrays of pairs break', given: { pairs: [['a', 'b'], ['c', 'd']] } },
  { name: 'arrays of single items may share a line', given: { singles: [['a'], ['b']] } },
  { name: 'mixed nested arrays', given: { mixed: [['a', 'b'], 'c'] } },
  { name: 'numbers fill the lines', given: { numbers: Array.from({ length: 30 }, (_, index) => index * 7 - 20) } },
  { name: 'large and small numbers', given: { n: [1e21, 1.5e-7, -0, 0.1] } },
  { name: 'escapes and wide characters', given: { s: ['tab\tquote"back\\slash', '→ € 日本語 😀', 'é'.repeat(10)] } },
  { name: 'deep nesting', given: { a: { b: { c: { d: ['e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'] } } } } },
  { name: 'a top-level array', given: ['a', 'b'] },
];

describe('jsonLayout agrees with prettier', () => {
  for (const parser of ['json', 'json-stringify'] as const satisfies readonly JsonParser[]) {
    it.each(cases)(`${parser}: $name`, async ({ given }) => {
      const want = await prettier.format(JSON.stringify(given, null, 2), { ...options, parser });
      expect(jsonLayout(given, parser, options)).toBe(want);
    });
  }
});
