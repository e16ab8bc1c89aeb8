// The published site names releases as a reader understands them: the interface's `Unreleased`
// history entry (a change the platform announced but has not released) never shows as the word
// "Unreleased" on a merchant's page. The releasing guide, for the platform team that edits
// `x-releases`, names the entry as the spec spells it.
import { describe, expect, it } from 'vitest';
import { docsPages } from '../support/docs-pages.js';
import { loadBundledSpec } from '../support/spec-examples.js';

describe('release names on the site', () => {
  it('the spec has an Unreleased entry with changes, so pages do mention it', () => {
    const releases = (loadBundledSpec() as { info: { 'x-releases': { version: string; added: string[] }[] } }).info['x-releases'];
    expect(releases[0]?.version).toBe('Unreleased');
    expect(docsPages().find((page) => page.path === 'guide/changelog.md')?.text).toContain('## The next interface release, not yet released');
  });

  it('no merchant page shows "Unreleased"', () => {
    const shown = docsPages()
      .filter((page) => page.path !== 'guide/releasing.md')
      .flatMap((page) => page.text.split('\n').flatMap((line, index) => (/\bUnreleased\b/.test(line) ? [`${page.path}:${index + 1}: ${line.slice(0, 120)}`] : [])));
    expect(shown).toEqual([]);
  });
});
