// The release history the spec carries (`info.x-releases`, newest first), checked when the model
// is built, and its Markdown rendering: the client package's CHANGELOG.md and the docs changelog
// page both render from this one function. A release holds two kinds of change: the platform's
// (`breaking`, `added`, `fixed`, from the document's history) and corrections to this
// description of the platform (`corrections`), rendered under their own heading so that a
// merchant does not read them as platform changes.

export interface ReleaseModel {
  /** `Unreleased`, or a version such as `6.7.0`. */
  readonly version: string;
  /** `YYYY-MM-DD`, `YYYY-MM`, or null when the release has no date (yet). */
  readonly date: string | null;
  /** One line of reader text where the document gives no item list. */
  readonly summary?: string;
  /**
   * Every breaking item the breaking-change gate matches (`npm run spec:diff`): the platform's
   * breaking changes, then the breaking corrections (`corrections.breaking`).
   */
  readonly breaking: readonly string[];
  readonly added: readonly string[];
  readonly fixed: readonly string[];
  /** Corrections to this description of the platform (the platform did not change). */
  readonly corrections: CorrectionsModel;
}

export interface CorrectionsModel {
  /** Corrections that make a request the spec accepted fail (or change what a client sends or reads). */
  readonly breaking: readonly string[];
  /** Every other correction: a rule widened, a shape or a description set right. */
  readonly fixed: readonly string[];
}

export const UNRELEASED = 'Unreleased';

const KEYS = new Set(['version', 'date', 'summary', 'breaking', 'added', 'fixed', 'corrections']);
const CORRECTION_KEYS = new Set(['breaking', 'fixed']);

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
    const items = (list: unknown, key: string): string[] => {
      if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) throw new Error(`${at}: ${key} is a list of text (empty when none)`);
      return list;
    };
    const corrections = record['corrections'] ?? { breaking: [], fixed: [] };
    if (typeof corrections !== 'object' || corrections === null || Array.isArray(corrections)) throw new Error(`${at}: corrections is an object {breaking, fixed}`);
    const unknownCorrections = Object.keys(corrections).filter((key) => !CORRECTION_KEYS.has(key));
    if (unknownCorrections.length > 0) throw new Error(`${at}: unknown keys corrections.${unknownCorrections.join(', corrections.')}`);
    const correctionList = (key: 'breaking' | 'fixed') => items((corrections as Record<string, unknown>)[key] ?? [], `corrections.${key}`);
    const corrected: CorrectionsModel = { breaking: correctionList('breaking'), fixed: correctionList('fixed') };
    return {
      version,
      date,
      ...(summary !== undefined ? { summary } : {}),
      breaking: [...items(record['breaking'], 'breaking'), ...corrected.breaking],
      added: items(record['added'], 'added'),
      fixed: items(record['fixed'], 'fixed'),
      corrections: corrected,
    };
  });
}

/** The platform's own breaking changes of a release (its `breaking` items without the corrections). */
export function platformBreaking(release: ReleaseModel): readonly string[] {
  return release.breaking.slice(0, release.breaking.length - release.corrections.breaking.length);
}

export const CORRECTIONS_HEADING = 'Corrections to this description';
const CORRECTIONS_INTRO = 'These correct how this interface description and its client described the platform; the platform itself did not change.';

/** The release history as a Keep-a-Changelog-style Markdown document. */
export function renderChangelog(title: string, releases: readonly ReleaseModel[]): string {
  const lines = [`# ${title}`, '', 'Changes to the merchant interface, newest first.'];
  for (const release of releases) {
    lines.push('', `## ${release.version}${release.date ? ` (${release.date})` : ''}`);
    if (release.summary) lines.push('', release.summary);
    const platform = platformBreaking(release);
    for (const [heading, items] of [['Breaking', platform], ['Added', release.added], ['Fixed', release.fixed]] as const) {
      if (items.length === 0) continue;
      lines.push('', `### ${heading}`, '', ...items.map((item) => `- ${item}`));
    }
    const { corrections } = release;
    if (corrections.breaking.length + corrections.fixed.length > 0) {
      lines.push('', `### ${CORRECTIONS_HEADING}`, '', CORRECTIONS_INTRO, '');
      lines.push(...corrections.breaking.map((item) => `- Breaking for clients: ${item}`), ...corrections.fixed.map((item) => `- ${item}`));
    }
    if (!release.summary && platform.length + release.added.length + release.fixed.length + corrections.breaking.length + corrections.fixed.length === 0) {
      lines.push('', 'No changes listed.');
    }
  }
  return `${lines.join('\n')}\n`;
}
