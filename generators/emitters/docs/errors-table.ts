// An error catalogue (`x-errors`, read by generators/model/error-catalogue.ts) as a table, and
// the spec's warnings (`x-warning`, read by generators/model/warnings.ts).
import type { ErrorCaseModel } from '../../model/error-catalogue.js';
import { UNRELEASED } from '../../model/releases.js';
import type { WarningSite } from '../../model/warnings.js';
import { cell, code, table } from './markdown.js';
import { checkWords } from './fields-table.js';

/**
 * A release as the published site names it: a version, or for the interface's `Unreleased` entry
 * (a change the platform has announced but not released) the words a reader understands.
 */
export const releaseName = (version: string) => (version === UNRELEASED ? 'the next interface release, not yet released' : version);

export function errorsTable(errors: readonly ErrorCaseModel[]): string {
  return table(
    ['Code', 'Message', 'When', 'Field'],
    errors.map((error) => [
      error.code ? code(error.code) : 'not shown',
      error.message ? code(error.message) : 'not shown',
      cell(error.when) + (error.httpStatus ? ` (HTTP ${error.httpStatus})` : '') + (error.since ? ` *(${error.since === UNRELEASED ? 'new in' : 'since'} ${releaseName(error.since)})*` : ''),
      error.field ? code(error.field) : '',
    ]),
  );
}

/** The warnings: where, the fields each concerns, the check, and the message a failing value gets. */
export function warningsTable(warnings: readonly WarningSite[]): string {
  return table(
    ['Where', 'Fields', 'Check', 'Message'],
    warnings.map((warning) => [cell(warning.title), warning.fields.map(code).join(', '), cell(checkWords(warning.checks)), cell(warning.message)]),
  );
}
