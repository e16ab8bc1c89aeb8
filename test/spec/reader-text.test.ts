// Reader text (every description, title and summary of the bundled spec, which the docs site
// renders) carries no modelling notes or source tags: those live in YAML comments of spec/.
import { describe, expect, it } from 'vitest';
import { loadBundledSpec } from '../support/spec-examples.js';

const READER_KEYS = new Set(['description', 'title', 'summary']);

/** Source keys of the facts (SRC-CO, AK-CO-CB, PM, OAS, WL-TESS, ...), formula ids and notes. */
const TAGS: readonly [string, RegExp][] = [
  ['a source key', /\b(SRC|AK|WL|SDK)(-[A-Z0-9]+)+\b|\b(PM|OAS)\b/],
  ['a facts section', /\bfacts\b\s*§|§\s*[0-9]/i],
  ['a formula id', /\(F[0-9]\)|\bF[0-9]\b/],
  ['a decision note', /\bDecision:|\bdecided\b/i],
];

function readerTexts(node: unknown, path: string, out: { path: string; text: string }[]): void {
  if (Array.isArray(node)) node.forEach((item, index) => readerTexts(item, `${path}/${index}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      // Example values are data; x-signature recipes name their formulas for implementers.
      if (key === 'x-signature' || key === 'value' || key === 'example') continue;
      if (READER_KEYS.has(key) && typeof value === 'string') out.push({ path: `${path}/${key}`, text: value });
      else readerTexts(value, `${path}/${key}`, out);
    }
  }
}

describe('reader text', () => {
  const texts: { path: string; text: string }[] = [];
  readerTexts(loadBundledSpec(), '#', texts);

  it('is collected from the whole bundle', () => {
    expect(texts.find((entry) => entry.path === '#/info/description')?.text).toContain('merchant interface');
  });

  it.each(TAGS)('carries no %s', (_what, pattern) => {
    expect(texts.filter((entry) => pattern.test(entry.text)).map((entry) => `${entry.path}: ${entry.text}`)).toEqual([]);
  });

  it.each([
    ['SRC-CO', true],
    ['AK-CO-CB', true],
    ['facts §5.3', true],
    ['formula (F7)', true],
    ['Decision: accept', true],
    ['Free-text order description.', false],
    ['Payer first name.', false],
  ] as const)('flags %j: %s', (text, flagged) => {
    expect(TAGS.some(([, pattern]) => pattern.test(text))).toBe(flagged);
  });
});
