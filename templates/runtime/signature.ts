// Computes request and callback signatures from the recipes the spec declares (`x-signature`).
// The generator turns each recipe into data; this is the one interpreter of that data, so no
// formula is written in code anywhere.
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A recipe expression: a field name, `$password`, a concatenation (array), or one operation
 * applied to an inner expression.
 */
export type SignatureExpression =
  | string
  | readonly SignatureExpression[]
  | { readonly upper: SignatureExpression }
  | { readonly reverse: SignatureExpression }
  | { readonly first6last4: SignatureExpression }
  | { readonly sortedValues: { readonly reverseEach: boolean; readonly exclude: readonly string[] } };

export interface SignatureCase {
  /** The case applies when this field is present (non-empty), or has exactly this value. */
  readonly when: string | { readonly field: string; readonly equals: string };
  readonly input: SignatureExpression;
}

export interface SignatureRecipe {
  /** Names the formula and says which source it follows. */
  readonly description: string;
  /** Digests applied in order, each over the previous lower-case hex text. */
  readonly digests: readonly ('md5' | 'sha1' | 'sha256')[];
  readonly input: SignatureExpression;
  readonly cases?: readonly SignatureCase[];
}

/** md5 is the default; an operator may switch a merchant to sha256 (it replaces every md5 step). */
export type SignatureAlgorithm = 'md5' | 'sha256';

export const PASSWORD_TOKEN = '$password';

/** Reads a field by wire name; dotted names (`order.amount`) walk nested JSON objects. */
function readField(fields: Readonly<Record<string, unknown>>, name: string): string {
  let value: unknown = fields[name];
  if (value === undefined && name.includes('.')) {
    value = name.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), fields);
  }
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? '' : String(value);
}

// The formulas are PHP string functions, which work on bytes: values are UTF-8 bytes throughout,
// so a non-ASCII value reverses and upper-cases exactly as the platform does it.

/** PHP strtoupper: only ASCII a-z change. */
function upperAscii(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  for (let i = 0; i < out.length; i++) if (out[i]! >= 0x61 && out[i]! <= 0x7a) out[i] = out[i]! - 0x20;
  return out;
}

/** PHP strrev: reverses bytes. */
function reverseBytes(bytes: Buffer): Buffer {
  return Buffer.from(bytes).reverse();
}

/** PHP substr(x, 0, 6) . substr(x, -4). */
function first6last4(bytes: Buffer): Buffer {
  return bytes.length <= 10 ? bytes : Buffer.concat([bytes.subarray(0, 6), bytes.subarray(bytes.length - 4)]);
}

/** Values of every field but the excluded ones, by key in byte order (PHP ksort), nested objects recursively. */
function sortedValues(node: unknown, reverseEach: boolean, exclude: ReadonlySet<string>, top: boolean): Buffer {
  if (node === undefined || node === null) return Buffer.alloc(0);
  if (typeof node !== 'object') {
    const bytes = Buffer.from(String(node), 'utf8');
    return reverseEach ? reverseBytes(bytes) : bytes;
  }
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => !(top && exclude.has(key)))
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Buffer.concat(keys.map((key) => sortedValues(record[key], reverseEach, exclude, false)));
}

function evaluate(expression: SignatureExpression, fields: Readonly<Record<string, unknown>>, password: string): Buffer {
  if (typeof expression === 'string') {
    return Buffer.from(expression === PASSWORD_TOKEN ? password : readField(fields, expression), 'utf8');
  }
  if (Array.isArray(expression)) return Buffer.concat(expression.map((part) => evaluate(part, fields, password)));
  const operation = expression as Exclude<SignatureExpression, string | readonly SignatureExpression[]>;
  if ('upper' in operation) return upperAscii(evaluate(operation.upper, fields, password));
  if ('reverse' in operation) return reverseBytes(evaluate(operation.reverse, fields, password));
  if ('first6last4' in operation) return first6last4(evaluate(operation.first6last4, fields, password));
  const { reverseEach, exclude } = operation.sortedValues;
  return sortedValues(fields, reverseEach, new Set(exclude), true);
}

/** The text the first digest runs over. Exposed for tests; it contains the password, never log it. */
export function signatureInput(recipe: SignatureRecipe, fields: Readonly<Record<string, unknown>>, password: string): Buffer {
  const chosen = recipe.cases?.find(({ when }) =>
    typeof when === 'string' ? readField(fields, when) !== '' : readField(fields, when.field) === when.equals,
  );
  return evaluate(chosen ? chosen.input : recipe.input, fields, password);
}

export function computeSignature(
  recipe: SignatureRecipe,
  fields: Readonly<Record<string, unknown>>,
  password: string,
  algorithm: SignatureAlgorithm = 'md5',
): string {
  let data: Buffer | string = signatureInput(recipe, fields, password);
  for (const digest of recipe.digests) {
    data = createHash(digest === 'md5' ? algorithm : digest).update(data).digest('hex');
  }
  return data.toString();
}

/** Constant-time comparison of a received signature with the expected one (case-insensitive hex). */
export function signaturesMatch(received: string, expected: string): boolean {
  const a = Buffer.from(received.toLowerCase(), 'utf8');
  const b = Buffer.from(expected.toLowerCase(), 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}
