// The client's typed errors. None of them holds the request: only wire paths, rules, codes and
// scrubbed text, so `JSON.stringify(error)` or a logged stack cannot carry card data.
import type { ValidationIssue } from './validation.js';

export type GatewayErrorKind = 'validation' | 'platform' | 'transport' | 'signature' | 'configuration' | 'form';

export abstract class GatewayError extends Error {
  abstract readonly kind: GatewayErrorKind;
  /** `SALE` on S2S, the operationId on Checkout, or `callback`. */
  readonly operation: string;
  constructor(operation: string, message: string) {
    super(message);
    this.operation = operation;
  }
  toJSON(): Record<string, unknown> {
    return { ...(this as object), name: this.name, kind: this.kind, message: this.message };
  }
}

/** The request broke rules of the spec; nothing was sent. */
export class RequestValidationError extends GatewayError {
  override readonly name = 'RequestValidationError';
  readonly kind = 'validation' as const;
  constructor(
    operation: string,
    readonly issues: readonly ValidationIssue[],
  ) {
    super(operation, `${operation} request is invalid: ${listIssues(issues)}`);
  }
}

/** Issues as one line of text: `path: message; ...` (no values, so no card data). */
export function listIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path || '(body)'}: ${issue.message}`).join('; ');
}

/**
 * An error code as the catalogue writes it: a string of digits (`'100000'`). The platform sends
 * some as numbers (`100000`) and some as strings (`"101000"`); a merchant compares one type.
 */
export type PlatformErrorCode = string;

/** The wire's `error_code` (a number or a string) as the catalogue's string; undefined when absent or not a code. */
export function errorCodeOf(value: unknown): PlatformErrorCode | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An `errors[]` entry as the wire sent it, its code a number or a string. */
export interface WireErrorEntry {
  readonly error_code?: unknown;
  readonly error_message: string;
}

export interface PlatformErrorEntry {
  readonly error_code?: PlatformErrorCode;
  readonly error_message: string;
}

/** The platform answered with an error (`result=ERROR`, or a Checkout error body). */
export class PlatformError extends GatewayError {
  override readonly name = 'PlatformError';
  readonly kind = 'platform' as const;
  readonly http_code: number;
  /** The catalogue's code, always a string of digits as the spec's error catalogue writes it. */
  readonly error_code: PlatformErrorCode | undefined;
  readonly error_message: string;
  readonly errors: readonly PlatformErrorEntry[];
  constructor(
    operation: string,
    details: {
      http_code: number;
      /** As the wire sent it (a number or a string): normalised to the catalogue's string. */
      error_code?: unknown;
      error_message: string;
      errors?: readonly WireErrorEntry[];
    },
  ) {
    const code = errorCodeOf(details.error_code);
    const entries = (details.errors ?? []).map(({ error_code, error_message }): PlatformErrorEntry => {
      const entryCode = errorCodeOf(error_code);
      return entryCode === undefined ? { error_message } : { error_code: entryCode, error_message };
    });
    super(
      operation,
      `${operation} failed (HTTP ${details.http_code}${code !== undefined ? `, code ${code}` : ''}): ${details.error_message}${
        entries.length > 0 ? ` [${entries.map((entry) => entry.error_message).join('; ')}]` : ''
      }`,
    );
    this.http_code = details.http_code;
    this.error_code = code;
    this.error_message = details.error_message;
    this.errors = entries;
  }
}

export type TransportFailure = 'timeout' | 'aborted' | 'connection' | 'http' | 'response';

/** Nothing usable came back: a timeout, a refused connection, an unexpected status or body. */
export class TransportError extends GatewayError {
  override readonly name = 'TransportError';
  readonly kind = 'transport' as const;
  constructor(
    operation: string,
    readonly failure: TransportFailure,
    message: string,
    /** HTTP status, when a response arrived. */
    readonly status?: number,
    /** True when the request certainly never reached the platform (safe to send again). */
    readonly notSent: boolean = false,
  ) {
    super(operation, message);
  }
}

/** A callback or redirect whose signature is missing or wrong, or whose body cannot be read. */
export class SignatureError extends GatewayError {
  override readonly name = 'SignatureError';
  readonly kind = 'signature' as const;
}

/** The client or a callback parser was set up wrongly (options, password, base URL); nothing was sent. */
export class ConfigurationError extends GatewayError {
  override readonly name = 'ConfigurationError';
  readonly kind = 'configuration' as const;
}

/** A value that bracket notation cannot carry, or a form body beyond the codec's safety caps. */
export class FormCodecError extends GatewayError {
  override readonly name = 'FormCodecError';
  readonly kind = 'form' as const;
  constructor(message: string) {
    super('form codec', message);
  }
}

/**
 * One entry of an operation's error catalogue (the spec's `x-errors`): what the platform answers,
 * and when. The document leaves some codes and texts out. The sandbox and the conformance kit
 * read the catalogue in this shape.
 */
export interface ErrorCase {
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
