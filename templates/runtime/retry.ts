// Retry policy: which failed attempt is sent again, and after how long. Only a lookup marked
// idempotent, after a failure that may pass (a connection, a timeout, a 5xx), and any request
// that certainly never left. A payment is never sent twice: a timeout may have hidden a charge.
import { TransportError, type GatewayError } from './errors.js';
import type { ClientOptions } from './operation.js';

const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 200;

/** Attempts a call may make: one, and `options.retries` more (default 2). */
export function attemptsAllowed(options: ClientOptions): number {
  return 1 + Math.max(0, options.retries ?? DEFAULT_RETRIES);
}

/**
 * Whether the failure may be sent again. The caller's abort never is; nor an answer that arrived
 * but cannot be used ('response'): it would come back the same.
 */
export function retryable(error: GatewayError, idempotent: boolean): boolean {
  if (!(error instanceof TransportError) || error.failure === 'aborted' || error.failure === 'response') return false;
  return error.notSent || (idempotent && (error.failure !== 'http' || (error.status ?? 0) >= 500));
}

/** Delay before attempt n+1: retryDelayMs * 2^(n-1). */
export function retryDelay(options: ClientOptions, attempt: number): number {
  return (options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS) * 2 ** (attempt - 1);
}

/** Waits before a retry; an abort ends the wait early. The listener goes with the wait. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
