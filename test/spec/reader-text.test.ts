// Reader text (every description, title and summary of the bundled spec, the x-signature
// descriptions, method notes and error conditions, which the docs site, the client's doc comments
// and the sandbox's messages show) carries no modelling notes or source tags: those live in YAML
// comments of spec/. The same patterns are checked on the generated docs pages (test/docs).
import { describe, expect, it } from 'vitest';
import { TAGS } from '../support/reader-text.js';
import { loadBundledSpec } from '../support/spec-examples.js';

const READER_KEYS = new Set(['description', 'title', 'summary', 'notes', 'when']);


export function readerTexts(node: unknown, path: string, out: { path: string; text: string }[]): void {
  if (Array.isArray(node)) node.forEach((item, index) => readerTexts(item, `${path}/${index}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      // Example values are data; an example's summary is reader text (the docs show it as a title).
      if (key === 'value' || key === 'example') continue;
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
    ['The v5.6.2 example shows', true],
    ["the vendor's Postman collection signs it", true],
    ['the public facts give minutes', true],
    ['The hash recipe is UNCERTAIN', true],
    ['Free-text order description.', false],
    ['Payer first name.', false],
  ] as const)('flags %j: %s', (text, flagged) => {
    expect(TAGS.some(([, pattern]) => pattern.test(text))).toBe(flagged);
  });
});
