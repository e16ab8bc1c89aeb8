// The release history the spec carries (`info.x-releases`, newest first), checked when the model
// is built, and its Markdown rendering: the client package's CHANGELOG.md and the docs changelog
// page both render from this one function.

export interface ReleaseModel {
  /** `Unreleased`, or a version such as `6.7.0`. */
  readonly version: string;
  /** `YYYY-MM-DD`, `YYYY-MM`, or null when the release has no date (yet). */
  readonly date: string | null;
  /** One line of reader text where the document gives no item list. */
  readonly summary?: string;
  readonly breaking: readonly string[];
  readonly added: readonly string[];
  readonly fixed: readonly string[];
}

export const UNRELEASED = 'Unreleased';

const KEYS = new Set(['version', 'date', 'summary', 'breaking', 'added', 'fixed']);

export function releaseHistory(value: unknown): readonly ReleaseModel[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error('info.x-releases must be a list, newest first');
  const seen = new Set<string>();
  return value.map((entry: unknown, index): ReleaseModel => {
    const at = `info.x-releases[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${at}: a release is an object`);
    const record = entry as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !KEYS.has(key));
    if (unknown.length > 0) throw new Error(`${at}: unknown keys ${unknown.join(', ')}`);
    const { version, date, summary } = record;
    if (typeof version !== 'string' || !(version === UNRELEASED || /^[0-9]+\.[0-9]+\.[0-9]+$/.test(version))) {
      throw new Error(`${at}: version is ${UNRELEASED} or MAJOR.MINOR.PATCH`);
    }
    if (seen.has(version)) throw new Error(`${at}: version ${version} repeats`);
    if (version === UNRELEASED && index !== 0) throw new Error(`${at}: ${UNRELEASED} is the newest entry`);
    seen.add(version);
    if (date !== null && (typeof date !== 'string' || !/^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$/.test(date))) throw new Error(`${at}: date is YYYY-MM[-DD] or null`);
    if (summary !== undefined && typeof summary !== 'string') throw new Error(`${at}: summary is text`);
    const items = (key: 'breaking' | 'added' | 'fixed'): string[] => {
      const list = record[key];
      if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) throw new Error(`${at}: ${key} is a list of text (empty when none)`);
      return list;
    };
    return { version, date, ...(summary !== undefined ? { summary } : {}), breaking: items('breaking'), added: items('added'), fixed: items('fixed') };
  });
}

/** The release history as a Keep-a-Changelog-style Markdown document. */
export function renderChangelog(title: string, releases: readonly ReleaseModel[]): string {
  const lines = [`# ${title}`, '', 'Changes to the merchant interface, newest first.'];
  for (const release of releases) {
    lines.push('', `## ${release.version}${release.date ? ` (${release.date})` : ''}`);
    if (release.summary) lines.push('', release.summary);
    for (const [heading, items] of [['Breaking', release.breaking], ['Added', release.added], ['Fixed', release.fixed]] as const) {
      if (items.length === 0) continue;
      lines.push('', `### ${heading}`, '', ...items.map((item) => `- ${item}`));
    }
    if (!release.summary && release.breaking.length + release.added.length + release.fixed.length === 0) lines.push('', 'No changes listed.');
  }
  return `${lines.join('\n')}\n`;
}
