// Callback verification: the raw form body in, a verified and typed event out. The recipes and
// schemas come from the spec's webhooks; generated code lists them as CallbackDefinitions.
import { SignatureError } from './errors.js';
import { decodeForm, encodeForm, type FormObject } from './form-codec.js';
import { computeSignature, signaturesMatch, type SignatureAlgorithm, type SignatureRecipe } from './signature.js';
import type { ValidationIssue, ValidationResult, WirePathStyle } from './validation.js';

export type CallbackProtocol = 'checkout' | 'card' | 'apm';

export interface CallbackDefinition {
  /** The webhook's name in the spec (`checkoutCallback`, ...). */
  readonly name: string;
  readonly protocol: CallbackProtocol;
  readonly signature: SignatureRecipe;
  readonly validate: (value: unknown, style?: WirePathStyle) => ValidationResult<unknown>;
  /** Fields the schema requires: a callback is tried against this definition only when all are present. */
  readonly required: readonly string[];
}

export interface ParseCallbackOptions {
  /** The merchant password the platform signs callbacks with. */
  readonly password: string;
  readonly signatureAlgorithm?: SignatureAlgorithm;
  /** Which protocol's callback this endpoint receives; without it every protocol is tried. */
  readonly protocol?: CallbackProtocol;
  /**
   * Values the signature covers that the callback does not carry, from the merchant's own order
   * (S2S CARD signs with the payer e-mail: `{ payer_email }`). Never sent anywhere.
   */
  readonly signingContext?: Readonly<Record<string, string>>;
}

export interface CallbackEvent<Protocol extends CallbackProtocol = CallbackProtocol, Fields = Record<string, unknown>> {
  readonly protocol: Protocol;
  readonly name: string;
  readonly fields: Fields;
  /** Spec rules the (authentic) callback breaks; kept, not thrown: the platform's word wins. */
  readonly issues: readonly ValidationIssue[];
}

const RAW_BODY_HELP =
  'parseCallback needs the raw application/x-www-form-urlencoded body (a string or bytes): a parsed object has lost the exact values the signature covers. Mount a raw body parser (express.raw / express.text) for the callback route.';

export function parseCallbackWith(
  definitions: readonly CallbackDefinition[],
  rawBody: unknown,
  options: ParseCallbackOptions,
): CallbackEvent {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array))
    throw new SignatureError('callback', RAW_BODY_HELP);
  const fields = decodeForm(rawBody);
  const received = fields['hash'];
  if (typeof received !== 'string' || received === '')
    throw new SignatureError('callback', 'The callback carries no hash: it is not signed and is rejected.');
  const candidates = definitions.filter((definition) =>
    options.protocol
      ? definition.protocol === options.protocol
      : definition.required.every((name) => fields[name] !== undefined),
  );
  const signed = { ...(options.signingContext ?? {}), ...fields };
  for (const definition of candidates) {
    const expected = computeSignature(
      definition.signature,
      signed,
      options.password,
      options.signatureAlgorithm ?? 'md5',
    );
    if (!signaturesMatch(received, expected)) continue;
    const result = definition.validate(fields, 'form');
    return { protocol: definition.protocol, name: definition.name, fields, issues: result.ok ? [] : result.issues };
  }
  throw new SignatureError(
    'callback',
    `The callback's hash does not match (tried ${candidates.map((definition) => definition.name).join(', ') || 'no callback type'}): it was altered, signed with another password or algorithm, or needs signingContext.`,
  );
}

/** A correctly signed callback body for merchants' own tests. */
export function buildCallbackWith(
  definition: CallbackDefinition,
  fields: FormObject,
  options: Omit<ParseCallbackOptions, 'protocol'>,
): string {
  const unsigned: Record<string, unknown> = { ...fields };
  delete unsigned['hash'];
  const hash = computeSignature(
    definition.signature,
    { ...(options.signingContext ?? {}), ...unsigned },
    options.password,
    options.signatureAlgorithm ?? 'md5',
  );
  return encodeForm({ ...(unsigned as FormObject), hash });
}

/**
 * Verifies a signed query (the payer's return to `success_url` / `cancel_url`). Values the
 * signature covers that the query lacks (the order's amount, currency, description) come from
 * `signingContext`, exactly as sent in the session.
 */
export function verifySignedQueryWith(
  definition: CallbackDefinition,
  query: string | URLSearchParams | Readonly<Record<string, string>>,
  options: Omit<ParseCallbackOptions, 'protocol'>,
): CallbackEvent {
  const text =
    typeof query === 'string'
      ? query.replace(/^\?/, '')
      : new URLSearchParams(query as Record<string, string>).toString();
  const fields = decodeForm(text);
  const received = fields['hash'];
  if (typeof received !== 'string' || received === '')
    throw new SignatureError(definition.name, 'The return query carries no hash.');
  const expected = computeSignature(
    definition.signature,
    { ...(options.signingContext ?? {}), ...fields },
    options.password,
    options.signatureAlgorithm ?? 'md5',
  );
  if (!signaturesMatch(received, expected)) {
    throw new SignatureError(
      definition.name,
      "The return query's hash does not match: it was altered, or signingContext differs from the session's order.",
    );
  }
  const result = definition.validate(fields, 'form');
  return { protocol: definition.protocol, name: definition.name, fields, issues: result.ok ? [] : result.issues };
}
