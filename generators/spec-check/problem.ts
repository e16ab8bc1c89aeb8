// A problem the spec check found: where (a spec file, line and column), which check, what, and
// the fix it suggests. Problems come in stages, and only the first stage with an error is
// reported: a file that does not parse makes every reference into it fail, and a schema that is
// not JSON Schema makes the conventions and the examples fail after it. Those consequences would
// bury the one real mistake, so they wait until it is fixed.

/** The stages, in the order a mistake in one makes the later ones unreliable. */
export const STAGES = ['parse', 'references', 'structure', 'conventions', 'examples'] as const;
export type Stage = (typeof STAGES)[number];

export interface SpecProblem {
  readonly stage: Stage;
  /** Path relative to the project root (`spec/s2s/actions/sale.yaml`). */
  readonly file: string;
  /** 1-based; 0 when the problem has no line (a whole file). */
  readonly line: number;
  readonly col: number;
  /** The check: a Redocly rule id, `spec-check/...` or `conventions/...`. */
  readonly rule: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

/** `spec/s2s/actions/sale.yaml:80:7: error: <message> [rule]` */
export function formatProblem(problem: SpecProblem): string {
  const where = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.col}` : problem.file;
  return `${where}: ${problem.severity}: ${problem.message} [${problem.rule}]`;
}

/**
 * What to report: each problem once, the errors of the first stage that has any (with the
 * warnings of that stage and the ones before it), in file and line order.
 */
export function reportable(problems: readonly SpecProblem[]): SpecProblem[] {
  const first = STAGES.findIndex((stage) => problems.some((problem) => problem.stage === stage && problem.severity === 'error'));
  const last = first < 0 ? STAGES.length - 1 : first;
  const unique = new Map<string, SpecProblem>();
  for (const problem of problems) {
    if (STAGES.indexOf(problem.stage) > last) continue;
    const key = `${problem.file}:${problem.line}:${problem.col}:${problem.message}`;
    if (!unique.has(key)) unique.set(key, problem);
  }
  return [...unique.values()].sort(
    (a, b) => severityRank(a) - severityRank(b) || a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message),
  );
}

const severityRank = (problem: SpecProblem) => (problem.severity === 'error' ? 0 : 1);

export const hasErrors = (problems: readonly SpecProblem[]) => problems.some((problem) => problem.severity === 'error');

/** Each problem on a line of its own (errors first), then a line on what the errors stopped. */
export function reportProblems(problems: readonly SpecProblem[], milliseconds: number, stopped: string): string[] {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const lines = problems.map(formatProblem);
  if (errors > 0) lines.push(`The spec check found ${errors} error${errors === 1 ? '' : 's'} in ${Math.round(milliseconds)} ms; ${stopped}.`);
  return lines;
}
