// Card data never leaves the process in readable form: every error, log event and thrown object
// goes through these helpers. Which fields are sensitive comes from the spec (`x-sensitive`).
import { encodeFormComponent } from './form-codec.js';

export type Sensitivity = 'pan' | 'secret';
export type SensitiveFields = Readonly<Record<string, Sensitivity>>;

export const REDACTED = '[redacted]';

/** A PAN as first 6 + last 4 digits; anything too short to mask safely is fully hidden. */
export function maskPan(pan: string): string {
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

/**
 * Removes card data from free text (a platform message, a network error): every PAN-like digit
 * run is masked, and every secret value of the request is replaced wherever it appears.
 */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let scrubbed = text;
  for (const secret of secrets) {
    if (secret.length >= 3) scrubbed = scrubbed.split(secret).join(REDACTED);
  }
  return scrubbed.replace(PAN_LIKE, (match) => maskPan(match.replace(/[ -]/g, '')));
}

/** The sensitive values present in a request, so that free text can be scrubbed of them. */
export function secretValues(value: unknown, fields: SensitiveFields, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => secretValues(item, fields, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (fields[key] && typeof child === 'string' && child !== '') found.push(child);
      else secretValues(child, fields, found);
    }
  }
  return found;
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

/** For logs: sensitive fields masked by name, and every other string scrubbed of card data. */
export function sanitize(value: unknown, fields: SensitiveFields, secrets: readonly string[]): unknown {
  const masked = redact(value, fields);
  const scrub = (node: unknown): unknown => {
    if (typeof node === 'string') return scrubText(node, secrets);
    if (Array.isArray(node)) return node.map(scrub);
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, scrub(child)]));
    return node;
  };
  return scrub(masked);
}
