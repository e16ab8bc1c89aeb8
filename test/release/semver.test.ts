// Version bumps follow the gate's verdict: given the kinds of change, want the next version.
import { describe, expect, it } from 'vitest';
import { bumpFor, compareVersions, nextVersion } from '../../generators/release/semver.js';

describe('next version from the gate', () => {
  const cases: [string, ('breaking' | 'addition' | 'correction')[], string][] = [
    ['a breaking change among additions is a major release', ['addition', 'breaking', 'correction'], '7.0.0'],
    ['additions without a breaking change are a minor release', ['correction', 'addition'], '6.8.0'],
    ['corrections only are a patch', ['correction'], '6.7.1'],
    ['no change to the interface (a generator fix) is a patch', [], '6.7.1'],
  ];
  it.each(cases)('%s', (_, severities, want) => {
    expect(nextVersion('6.7.0', bumpFor(severities.map((severity) => ({ severity }))))).toBe(want);
  });

  it('resets the lower parts and compares numerically', () => {
    expect(nextVersion('6.9.3', 'major')).toBe('7.0.0');
    expect(nextVersion('6.9.3', 'minor')).toBe('6.10.0');
    expect(compareVersions('6.10.0', '6.9.9')).toBeGreaterThan(0);
    expect(() => nextVersion('6.7', 'patch')).toThrow(/MAJOR.MINOR.PATCH/);
  });
});
