// The gate's verdict: which breaking changes the new release entries acknowledge (a breaking item
// names the field, value, code or action in backticks), and how each release note's "Breaking"
// item compares with what the classifier found.
import { UNRELEASED, type ReleaseModel } from '../model/releases.js';
import { WHY, type Change } from './classify.js';
import type { Surface } from './surface.js';

export interface Verdict {
  readonly changes: readonly Change[];
  readonly releases: readonly ReleaseModel[];
  readonly unacknowledged: readonly Change[];
  readonly notes: readonly { readonly item: string; readonly version: string; readonly finding: string }[];
}

/** The head's release entries the base does not have (and the head's Unreleased, always). */
export function newReleases(base: Surface, head: Surface): ReleaseModel[] {
  const known = new Set(base.releases.map((release) => release.version));
  if (known.size === 0) {
    const index = head.releases.findIndex((release) => release.version === base.version);
    return index < 0 ? [...head.releases] : head.releases.slice(0, index);
  }
  return head.releases.filter((release) => !known.has(release.version) || release.version === UNRELEASED);
}

/** The names a release note may use for a change: the field, its last segment, the value, the action. */
export function changeNames(change: Change): string[] {
  const [field, value] = change.subject.split('=');
  const names = new Set([change.subject, field!, field!.split('.').pop()!.replace(/\[\]$/, '')]);
  if (value) names.add(value);
  names.add(change.unit.split(' ').slice(-1)[0]!);
  return [...names];
}

const quoted = (text: string) => new Set([...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));

export function verdict(base: Surface, head: Surface, changes: readonly Change[]): Verdict {
  const releases = newReleases(base, head);
  const items = releases.flatMap((release) => release.breaking.map((item) => ({ item, version: release.version, names: quoted(item) })));
  const mentions = (change: Change, names: Set<string>) => changeNames(change).some((name) => names.has(name));
  const unacknowledged = changes.filter((change) => change.breaking && !items.some(({ names }) => mentions(change, names)));
  const notes = items.map(({ item, version, names }) => {
    const matched = changes.filter((change) => mentions(change, names));
    const breaking = matched.filter((change) => change.breaking);
    let finding: string;
    if (breaking.length > 0) finding = `found: ${summarize(breaking)}`;
    else if (matched.length > 0) {
      const kinds = [...new Set(matched.map((change) => change.kind))];
      finding = `labelled breaking, classified non-breaking for merchants: ${kinds.map((kind) => WHY[kind]).join('; ')} (${summarize(matched)})`;
    } else finding = 'labelled breaking, not visible in the request or response shape: a change of behaviour or of an operator setting';
    return { item, version, finding };
  });
  return { changes, releases, unacknowledged, notes };
}

function summarize(changes: readonly Change[]): string {
  const shown = changes.slice(0, 4).map((change) => `${change.unit}: ${change.subject} ${change.detail}`);
  return changes.length > shown.length ? `${shown.join('; ')}; and ${changes.length - shown.length} more` : shown.join('; ');
}

export function renderReport(result: Verdict, baseLabel: string): string {
  const lines = [`spec:diff against ${baseLabel}: ${result.changes.length} change(s), ${result.changes.filter((change) => change.breaking).length} breaking`];
  const byUnit = new Map<string, Change[]>();
  for (const change of result.changes) byUnit.set(change.unit, [...(byUnit.get(change.unit) ?? []), change]);
  for (const [unit, changes] of [...byUnit].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push('', unit);
    for (const change of changes) lines.push(`  ${change.breaking ? 'BREAKING    ' : 'non-breaking'} ${change.subject}: ${change.detail}`);
  }
  lines.push('', `Release notes (${result.releases.map((release) => release.version).join(', ') || 'none new'}):`);
  for (const note of result.notes) lines.push(`  [${note.version}] ${note.item}`, `    → ${note.finding}`);
  if (result.unacknowledged.length > 0) {
    lines.push('', `NOT ACKNOWLEDGED: ${result.unacknowledged.length} breaking change(s) no "breaking" item of ${result.releases.map((release) => release.version).join(', ') || 'a new x-releases entry'} names:`);
    for (const change of result.unacknowledged) lines.push(`  ${change.unit}: ${change.subject}: ${change.detail} (${WHY[change.kind]})`);
    lines.push('Name each in backticks in a `breaking` item of the newest info.x-releases entry, or undo the change.');
  } else lines.push('', 'Every breaking change is acknowledged.');
  return `${lines.join('\n')}\n`;
}
