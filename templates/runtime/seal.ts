// Seal: the body of a call as it goes on the wire, a pure step. The caller's fields after action
// and merchant key, validated (with the hash slot reserved), method labels replaced by their
// real values, signed, and encoded (form or JSON). It is the call's openapi-fetch
// `bodySerializer`: the Request openapi-fetch builds, which merchant middleware sees, carries
// the sealed bytes. Once per call: every attempt sends the same bytes.
import { RequestValidationError } from './errors.js';
import { signatureAlgorithmOf } from './configuration.js';
import { encodeForm, type FormObject } from './form-codec.js';
import type { ClientOptions, OperationDefinition, Validator } from './operation.js';
import { LOCAL_FIELDS } from './request-input.js';
import { recipeVariant, requestSignature, type SignatureAlgorithm, type SignatureRecipe } from './signature.js';
import type { ValidationIssue } from './validation.js';

export type SigningValues = Readonly<Record<string, string | undefined>>;

/**
 * Thrown by a seal whose body reached a validator piece not loaded yet (connector `parameters`,
 * a wallet token): nothing was built or sent. The caller awaits `load` and seals again
 * (validation is pure).
 */
export class SealPending {
  constructor(readonly load: Promise<unknown>) {}
}

export interface Seal {
  /**
   * Validates, labels, signs and encodes the body (the labelled body `open` made): once, then the
   * same string. Throws a RequestValidationError, or a SealPending.
   */
  readonly encode: (labelled: Record<string, unknown>) => string;
  /** The signed body once sealed (for the log); before that, undefined. */
  readonly signed: () => Readonly<Record<string, unknown>> | undefined;
}

/**
 * The seal of one call. `validate` is the request's validator (absent with `validateRequests:
 * false`), `signing` the values the signature covers that the body does not carry.
 */
export function sealOf(
  definition: OperationDefinition,
  options: ClientOptions,
  algorithm: SignatureAlgorithm,
  validate: Validator | undefined,
  signing: SigningValues | undefined,
  /** Receives the validation's warnings (checks the spec marks `x-warning`): the body is sealed all the same. */
  warn?: (warnings: readonly ValidationIssue[]) => void,
): Seal {
  let signed: Record<string, unknown> | undefined;
  let encoded: string | undefined;
  const encode = (labelled: Record<string, unknown>): string => {
    if (encoded !== undefined) return encoded;
    const validation = validate?.(labelled, definition.bodyStyle);
    if (validation && !validation.ok) {
      if (validation.pending) throw new SealPending(validation.pending);
      throw new RequestValidationError(definition.name, validation.issues);
    }
    if (validation?.warnings) warn?.(validation.warnings);
    // Signed in place: `labelled` is the call's own copy of the input, its hash slot reserved.
    const wire = toWire(definition, options, labelled);
    signed = sign(definition, options.password, algorithm, wire, signing, options.cardStatusSignature);
    return (encoded = definition.bodyStyle === 'form' ? encodeForm(signed as FormObject) : JSON.stringify(signed));
  };
  return { encode, signed: () => signed };
}

/**
 * The body as the validator sees it: head and caller's fields, without those that never go on
 * the wire, and the hash slot reserved (a digest-shaped placeholder), labels not yet replaced.
 */
export function labelledBody(
  definition: OperationDefinition,
  algorithm: SignatureAlgorithm,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const body = unsignedBody(fields);
  if (definition.signature) body['hash'] = '0'.repeat(digestLength(definition.signature, algorithm));
  return body;
}

/**
 * The body exactly as it is sent: the caller's fields plus action and merchant key, method
 * labels replaced by the deployment's values, and the signature. `input.signing` (values of the
 * original payment the signature covers) is hashed and left out of the body. Not validated.
 */
export function buildRequest(
  definition: OperationDefinition,
  options: ClientOptions,
  input: object,
): Record<string, unknown> {
  const body = toWire(definition, options, unsignedBody(withHead(definition, options)(input)));
  return sign(
    definition,
    options.password,
    signatureAlgorithmOf('client options', options.signatureAlgorithm),
    body,
    (input as { signing?: SigningValues }).signing,
    options.cardStatusSignature,
  );
}

/**
 * Copies the caller's fields after those that open every body, in wire order: action and
 * merchant key (the caller's own values win). Object literals, so V8 builds each body with fast
 * properties in one step: grown key by key, it would become a slow dictionary for the
 * validator, the signer and the encoder.
 */
export function withHead(
  definition: OperationDefinition,
  options: ClientOptions,
): (fields: object) => Record<string, unknown> {
  const { action, keyField } = definition;
  const key = options.merchantKey;
  if (keyField === undefined)
    return action === undefined ? (fields) => ({ ...fields }) : (fields) => ({ action, ...fields });
  return action === undefined
    ? (fields) => ({ [keyField]: key, ...fields })
    : (fields) => ({ action, [keyField]: key, ...fields });
}

function hasLocalFields(fields: object): boolean {
  for (const name of LOCAL_FIELDS) if (Object.hasOwn(fields, name)) return true;
  return false;
}

/**
 * The body before signing: the head and the caller's fields (`fields`, opened by `withHead`)
 * without those that never go on the wire (LOCAL_FIELDS). Usually that is `fields` itself, with
 * no copy and no delete (which would make it a slow dictionary object).
 */
function unsignedBody(fields: Record<string, unknown>): Record<string, unknown> {
  if (!hasLocalFields(fields)) return fields;
  const { signing, headers, hash, ...body } = fields;
  return body;
}

/** The hex length of a recipe's last digest: what the `hash` slot holds while the body is validated. */
function digestLength(recipe: SignatureRecipe, algorithm: SignatureAlgorithm): number {
  const last = recipe.digests[recipe.digests.length - 1];
  return last === 'sha1' ? 40 : last === 'sha256' || algorithm === 'sha256' ? 64 : 32;
}

/** Adds `hash` to a body (in place: the body is the seal's own copy). */
function sign(
  definition: OperationDefinition,
  password: string,
  algorithm: SignatureAlgorithm,
  body: Record<string, unknown>,
  signing: SigningValues | undefined,
  variant?: string,
): Record<string, unknown> {
  if (!definition.signature) return body;
  body['hash'] = requestSignature(
    recipeVariant(definition.signature, variant),
    signing === undefined ? body : { ...signing, ...body },
    password,
    algorithm,
  );
  return body;
}

/**
 * The body as it travels: each neutral method label (`brand`, the items of `methods`, the keys
 * of a method-keyed object such as Checkout `parameters`) replaced by the deployment's value.
 */
function toWire(
  definition: OperationDefinition,
  options: ClientOptions,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const brandValues = options.brandValues;
  if (brandValues === undefined) return body;
  const real = (label: unknown) =>
    typeof label === 'string' && Object.hasOwn(brandValues, label) ? brandValues[label]! : label;
  const wire = { ...body };
  if (typeof wire['brand'] === 'string') wire['brand'] = real(wire['brand']);
  if (Array.isArray(wire['methods'])) wire['methods'] = wire['methods'].map(real);
  for (const field of definition.methodKeyed ?? []) {
    const keyed = wire[field];
    if (typeof keyed === 'object' && keyed !== null && !Array.isArray(keyed))
      wire[field] = Object.fromEntries(Object.entries(keyed).map(([label, value]) => [real(label), value]));
  }
  return wire;
}
