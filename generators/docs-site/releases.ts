// The releases `npm run release` recorded in spec/releases/: `<version>.yaml` (the bundled spec),
// beside it `<version>.md` (the release notes) and, when the release recorded them,
// `<version>.deployment.yaml` (its deployment settings). Oldest first, versions compared as
// numbers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { compareVersions } from '../release/semver.js';

export interface RecordedRelease {
  /** The packages' version (`7.0.0`). */
  readonly version: string;
  /** The interface version the bundle states (`info.version`). */
  readonly interfaceVersion: string;
  readonly bundle: string;
  readonly deployment?: string;
  /** The release notes as recorded (a `## <version> (...)` heading, then the changes), if any. */
  readonly notes?: string;
}

const BUNDLE = /^([0-9]+\.[0-9]+\.[0-9]+)\.yaml$/;
/** `info.version` where a bundle writes it, near its top (reading the whole bundle takes a second). */
const INFO_VERSION = /^info:\r?\n(?:[ \t].*\r?\n)*? {2}version: *['"]?([^'"\s]+)/m;

function interfaceVersion(bundle: string): string {
  const text = readFileSync(bundle, 'utf8');
  const version = INFO_VERSION.exec(text)?.[1] ?? (parse(text) as { info?: { version?: unknown } }).info?.version;
  if (typeof version !== 'string') throw new Error(`${bundle}: info.version is missing`);
  return version;
}

export function recordedReleases(folder: string): RecordedRelease[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => BUNDLE.exec(name)?.[1])
    .filter((version): version is string => version !== undefined)
    .sort(compareVersions)
    .map((version) => {
      const bundle = join(folder, `${version}.yaml`);
      const deployment = join(folder, `${version}.deployment.yaml`);
      const notes = join(folder, `${version}.md`);
      return {
        version,
        interfaceVersion: interfaceVersion(bundle),
        bundle,
        ...(existsSync(deployment) ? { deployment } : {}),
        ...(existsSync(notes) ? { notes: readFileSync(notes, 'utf8').trim() } : {}),
      };
    });
}
