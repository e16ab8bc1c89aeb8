// The docs site carries no modelling notes: no source keys, facts sections, formula ids, decision
// notes, source versions, vendor sources, references to the public facts or uncertainty notes
// (the spec keeps those in YAML comments, which the docs never see). Every file of the site's
// sources is scanned: the pages, the VitePress config (navigation titles) and the state diagram.
import { describe, expect, it } from 'vitest';
import { docsSiteFiles } from '../support/docs-pages.js';
import { TAGS } from '../support/reader-text.js';

describe('docs reader text', () => {
  const pages = docsSiteFiles();

  it('covers every page', () => {
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(['index.md', 's2s/card-sale.md', 'guide/signatures.md', 'methods/crypto-deposit.md', '.vitepress/config.mts', 'public/states.svg']));
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
