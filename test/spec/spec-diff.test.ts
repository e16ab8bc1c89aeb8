// The breaking-change gate: the classifier over the merchant surface (table-driven), and the proof
// run from the reconstructed 6.6.5 spec to the current one, which must report each 6.7.0 breaking
// item of the document and say why where its classification differs from the document's label.
import { describe, expect, it } from 'vitest';
import { compareRequestField, classify, type Change, type ChangeKind } from '../../generators/spec-diff/classify.js';
import { verdict, renderReport } from '../../generators/spec-diff/report.js';
import { merchantSurface, type FieldRules } from '../../generators/spec-diff/surface.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { loadBundledSpec } from '../support/spec-examples.js';
import { reconstruct665 } from './fixtures/release-6.6.5.js';

const field = (rules: Partial<FieldRules>): FieldRules => ({ required: 'never', types: ['string'], patterns: [], rejectsAll: false, ...rules });

const rows: { given: string; old: Partial<FieldRules>; now: Partial<FieldRules>; want: [ChangeKind, boolean][] }[] = [
  { given: 'optional becomes required', old: {}, now: { required: 'always' }, want: [['made-required', true]] },
  { given: 'required becomes optional (a request)', old: { required: 'always' }, now: {}, want: [['made-optional', false]] },
  { given: 'a field now rejected whatever its value', old: {}, now: { rejectsAll: true }, want: [['now-rejected', true]] },
  { given: 'maxLength 60 → 32', old: { maxLength: 60 }, now: { maxLength: 32 }, want: [['bound-narrowed', true]] },
  { given: 'maxLength 32 → 255', old: { maxLength: 32 }, now: { maxLength: 255 }, want: [['bound-widened', false]] },
  { given: 'a pattern that only widens (hex either case)', old: { patterns: ['^[0-9a-f]{32}$'] }, now: { patterns: ['^[0-9a-fA-F]{32}$'] }, want: [['bound-widened', false]] },
  { given: 'a pattern that narrows', old: { patterns: ['^[0-9]{1,9}$'] }, now: { patterns: ['^[0-9]{9}$'] }, want: [['pattern-changed', true]] },
  { given: 'a pattern removed', old: { patterns: ['^[A-Z]{2}$'] }, now: {}, want: [['pattern-removed', false]] },
  { given: 'an enum value removed', old: { enum: ['a', 'b'] }, now: { enum: ['a'] }, want: [['enum-value-removed', true]] },
  { given: 'an enum value added', old: { enum: ['a'] }, now: { enum: ['a', 'b'] }, want: [['enum-value-added', false]] },
  { given: 'a free string becomes a list', old: {}, now: { enum: ['a'] }, want: [['enum-added', true]] },
  { given: 'a type dropped', old: { types: ['string', 'number'] }, now: { types: ['string'] }, want: [['type-narrowed', true]] },
  { given: 'a const added', old: { maxLength: 255 }, now: { maxLength: 255, const: 'BR' }, want: [['const-added', true]] },
  { given: 'nothing changes', old: { maxLength: 9 }, now: { maxLength: 9 }, want: [] },
];

describe('classifier', () => {
  it.each(rows.map((row) => [row.given, row] as const))('%s', (_given, row) => {
    const found: Change[] = [];
    compareRequestField('unit', 'f', field(row.old), field(row.now), (unit, area, subject, kind, detail) => found.push({ unit, area, subject, kind, breaking: BREAKING_OF[kind] ?? false, detail }));
    expect(found.map((change) => change.kind)).toEqual(row.want.map(([kind]) => kind));
    for (const [kind, breaking] of row.want) {
      const whole = classifyOne(row.old, row.now).find((change) => change.kind === kind);
      expect(whole?.breaking, kind).toBe(breaking);
    }
  });
});

// The breaking flag as classify() sets it, read through a one-field surface.
function classifyOne(old: Partial<FieldRules>, now: Partial<FieldRules>): Change[] {
  const surface = (rules: FieldRules) => ({ version: '1.0.0', releases: [], units: new Map([['u', { id: 'u', names: ['U'], request: new Map([['f', rules]]), sent: new Map(), signature: '', errors: [] }]]) });
  return classify(surface(field(old)), surface(field(now)));
}
const BREAKING_OF: Partial<Record<ChangeKind, boolean>> = {};

describe('classify: units, sent fields, signatures, errors', () => {
  const unit = (over: Record<string, unknown> = {}) => ({ id: 'S2S CARD VOID', names: ['VOID'], request: new Map(), sent: new Map([['status', field({ required: 'always' })]]), signature: 'F2', errors: [{ key: 'trans_id: Transaction does not exist.', code: '100000' }], ...over });
  const surface = (units: ReturnType<typeof unit>[]) => ({ version: '1.0.0', releases: [], units: new Map(units.map((u) => [u.id, u])) });
  it.each([
    ['an action removed', [unit()], [], 'unit-removed', true],
    ['an action added', [], [unit()], 'unit-added', false],
    ['a sent field made optional', [unit()], [unit({ sent: new Map([['status', field({})]]) })], 'sent-field-made-optional', true],
    ['a sent field removed', [unit()], [unit({ sent: new Map() })], 'sent-field-removed', true],
    ['a signature recipe changed', [unit()], [unit({ signature: 'F6' })], 'signature-changed', true],
    ['an error code changed', [unit()], [unit({ errors: [{ key: 'trans_id: Transaction does not exist.', code: '101000' }] })], 'error-code-changed', true],
  ] as const)('%s', (_given, before, after, kind, breaking) => {
    const changes = classify(surface([...before]), surface([...after]));
    expect(changes).toContainEqual(expect.objectContaining({ kind, breaking }));
  });
});

describe('gate: 6.6.5 (reconstructed) → current', () => {
  const current = loadBundledSpec();
  const base = merchantSurface(reconstruct665(current) as OpenApiDocument);
  const head = merchantSurface(current as OpenApiDocument);
  const result = verdict(base, head, classify(base, head));
  const report = renderReport(result, 'release 6.6.5 (reconstructed)');

  it('compares per S2S action and protocol, not per path', () => {
    expect(result.changes.some((change) => change.unit === 'S2S CARD CREATE_SCHEDULE')).toBe(true);
    expect(result.changes).toContainEqual(expect.objectContaining({ unit: 'S2S CARD UPDATE_SCHEDULE', kind: 'unit-added', breaking: false }));
  });

  it.each([
    ['`delays` retired', /found: .*S2S CARD CREATE_SCHEDULE: delays now rejected/],
    ['code `101000`', /found: .*error .*code 100000 → 101000/],
    ['`payer_address`', /classified non-breaking for merchants: a request field made optional still accepts every request it accepted/],
    ['`SMS/DMS`', /classified non-breaking for merchants: requests without it still pass .*auth new optional request field/],
  ])('reports the 6.7.0 breaking item %s', (item, finding) => {
    const note = result.notes.find((entry) => entry.version === '6.7.0' && entry.item.includes(item));
    expect(note, report).toBeDefined();
    expect(note!.finding).toMatch(finding);
  });

  it('accounts for every 6.7.0 breaking item and passes, each breaking change named in the notes', () => {
    expect(result.notes.filter((note) => note.version === '6.7.0')).toHaveLength(4);
    expect(result.unacknowledged, report).toEqual([]);
  });

  it('fails when a breaking change is not acknowledged', () => {
    const narrowed = structuredClone(current) as { components: { schemas: Record<string, any> } };
    narrowed.components.schemas['PinVoucherParameters'].properties.pin.maxLength = 8;
    const after = merchantSurface(narrowed as unknown as OpenApiDocument);
    const gate = verdict(head, after, classify(head, after));
    expect(gate.unacknowledged).toContainEqual(expect.objectContaining({ unit: 'S2S APM SALE', subject: 'parameters.pin', kind: 'bound-narrowed' }));
    expect(renderReport(gate, 'head')).toContain('NOT ACKNOWLEDGED');
  });
});

describe('npm run check picks the newest release bundle', () => {
  it('compares versions numerically, ignoring other files', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { newestRelease } = await import('../../generators/spec-diff/main.js');
    const folder = mkdtempSync(join(tmpdir(), 'releases-'));
    for (const name of ['6.7.0.yaml', '6.10.0.yaml', '6.9.12.yaml', 'README.md', '7.0.0-rc.yaml']) writeFileSync(join(folder, name), '');
    expect(newestRelease(folder)).toBe(join(folder, '6.10.0.yaml'));
  });
});
