// A spec pattern's test as the validators write it (generators/emitters/validators/pattern-test.ts)
// against the pattern itself: which patterns the rewrite takes (a table), and for every pattern of
// the spec and of the table, the generated expression and `new RegExp(pattern, 'u').test` give
// the same answer on values of every length around the pattern's, with characters in and out of
// its class, astral ones among them.
import { describe, expect, it } from 'vitest';
import { lengthChoicePattern, patternTest } from '../../generators/emitters/validators/pattern-test.js';
import { loadBundledSpec } from '../support/spec-examples.js';

describe('lengthChoicePattern', () => {
  it.each([
    { given: '^([0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$', want: { characterClass: '[0-9a-fA-F]', lengths: [[32, 32], [40, 40], [64, 64]] } },
    { given: '^(?:\\d{2}|\\d{4,6}|\\d{5,})$', want: { characterClass: '\\d', lengths: [[2, 2], [4, Infinity]] } },
    { given: '^([A-Z]{3}|[A-Z]{1,2})$', want: { characterClass: '[A-Z]', lengths: [[1, 3]] } },
    { given: '^([A-Z]{2}|[A-Z]?)$', want: { characterClass: '[A-Z]', lengths: [[0, 2]] } },
    { given: '^([A-Za-z]{2}|[0-9]{3})$', want: undefined }, // two classes
    { given: '^[0-9a-fA-F]{32}$', want: undefined }, // one run: V8 matches it well
    { given: '^([^a]{2}|[^a]{4})$', want: undefined }, // a negated class reaches astral characters
    { given: '^([\\w]{2}|[\\w]{4})$', want: undefined },
    { given: '^([😀a]{2}|[😀a]{4})$', want: undefined }, // an astral character counts once
    { given: '^([\\uD800-\\uDBFF]{2}|[\\uD800-\\uDBFF]{4})$', want: undefined }, // surrogates
    { given: '^(a{2}|a{4})$', want: undefined }, // a character, not a class
    { given: '^([0-9]{2}|[0-9]{4})x$', want: undefined },
    { given: '([0-9]{2}|[0-9]{4})$', want: undefined },
    { given: '^([0-9]{2}[0-9]|[0-9]{4})$', want: undefined },
    { given: '^([0-9', want: undefined },
  ])('$given', ({ given, want }) => {
    expect(lengthChoicePattern(given)).toEqual(want);
  });
});

/** The generated test as a function, its hoisted regexes compiled as the module compiles them. */
function compiled(pattern: string): (value: string) => boolean {
  const hoisted: string[] = [];
  const expression = patternTest(pattern, 'value', (source) => `PATTERN_${hoisted.push(source)}`);
  const names = hoisted.map((_, index) => `PATTERN_${index + 1}`);
  return new Function(...names, `return (value) => ${expression};`)(...hoisted.map((source) => new RegExp(source, 'u'))) as (value: string) => boolean;
}

/** Values around the pattern: each sample character repeated to every length up to 70, and mixed runs. */
function valuesFor(pattern: string): string[] {
  const samples = ['0', '7', 'a', 'F', 'z', 'Z', '_', '-', ' ', 'é', '😀', '\uD800', '\n'];
  const out = [''];
  for (const sample of samples) for (let length = 1; length <= 70; length++) out.push(sample.repeat(length));
  for (let length = 1; length <= 70; length++) {
    const digits = '0123456789abcdef'.repeat(5).slice(0, length);
    out.push(digits, `${digits.slice(1)}😀`, `${digits.slice(0, -1)}g`, digits.toUpperCase());
  }
  // Values the spec's own patterns take.
  out.push(...(pattern.match(/[A-Za-z0-9]+/g) ?? []));
  return out;
}

function specPatterns(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => specPatterns(item, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') out.add(value);
      else specPatterns(value, out);
    }
  }
  return out;
}

describe('patternTest', () => {
  const table = ['^([0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$', '^(?:\\d{2}|\\d{4,6}|\\d{5,})$', '^([A-Z]{3}|[A-Z]{1,2})$', '^([A-Z]{2}|[A-Z]?)$', '^([A-Za-z]{2}|[0-9]{3})$'];
  const patterns = [...new Set([...table, ...specPatterns(loadBundledSpec())])];

  it('rewrites the spec hash pattern (the reason the rewrite exists)', () => {
    expect(patterns.filter((pattern) => lengthChoicePattern(pattern) !== undefined)).toContain('^([0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$');
  });

  it.each(patterns)('agrees with the pattern: %s', (pattern) => {
    const regex = new RegExp(pattern, 'u');
    const test = compiled(pattern);
    const disagreements = valuesFor(pattern).filter((value) => test(value) !== regex.test(value));
    expect(disagreements).toEqual([]);
  });

  it('leaves an argument that is not an identifier to the pattern itself', () => {
    expect(patternTest('^([0-9]{2}|[0-9]{4})$', 'value.x', (source) => JSON.stringify(source))).toBe('"^([0-9]{2}|[0-9]{4})$".test(value.x)');
  });
});
