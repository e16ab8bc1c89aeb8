// The generated docs pages carry no modelling notes: no source keys, facts sections, formula ids
// or decision notes (the spec keeps those in YAML comments, which the docs never see).
import { describe, expect, it } from 'vitest';
import { docsPages } from '../support/docs-pages.js';
import { TAGS } from '../support/reader-text.js';

describe('docs reader text', () => {
  const pages = docsPages();

  it('covers every page', () => {
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(['index.md', 's2s/card-sale.md', 'guide/signatures.md', 'methods/crypto-deposit.md']));
  });

  it.each(TAGS)('carries no %s', (_what, pattern) => {
    const found = pages.flatMap((page) =>
      page.text
        .split('\n')
        .flatMap((line, index) => (pattern.test(line) ? [`${page.path}:${index + 1}: ${line.slice(0, 160)}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
