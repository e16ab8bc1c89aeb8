// The published site names releases as a reader understands them: the interface's `Unreleased`
// history entry (a change the platform announced but has not released) never shows as the word
// "Unreleased" anywhere the site publishes: its pages (the releasing guide too), theme, config and
// Try-it data.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { docsPages, DOCS_DIR } from '../support/docs-pages.js';
import { loadBundledSpec } from '../support/spec-examples.js';

describe('release names on the site', () => {
  it('the spec has an Unreleased entry with changes, so pages do mention it', () => {
    const releases = (loadBundledSpec() as { info: { 'x-releases': { version: string; added: string[] }[] } }).info['x-releases'];
    expect(releases[0]?.version).toBe('Unreleased');
    expect(docsPages().find((page) => page.path === 'guide/changelog.md')?.text).toContain('## The next interface release, not yet released');
  });

  it('no file of the published site (pages, theme, config, Try-it data) says "Unreleased"', () => {
    const files = readdirSync(DOCS_DIR, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(100);
    const shown = files.flatMap((entry) => {
      const path = join(entry.parentPath, entry.name);
      return readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bUnreleased\b/.test(line) ? [`${relative(DOCS_DIR, path)}:${index + 1}: ${line.slice(0, 120)}`] : []));
    });
    expect(shown).toEqual([]);
  });
});
