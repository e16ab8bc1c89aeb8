// bench/RESULTS.md keeps a section per family: a run of some families rewrites theirs and leaves
// every other section byte for byte, in the bench's family order.
import { describe, expect, it } from 'vitest';
import { figure } from '../../bench/harness.js';
import { familySection, familySections, resultsMarkdown, type FamilyRun } from '../../bench/results-file.js';

const FAMILIES = ['alpha', 'beta', 'gamma'];

function run(family: string, ours: number, writtenAt: string): FamilyRun {
  const measured = figure({ family, name: `${family} speed`, unit: 'ms', better: 'lower', ours, baseline: 10, baselineLabel: 'base', targets: [{ kind: 'ratio', op: '<=', value: 1 }], notes: [`${family} note`] });
  return { family, figures: [measured], writtenAt, machine: 'cores: 2', quick: false };
}

describe('RESULTS.md by family', () => {
  const first = resultsMarkdown(undefined, [run('gamma', 5, 'T1'), run('alpha', 20, 'T1')], FAMILIES);

  it('writes a section per family that ran, in the bench order, none for a family never run', () => {
    expect([...familySections(first, FAMILIES).keys()]).toEqual(['alpha', 'gamma']);
    expect(familySections(first, FAMILIES).get('alpha')).toBe(familySection(run('alpha', 20, 'T1')));
    expect(first).toContain('| alpha speed | 20.0 ms | 10.0 ms (base) | 2.00× (lower is better) | ratio ≤ 1× | NO |');
    expect(first).toContain('- alpha speed: alpha note');
  });

  it('a later run of one family replaces its section and keeps the others as they were', () => {
    const second = resultsMarkdown(first, [run('beta', 7, 'T2'), run('alpha', 8, 'T2')], FAMILIES);
    const before = familySections(first, FAMILIES);
    const after = familySections(second, FAMILIES);
    expect([...after.keys()]).toEqual(['alpha', 'beta', 'gamma']);
    expect(after.get('gamma')).toBe(before.get('gamma'));
    expect(after.get('alpha')).toContain('Measured on T2');
    expect(after.get('alpha')).not.toContain('20.0 ms');
    expect(resultsMarkdown(second, [], FAMILIES)).toBe(second);
  });
});
