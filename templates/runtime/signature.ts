// Computes request and callback signatures from the recipes the spec declares (`x-signature`).
// The generator turns each recipe into data; this is the one interpreter of that data, so no
// formula is written in code anywhere.
import { createHash, timingSafeEqual } from 'node:crypto';
import { ConfigurationError } from './errors.js';
import { describeError } from './sensitive.js';
import { byteString, first6last4, reverseBytes, upperAscii } from './php-strings.js';
import { sortedValues } from './signature-sorted-values.js';

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
  readonly description?: string;
  /** Digests applied in order, each over the previous lower-case hex text. */
  readonly digests: readonly ('md5' | 'sha1' | 'sha256')[];
  readonly input: SignatureExpression;
  readonly cases?: readonly SignatureCase[];
  /** Other formulas a client may select by name (`vendor`), with the signing-only values each needs. */
  readonly variants?: Readonly<Record<string, SignatureVariant>>;
}

export interface SignatureVariant {
  readonly input: SignatureExpression;
  readonly cases?: readonly SignatureCase[];
  /** Values it covers that the request does not carry: required in `input.signing`. */
  readonly signing?: readonly string[];
}

/** The recipe with the named variant's formula, when it has one; the recipe itself otherwise. */
export function recipeVariant(recipe: SignatureRecipe, name: string | undefined): SignatureRecipe {
  const variant = name === undefined ? undefined : recipe.variants?.[name];
  return variant
    ? { digests: recipe.digests, input: variant.input, ...(variant.cases ? { cases: variant.cases } : {}) }
    : recipe;
}

/** md5 is the default; an operator may switch a merchant to sha256 (it replaces every md5 step). */
export type SignatureAlgorithm = 'md5' | 'sha256';

export const PASSWORD_TOKEN = '$password';

/** The value at a dotted name (`order.amount`) in nested objects, own properties only; undefined when absent. */
export function readPath(node: unknown, name: string): unknown {
  return name
    .split('.')
    .reduce<unknown>(
      (at, key) =>
        typeof at === 'object' && at !== null && Object.hasOwn(at, key)
          ? (at as Record<string, unknown>)[key]
          : undefined,
      node,
    );
}

/** Reads a field by wire name; dotted names (`order.amount`) walk nested JSON objects. */
export function readField(fields: Readonly<Record<string, unknown>>, name: string): string {
  let value: unknown = fields[name];
  if (value === undefined && name.includes('.')) value = readPath(fields, name);
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? '' : String(value);
}

/**
 * Evaluates `sortedValues` (every field's value in PHP ksort order): only callback formulas use
 * it, so a request's signer goes without it and a bundle that only sends requests leaves it out.
 */
type SortedValues = typeof sortedValues;

function evaluate(
  expression: SignatureExpression,
  fields: Readonly<Record<string, unknown>>,
  password: string,
  sorted: SortedValues | undefined,
): string {
  if (typeof expression === 'string')
    return byteString(expression === PASSWORD_TOKEN ? password : readField(fields, expression));
  if (Array.isArray(expression)) {
    let out = '';
    for (const part of expression as readonly SignatureExpression[]) out += evaluate(part, fields, password, sorted);
    return out;
  }
  const operation = expression as Exclude<SignatureExpression, string | readonly SignatureExpression[]>;
  if ('upper' in operation) return upperAscii(evaluate(operation.upper, fields, password, sorted));
  if ('reverse' in operation) return reverseBytes(evaluate(operation.reverse, fields, password, sorted));
  if ('first6last4' in operation) return first6last4(evaluate(operation.first6last4, fields, password, sorted));
  if (!sorted) throw new ConfigurationError('signature', 'a sortedValues formula signs callbacks, not requests');
  const { reverseEach, exclude } = operation.sortedValues;
  return sorted(fields, reverseEach, new Set(exclude), true);
}

/** The formula a recipe applies to these fields: the first case whose `when` holds, else its input. */
export function chosenInput(recipe: SignatureRecipe, fields: Readonly<Record<string, unknown>>): SignatureExpression {
  const chosen = recipe.cases?.find(({ when }) =>
    typeof when === 'string' ? readField(fields, when) !== '' : readField(fields, when.field) === when.equals,
  );
  return chosen ? chosen.input : recipe.input;
}

/** The bytes the first digest runs over, as a byte string (the docs show them in worked examples). They contain the password: never log them. */
export function signatureBytes(
  recipe: SignatureRecipe,
  fields: Readonly<Record<string, unknown>>,
  password: string,
): string {
  return evaluate(chosenInput(recipe, fields), fields, password, sortedValues);
}

export function computeSignature(
  recipe: SignatureRecipe,
  fields: Readonly<Record<string, unknown>>,
  password: string,
  algorithm: SignatureAlgorithm = 'md5',
): string {
  checkSignatureArguments(recipe, fields, password, algorithm);
  let data: string;
  try {
    data = signatureBytes(recipe, fields, password);
  } catch (error) {
    // A getter or Proxy among the fields that throws (the pipeline signs plain copies).
    throw new ConfigurationError('computeSignature', `the fields could not be read: ${describeError(error)}`);
  }
  return digestChain(recipe, data, algorithm);
}

/**
 * The signature of a request body the pipeline built (a plain copy, arguments known good): the
 * formulas requests use, without `sortedValues`, which only callbacks sign with (the model
 * refuses it in a request's recipe).
 */
export function requestSignature(
  recipe: SignatureRecipe,
  fields: Readonly<Record<string, unknown>>,
  password: string,
  algorithm: SignatureAlgorithm,
): string {
  return digestChain(recipe, evaluate(chosenInput(recipe, fields), fields, password, undefined), algorithm);
}

/** Each digest after the first runs over the previous one's hex text, which is ASCII. */
function digestChain(recipe: SignatureRecipe, bytes: string, algorithm: SignatureAlgorithm): string {
  let data = bytes;
  for (const digest of recipe.digests) {
    data = createHash(digest === 'md5' ? algorithm : digest)
      .update(data, 'latin1')
      .digest('hex');
  }
  return data;
}

/** A ConfigurationError for arguments that cannot be a signature's (a TypeError deep inside otherwise). */
function checkSignatureArguments(recipe: unknown, fields: unknown, password: unknown, algorithm: unknown): void {
  const where = 'computeSignature';
  const digests = (recipe as { digests?: unknown } | null)?.digests;
  if (typeof recipe !== 'object' || recipe === null || !Array.isArray(digests) || !('input' in recipe))
    throw new ConfigurationError(where, 'recipe must be a signature recipe (the generated *_SIGNATURE constants)');
  if (typeof fields !== 'object' || fields === null)
    throw new ConfigurationError(where, 'fields must be an object of the signed fields');
  if (typeof password !== 'string') throw new ConfigurationError(where, 'password must be a string');
  if (algorithm !== 'md5' && algorithm !== 'sha256')
    throw new ConfigurationError(where, "algorithm must be 'md5' or 'sha256'");
}

/** Constant-time comparison of a received signature with the expected one (case-insensitive hex). */
export function signaturesMatch(received: string, expected: string): boolean {
  if (typeof received !== 'string' || typeof expected !== 'string') return false;
  const a = Buffer.from(received.toLowerCase(), 'utf8');
  const b = Buffer.from(expected.toLowerCase(), 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}
