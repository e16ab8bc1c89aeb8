// The breaking-change gate on the real spec: the four changes it used to miss, acknowledgements
// that name the change (not the place), the proof run from the reconstructed 6.6.5 spec to the
// current one, the command's exit code, and the release-note rendering. The per-kind fixtures are
// in spec-diff-kinds.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { releaseHistory } from '../../generators/model/releases.js';
import { compareSpecs } from '../../generators/spec-diff/compare.js';
import { newestRelease } from '../../generators/spec-diff/main.js';
import { renderReleaseNotes, renderReport } from '../../generators/spec-diff/report.js';
import { readFixture } from '../support/spec-diff-fixtures.js';
import { loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';
import { reconstruct665 } from './fixtures/release-6.6.5.js';

type Json = Record<string, any>;
const current = loadBundledSpec() as Json;
const schemas = (spec: Json): Json => spec['components']['schemas'];

/** The current spec with one change made (and, optionally, one breaking note added to Unreleased). */
function changed(change: (spec: Json) => void, note?: string): Json {
  const spec = structuredClone(current);
  change(spec);
  if (note) spec['info']['x-releases'][0]['breaking'].push(note);
  return spec;
}

const withoutField = (schema: string, field: string) => (spec: Json) => {
  delete schemas(spec)[schema]['properties'][field];
  schemas(spec)[schema]['required'] = schemas(spec)[schema]['required'].filter((name: string) => name !== field);
};

/** CREDIT2VIRTUAL: the first operator whose minimum amount is 10 gets 20. */
const raiseOperatorMinimum = (spec: Json) => {
  const branch = schemas(spec)['Credit2VirtualRequest']['allOf'].find(
    (part: Json) => part['then']?.['properties']?.['order_amount']?.['x-decimal-minimum'] === '10',
  );
  branch['then']['properties']['order_amount']['x-decimal-minimum'] = '20';
};

describe('the four changes the gate missed', () => {
  it('a required response field removed from GET_TRANS_STATUS is breaking and fails the gate, naming the action', () => {
    const result = compareSpecs(
      current as OpenApiDocument,
      changed(withoutField('S2sStatusLookupFields', 'status')) as OpenApiDocument,
    );
    expect(result.unacknowledged).toContainEqual(
      expect.objectContaining({
        kind: 'response.property-removed',
        severity: 'breaking',
        unit: 'S2S CARD GET_TRANS_STATUS',
        location: { protocol: 'card', action: 'GET_TRANS_STATUS' },
        path: 'status',
      }),
    );
    expect(result.passes).toBe(false);
    expect(renderReport(result, 'current').split('NOT ACKNOWLEDGED')[1]).toContain(
      'S2S CARD GET_TRANS_STATUS: `status` no longer sent',
    );
  });

  it('a required callback field removed from s2sCardCallback is not acknowledged by an unrelated note naming `s2sCardCallback`', () => {
    // The model's breaking items (the platform's and the breaking corrections alike).
    const items = releaseHistory(current['info']['x-releases'])[0]!.breaking;
    expect(items.some((item) => item.includes('`s2sCardCallback`'))).toBe(true);
    const result = compareSpecs(
      current as OpenApiDocument,
      changed(withoutField('S2sCardCallback', 'order_id')) as OpenApiDocument,
    );
    const removed = result.changes.find(
      (change) => change.unit === 'Callback s2sCardCallback' && change.path === 'order_id',
    );
    expect(removed).toMatchObject({ kind: 'callback.property-removed', severity: 'breaking' });
    expect(removed?.acknowledgedBy).toBeUndefined();
    expect(result.passes).toBe(false);
  });

  it('an x-decimal-minimum raised on an amount (under one operator condition) is breaking', () => {
    const head = changed(raiseOperatorMinimum);
    const result = compareSpecs(current as OpenApiDocument, head as OpenApiDocument);
    expect(result.changes).toEqual([
      expect.objectContaining({
        kind: 'request.range-narrowed',
        severity: 'breaking',
        unit: 'S2S APM CREDIT2VIRTUAL',
        path: 'order_amount',
      }),
    ]);
    expect(result.changes[0]!.message).toMatch(/^when .*: x-decimal-minimum 10 → 20$/);
    expect(result.passes).toBe(false);
  });

  it('a response enum value added is a warning: the gate passes and the release is minor', () => {
    const head = changed((spec) => schemas(spec)['TransactionStatus']['enum'].push('EXPIRED'));
    const result = compareSpecs(current as OpenApiDocument, head as OpenApiDocument);
    expect(result.changes).toContainEqual(
      expect.objectContaining({
        kind: 'response.enum-value-added',
        severity: 'warning',
        unit: 'S2S CARD GET_TRANS_STATUS',
        path: 'status',
        value: 'EXPIRED',
      }),
    );
    expect(result.changes.every((change) => change.severity === 'warning' && change.value === 'EXPIRED')).toBe(true);
    expect(result.passes).toBe(true);
    expect(result.verdict).toBe('minor');
  });
});

describe('acknowledgements name the change, not the place', () => {
  const removeOrderId = withoutField('S2sCardCallback', 'order_id');
  const gate = (note: string) =>
    compareSpecs(current as OpenApiDocument, changed(removeOrderId, note) as OpenApiDocument);

  it('a note naming the field and what happened acknowledges it, and the report says which note did', () => {
    const note = '`order_id` is no longer sent in `s2sCardCallback`.';
    const result = gate(note);
    expect(result.passes).toBe(true);
    expect(result.changes.find((change) => change.path === 'order_id')?.acknowledgedBy).toEqual({
      version: 'Unreleased',
      item: note,
    });
    const report = renderReport(result, 'current');
    expect(report).toContain(
      `- [Unreleased] ${note}\n  - acknowledges Callback s2sCardCallback: \`order_id\` no longer sent [callback.property-removed]`,
    );
    // A note the base already carries (released) is no new acknowledgement: only the new one counts.
    expect(result.notes.map(({ note: entry }) => entry.item)).toEqual([note]);
  });

  it.each([
    ['names the field but not what happened', '`order_id` in `s2sCardCallback` is described more precisely.'],
    ['says what happened to another field', '`order_status` is no longer sent in `s2sCardCallback`.'],
    ['scopes itself to another callback', '`order_id` is no longer sent in `s2sApmCallback`.'],
    [
      'says what happened only inside a name in backticks',
      '`order_id` of `s2sCardCallback` is listed under `removed`.',
    ],
  ])('a note that %s does not', (_what, note) => {
    const result = gate(note);
    expect(result.passes).toBe(false);
    expect(result.unacknowledged).toContainEqual(
      expect.objectContaining({ unit: 'Callback s2sCardCallback', path: 'order_id' }),
    );
  });

  it('a new breaking note that names no change the gate found fails the gate, and the report says so', () => {
    const note = '`order_reference` is no longer accepted on `SALE`.';
    const result = compareSpecs(current as OpenApiDocument, changed(() => undefined, note) as OpenApiDocument);
    expect(result.changes).toEqual([]);
    expect(result.unmatched.map((entry) => entry.item)).toEqual([note]);
    expect(result.passes).toBe(false);
    expect(renderReport(result, 'current')).toContain(`### NAMES NOTHING: 1 new breaking item(s)\n\n- [Unreleased] ${note}`);
  });

  it.each([
    ['names the action in words', 'CREDIT2VIRTUAL raises the minimum `order_amount` of one operator.', true],
    ['names another action in words', 'S2S APM SALE refuses a zero `order_amount`.', false],
  ])('a note that %s is scoped to it', (_what, note, acknowledged) => {
    const result = compareSpecs(current as OpenApiDocument, changed(raiseOperatorMinimum, note) as OpenApiDocument);
    expect(
      result.changes.find((change) => change.unit === 'S2S APM CREDIT2VIRTUAL')?.acknowledgedBy?.item === note,
    ).toBe(acknowledged);
  });
});

describe('gate: 6.6.5 (reconstructed) → current', () => {
  const result = compareSpecs(reconstruct665(current) as OpenApiDocument, current as OpenApiDocument);
  const report = renderReport(result, 'release 6.6.5 (reconstructed)');
  const findings = (item: string) =>
    report.split(/\n- \[/).find((block) => block.startsWith('6.7.0] ') && block.includes(item)) ?? '';

  it('compares per S2S action and protocol, not per path', () => {
    expect(result.changes).toContainEqual(
      expect.objectContaining({
        kind: 'action.added',
        unit: 'S2S CARD UPDATE_SCHEDULE',
        location: { protocol: 'card', action: 'UPDATE_SCHEDULE' },
      }),
    );
    expect(result.changes).toContainEqual(
      expect.objectContaining({ kind: 'endpoint.added', unit: 'Checkout debitHostedFields' }),
    );
  });

  it.each([
    [
      '`delays` retired',
      /acknowledges S2S CARD CREATE_SCHEDULE: `delays` now rejected whatever its value \[request.property-removed\]/,
    ],
    [
      'code `101000`',
      /acknowledges S2S CARD GET_TRANS_STATUS: `trans_id` error 101000 .*code 100000 → 101000 \[error.code-changed\]/,
    ],
    [
      '`payer_address`',
      /names S2S CARD SALE: `payer_address` optional \(was required\) \[request.property-made-optional\], which is info for merchants/,
    ],
    [
      '`SMS/DMS`',
      /acknowledges MID settings: `payment_mode` Payment Mode: default none → SMS\/DMS \[mid-setting.default-changed\]/,
    ],
  ])('accounts for the 6.7.0 breaking item %s', (item, finding) => {
    expect(findings(item), report).toMatch(finding);
  });

  it('passes: every breaking change is named by a breaking item', () => {
    expect(result.unacknowledged, report).toEqual([]);
    expect(result.verdict).toBe('breaking');
  });
});

describe('the release notes', () => {
  const [entry] = readFixture('property-removed').filter((fixture) => fixture.name.endsWith('(response)'));
  const notes = renderReleaseNotes(compareSpecs(entry!.base, entry!.head).changes);

  it('group changes by protocol and action, with severity and what it means for the merchant, under a release heading', () => {
    expect(notes).toBe(
      [
        '### S2S CARD',
        '',
        '#### `GET_TRANS_STATUS`',
        '',
        '- **Breaking**: `reason` (response): no longer sent. The field is no longer sent; code that reads it finds nothing.',
        '',
      ].join('\n'),
    );
  });

  it('say so when nothing changed', () => {
    expect(renderReleaseNotes(compareSpecs(entry!.base, entry!.base).changes)).toBe('No change a merchant feels.\n');
    expect(compareSpecs(entry!.base, entry!.base).verdict).toBe('none');
  });
});

/** Runs the command on a fixture written out as two bundles (and their deployment settings, if any). */
function runGate(fixture: string, side: string): { status: number; stdout: string } {
  const [entry] = readFixture(fixture).filter(
    (candidate) => candidate.name === fixture || candidate.name.endsWith(`(${side})`),
  );
  const folder = mkdtempSync(join(tmpdir(), 'spec-diff-cli-'));
  for (const [name, spec] of [
    ['base', entry!.base],
    ['head', entry!.head],
  ] as const) {
    writeFileSync(join(folder, `${name}.yaml`), stringify(spec.document));
    if (spec.deployment) writeFileSync(join(folder, `${name}.deployment.yaml`), stringify(spec.deployment));
  }
  const args = ['generators/spec-diff/main.ts', join(folder, 'base.yaml'), '--head', join(folder, 'head.yaml')];
  try {
    return {
      status: 0,
      stdout: execFileSync(join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), args, {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
      }),
    };
  } catch (error) {
    return error as { status: number; stdout: string };
  }
}

describe('npm run spec:diff', () => {
  it('exits 1 for a newly added conditional requirement, naming the action and the field', () => {
    const { status, stdout } = runGate('conditional-requirement-added', 'request');
    expect(status).toBe(1);
    expect(stdout.split('NOT ACKNOWLEDGED')[1]).toContain(
      '- S2S CARD GET_TRANS_STATUS: `iban` required when `kind` is `bank` [request.conditional-requirement-added]',
    );
  });

  it('compares the deployment settings committed beside a release bundle', () => {
    const { status, stdout } = runGate('deployment-setting-changed', '');
    expect(status).toBe(1);
    expect(stdout.split('NOT ACKNOWLEDGED')[1]).toContain(
      '- Deployment settings: `cardStatusSignature` S2S CARD status-style signature document → vendor',
    );
  });

  it('picks the newest release bundle, comparing versions numerically and ignoring other files', () => {
    const folder = mkdtempSync(join(tmpdir(), 'releases-'));
    for (const name of ['6.7.0.yaml', '6.10.0.yaml', '6.9.12.yaml', 'README.md', '7.0.0-rc.yaml'])
      writeFileSync(join(folder, name), '');
    expect(newestRelease(folder)).toBe(join(folder, '6.10.0.yaml'));
  });
});
