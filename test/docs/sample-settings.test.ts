// Every code sample of the site that reads a deployment setting from the environment (a base URL,
// a merchant key, the password) has, in its own section's prose, each variable named and what it
// holds against the sandbox (`merchants[0]` of the line the sandbox prints when it starts, which
// test/docs/testing-guide checks on a running sandbox): a merchant following the page literally
// knows what to set.
import { describe, expect, it } from 'vitest';
import { docsPages } from '../support/docs-pages.js';

const FENCE = /^```[^\n]*\n[\s\S]*?^```/gm;
/** A deployment setting read from the environment, in TypeScript, PHP or a shell line. */
const SETTING = /process\.env\.([A-Z_]+)|getenv\('([A-Z_]+)'\)|\$\{?([A-Z][A-Z_]+)\}?/g;
const HOLDS_SETTING = /_URL$|_KEY$|PASSWORD$/;

interface Finding {
  readonly where: string;
  readonly unnamed: readonly string[];
  readonly sandbox: boolean;
}

/** Per block that reads settings: the ones its section's prose does not name, and whether the prose says what they hold against the sandbox. */
export function sampleSettings(path: string, text: string): Finding[] {
  return text.split(/^(?=#{1,6} )/m).flatMap((section) => {
    const prose = section.replace(FENCE, '');
    return (section.match(FENCE) ?? []).flatMap((block) => {
      const names = new Set([...block.matchAll(SETTING)].map((match) => match[1] ?? match[2] ?? match[3]!).filter((name) => HOLDS_SETTING.test(name)));
      if (names.size === 0) return [];
      return [{ where: `${path} ${section.split('\n')[0]}`, unnamed: [...names].filter((name) => !prose.includes(`\`${name}\``)), sandbox: prose.includes('`merchants[0]`') }];
    });
  });
}

const findings = docsPages().flatMap((page) => sampleSettings(page.path, page.text));

describe('the settings beside every sample', () => {
  it('samples that read settings are on the action pages, the guides and the callback pages', () => {
    const pages = new Set(findings.map((finding) => finding.where.split(' ')[0]));
    for (const page of ['guide/getting-started.md', 'guide/client.md', 'guide/php.md', 'guide/testing.md', 'callbacks/s2s-card-callback.md', 's2s/card-sale.md', 'checkout/create-session.md'])
      expect(pages, page).toContain(page);
  });

  it.each(findings.map((finding) => [finding.where, finding] as const))('%s names each variable and what it holds against the sandbox', (_where, finding) => {
    expect(finding.unnamed).toEqual([]);
    expect(finding.sandbox).toBe(true);
  });

  it('finds a sample whose section does not say what its variables hold', () => {
    const page = "## Pay\n\n```ts\nconst s2s = createS2SClient({ baseUrl: process.env.GATEWAY_URL!, merchantKey: process.env.CLIENT_KEY! });\n```\n\nSet `GATEWAY_URL`.\n";
    expect(sampleSettings('page.md', page)).toEqual([{ where: 'page.md ## Pay', unnamed: ['CLIENT_KEY'], sandbox: false }]);
  });
});
