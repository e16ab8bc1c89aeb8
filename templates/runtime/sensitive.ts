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
 * Secrets at least this long are replaced wherever they appear in free text. A shorter one (a
 * CVV, a PIN, a one-time code) would also match inside unrelated values (`100` in `100.00`,
 * `ORDER-100`), and the redaction marks would then point a reader at it: it is replaced only
 * where it stands as a whole field value.
 */
export const LONG_SECRET_LENGTH = 8;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A field value in text: after a key (`card_cvv2`, `parameters[pin]`, `"otp"`) and `=` or `:`,
 * raw or URL-encoded, optionally quoted; the value must end there (`100` of `100.00` is not one).
 */
function fieldValuePattern(secrets: readonly string[]): RegExp | undefined {
  if (secrets.length === 0) return undefined;
  const key = String.raw`(?:[A-Za-z0-9_\]]|%5D|%5d)(?:["']|%22|%27)?`;
  const separator = String.raw`[ \t]*(?:=|:|%3D|%3d|%3A|%3a)[ \t]*(?:["']|%22|%27)?`;
  const values = secrets.map(escapeRegExp).join('|');
  return new RegExp(`(${key}${separator})(?:${values})(?![A-Za-z0-9._~+-])`, 'g');
}

/**
 * Removes card data from free text (a platform message, a network error): every PAN-like digit
 * run is masked, every long secret of the request is replaced wherever it appears, and a short
 * one where it is a field's value (`card_cvv2=100`, `"card_cvv2":"100"`, their encoded forms).
 */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let scrubbed = typeof text === 'string' ? text : String(text);
  const short: string[] = [];
  for (const secret of secrets) {
    if (secret.length >= LONG_SECRET_LENGTH) scrubbed = scrubbed.split(secret).join(REDACTED);
    else if (secret !== '') short.push(secret);
  }
  const field = fieldValuePattern(short);
  if (field) scrubbed = scrubbed.replace(field, (_match, context: string) => `${context}${REDACTED}`);
  return scrubbed.replace(PAN_LIKE, (match) => maskPan(match.replace(/[ -]/g, '')));
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
 * For logs: sensitive fields masked by name, and every other string scrubbed of card data. A
 * string that is exactly a short secret is a field value (its key is the context): hidden too.
 */
export function sanitize(value: unknown, fields: SensitiveFields, secrets: readonly string[]): unknown {
  const masked = redact(value, fields);
  const shortSecrets = new Set(secrets.filter((secret) => secret !== '' && secret.length < LONG_SECRET_LENGTH));
  const scrub = (node: unknown): unknown => {
    if (typeof node === 'string') return shortSecrets.has(node) ? REDACTED : scrubText(node, secrets);
    if (Array.isArray(node)) return node.map(scrub);
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, scrub(child)]));
    return node;
  };
  return scrub(masked);
}
