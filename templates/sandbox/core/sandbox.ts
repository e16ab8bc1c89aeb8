// The sandbox engine, free of HTTP: a decoded request in, an answer out. Every request is
// validated by the client package's generated validator for its operation, and its hash checked
// with the operation's recipe, before any state is touched.
import {
  computeSignature,
  decodeForm,
  recipeFormula,
  recipeVariant,
  requestValidator,
  signaturesMatch,
  type SignatureAlgorithm,
  type SignatureRecipe,
  type ValidationIssue,
} from '@payment-gateway/merchant-client';
import { Answer, cataloguedAnswer, ErrorCatalogue, invalid, type Protocol } from './answers.js';
import type { CallbackFault } from './callback-faults.js';
import { emitCallback } from './callbacks.js';
import { SandboxClock } from './clock.js';
import { CallbackDelivery, deliveryOptions, type DeliveryOptions } from './delivery.js';
import { checkMerchantSettings, type MerchantSettings } from './merchant-settings.js';
import type { ProtocolMapping } from './protocol-mapping.js';
import { RefusedMove, SandboxStore, type Merchant, type Transaction } from './store.js';
import type { CheckoutEntry, ErrorCase, S2sActionEntry, SandboxTables } from './tables.js';
import { checkFormBody, parseJsonObject, type BadRequest } from './wire.js';

export interface SandboxOptions {
  /**
   * Merchants to create, each with the operator's settings for it (`signatureAlgorithm`,
   * `cardStatusSignature`, `redirectMethod`); one test merchant with a random key and password
   * when none is given.
   */
  readonly merchants?: readonly ({
    readonly key?: string;
    readonly password?: string;
    readonly callbackUrl?: string;
  } & MerchantSettings)[];
  /** Callback URL of every merchant that has none of its own. */
  readonly callbackUrl?: string;
  /** Skip every hash check (for the first hour of an integration). */
  readonly acceptAnySignature?: boolean;
  readonly delivery?: Partial<DeliveryOptions>;
  /**
   * Callback faults to play on every delivery, for the merchant's own tests of its endpoint:
   * duplicates, reordered, late and retried callbacks, tampered copies (CALLBACK_FAULTS).
   */
  readonly callbackFaults?: readonly CallbackFault[];
  /** The operator's Protocol Mapping options (each off by default): what callbacks, status lookups and returns add. */
  readonly protocolMapping?: ProtocolMapping;
}

/** One S2S or Checkout request after decoding and validation, with what its handler needs. */
export interface OperationCall<Entry extends S2sActionEntry | CheckoutEntry = S2sActionEntry | CheckoutEntry> {
  readonly sandbox: Sandbox;
  readonly protocol: Protocol;
  readonly entry: Entry;
  readonly fields: Record<string, unknown>;
  readonly merchant: Merchant;
  readonly errors: ErrorCatalogue;
  /** Checks the hash; `original` supplies the recipe inputs the request does not carry. */
  verify(original?: Transaction): void;
  /** A field as a string ('' when absent). */
  text(name: string): string;
  /** A field the spec lets the request name several ways (`recurring_first_trans_id` or `recurring_init_trans_id`): whichever was sent, as a string. */
  field(name: string): string;
}

/**
 * Handles one operation. Every state change happens synchronously before the handler's first
 * await (only rendering, such as the QR image, may wait), so concurrent requests never interleave.
 */
export type Handler<Entry extends S2sActionEntry | CheckoutEntry> = (
  call: OperationCall<Entry>,
) => Answer | Promise<Answer>;

export class Sandbox {
  readonly clock = new SandboxClock();
  readonly store: SandboxStore;
  readonly delivery: CallbackDelivery;
  /** Where the sandbox itself is reached (for 3DS, hosted and QR pages); set once it listens. */
  baseUrl = 'http://127.0.0.1';

  constructor(
    readonly tables: SandboxTables,
    readonly options: SandboxOptions,
    private readonly s2sHandlers: Readonly<Record<string, Handler<S2sActionEntry>>>,
    private readonly checkoutHandlers: Readonly<Record<string, Handler<CheckoutEntry>>>,
  ) {
    this.store = new SandboxStore(() => this.clock.now(), tables.transitions);
    this.delivery = new CallbackDelivery(this.clock, {
      ...deliveryOptions(tables.delivery),
      ...(options.callbackFaults ? { faults: options.callbackFaults } : {}),
      ...options.delivery,
    });
    const merchants = options.merchants?.length ? options.merchants : [{}];
    for (const { key, password, callbackUrl, ...settings } of merchants)
      this.store.addMerchant(key, password, callbackUrl ?? options.callbackUrl, checkMerchantSettings(settings));
    this.store.onTransition((transaction, transition) =>
      emitCallback(this.delivery, options.protocolMapping, transaction, transition),
    );
  }

  close(): void {
    this.clock.close();
    this.delivery.close();
  }

  /** `POST /post` (and `/post-va`): a form-encoded S2S request. */
  s2s(body: string): Promise<Answer> {
    const malformed = checkFormBody(body);
    if (malformed) return Promise.resolve(badRequest('s2s', malformed));
    const fields = decodeForm(body);
    const action = fields['action'];
    if (typeof action !== 'string' || action === '')
      return Promise.resolve(invalid('s2s', [{ field: 'action', message: 'This value should not be blank.' }]));
    const entries = this.tables.s2s.filter((entry) => entry.action === action);
    if (entries.length === 0) {
      return Promise.resolve(
        invalid('s2s', [
          {
            field: 'action',
            message: `Unknown action; one of ${[...new Set(this.tables.s2s.map((entry) => entry.action))].join(', ')}.`,
          },
        ]),
      );
    }
    const entry = this.#protocolOf(entries, fields);
    const other = entries.find((candidate) => candidate !== entry);
    return this.#run('s2s', entry, fields, other?.errors ?? [], this.s2sHandlers[action]);
  }

  /** A Checkout JSON endpoint; `headers` carries the HPF `Token`. */
  checkout(entry: CheckoutEntry, body: string, headers: Readonly<Record<string, string | undefined>>): Promise<Answer> {
    const parsed = parseJsonObject(body);
    if (!parsed.ok) return Promise.resolve(badRequest('checkout', parsed.error));
    const fields = parsed.value;
    for (const name of entry.operation.headers ?? []) {
      const value = headers[name.toLowerCase()];
      if (value !== undefined) fields[`$header:${name}`] = value;
    }
    return this.#run('checkout', entry, fields, [], this.checkoutHandlers[entry.operationId]);
  }

  async #run<Entry extends S2sActionEntry | CheckoutEntry>(
    protocol: Protocol,
    entry: Entry,
    fields: Record<string, unknown>,
    related: readonly ErrorCase[],
    handler: Handler<Entry> | undefined,
  ): Promise<Answer> {
    const errors = new ErrorCatalogue(entry.errors, related, this.tables.genericErrors);
    const headerFields = Object.keys(fields).filter((key) => key.startsWith('$header:'));
    const body = headerFields.length
      ? Object.fromEntries(Object.entries(fields).filter(([key]) => !key.startsWith('$header:')))
      : fields;
    const validate = await requestValidator(entry.operation);
    const result = validate(body, protocol === 's2s' ? 'form' : 'json');
    if (!result.ok) return this.#invalidAnswer(protocol, result.issues, errors);
    const keyField = entry.operation.keyField;
    let merchant: Merchant | undefined;
    if (keyField) {
      merchant = this.store.merchants.get(String(fields[keyField] ?? ''));
      if (!merchant)
        return invalid(protocol, [
          { field: keyField, message: 'No merchant has this key in the sandbox (its start line lists the merchants).' },
        ]);
    }
    const call: OperationCall<Entry> = {
      sandbox: this,
      protocol,
      entry,
      fields,
      merchant: merchant ?? ({ key: '', password: '', callbackUrl: undefined, settings: {} } as Merchant),
      errors,
      verify: (original) => this.#verify(protocol, entry, fields, merchant, original),
      text: (name) => textOf(fields[name]),
      field: (name) => {
        const names = entry.alternatives.find((group) => group.includes(name)) ?? [name];
        return textOf(fields[names.find((candidate) => fields[candidate] !== undefined) ?? name]);
      },
    };
    if (!handler) return new Answer(501, { error_message: `The sandbox does not implement ${entry.operation.name}.` });
    try {
      return await handler(call);
    } catch (error) {
      if (error instanceof Answer) return error;
      // A move the state table lacks: the table's catalogued error for it, else the generic case.
      if (error instanceof RefusedMove) return cataloguedAnswer(protocol, errors.refusal(error.error));
      throw error;
    }
  }

  /**
   * Issues the catalogue names a message for (`delays`, a zero amount, `size`) answer with it; an
   * issue with the value's shape (missing, mistyped, malformed, too many decimals) is not that
   * condition, and answers as any invalid field does.
   */
  #invalidAnswer(protocol: Protocol, issues: readonly ValidationIssue[], errors: ErrorCatalogue): Answer {
    for (const issue of issues) {
      const condition = errors.condition(issue.path);
      if (condition && !SHAPE_RULES.has(issue.rule)) return cataloguedAnswer(protocol, condition);
    }
    return invalid(
      protocol,
      issues.map((issue) => ({ field: issue.path, message: issue.message })),
    );
  }

  #verify(
    protocol: Protocol,
    entry: S2sActionEntry | CheckoutEntry,
    fields: Record<string, unknown>,
    merchant: Merchant | undefined,
    original: Transaction | undefined,
  ): void {
    if (!entry.operation.signature || !merchant || this.options.acceptAnySignature) return;
    // The merchant's formula: the recipe's variant its settings select (S2S CARD `vendor`), if it has one.
    const variant = merchant.settings.cardStatusSignature ?? 'document';
    const recipe = recipeVariant(entry.operation.signature, variant);
    const signingFields = entry.operation.signature.variants?.[variant]?.signing ?? entry.signingFields;
    const context: Record<string, unknown> = {};
    if (original)
      for (const name of signingFields) {
        const value = originalValue(original, name);
        if (value !== undefined) context[name] = value;
      }
    const algorithm = merchant.settings.signatureAlgorithm ?? 'md5';
    const expected = computeSignature(recipe, { ...context, ...fields }, merchant.password, algorithm);
    const received = typeof fields['hash'] === 'string' ? fields['hash'] : '';
    if (!signaturesMatch(received, expected))
      throw invalid(protocol, [
        {
          field: 'hash',
          message: hashHelp(entry.operation.name, recipe, algorithm, signingFields, original !== undefined),
        },
      ]);
  }

  #protocolOf(entries: readonly S2sActionEntry[], fields: Record<string, unknown>): S2sActionEntry {
    if (entries.length === 1) return entries[0]!;
    const byProtocol = (protocol: 'card' | 'apm') =>
      entries.find((entry) => entry.protocol === protocol) ?? entries[0]!;
    const known = typeof fields['trans_id'] === 'string' ? this.store.transactions.get(fields['trans_id']) : undefined;
    if (known) return byProtocol(known.protocol === 'apm' ? 'apm' : 'card');
    // `brand` names an alternative payment method: S2S APM, on /post and /post-va alike.
    if (fields['brand'] !== undefined) return byProtocol('apm');
    return byProtocol('card');
  }
}

/** Rules about a value's shape rather than its meaning: a catalogued condition on the field is not what they found. */
const SHAPE_RULES: ReadonlySet<string> = new Set([
  'required',
  'type',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'decimals',
]);

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : String(value);

/** The original payment's value of a recipe input the follow-up request does not carry. */
function originalValue(original: Transaction, name: string): string | undefined {
  switch (name) {
    case 'payer_email':
      return original.payerEmail;
    case 'card_number':
    case 'card':
      return original.cardNumber;
    case 'card_token':
      return original.cardToken;
    default:
      return undefined;
  }
}

/**
 * Which recipe was expected, in words, and the likely cause; never the password or the expected
 * value. A formula the request could not have got wrong by hand means another password (or
 * algorithm) signed it.
 */
function hashHelp(
  operation: string,
  recipe: SignatureRecipe,
  algorithm: SignatureAlgorithm,
  signingFields: readonly string[],
  original: boolean,
): string {
  const extra =
    signingFields.length && original ? ` It also covers ${signingFields.join(' and ')} of the original payment.` : '';
  // md5 steps are the merchant's algorithm's, as the signer takes them.
  const formula = recipeFormula({
    ...recipe,
    digests: recipe.digests.map((digest) => (digest === 'md5' ? algorithm : digest)),
  });
  return `Hash is not valid. ${operation} is signed with: hash = ${formula}.${extra} ${HASH_CAUSE}`;
}

/** What a mismatch most often means. */
const HASH_CAUSE =
  'Most often the password is not the one of this merchant key (each key has its own), or the account is set to the other algorithm (md5 or sha256).';

function badRequest(protocol: Protocol, error: BadRequest): Answer {
  const answer = invalid(protocol, [{ field: error.field, message: error.message }]);
  return new Answer(error.httpStatus, answer.body);
}
