// Callback verification: the raw form body in, a verified and typed event out. The recipes and
// schemas come from the spec's webhooks; generated code lists them as CallbackDefinitions.
import { checkPassword, signatureAlgorithmOf } from './configuration.js';
import { ConfigurationError, FormCodecError, SignatureError } from './errors.js';
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

interface CheckedOptions {
  readonly password: string;
  readonly algorithm: SignatureAlgorithm;
  readonly signingContext: Readonly<Record<string, string>>;
}

/** The options every verifier takes, checked once: a ConfigurationError names what is wrong. */
function checkOptions(where: string, options: unknown): CheckedOptions {
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError(where, `${where} needs options with at least the merchant password: { password }`);
  const { password, signatureAlgorithm, signingContext } = options as Partial<ParseCallbackOptions>;
  if (signingContext !== undefined && (typeof signingContext !== 'object' || signingContext === null))
    throw new ConfigurationError(where, 'signingContext must be an object of the values the signature covers');
  return {
    password: checkPassword(where, password),
    algorithm: signatureAlgorithmOf(where, signatureAlgorithm),
    signingContext: signingContext ?? {},
  };
}

/**
 * The one verification path of callbacks and signed queries: decode → hash → compare → validate.
 * Whatever the body holds, the only failure is a SignatureError (the sender is not authenticated
 * yet: it learns nothing but that).
 */
function verifyForm(
  where: string,
  body: string | Uint8Array,
  candidatesFor: (fields: Readonly<Record<string, unknown>>) => readonly CallbackDefinition[],
  options: CheckedOptions,
  messages: { readonly unsigned: string; readonly mismatch: (tried: string) => string },
): CallbackEvent {
  let fields: Record<string, unknown>;
  try {
    fields = decodeForm(body);
  } catch (error) {
    if (!(error instanceof FormCodecError)) throw error;
    throw new SignatureError(where, `The body cannot be read as a form: ${error.message}.`);
  }
  const received = fields['hash'];
  if (typeof received !== 'string' || received === '') throw new SignatureError(where, messages.unsigned);
  const candidates = candidatesFor(fields);
  const signed = { ...options.signingContext, ...fields };
  for (const definition of candidates) {
    const expected = computeSignature(definition.signature, signed, options.password, options.algorithm);
    if (!signaturesMatch(received, expected)) continue;
    const result = definition.validate(fields, 'form');
    return { protocol: definition.protocol, name: definition.name, fields, issues: result.ok ? [] : result.issues };
  }
  throw new SignatureError(
    where,
    messages.mismatch(candidates.map((definition) => definition.name).join(', ') || 'no callback type'),
  );
}

export function parseCallbackWith(
  definitions: readonly CallbackDefinition[],
  rawBody: unknown,
  options: ParseCallbackOptions,
): CallbackEvent {
  const checked = checkOptions('parseCallback', options);
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array))
    throw new SignatureError('callback', RAW_BODY_HELP);
  return verifyForm(
    'callback',
    rawBody,
    (fields) =>
      definitions.filter((definition) =>
        options.protocol
          ? definition.protocol === options.protocol
          : definition.required.every((name) => fields[name] !== undefined),
      ),
    checked,
    {
      unsigned: 'The callback carries no hash: it is not signed and is rejected.',
      mismatch: (tried) =>
        `The callback's hash does not match (tried ${tried}): it was altered, signed with another password or algorithm, or needs signingContext.`,
    },
  );
}

/** A correctly signed callback body for merchants' own tests. */
export function buildCallbackWith(
  definition: CallbackDefinition,
  fields: FormObject,
  options: Omit<ParseCallbackOptions, 'protocol'>,
): string {
  const checked = checkOptions('buildTestCallback', options);
  const unsigned: Record<string, unknown> = { ...fields };
  delete unsigned['hash'];
  const hash = computeSignature(
    definition.signature,
    { ...checked.signingContext, ...unsigned },
    checked.password,
    checked.algorithm,
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
  const checked = checkOptions(definition.name, options);
  const text =
    typeof query === 'string'
      ? query.replace(/^\?/, '')
      : new URLSearchParams(query as Record<string, string>).toString();
  return verifyForm(definition.name, text, () => [definition], checked, {
    unsigned: 'The return query carries no hash.',
    mismatch: () =>
      "The return query's hash does not match: it was altered, or signingContext differs from the session's order.",
  });
}
