// Card data never leaves the process in readable form: every error, log event and thrown object
// goes through these helpers. Which fields are sensitive comes from the spec (`x-sensitive`).
import { encodeFormComponent } from './form-component.js';

export type Sensitivity = 'pan' | 'secret';
export type SensitiveFields = Readonly<Record<string, Sensitivity>>;

export const REDACTED = '[redacted]';

/** A PAN as first 6 + last 4 digits; anything too short to mask safely is fully hidden. */
export function maskPan(pan: string): string {
  if (typeof pan !== 'string') return REDACTED;
  const digits = pan.replace(/\s+/g, '');
  if (digits.length < 13) return REDACTED;
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

function maskValue(sensitivity: Sensitivity, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value;
  return sensitivity === 'pan' && typeof value === 'string' ? maskPan(value) : REDACTED;
}

/** A deep copy with every sensitive field masked, for logs and error details. */
export function redact(value: unknown, fields: SensitiveFields): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item, fields));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const sensitivity = fields[key];
    copy[key] = sensitivity ? maskValue(sensitivity, child) : redact(child, fields);
  }
  return copy;
}

const PAN_LIKE = /(?<![0-9])[0-9](?:[ -]?[0-9]){11,18}(?![0-9])/g;

/** A caller's exception as text for one of the package's errors: its message, card numbers masked. */
export function describeError(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = 'an error that cannot be shown';
  }
  return scrubText(text);
}

/**
 * Secrets at least this long are replaced wherever they appear in free text, even inside a
 * longer word. A shorter one (a CVV, a PIN, a one-time code) is replaced where it stands as a
 * whole token (see shortSecretPattern): inside another value (`100` of `100.00`, of `ORDER-100`,
 * of `100000`) it is not the secret, and marking it would point a reader at the secret.
 */
export const LONG_SECRET_LENGTH = 8;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A token is a run of letters, digits, `_` and `*` (a masked PAN is one token); digits joined by
// `.` or `,` (an amount, `100.00`) and alphanumerics joined by `-` (`ORDER-100`, `2038-01-31`)
// are one token too. A URL-encoded separator (`%3D`, `%22`) ends a token, as the character it
// stands for would.
const ESCAPE = '%[0-9A-Fa-f]{2}';
const TOKEN_START = String.raw`(?<=^|${ESCAPE}|(?<!\p{N})[.,]|(?<![\p{L}\p{N}])-|[^\p{L}\p{N}_*.,\-])`;
const TOKEN_END = String.raw`(?=$|${ESCAPE}|[.,](?!\p{N})|-(?![\p{L}\p{N}])|[^\p{L}\p{N}_*.,\-])`;

/** The last pattern built: one call scrubs several texts with the same secrets. */
let lastPattern: { readonly key: string; readonly pattern: RegExp } | undefined;

/** The short secrets, each where it stands as a whole token. */
function shortSecretPattern(secrets: readonly string[]): RegExp | undefined {
  if (secrets.length === 0) return undefined;
  // Longest first: a secret that begins with another is matched whole.
  const values = [...secrets].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const key = values.join('|');
  if (lastPattern?.key !== key)
    lastPattern = { key, pattern: new RegExp(`${TOKEN_START}(?:${key})${TOKEN_END}`, 'gu') };
  return lastPattern.pattern;
}

/**
 * Removes card data from free text (a platform message, a network error): every long secret of
 * the request is replaced wherever it appears, every PAN-like digit run is masked, and every
 * short secret is replaced where it stands as a whole token (`cvv 100`, `card_cvv2=100`,
 * `"100"`, `(100)`, their URL-encoded forms), never inside another number or word.
 */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let scrubbed = typeof text === 'string' ? text : String(text);
  const short: string[] = [];
  for (const secret of secrets) {
    if (secret.length >= LONG_SECRET_LENGTH) scrubbed = scrubbed.split(secret).join(REDACTED);
    else if (secret !== '') short.push(secret);
  }
  scrubbed = scrubbed.replace(PAN_LIKE, (match) => maskPan(match.replace(/[ -]/g, '')));
  const pattern = shortSecretPattern(short);
  return pattern ? scrubbed.replace(pattern, REDACTED) : scrubbed;
}

/**
 * The sensitive values present in a request, so that free text can be scrubbed of them. A secret
 * that is JSON (a wallet token: `payment_token`, `parameters[paymentToken]`) also gives its long
 * string leaves, nested JSON included: a platform message may echo only a part of it
 * (`invalid token {"signature":"MEUCIQD…"}`).
 */
export function secretValues(value: unknown, fields: SensitiveFields, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => secretValues(item, fields, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (fields[key] && typeof child === 'string' && child !== '') {
        found.push(child);
        jsonLeaves(child, found, 0);
      } else secretValues(child, fields, found);
    }
  }
  return found;
}

/** Nesting depth at which a secret's JSON is no longer searched (a token nests two or three levels). */
const MAX_JSON_DEPTH = 8;

function jsonLeaves(text: string, found: string[], depth: number): void {
  const start = text.trimStart()[0];
  if (depth > MAX_JSON_DEPTH || (start !== '{' && start !== '[')) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return;
  }
  const walk = (node: unknown, level: number): void => {
    if (level > MAX_JSON_DEPTH) return;
    if (typeof node === 'string') {
      if (node.length >= LONG_SECRET_LENGTH) {
        found.push(node);
        jsonLeaves(node, found, depth + 1);
      }
    } else if (typeof node === 'object' && node !== null)
      for (const child of Object.values(node)) walk(child, level + 1);
  };
  walk(parsed, 0);
}

/**
 * Each secret as the package itself writes it: raw, form-encoded, JSON-escaped, and JSON-escaped
 * then form-encoded (a wallet token is JSON inside a form field). A platform that echoes the request body back in an error shows one of these.
 */
export function secretEncodings(secrets: readonly string[]): string[] {
  const found = new Set<string>();
  for (const secret of secrets) {
    const json = JSON.stringify(secret).slice(1, -1);
    for (const form of [secret, encodeFormComponent(secret), json, encodeFormComponent(json)]) found.add(form);
  }
  // Longest first, so a secret's encoded form is replaced whole before a raw secret inside it.
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * Where a short secret is hidden: `tokens` wherever it stands as a whole token (text built from
 * a gateway answer, which may echo it anywhere); `values` only where it is a whole field value
 * (the request as sent: its other fields are the merchant's own, and hiding a `100` inside
 * `Product 100` would tell a reader the CVV).
 */
export type ShortSecretScope = 'tokens' | 'values';

/**
 * For logs: sensitive fields masked by name, and every other value scrubbed of card data. A
 * number is read as its text (a gateway may echo a CVV or a PAN as a JSON number): when that
 * text holds card data, the value becomes the scrubbed text.
 */
export function sanitize(
  value: unknown,
  fields: SensitiveFields,
  secrets: readonly string[],
  scope: ShortSecretScope = 'tokens',
): unknown {
  const masked = redact(value, fields);
  const short = new Set(secrets.filter((secret) => secret !== '' && secret.length < LONG_SECRET_LENGTH));
  const inText = scope === 'tokens' ? secrets : secrets.filter((secret) => !short.has(secret));
  const scrubString = (text: string): string => (short.has(text) ? REDACTED : scrubText(text, inText));
  const scrub = (node: unknown): unknown => {
    if (typeof node === 'string') return scrubString(node);
    if (typeof node === 'number') {
      const text = String(node);
      const scrubbed = scrubString(text);
      return scrubbed === text ? node : scrubbed;
    }
    if (Array.isArray(node)) return node.map(scrub);
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, scrub(child)]));
    return node;
  };
  return scrub(masked);
}

/**
 * What a program shows of exchanges it made itself (a test report, a server's log), masked with
 * one list of sensitive fields: each body it is shown has its sensitive fields masked by name,
 * and the values those fields carried are remembered, so they are scrubbed wherever they appear
 * later (a platform that echoes a request back in its answer, an error message).
 */
export interface Redactor {
  /** The body as it may be shown; its sensitive values are remembered first. */
  body(value: unknown, scope?: ShortSecretScope): unknown;
  /** Free text, every remembered value (in each encoding the package writes) replaced and PANs masked. */
  text(text: string): string;
}

/** A redactor masking with `fields`, knowing `secrets` from the start (a password). */
export function createRedactor(fields: SensitiveFields, secrets: readonly string[] = []): Redactor {
  const known = new Set(secrets.filter((secret) => secret !== ''));
  let encodings: string[] | undefined;
  const all = () => (encodings ??= secretEncodings([...known]));
  return {
    body(value, scope = 'tokens') {
      for (const secret of secretValues(value, fields)) {
        if (!known.has(secret)) encodings = undefined;
        known.add(secret);
      }
      return sanitize(value, fields, all(), scope);
    },
    text: (text) => scrubText(text, all()),
  };
}
