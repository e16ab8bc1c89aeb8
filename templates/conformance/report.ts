// Scenario results and the three renderings of a run: Markdown for people (counts by family, then
// one row per scenario), JSON for tools, JUnit XML for CI dashboards. A failure carries the
// request, the answer and the difference.

export const FAMILIES = ['examples', 'errors', 'flows', 'signatures', 'callbacks', 'merchant'] as const;
export type Family = (typeof FAMILIES)[number];
export type Outcome = 'pass' | 'fail' | 'skip';

/** One HTTP exchange as the report shows it: card data masked, no password. */
export interface Exchange {
  readonly request: string;
  readonly status: number;
  readonly answer: string;
}

export interface ScenarioResult {
  readonly id: string;
  readonly family: Family;
  readonly title: string;
  readonly outcome: Outcome;
  /** What differs from the spec (fail), or why it did not run (skip). */
  readonly detail?: string;
  readonly exchange?: Exchange;
  readonly ms: number;
}

export interface Report {
  readonly suite: 'platform' | 'merchant';
  readonly specVersion: string;
  readonly target: string;
  readonly results: readonly ScenarioResult[];
  /** What the run could not judge, in words (sandbox controls missing, idempotence by answers only). */
  readonly notes: readonly string[];
}

export type ReportFormat = 'md' | 'json' | 'junit';

export function summary(report: Report): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { pass: 0, fail: 0, skip: 0 };
  for (const result of report.results) counts[result.outcome]++;
  return counts;
}

export function passed(report: Report): boolean {
  return summary(report).fail === 0;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const block = (text: string) => text.replace(/```/g, "'''");

export function renderReport(report: Report, format: ReportFormat): string {
  if (format === 'json') return JSON.stringify({ ...report, summary: summary(report) }, null, 2);
  if (format === 'junit') return junit(report);
  const counts = summary(report);
  const lines = [
    `# ${report.suite} conformance: ${report.target}`,
    '',
    `Spec ${report.specVersion}: ${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped.`,
    '',
    '| Family | Passed | Failed | Skipped |',
    '| --- | --- | --- | --- |',
    ...FAMILIES.flatMap((family) => {
      const of = report.results.filter((result) => result.family === family);
      const count = (outcome: Outcome) => of.filter((result) => result.outcome === outcome).length;
      return of.length === 0 ? [] : [`| ${family} | ${count('pass')} | ${count('fail')} | ${count('skip')} |`];
    }),
    '',
    '| Scenario | Family | Result | Detail |',
    '| --- | --- | --- | --- |',
    ...report.results.map(
      (result) =>
        `| ${cell(result.title)} | ${result.family} | ${result.outcome.toUpperCase()} | ${cell(result.detail ?? '')} |`,
    ),
  ];
  const failures = report.results.filter((result) => result.outcome === 'fail');
  if (failures.length > 0) lines.push('', '## Failures');
  for (const failure of failures) {
    lines.push('', `### ${failure.title}`, '', `Difference: ${failure.detail ?? ''}`);
    if (failure.exchange)
      lines.push(
        '',
        '```',
        `> ${block(failure.exchange.request)}`,
        `< ${failure.exchange.status} ${block(failure.exchange.answer)}`,
        '```',
      );
  }
  if (report.notes.length > 0) lines.push('', '## Not covered', '', ...report.notes.map((note) => `- ${note}`));
  return lines.join('\n') + '\n';
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function junit(report: Report): string {
  const counts = summary(report);
  const cases = report.results.map((result) => {
    const open = `  <testcase classname="${xml(`${report.suite}.${result.family}`)}" name="${xml(result.title)}" time="${(result.ms / 1000).toFixed(3)}"`;
    if (result.outcome === 'pass') return `${open}/>`;
    if (result.outcome === 'skip') return `${open}><skipped message="${xml(result.detail ?? '')}"/></testcase>`;
    const exchange = result.exchange
      ? `\n> ${result.exchange.request}\n< ${result.exchange.status} ${result.exchange.answer}`
      : '';
    return `${open}><failure message="${xml(result.detail ?? '')}">${xml(`${result.detail ?? ''}${exchange}`)}</failure></testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="${xml(`${report.suite} conformance`)}" tests="${report.results.length}" failures="${counts.fail}" skipped="${counts.skip}">`,
    ...cases,
    '</testsuite>',
    '',
  ].join('\n');
}
