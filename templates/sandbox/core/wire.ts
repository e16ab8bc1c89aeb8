// Reading request bodies without ever trusting them, and writing the platform's answers. Every
// malformed body (wrong content type, broken percent-encoding, an oversized body, absurd nesting)
// becomes one clear error in the platform's shape; nothing a client sends can throw out of here.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Safety caps, not platform rules: the document gives no body size or nesting limit. */
export const LIMITS = {
  bodyBytes: 1024 * 1024,
  /** Bracket segments in one form key (`parameters[cart][items][0][name]` has 4). */
  formDepth: 32,
  /** Nesting of JSON objects and arrays. */
  jsonDepth: 64,
} as const;

/** A request the sandbox refuses before it reaches an operation: the field (or `body`) and why. */
export class BadRequest extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

export type BodyResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: BadRequest };

/** Reads the whole body as UTF-8, or stops keeping it once it passes the cap (the rest is drained). */
export function readBody(request: IncomingMessage): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LIMITS.bodyBytes) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    request.on('error', () =>
      resolve({ ok: false, error: new BadRequest('body', 'The request body could not be read.') }),
    );
    request.on('end', () => {
      if (tooLarge)
        resolve({
          ok: false,
          error: new BadRequest(
            'body',
            `The request body is larger than ${LIMITS.bodyBytes} bytes (a sandbox safety cap).`,
            413,
          ),
        });
      else resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/** The media type of a request, lower-case, without parameters (`charset`). */
export function mediaType(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

const OPEN_BRACKET = /\[|%5b/gi;

/**
 * Checks a form body before decoding it: every `%` escape well formed and valid UTF-8, and no key
 * nested deeper than the cap. The client's codec would read a broken escape leniently, as text;
 * the sandbox says so instead, so the merchant finds the encoding bug.
 */
export function checkFormBody(text: string): BadRequest | undefined {
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawKey = equals === -1 ? pair : pair.slice(0, equals);
    const depth = rawKey.match(OPEN_BRACKET)?.length ?? 0;
    if (depth > LIMITS.formDepth) {
      return new BadRequest(
        readableKey(rawKey),
        `The field name is nested ${depth} levels deep; the sandbox accepts at most ${LIMITS.formDepth} (a safety cap).`,
      );
    }
    if (!pair.includes('%')) continue;
    for (const part of equals === -1 ? [pair] : [rawKey, pair.slice(equals + 1)]) {
      try {
        decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        return new BadRequest(
          readableKey(rawKey),
          'Malformed percent-encoding: every % must start a valid UTF-8 escape such as %20 or %C3%A9.',
        );
      }
    }
  }
  return undefined;
}

/** A key for an error message: decoded where it can be, cut short, never a value. */
function readableKey(rawKey: string): string {
  let key: string;
  try {
    key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
  } catch {
    key = rawKey;
  }
  return key.length > 80 ? `${key.slice(0, 77)}...` : key;
}

/** Parses a JSON body that must be an object, refusing nesting deeper than the cap first. */
export function parseJsonObject(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: BadRequest } {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92) i++;
      else if (char === 34) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 || char === 91) {
      if (++depth > LIMITS.jsonDepth)
        return {
          ok: false,
          error: new BadRequest(
            'body',
            `The JSON body is nested more than ${LIMITS.jsonDepth} levels deep (a sandbox safety cap).`,
          ),
        };
    } else if (char === 125 || char === 93) depth--;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Where, never what: V8's message may quote the body, card data and all.
    const position = /at position (\d+)/.exec((error as Error).message)?.[1];
    return {
      ok: false,
      error: new BadRequest('body', `The body is not valid JSON${position ? ` (at character ${position})` : ''}.`),
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: new BadRequest('body', 'The JSON body must be an object.') };
  return { ok: true, value: value as Record<string, unknown> };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export function sendText(
  response: ServerResponse,
  status: number,
  contentType: string,
  text: string | Buffer,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** One `errors[]` entry: `<field>: <message>`. */
export interface FieldError {
  readonly field: string;
  readonly message: string;
}

// Codes go out as the catalogue writes them, strings of digits, as the client reads them.
const INVALID = 'Request data is invalid.';

/** S2S validation and hash errors (facts §2.4): code 100000, one entry per field. */
export function s2sInvalid(errors: readonly FieldError[]): unknown {
  return { result: 'ERROR', error_code: '100000', error_message: INVALID, errors: errors.map(entry) };
}

/** Checkout validation and hash errors (facts §3.2): code 0, one entry per field. */
export function checkoutInvalid(errors: readonly FieldError[]): unknown {
  return { error_code: '0', error_message: INVALID, errors: errors.map(entry) };
}

function entry(error: FieldError) {
  return { error_code: '100000', error_message: error.field ? `${error.field}: ${error.message}` : error.message };
}

/** An error of the catalogue with its gaps filled (code and text the document leaves out). */
export interface CataloguedError {
  readonly code: string;
  readonly message: string;
  readonly httpStatus: number;
}

/** A catalogued error in the document's shape (`http_code`, `error_code`, `error_message`); S2S adds `result`. */
export function catalogued(error: CataloguedError, protocol: 's2s' | 'checkout'): unknown {
  const body = { http_code: error.httpStatus, error_code: error.code, error_message: error.message };
  return protocol === 's2s' ? { result: 'ERROR', ...body } : body;
}
