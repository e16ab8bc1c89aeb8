// spec/README.md's "The breaking-change gate" states the catalogue (its two tables) and the counts
// of kinds and fixtures: they must equal generators/spec-diff/kinds.ts and test/corpus/spec-diff.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS } from '../../generators/spec-diff/kinds.js';
import { fixtureNames, readFixture } from '../support/spec-diff-fixtures.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const readme = readFileSync(join(PROJECT_ROOT, 'spec', 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## The breaking-change gate'),
  readme.indexOf('Why not an off-the-shelf OpenAPI diff'),
);
const SIDES = ['request', 'response', 'callback'] as const;

describe('spec/README.md: the breaking-change gate', () => {
  it('lists every kind with its catalogue severity, and no other', () => {
    const stated = new Map<string, string>();
    for (const [, change, ...severities] of section.matchAll(/^\| ([a-z-]+) \| (\S+) \| (\S+) \| (\S+) \|$/gm)) {
      if (change !== 'change')
        SIDES.forEach(
          (side, index) => severities[index] !== '—' && stated.set(`${side}.${change}`, severities[index]!),
        );
    }
    for (const [, id, severity] of section.matchAll(/^\| `([a-z.-]+)` \| (\S+) \|$/gm)) stated.set(id!, severity!);
    expect(Object.fromEntries([...stated].sort())).toEqual(
      Object.fromEntries([...CHANGE_KINDS].map(([id, entry]) => [id, entry.severity]).sort()),
    );
  });

  it('states the counts of kinds and fixtures', () => {
    const files = fixtureNames();
    expect(section).toContain(`**${CHANGE_KINDS.size} change kinds**`);
    expect(section).toContain(`**${files.flatMap(readFixture).length} fixtures**`);
    expect(section).toContain(`${files.length} files`);
  });
});
