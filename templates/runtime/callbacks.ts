// Callback verification: the raw form body in, a verified and typed event out. The recipes and
// schemas come from the spec's webhooks; generated code lists them as CallbackDefinitions.
import { checkPassword, signatureAlgorithmOf } from './configuration.js';
import { ConfigurationError, FormCodecError, listIssues, SignatureError } from './errors.js';
import { decodeForm, encodeForm, type FormObject } from './form-codec.js';
import { describeError } from './sensitive.js';
import { copyStructure } from './structure.js';
import {
  computeSignature,
  readPath,
  signaturesMatch,
  type SignatureAlgorithm,
  type SignatureRecipe,
} from './signature.js';
import {
  chosenFieldNames,
  coveredFields,
  emptyRecipeFields,
  recipeFieldNames,
  selectedByValue,
} from './signature-fields.js';
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
  /**
   * Recipe field → the name the merchant's own request gave it (`card` → `card_number`,
   * `order_amount` → `order.amount`): how signingContext names a value the callback may not carry.
   */
  readonly context?: Readonly<Record<string, string>>;
}

/** Values the signature covers that a callback does not carry, from the merchant's own order. */
export type SigningContextValues = Readonly<Record<string, unknown>>;

export interface ParseCallbackOptions<Context = SigningContextValues> {
  /** The merchant password the platform signs callbacks with. */
  readonly password: string;
  readonly signatureAlgorithm?: SignatureAlgorithm;
  /** Which protocol's callback this endpoint receives; without it every protocol is tried. */
  readonly protocol?: CallbackProtocol;
  /**
   * Values the signature covers that the callback does not carry, from the merchant's own order
   * (S2S CARD signs with the payer e-mail: `{ payer_email }`), by the names the request used
   * (`card_number`, `order: { amount }`). Never sent anywhere.
   */
  readonly signingContext?: Context;
}

export interface CallbackEvent<
  Protocol extends CallbackProtocol = CallbackProtocol,
  Fields = Record<string, unknown>,
  Signed = Partial<Fields>,
  Unsigned = Partial<Fields>,
> {
  readonly protocol: Protocol;
  readonly name: string;
  /** Every field as received, whether the hash covers it or not. */
  readonly fields: Fields;
  /**
   * The fields the hash covers (`covered`): only these are proven to come from the platform.
   * Act on these, or on a status confirmed by a lookup (`confirm`).
   */
  readonly signed: Signed;
  /**
   * The fields the hash does not cover (`status`, `result`, `type`, ... on most callbacks):
   * anyone replaying an authentic callback can change them without breaking the hash.
   */
  readonly unsigned: Unsigned;
  /** Names of the fields in `signed`. */
  readonly covered: readonly string[];
  /** Spec rules the (authentic) callback breaks; kept, not thrown: the platform's word wins. */
  readonly issues: readonly ValidationIssue[];
}

const RAW_BODY_HELP =
  'parseCallback needs the raw application/x-www-form-urlencoded body (a string or bytes): a parsed object has lost the exact values the signature covers. Mount a raw body parser (express.raw / express.text) for the callback route.';

interface CheckedOptions {
  readonly password: string;
  readonly algorithm: SignatureAlgorithm;
  readonly signingContext: SigningContextValues;
}

/** The options every verifier takes, checked once: a ConfigurationError names what is wrong. */
function checkOptions(where: string, options: unknown): CheckedOptions {
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError(where, `${where} needs options with at least the merchant password: { password }`);
  // Read once, signingContext into plain data: a getter or Proxy that throws is a ConfigurationError.
  let read: { readonly password: unknown; readonly signatureAlgorithm: unknown; readonly signingContext: unknown };
  try {
    const { password, signatureAlgorithm, signingContext: context } = options as Record<string, unknown>;
    read = { password, signatureAlgorithm, signingContext: context };
  } catch (error) {
    throw new ConfigurationError(where, `the options could not be read: ${describeError(error)}`);
  }
  const { value: signingContext, problem } = copyStructure(read.signingContext, describeError, 4);
  if (problem)
    throw new ConfigurationError(where, `${['signingContext', ...problem.segments].join('.')} ${problem.message}`);
  const { password, signatureAlgorithm } = read;
  if (
    signingContext !== undefined &&
    (typeof signingContext !== 'object' || signingContext === null || Array.isArray(signingContext))
  )
    throw new ConfigurationError(where, 'signingContext must be an object of the values the signature covers');
  return {
    password: checkPassword(where, password),
    algorithm: signatureAlgorithmOf(where, signatureAlgorithm),
    signingContext: (signingContext ?? {}) as SigningContextValues,
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
  for (const definition of candidates) {
    for (const signed of signingSets(definition, fields, options.signingContext)) {
      const expected = computeSignature(definition.signature, signed, options.password, options.algorithm);
      if (!signaturesMatch(received, expected)) continue;
      const result = definition.validate(fields, 'form');
      return {
        protocol: definition.protocol,
        name: definition.name,
        ...splitByCoverage(definition, fields),
        issues: result.ok ? [] : result.issues,
      };
    }
  }
  throw new SignatureError(
    where,
    messages.mismatch(candidates.map((definition) => definition.name).join(', ') || 'no callback type') +
      missingContext(candidates, fields, options.signingContext),
  );
}

/**
 * The field sets a callback's hash is computed over: first with the merchant's values for the
 * fields the chosen formula reads by name and the callback lacks, then the callback alone (the
 * platform signs with a value only when it knew it: S2S CARD without the payer e-mail).
 */
function signingSets(
  definition: CallbackDefinition,
  fields: Readonly<Record<string, unknown>>,
  context: SigningContextValues,
): Readonly<Record<string, unknown>>[] {
  const added = contextValues(definition, fields, context);
  return Object.keys(added).length === 0 ? [fields] : [{ ...fields, ...added }, fields];
}

/**
 * The merchant's values the recipe needs, by the recipe's field names (the request's names, as
 * `card_number` or `order.amount`, mapped; the recipe's own kept): only for fields the callback
 * does not carry, and only those the formula then chosen reads by name. A formula over every
 * field (sorted values) gets none, so a context given for every callback never changes its hash.
 */
function contextValues(
  definition: CallbackDefinition,
  fields: Readonly<Record<string, unknown>>,
  context: SigningContextValues,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of recipeFieldNames(definition.signature)) {
    if (isValue(fields[field])) continue;
    const name = definition.context?.[field];
    const value = Object.hasOwn(context, field)
      ? context[field]
      : name === undefined
        ? undefined
        : readPath(context, name);
    if (isValue(value)) values[field] = value;
  }
  const read = new Set(chosenFieldNames(definition.signature, { ...fields, ...values }));
  return Object.fromEntries(Object.entries(values).filter(([field]) => read.has(field)));
}

const isValue = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && typeof value !== 'object';

/** The event's fields split by what the hash covers. */
function splitByCoverage(
  definition: CallbackDefinition,
  fields: Record<string, unknown>,
): Pick<CallbackEvent, 'fields' | 'signed' | 'unsigned' | 'covered'> {
  const covered = coveredFields(definition.signature, fields).filter(
    (name) => name !== 'hash' && Object.hasOwn(fields, name),
  );
  const signed: Record<string, unknown> = {};
  const unsigned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (covered.includes(key)) signed[key] = value;
    else if (key !== 'hash') unsigned[key] = value;
  }
  return { fields, signed, unsigned, covered };
}

/**
 * Names, by the request's names, the signing values the callback lacks and the context did not
 * give, for the recipes that fit the callback's shape only (see fitting).
 */
function missingContext(
  candidates: readonly CallbackDefinition[],
  fields: Readonly<Record<string, unknown>>,
  context: SigningContextValues,
): string {
  const lacking = candidates.map((definition) => {
    const names = definition.context ?? {};
    const signed = { ...fields, ...contextValues(definition, fields, context) };
    const empty = emptyRecipeFields(definition.signature, signed).filter((field) => Object.hasOwn(names, field));
    return { definition, missing: empty.map((field) => names[field]!) };
  });
  const missing = new Set(fitting(lacking, fields).flatMap((entry) => entry.missing));
  if (missing.size === 0) return '';
  const keys = [...missing].join(', ');
  const tops = [...new Set([...missing].map((key) => key.split('.')[0]))].join(', ');
  return ` The signature covers values this body does not carry and signingContext did not give: ${keys} (pass them from your order: signingContext: { ${tops} }).`;
}

/**
 * The candidates a body's shape points to, when several protocols share one endpoint: one whose
 * recipe chooses a formula by a value of the body (`action=CREDIT2VIRTUAL`), else one whose
 * recipe alone reads a field the body carries (`card` on S2S CARD). Without such evidence, a
 * recipe that had every value it reads may simply have been tampered with: nothing is asked for
 * unless every candidate lacked something.
 */
function fitting<Entry extends { readonly definition: CallbackDefinition; readonly missing: readonly string[] }>(
  entries: readonly Entry[],
  fields: Readonly<Record<string, unknown>>,
): readonly Entry[] {
  if (entries.length <= 1) return entries;
  const byValue = entries.filter(({ definition }) => selectedByValue(definition.signature, fields));
  if (byValue.length > 0) return byValue;
  const readers = new Map<string, number>();
  for (const { definition } of entries)
    for (const name of recipeFieldNames(definition.signature)) readers.set(name, (readers.get(name) ?? 0) + 1);
  const byField = entries.filter(({ definition }) =>
    recipeFieldNames(definition.signature).some((name) => readers.get(name) === 1 && isValue(fields[name])),
  );
  if (byField.length > 0) return byField;
  return entries.every((entry) => entry.missing.length > 0) ? entries : [];
}

export function parseCallbackWith(
  definitions: readonly CallbackDefinition[],
  rawBody: unknown,
  options: ParseCallbackOptions<unknown>,
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
        `The callback's hash does not match (tried ${tried}): it was altered, or signed with another password or algorithm.`,
    },
  );
}

/**
 * A correctly signed callback body for merchants' own tests. The fields must make a callback the
 * platform could send: the schema's rules are checked (the hash aside, which this adds), and a
 * ConfigurationError names each field that breaks one, so a test never signs what
 * parseCallback would read as another kind of callback.
 */
export function buildCallbackWith(
  definition: CallbackDefinition,
  fields: FormObject,
  options: Omit<ParseCallbackOptions<unknown>, 'protocol'>,
): string {
  const where = 'buildTestCallback';
  const checked = checkOptions(where, options);
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    throw new ConfigurationError(where, `fields must be an object of the ${definition.name} fields`);
  const unsigned: Record<string, unknown> = { ...fields };
  delete unsigned['hash'];
  const hash = computeSignature(
    definition.signature,
    { ...unsigned, ...contextValues(definition, unsigned, checked.signingContext) },
    checked.password,
    checked.algorithm,
  );
  const body = encodeForm({ ...(unsigned as FormObject), hash });
  // Checked as parseCallback reads it: the encoded form, decoded.
  const result = definition.validate(decodeForm(body), 'form');
  if (!result.ok)
    throw new ConfigurationError(
      where,
      `the fields do not make a valid ${definition.name}: ${listIssues(result.issues)}`,
    );
  return body;
}

/**
 * Verifies a signed query (the payer's return to `success_url` / `cancel_url`). Values the
 * signature covers that the query lacks (the order's amount, currency, description) come from
 * `signingContext`, exactly as sent in the session.
 */
export function verifySignedQueryWith(
  definition: CallbackDefinition,
  query: string | URLSearchParams | Readonly<Record<string, string>>,
  options: Omit<ParseCallbackOptions<unknown>, 'protocol'>,
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
