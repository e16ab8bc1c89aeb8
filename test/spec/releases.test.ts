// The release history is data in the spec: info.x-releases (newest first, Unreleased included),
// and x-since / x-deprecated-in / x-removed-in / x-enum-since on what each release changed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { CORRECTIONS_HEADING, platformBreaking, releaseHistory, renderChangelog } from '../../generators/model/releases.js';
import { packageReleases, renderPackageChangelog } from '../../generators/model/package-releases.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';

type Json = Record<string, any>;
const spec = loadBundledSpec();
const model = buildSpecModel(spec as OpenApiDocument, []);
const schemas: Json = spec['components']['schemas'];

/** Every release annotation in the bundle: [JSON pointer, key, version]. */
function annotations(node: unknown, path: string, out: [string, string, string][]): [string, string, string][] {
  if (Array.isArray(node)) node.forEach((item, index) => annotations(item, `${path}/${index}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (['x-since', 'x-deprecated-in', 'x-removed-in'].includes(key)) out.push([path, key, String(value)]);
      else if (key === 'x-enum-since') for (const [enumValue, version] of Object.entries(value as Json)) out.push([`${path}/enum/${enumValue}`, key, String(version)]);
      else annotations(value, `${path}/${key}`, out);
    }
  }
  return out;
}

describe('release history', () => {
  it('lists every release row of the document, newest first', () => {
    expect(model.releases.map((release) => [release.version, release.date])).toEqual([
      ['Unreleased', null],
      ['6.7.0', null],
      ['6.6.5', '2026-02-03'],
      ['6.6.4', '2025-11'],
      ['6.6.3', '2025-09'],
      ['6.6.2', '2025-07'],
    ]);
    expect(model.releases.find((release) => release.version === '6.7.0')?.breaking).toHaveLength(4);
  });

  it('annotates only with versions the history lists', () => {
    const versions = new Set(model.releases.map((release) => release.version));
    const found = annotations(spec, '#', []);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter(([, , version]) => !versions.has(version))).toEqual([]);
  });

  it.each([
    ['mpi_data on S2S CARD SALE is Unreleased', () => schemas['SaleCardRequest'].properties.mpi_data['x-since'], 'Unreleased'],
    ['UPDATE_SCHEDULE arrived in 6.7.0', () => schemas['UpdateScheduleRequest']['x-since'], '6.7.0'],
    ['RECURRING_DEBIT arrived in 6.7.0', () => schemas['RecurringDebitRequest']['x-since'], '6.7.0'],
    ['size on the status lookup arrived in 6.7.0', () => schemas['CheckoutStatusByOrderId'].properties.size['x-since'], '6.7.0'],
    ['delays was removed in 6.7.0', () => schemas['ScheduleOptions'].properties.delays['x-removed-in'], '6.7.0'],
    ['delays is deprecated in JSON Schema terms', () => schemas['ScheduleOptions'].properties.delays.deprecated, true],
    ['the Checkout credit operation arrived in 6.6.4', () => schemas['SessionFields'].properties.operation['x-enum-since'].credit, '6.6.4'],
    ['the Checkout capture endpoint arrived in 6.6.3', () => spec['paths']['/api/v1/payment/capture'].post['x-since'], '6.6.3'],
    ['extended_data in callbacks arrived in 6.6.2', () => schemas['CallbackCommonFields'].properties.extended_data['x-since'], '6.6.2'],
    ['101000 for an unknown transaction arrived in 6.7.0', () => model.s2sActions.find((a) => a.protocol === 'card' && a.action === 'GET_TRANS_STATUS')?.errors[0]?.since, '6.7.0'],
  ] as const)('%s', (_what, read, want) => {
    expect(read()).toBe(want);
  });

  it.each([
    [[{ version: '6.7.0', date: null, breaking: [], added: [], fixed: [], note: 'x' }], /unknown keys note/],
    [[{ version: '6.7', date: null, breaking: [], added: [], fixed: [] }], /MAJOR.MINOR.PATCH/],
    [[{ version: '6.7.0', date: '2026', breaking: [], added: [], fixed: [] }], /date is/],
    [[{ version: '6.7.0', date: null, breaking: 'x', added: [], fixed: [] }], /breaking is a list/],
    [[{ version: '6.7.0', date: null, breaking: [], added: [], fixed: [], corrections: ['x'] }], /corrections is an object/],
    [[{ version: '6.7.0', date: null, breaking: [], added: [], fixed: [], corrections: { added: [] } }], /unknown keys corrections.added/],
    [[{ version: '6.7.0', date: null, breaking: [], added: [], fixed: [] }, { version: 'Unreleased', date: null, breaking: [], added: [], fixed: [] }], /Unreleased is the newest/],
  ])('refuses a malformed history %#', (given, want) => {
    expect(() => releaseHistory(given)).toThrow(want);
  });

  it('renders Markdown sections per release', () => {
    const none = { breaking: [], fixed: [] };
    const markdown = renderChangelog('Changelog', [
      { version: '2.0.0', date: '2026-01-02', breaking: ['`a` removed.'], added: [], fixed: ['b fixed.'], corrections: none },
      { version: '1.0.0', date: null, summary: 'First.', breaking: [], added: [], fixed: [], corrections: none },
    ]);
    expect(markdown).toBe(
      ['# Changelog', '', 'Changes to the merchant interface, newest first.', '', '## 2.0.0 (2026-01-02)', '', '### Breaking', '', '- `a` removed.', '', '### Fixed', '', '- b fixed.', '', '## 1.0.0', '', 'First.', ''].join('\n'),
    );
  });

  // Issue 23: corrections to this description are not platform changes; they get their own heading.
  it('renders corrections under their own heading, apart from the platform changes', () => {
    const [release] = releaseHistory([
      { version: 'Unreleased', date: null, breaking: [], added: ['`x` added.'], fixed: [], corrections: { breaking: ['`y` now refused.'], fixed: ['`z` widened.'] } },
    ]);
    expect(release!.breaking).toEqual(['`y` now refused.']);
    expect(platformBreaking(release!)).toEqual([]);
    expect(renderChangelog('Changelog', [release!])).toBe(
      [
        '# Changelog', '', 'Changes to the merchant interface, newest first.', '', '## Unreleased', '', '### Added', '', '- `x` added.', '',
        `### ${CORRECTIONS_HEADING}`, '', 'These correct how this interface description and its client described the platform; the platform itself did not change.', '',
        '- Breaking for clients: `y` now refused.', '- `z` widened.', '',
      ].join('\n'),
    );
  });

  // Document, Versioning: "| Unreleased | | Added `mpi_data` on S2S CARD SALE. |" and nothing else.
  it('lists only the document\'s Unreleased row as a platform change', () => {
    const unreleased = model.releases[0]!;
    expect([...platformBreaking(unreleased), ...unreleased.added, ...unreleased.fixed]).toEqual([expect.stringMatching(/^`mpi_data` on S2S CARD SALE/)]);
    expect(unreleased.corrections.breaking.length + unreleased.corrections.fixed.length).toBeGreaterThan(0);
  });

  it('ships as CHANGELOG.md in the client package: the package releases recorded in spec/releases, then the interface history', () => {
    const changelog = readFileSync(join(PROJECT_ROOT, 'generated', 'client', 'CHANGELOG.md'), 'utf8');
    const history = renderChangelog(spec['info']['title'], model.releases);
    expect(changelog).toContain(renderPackageChangelog('@payment-gateway/merchant-client', packageReleases(PROJECT_ROOT), history));
    expect(changelog).toContain(history.replace(/^# /, '# Interface history: '));
  });
});
