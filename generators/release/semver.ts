// Package versions follow the gate's verdict (semantic versioning): a breaking change for merchants
// is a major release, an addition a minor one, anything else (a correction, a fix in generated
// code) a patch.

export type Bump = 'major' | 'minor' | 'patch';

export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

export function parseVersion(text: string): Version {
  const match = /^([0-9]+)\.([0-9]+)\.([0-9]+)$/.exec(text);
  if (!match) throw new Error(`${JSON.stringify(text)} is not a MAJOR.MINOR.PATCH version`);
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export const formatVersion = (version: Version): string => `${version.major}.${version.minor}.${version.patch}`;

export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x.major - y.major || x.minor - y.minor || x.patch - y.patch;
}

export function nextVersion(current: string, bump: Bump): string {
  const version = parseVersion(current);
  if (bump === 'major') return formatVersion({ major: version.major + 1, minor: 0, patch: 0 });
  if (bump === 'minor') return formatVersion({ major: version.major, minor: version.minor + 1, patch: 0 });
  return formatVersion({ ...version, patch: version.patch + 1 });
}

/** What a set of changes asks for: any breaking one → major, any addition → minor, else patch. */
export function bumpFor(changes: readonly { readonly severity: 'breaking' | 'addition' | 'correction' }[]): Bump {
  if (changes.some((change) => change.severity === 'breaking')) return 'major';
  if (changes.some((change) => change.severity === 'addition')) return 'minor';
  return 'patch';
}
