// Reads an `x-errors` catalogue from the spec and checks its shape, so the docs, the sandbox and
// the client's typed errors all read the same checked list (a typo fails generation).
/** One error an operation can return, in the shape the client package exports to the sandbox and the kit (`ErrorCase`). */
export interface ErrorCaseModel {
  readonly code?: string;
  readonly message?: string;
  /** Reader text: when the platform answers this. */
  readonly when: string;
  /** The wire field the condition is about. */
  readonly field?: string;
  readonly httpStatus?: number;
  /** The release that introduced the case. */
  readonly since?: string;
}

const KEYS = new Set(['code', 'message', 'when', 'field', 'httpStatus', 'x-since']);

export function errorCatalogue(value: unknown, where: string): readonly ErrorCaseModel[] {
  if (!Array.isArray(value)) throw new Error(`${where}: x-errors must be a list (an empty list where the document shows none)`);
  return value.map((entry: unknown, index): ErrorCaseModel => {
    const at = `${where} x-errors[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${at}: an error case is an object`);
    const record = entry as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !KEYS.has(key));
    if (unknown.length > 0) throw new Error(`${at}: unknown keys ${unknown.join(', ')}`);
    const { code, message, when, field, httpStatus } = record;
    const since = record['x-since'];
    if (code !== undefined && (typeof code !== 'string' || !/^[0-9]+$/.test(code))) throw new Error(`${at}: code is a string of digits`);
    if (message !== undefined && typeof message !== 'string') throw new Error(`${at}: message is a string`);
    if (typeof when !== 'string' || when.trim() === '') throw new Error(`${at}: when (reader text) is required`);
    if (field !== undefined && typeof field !== 'string') throw new Error(`${at}: field is a string`);
    if (httpStatus !== undefined && (!Number.isInteger(httpStatus) || (httpStatus as number) < 400 || (httpStatus as number) > 599)) {
      throw new Error(`${at}: httpStatus is an HTTP error status`);
    }
    if (since !== undefined && typeof since !== 'string') throw new Error(`${at}: x-since is a version string`);
    return {
      ...(code !== undefined ? { code } : {}),
      ...(message !== undefined ? { message } : {}),
      when: when.replace(/\s+/g, ' ').trim(),
      ...(field !== undefined ? { field } : {}),
      ...(httpStatus !== undefined ? { httpStatus: httpStatus as number } : {}),
      ...(since !== undefined ? { since } : {}),
    };
  });
}
