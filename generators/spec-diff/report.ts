// The gate's report as Markdown: release notes for merchants (grouped by protocol, then action,
// endpoint or callback, each change with its severity and what it means for the merchant), which
// the docs changelog page and the package CHANGELOG can take as they are (headings start at level
// 3, under a release's `## <version>`); and the gate's own account of the release notes.
import type { Change } from './change.js';
import type { Comparison } from './compare.js';
import { changeKind, type Severity } from './kinds.js';

const SEVERITY_ORDER: Record<Severity, number> = { breaking: 0, warning: 1, info: 2 };
const SEVERITY_LABEL: Record<Severity, string> = { breaking: '**Breaking**', warning: '**Warning**', info: 'Info' };
const PROTOCOLS = [
  ['card', 'S2S CARD'],
  ['apm', 'S2S APM'],
  ['checkout', 'Checkout'],
  ['account', 'Account'],
] as const;

/** Markdown special characters escaped outside code spans. */
function escape(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/([\\*_[\]<>|#])/g, '\\$1')))
    .join('');
}

const sideOf = (kind: string) => (/^(request|response)\./.test(kind) ? kind.split('.')[0] : undefined);

function unitHeading(change: Change): string {
  const { action, operation, callback } = change.location;
  if (callback) return `Callback \`${callback}\``;
  if (action) return `\`${action}\``;
  if (operation) return `\`${operation}\``;
  return change.unit;
}

/** One change as a release-note line. */
export function renderChange(change: Change): string {
  const side = sideOf(change.kind);
  const subject = change.path ? `\`${change.path}\`${side ? ` (${side})` : ''}: ` : side ? `${side}: ` : '';
  const acknowledged = change.acknowledgedBy
    ? ` Acknowledged by ${change.acknowledgedBy.version}: “${change.acknowledgedBy.item}”`
    : '';
  return `- ${SEVERITY_LABEL[change.severity]}: ${subject}${escape(change.message)}. ${changeKind(change.kind).explanation}${escape(acknowledged)}`;
}

/** The changes as release notes, grouped by protocol and then by action, endpoint or callback. */
export function renderReleaseNotes(changes: readonly Change[]): string {
  if (changes.length === 0) return 'No change a merchant feels.\n';
  const lines: string[] = [];
  for (const [protocol, title] of PROTOCOLS) {
    const mine = changes.filter((change) => change.location.protocol === protocol);
    if (mine.length === 0) continue;
    lines.push(`### ${title}`, '');
    const byUnit = new Map<string, Change[]>();
    for (const change of mine) byUnit.set(unitHeading(change), [...(byUnit.get(unitHeading(change)) ?? []), change]);
    const worst = (list: Change[]) => Math.min(...list.map((change) => SEVERITY_ORDER[change.severity]));
    for (const [heading, list] of [...byUnit].sort(([a, x], [b, y]) => worst(x) - worst(y) || a.localeCompare(b))) {
      lines.push(`#### ${heading}`, '');
      const sorted = [...list].sort(
        (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.path.localeCompare(b.path),
      );
      lines.push(...sorted.map(renderChange), '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The gate's report: counts and the semver step, the release notes, each breaking note's findings, and what is not acknowledged. */
export function renderReport(result: Comparison, baseLabel: string): string {
  const count = (severity: Severity) => result.changes.filter((change) => change.severity === severity).length;
  const lines = [
    `## spec:diff against ${baseLabel}`,
    '',
    `${result.changes.length} change(s): ${count('breaking')} breaking (${result.unacknowledged.length} not acknowledged), ${count('warning')} warning(s), ${count('info')} info. ${result.verdict === 'none' ? 'Nothing a merchant feels changed.' : `The changes call for a ${result.verdict === 'breaking' ? 'major' : result.verdict} release.`}`,
    '',
    renderReleaseNotes(result.changes).trimEnd(),
    '',
    `### Breaking items of the new release notes (${result.releases.map((release) => release.version).join(', ') || 'none'})`,
    '',
  ];
  for (const { note, named } of result.notes) {
    lines.push(`- [${note.version}] ${note.item}`);
    const acknowledged = named.filter(
      (change) => change.acknowledgedBy?.item === note.item && change.acknowledgedBy.version === note.version,
    );
    const elsewhere = named.filter((change) => change.severity === 'breaking' && !acknowledged.includes(change));
    const milder = named.filter((change) => change.severity !== 'breaking');
    for (const change of acknowledged) lines.push(`  - acknowledges ${change.unit}: ${describe(change)}`);
    for (const change of elsewhere)
      lines.push(`  - also names ${change.unit}: ${describe(change)} (acknowledged by an earlier note)`);
    for (const change of milder)
      lines.push(
        `  - names ${change.unit}: ${describe(change)}, which is ${change.severity} for merchants: ${changeKind(change.kind).explanation}`,
      );
    if (named.length === 0) lines.push('  - NAMES NO CHANGE the gate found (an error: see below)');
  }
  if (result.notes.length === 0) lines.push('None.');
  lines.push('');
  if (result.unacknowledged.length > 0) {
    lines.push(`### NOT ACKNOWLEDGED: ${result.unacknowledged.length} breaking change(s)`, '');
    for (const change of result.unacknowledged)
      lines.push(`- ${change.unit}: ${describe(change)}. ${changeKind(change.kind).explanation}`);
    lines.push(
      '',
      'Name each in a `breaking` item of the newest info.x-releases entry: the field, value, code or recipe in backticks and what happened to it (see "The breaking-change gate" in spec/README.md), or undo the change.',
    );
  } else lines.push('Every breaking change is acknowledged.');
  if (result.unmatched.length > 0) {
    lines.push('', `### NAMES NOTHING: ${result.unmatched.length} new breaking item(s)`, '');
    for (const note of result.unmatched) lines.push(`- [${note.version}] ${note.item}`);
    lines.push(
      '',
      'A breaking item acknowledges the changes it names, and these name none the gate found: put the changed field, value, code or recipe in backticks with what happened to it (see "The breaking-change gate" in spec/README.md), make the spec show the change, or move the item out of `breaking`.',
    );
  }
  return `${lines.join('\n')}\n`;
}

function describe(change: Change): string {
  return `${change.path ? `\`${change.path}\` ` : ''}${change.message} [${change.kind}]`;
}
