// The packages' own release history: each `npm run release` records its merchant-facing notes as
// spec/releases/<version>.md beside the bundle it released. The packages' CHANGELOG.md renders
// them, newest first, above the interface's own history.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PackageRelease {
  readonly version: string;
  /** The notes as recorded: a `## <version> (interface …)` heading and the changes. */
  readonly notes: string;
}

const VERSION_FILE = /^([0-9]+)\.([0-9]+)\.([0-9]+)\.md$/;

export function packageReleases(projectRoot: string): readonly PackageRelease[] {
  const folder = join(projectRoot, 'spec', 'releases');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => VERSION_FILE.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => Number(b[1]) - Number(a[1]) || Number(b[2]) - Number(a[2]) || Number(b[3]) - Number(a[3]))
    .map((match) => ({ version: `${match[1]}.${match[2]}.${match[3]}`, notes: readFileSync(join(folder, match[0]), 'utf8').trim() }));
}

/** A package's CHANGELOG.md: its releases, then the interface history (rendered by the caller). */
export function renderPackageChangelog(packageName: string, releases: readonly PackageRelease[], interfaceHistory: string): string {
  const lines = [`# Changelog: ${packageName}`, '', 'Package releases, newest first. Each names the interface version it describes; the version follows the breaking-change gate (breaking → major, additions → minor, corrections → patch).'];
  if (releases.length === 0) lines.push('', 'No release since the interface release the package line starts from.');
  for (const release of releases) lines.push('', release.notes);
  return `${lines.join('\n')}\n\n${interfaceHistory.replace(/^# /, '# Interface history: ')}`;
}
