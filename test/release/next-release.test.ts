// What the next release after the last recorded one proposes (spec/releases/, the base of the
// release and of the gate): one new optional field on the last release's own spec is a minor
// release whose changelog is one line. The Unreleased entry's corrections are part of the recorded
// release, so they no longer make every change a major one.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { nextVersion } from '../../generators/release/semver.js';
import { compareSpecs } from '../../generators/spec-diff/compare.js';
import { newestRelease, specAt } from '../../generators/spec-diff/main.js';
import { renderReleaseNotes } from '../../generators/spec-diff/report.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const lastRelease = newestRelease(join(PROJECT_ROOT, 'spec', 'releases'));
const version = lastRelease.split('/').pop()!.replace(/\.yaml$/, '');

describe(`the release after ${version}`, async () => {
  const base = await specAt(lastRelease);
  const head = structuredClone(base.document) as OpenApiDocument & { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
  // The guide's first recipe: a merchant reference on the Checkout session.
  const session = head.components.schemas['SessionRequest']!;
  session.properties = { ...session.properties, merchant_reference: { description: 'Your own reference for the session.', type: 'string', maxLength: 255, 'x-safety-cap': true } };
  const result = compareSpecs(base, { ...base, document: head });

  it('is a minor release for one new optional field', () => {
    expect(result.passes).toBe(true);
    expect(result.verdict).toBe('minor');
    expect(nextVersion(version, 'minor')).toMatch(new RegExp(`^${version.split('.')[0]}\\.${Number(version.split('.')[1]) + 1}\\.0$`));
  });

  it('has a one-line changelog', () => {
    const lines = renderReleaseNotes(result.changes)
      .split('\n')
      .filter((line) => line.startsWith('- '));
    expect(lines).toEqual(['- Info: `merchant_reference` (request): new optional field. A new optional field; requests without it still pass.']);
  });
});
