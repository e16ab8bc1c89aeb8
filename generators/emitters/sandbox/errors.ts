// The error catalogue of an operation, read from the spec's `x-errors` (on the request schema,
// keyed by protocol where the schema covers both; the generic list on `info`).
import type { SpecModel } from '../../model/spec-model.js';

export interface ErrorCaseData {
  readonly code?: string;
  readonly message?: string;
  readonly when: string;
  readonly field?: string;
  readonly httpStatus?: number;
}

export function errorCases(model: SpecModel, schemaName: string | undefined, protocol: string | undefined): ErrorCaseData[] {
  const raw = schemaName === undefined ? (model.document.info as { 'x-errors'?: unknown })['x-errors'] : model.schema(schemaName)['x-errors'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'object' && raw !== null && protocol ? (raw as Record<string, unknown>)[protocol] : undefined;
  if (!Array.isArray(list)) return [];
  return list.map((entry: Record<string, unknown>) => ({
    ...(entry['code'] !== undefined ? { code: String(entry['code']) } : {}),
    ...(typeof entry['message'] === 'string' ? { message: entry['message'] } : {}),
    when: String(entry['when'] ?? '').replace(/\s+/g, ' ').trim(),
    ...(typeof entry['field'] === 'string' ? { field: entry['field'] } : {}),
    ...(typeof entry['httpStatus'] === 'number' ? { httpStatus: entry['httpStatus'] } : {}),
  }));
}
