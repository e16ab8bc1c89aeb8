// An error catalogue (`x-errors`, read by generators/model/error-catalogue.ts) as a table.
import type { ErrorCaseModel } from '../../model/error-catalogue.js';
import { cell, code, table } from './markdown.js';

export function errorsTable(errors: readonly ErrorCaseModel[]): string {
  return table(
    ['Code', 'Message', 'When', 'Field'],
    errors.map((error) => [
      error.code ? code(error.code) : 'not shown',
      error.message ? code(error.message) : 'not shown',
      cell(error.when) + (error.httpStatus ? ` (HTTP ${error.httpStatus})` : '') + (error.since ? ` *(since ${error.since})*` : ''),
      error.field ? code(error.field) : '',
    ]),
  );
}
