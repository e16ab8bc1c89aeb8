// Every kind of the gate's catalogue against its fixture (test/corpus/spec-diff/kinds): a base that
// differs from the head by that one change gives exactly the wanted changes with the wanted
// severities, and a breaking one fails the gate naming the action, endpoint or callback. A kind
// without a fixture fails; so does a fixture naming a kind the catalogue does not have.
import { describe, expect, it } from 'vitest';
import { compareSpecs } from '../../generators/spec-diff/compare.js';
import { CHANGE_KINDS } from '../../generators/spec-diff/kinds.js';
import { renderReport } from '../../generators/spec-diff/report.js';
import { fixtureNames, readFixture, type SpecDiffCase } from '../support/spec-diff-fixtures.js';

const cases: SpecDiffCase[] = fixtureNames().flatMap(readFixture);

describe.each(cases.map((entry) => [entry.name, entry] as const))('fixture %s', (_name, entry) => {
  const result = compareSpecs(entry.base, entry.head);

  it(`${entry.given}: reports exactly the wanted changes`, () => {
    const found = result.changes.map(({ kind, severity, path, unit, value }) => ({
      kind,
      severity,
      path,
      unit,
      value,
    }));
    const want = entry.want.map((change) => ({
      value: found.find((f) => f.kind === change.kind && f.path === change.path)?.value,
      ...change,
    }));
    expect(found, renderReport(result, entry.name)).toEqual(want);
  });

  it('fails the gate, naming where, exactly when a change is breaking', () => {
    const breaking = entry.want.filter((change) => change.severity === 'breaking');
    expect(result.passes).toBe(breaking.length === 0);
    expect(result.verdict === 'breaking').toBe(breaking.length > 0);
    const report = renderReport(result, entry.name);
    const notAcknowledged = report.split('### NOT ACKNOWLEDGED')[1] ?? '';
    for (const change of breaking) expect(notAcknowledged).toContain(`- ${change.unit}:`);
  });
});

describe('the catalogue and the fixtures stay in step', () => {
  const wanted = new Set(cases.flatMap((entry) => entry.want.map((change) => change.kind)));

  it('every kind has a fixture', () => {
    expect([...CHANGE_KINDS.keys()].filter((kind) => !wanted.has(kind))).toEqual([]);
  });

  it('every fixture wants kinds of the catalogue, with their severity', () => {
    for (const entry of cases)
      for (const change of entry.want)
        expect(CHANGE_KINDS.get(change.kind)?.severity, `${entry.name}: ${change.kind}`).toBe(change.severity);
  });

  it('every kind has a one-line merchant-facing explanation and words to acknowledge it', () => {
    for (const [id, entry] of CHANGE_KINDS) {
      expect(entry.explanation, id).toMatch(/^[A-Z].*\.$/);
      expect(entry.explanation, id).not.toContain('\n');
      expect(entry.verbs.length, id).toBeGreaterThan(0);
    }
  });
});
