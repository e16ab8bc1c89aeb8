// bench/RESULTS.md, one section per bench family. A full run takes most of an hour, so
// `--write --only=a,b` rewrites only the sections of the families it ran and keeps the others as
// they were: each section says when, on what machine and in which run its figures were measured.
// Figures are compared side by side within a family's own run, never across sections.
import { markdownTable, notesText, type Figure } from './harness.js';

const TITLE = '# Benchmark results';

const PREFACE = [
  TITLE,
  '',
  'Written by `npm run bench -- --write`; with `--only=<families>` it rewrites only those families\' sections.',
  '',
  'Each figure is ours against its baseline, measured in the same run: interleaved (A, B, then B, A, ...) after a warm-up, median of the rounds.',
  'The ratio is always ours / baseline; whether higher or lower is better is given per row.',
  '',
].join('\n');

export interface FamilyRun {
  readonly family: string;
  readonly figures: readonly Figure[];
  /** ISO time the family's run ended. */
  readonly writtenAt: string;
  readonly machine: string;
  readonly quick: boolean;
}

/** One family's section: heading, when and where it was measured, its table and its notes. */
export function familySection(run: FamilyRun): string {
  const notes = notesText(run.figures);
  return [
    `## ${run.family}`,
    '',
    `Measured on ${run.writtenAt}${run.quick ? ' with --quick (tiny iteration counts, not meaningful)' : ''}; machine: ${run.machine}.`,
    '',
    markdownTable(run.figures),
    '',
    ...(notes.length > 0 ? ['Notes:', '', ...notes.map((note) => `- ${note}`), ''] : []),
  ].join('\n');
}

/** The sections of an existing RESULTS.md by family name (text from its heading to the next one). */
export function familySections(text: string, families: readonly string[]): Map<string, string> {
  const sections = new Map<string, string>();
  const headings = [...text.matchAll(/^## (\S+)$/gm)];
  headings.forEach((heading, index) => {
    const name = heading[1]!;
    if (!families.includes(name)) return;
    const end = index + 1 < headings.length ? headings[index + 1]!.index : text.length;
    sections.set(name, `${text.slice(heading.index, end).trimEnd()}\n`);
  });
  return sections;
}

/**
 * RESULTS.md after a run: the families that ran get new sections, the others keep the sections
 * `previous` has; sections follow `families` (the bench's own order). A family never measured
 * has no section.
 */
export function resultsMarkdown(previous: string | undefined, runs: readonly FamilyRun[], families: readonly string[]): string {
  const sections = familySections(previous ?? '', families);
  for (const run of runs) sections.set(run.family, familySection(run));
  const ordered = families.flatMap((family) => (sections.has(family) ? [sections.get(family)!] : []));
  return [PREFACE, ...ordered].join('\n');
}
