// Response: what openapi-fetch handed back, classified. The platform's error answer is a
// PlatformError (its text scrubbed of the request's secrets, which a platform may echo back), an
// unexpected status or a body of the wrong shape a TransportError, anything else the answer.
import { PlatformError, TransportError, type WireErrorEntry } from './errors.js';
import type { FetchOutcome } from './operation.js';

/**
 * The answer of `operation`: a JSON object, or with `wantsArray` (Checkout status with `size`)
 * a JSON array of objects. Throws a PlatformError or a TransportError.
 */
export function readAnswer<Answer>(
  operation: string,
  outcome: FetchOutcome,
  wantsArray: boolean,
  scrub: (text: string) => string,
): Answer {
  const { response } = outcome;
  const parsed = response.ok ? outcome.data : outcome.error;
  // openapi-fetch hands over an error body that is not JSON as its text.
  if (typeof parsed === 'string')
    throw new TransportError(
      operation,
      'http',
      `${operation}: HTTP ${response.status} with a body that is not JSON`,
      response.status,
    );
  const record = isRecord(parsed) ? parsed : undefined;
  if (record && (record['result'] === 'ERROR' || (!response.ok && typeof record['error_message'] === 'string'))) {
    throw new PlatformError(operation, {
      http_code: typeof record['http_code'] === 'number' ? record['http_code'] : response.status,
      error_code: record['error_code'],
      error_message: scrub(String(record['error_message'] ?? 'Unknown error')),
      errors: Array.isArray(record['errors']) ? record['errors'].map((entry) => scrubEntry(entry, scrub)) : [],
    });
  }
  if (!response.ok)
    throw new TransportError(operation, 'http', `${operation}: unexpected HTTP ${response.status}`, response.status);
  if (wantsArray ? !(Array.isArray(parsed) && parsed.every(isRecord)) : !record)
    throw new TransportError(
      operation,
      'response',
      `${operation}: the response is not ${wantsArray ? 'a JSON array of objects' : 'a JSON object'}`,
      response.status,
    );
  return parsed as Answer;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scrubEntry(entry: unknown, scrub: (text: string) => string): WireErrorEntry {
  const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  return { error_code: record['error_code'], error_message: scrub(String(record['error_message'] ?? '')) };
}
