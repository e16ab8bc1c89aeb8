// An error catalogue (`x-errors`, read by generators/model/error-catalogue.ts) as a table.
import type { ErrorCaseModel } from '../../model/error-catalogue.js';
import { UNRELEASED } from '../../model/releases.js';
import { cell, code, table } from './markdown.js';

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
