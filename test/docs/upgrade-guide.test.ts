// The upgrade guides agree with the gate and with the releases they compare: over a history of
// three releases (6.7.0, a minor 6.8.0, an acknowledged breaking 7.0.0; release-history.ts), every
// change the gate finds is on the guide, breaking ones first; a removed field shows as the older
// release's example carries it; a changed recipe shows both formulas with worked examples whose
// hashes the runtime's signer recomputes from each release's own recipe; the release notes link
// each release to the guide into it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ContentCache } from '../../generators/docs-site/cache.js';
import { recordedReleases, type RecordedRelease } from '../../generators/docs-site/releases.js';
import { upgradeGuides, type Pages } from '../../generators/docs-site/upgrade.js';
import { compareSpecs } from '../../generators/spec-diff/compare.js';
import { specAt } from '../../generators/spec-diff/main.js';
import { computeSignature, type SignatureRecipe } from '../../templates/runtime/signature.js';
import { decodeForm } from '../../templates/runtime/form-codec.js';
import { releasePath } from '../../templates/docs/theme/versions.js';
import { BREAKING_NOTES, FIRST_RELEASE, MAJOR_RELEASE, MINOR_RELEASE, REMOVED_FIELD, writeReleaseHistory } from '../support/release-history.js';

let work: string;
let releases: RecordedRelease[];
let pages: Pages;
let cache: ContentCache;
const sitePath = (version: string) => (version === MAJOR_RELEASE ? '/' : releasePath('/', version));
const guide = (from: string, to: string) => pages.get(`upgrade/${from}-to-${to}.md`)!;
const bundle = (version: string) => parse(readFileSync(releases.find((release) => release.version === version)!.bundle, 'utf8')) as {
  paths: { '/post': { post: { requestBody: { content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }> } } } };
  components: { schemas: Record<string, { 'x-signature': { card: SignatureRecipe } }> };
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'upgrade-guide-'));
  writeReleaseHistory(join(work, 'releases'));
  releases = recordedReleases(join(work, 'releases'));
  cache = new ContentCache(join(work, 'cache'));
  pages = await upgradeGuides({ releases, sitePath, cache, toolchain: 'test' });
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('upgrade guides from the gate', () => {
  it('writes one guide per pair of releases, older to newer, and the index', () => {
    expect([...pages.keys()].sort()).toEqual(['upgrade/6.7.0-to-6.8.0.md', 'upgrade/6.7.0-to-7.0.0.md', 'upgrade/6.8.0-to-7.0.0.md', 'upgrade/index.md']);
  });

  it('lists every change the gate finds, the breaking ones first, each in the gate\'s words', async () => {
    const [first, major] = await Promise.all([specAt(releases[0]!.bundle), specAt(releases[2]!.bundle)]);
    const comparison = compareSpecs(first, major);
    const page = guide(FIRST_RELEASE, MAJOR_RELEASE);
    const must = page.indexOf('## What you must change');
    const other = page.indexOf('## Other changes');
    expect(must).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(must);
    for (const change of comparison.changes) {
      const at = page.indexOf(change.message, change.severity === 'breaking' ? must : other);
      expect(at, `${change.unit} ${change.path} ${change.message}`).toBeGreaterThan(change.severity === 'breaking' ? must : other);
      if (change.severity === 'breaking') expect(at).toBeLessThan(other);
    }
    // The field, what it means for the merchant, and the note that acknowledged it.
    expect(page).toMatch(new RegExp(`\\*\\*Breaking\\*\\*: \`${REMOVED_FIELD}\` \\(request\\): no longer accepted\\. The field is no longer accepted`));
    expect(page).toContain(BREAKING_NOTES[0]);
  });

  it('shows the removed field as the older release\'s example sends it, and that the newer one does not', () => {
    const page = guide(FIRST_RELEASE, MAJOR_RELEASE);
    const example = Object.entries(bundle(FIRST_RELEASE).paths['/post'].post.requestBody.content['application/x-www-form-urlencoded']!.examples).find(([, entry]) => entry.value['action'] === 'CAPTURE')!;
    const entry = page.slice(page.indexOf(`\`${REMOVED_FIELD}\` (request)`));
    const before = /\*\*6\.7\.0\*\* \(example `([^`]+)`\):\n\n```text\n([\s\S]*?)\n```/.exec(entry)!;
    expect(before[1]).toBe(example[0]);
    expect(decodeForm(before[2]!)).toEqual({ [REMOVED_FIELD]: example[1].value[REMOVED_FIELD] });
    expect(entry.slice(before.index)).toMatch(new RegExp(`\\*\\*${MAJOR_RELEASE.replace(/\./g, '\\.')}:\\*\\* no example carries \`${REMOVED_FIELD}\``));
  });

  it('puts a changed recipe side by side, each worked example recomputed from its own release\'s recipe', () => {
    const page = guide(MINOR_RELEASE, MAJOR_RELEASE);
    const worked = [...page.matchAll(/```php\n(hash = [^\n]*)\n```\n\n<!-- signature: GET_TRANS_STATUS_CARD_SIGNATURE -->\n\n```text\nSigned fields:\n([\s\S]*?)\nPassword: (\S+)\n[\s\S]*?\nhash: ([0-9a-f]+)\n```/g)];
    expect(worked.map((match) => match[1])).toEqual(['hash = md5(strtoupper(strrev(trans_id)) . PASSWORD)', 'hash = md5(strrev(trans_id) . PASSWORD)']);
    for (const [index, version] of [MINOR_RELEASE, MAJOR_RELEASE].entries()) {
      const [, , fields, password, hash] = worked[index]!;
      const recipe = bundle(version).components.schemas['GetTransStatusRequest']!['x-signature'].card;
      expect(computeSignature(recipe, decodeForm(fields!), password!), version).toBe(hash);
    }
    expect(worked[0]![4]).not.toBe(worked[1]![4]);
  });

  it('says a minor release asks nothing of the merchant', () => {
    const page = guide(FIRST_RELEASE, MINOR_RELEASE);
    expect(page).toContain('## What you must change\n\nNothing:');
    expect(page).toContain('a minor release');
  });

  it('links each release\'s notes to the guide into it, and offers every pair in the picker and as links', () => {
    const index = pages.get('upgrade/index.md')!;
    expect(index).toContain(`<UpgradeForm releases="${releases.map((release) => release.version).join(' ')}" />`);
    for (const [position, release] of releases.entries()) {
      const notes = index.slice(index.indexOf(`### ${release.version} `));
      const previous = releases[position - 1];
      if (previous) expect(notes.split('\n### ')[0]).toContain(`Upgrading from ${previous.version}: [${previous.version} → ${release.version}](/upgrade/${previous.version}-to-${release.version})`);
      for (const later of releases.slice(position + 1)) expect(index).toContain(`(/upgrade/${release.version}-to-${later.version})`);
    }
  });

  it('takes a guide from the cache while the bundles it compares are the same', async () => {
    const again = new ContentCache(join(work, 'cache'));
    const reused = await upgradeGuides({ releases, sitePath, cache: again, toolchain: 'test' });
    expect(again.uses.every((use) => use.hit)).toBe(true);
    expect([...reused]).toEqual([...pages]);
  });
});
