// The retry policy on its own, against the rule ClientOptions.retries documents: extra attempts
// for idempotent lookups and for requests that never left. A payment that may have reached the
// platform is never sent again; nor an answer that arrived and would come back the same.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, PlatformError, RequestValidationError, TransportError, type GatewayError } from '../../generated/client/src/index.js';
import { attemptsAllowed, retryable, retryDelay } from '../../generated/client/src/runtime/retry.js';

const transport = (failure: TransportError['failure'], status?: number, notSent = false) => new TransportError('OP', failure, 'x', status, notSent);

describe('retryable', () => {
  const cases: { given: string; error: GatewayError; lookup: boolean; payment: boolean }[] = [
    { given: 'a refused connection (never left)', error: transport('connection', undefined, true), lookup: true, payment: true },
    { given: 'a connection reset (may have arrived)', error: transport('connection'), lookup: true, payment: false },
    { given: 'a timeout', error: transport('timeout'), lookup: true, payment: false },
    { given: 'an HTTP 503', error: transport('http', 503), lookup: true, payment: false },
    { given: 'an HTTP 404', error: transport('http', 404), lookup: false, payment: false },
    { given: "the caller's abort", error: transport('aborted'), lookup: false, payment: false },
    { given: 'an answer that cannot be used', error: transport('response', 200), lookup: false, payment: false },
    { given: 'a platform error', error: new PlatformError('OP', { http_code: 400, error_code: 100000, error_message: 'x', errors: [] }), lookup: false, payment: false },
    { given: 'a validation error', error: new RequestValidationError('OP', []), lookup: false, payment: false },
    { given: 'a configuration error', error: new ConfigurationError('OP', 'x'), lookup: false, payment: false },
  ];
  it.each(cases)('$given: lookup $lookup, payment $payment', ({ error, lookup, payment }) => {
    expect({ lookup: retryable(error, true), payment: retryable(error, false) }).toEqual({ lookup, payment });
  });
});

describe('attempts and delays', () => {
  const options = { baseUrl: 'https://gateway.example', merchantKey: 'k', password: 'p' };
  it.each([
    { given: 'the default', retries: undefined, want: 3 },
    { given: 'no retries', retries: 0, want: 1 },
    { given: 'five', retries: 5, want: 6 },
  ])('$given: $want attempts', ({ retries, want }) => {
    expect(attemptsAllowed(retries === undefined ? options : { ...options, retries })).toBe(want);
  });
  it('doubles the delay from retryDelayMs (default 200 ms)', () => {
    expect([1, 2, 3].map((attempt) => retryDelay(options, attempt))).toEqual([200, 400, 800]);
    expect(retryDelay({ ...options, retryDelayMs: 10 }, 3)).toBe(40);
  });
});
