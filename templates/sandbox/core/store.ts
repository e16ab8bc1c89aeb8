// The sandbox's state, in memory: merchants, transactions (with their orders), Checkout sessions
// and schedules. Every change of a transaction's status goes through `transition`, which runs
// synchronously inside one request handler (or one timer): Node runs one handler at a time, so
// two concurrent requests can neither interleave within a transition nor lose one. Each
// transition gets the next sequence number of its transaction and is announced to the listeners
// (the callback queue) in that order. A move the spec's state table lacks is refused
// (`RefusedMove`) before anything changes.
import type { components } from '@payment-gateway/merchant-client';
import { randomBytes, randomUUID } from 'node:crypto';
import type { MerchantSettings } from './merchant-settings.js';
import type { CardScenario, TransitionRule } from './tables.js';

/** The start of the state table: a payment before its first answer. */
export const NEW_PAYMENT = 'new';

/** A move the state table lacks; `error` is the catalogued message the table gives for it, if any. */
export class RefusedMove extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
    readonly by: string,
    readonly error: string | undefined,
  ) {
    super(
      from === to
        ? `${by} has no move from ${from} in the state table.`
        : `${by} cannot move a payment from ${from} to ${to}: the state table has no such move.`,
    );
    this.name = 'RefusedMove';
  }
}

export interface Merchant {
  readonly key: string;
  readonly password: string;
  /** Where callbacks go (the platform keeps it per merchant, set by an admin). */
  callbackUrl: string | undefined;
  /** The operator's settings for this merchant (signatures, 3-D Secure redirects). */
  readonly settings: MerchantSettings;
}

export type TransactionStatus = components['schemas']['TransactionStatus'];
export type TransactionProtocol = 'card' | 'apm' | 'checkout';

export interface Transition {
  readonly sequence: number;
  readonly status: TransactionStatus;
  /** The action or event that moved it: `SALE`, `CAPTURE`, `3DS`, `QR expiry`, ... */
  readonly by: string;
  readonly at: number;
  readonly amount?: string;
  /** The operation was declined although the status did not change (a declined CAPTURE stays PENDING). */
  readonly declined?: boolean;
}

export interface Transaction {
  readonly id: string;
  readonly protocol: TransactionProtocol;
  readonly merchant: Merchant;
  /** The action that created it: SALE, AUTH, DEBIT, CREDIT2CARD, RECURRING_SALE, purchase, ... */
  readonly action: string;
  readonly orderId: string;
  readonly amount: string;
  readonly currency: string;
  readonly description: string;
  readonly created: number;
  /** The Checkout payment id (Checkout only). */
  readonly paymentId?: string;
  readonly auth: boolean;
  readonly scenario: CardScenario;
  readonly brand?: string;
  readonly identifier?: string;
  /** Kept to sign callbacks (F2) and to check the signatures that need them; never shown. */
  readonly payerEmail?: string;
  readonly cardNumber?: string;
  readonly cardExpiry?: string;
  readonly cardToken?: string;
  readonly recurringToken?: string;
  readonly recurringInitTransId?: string;
  readonly scheduleId?: string;
  readonly returnUrl?: string;
  readonly customData?: unknown;
  /** The payer attributes the request carried (sent back only with the Protocol Mapping setting). */
  readonly payer?: Readonly<Record<string, string>>;
  /** The browser attributes an HPF payment carried (likewise). */
  readonly browser?: Readonly<Record<string, string>>;
  /** Extra fields echoed in responses and callbacks (schedule dates, ...). */
  readonly echo: Readonly<Record<string, string>>;
  status: TransactionStatus;
  declineReason?: string;
  /** Amount refunded or reversed so far. */
  refunded: string;
  /** Amount captured (an authorization's CAPTURE may be partial): what lookups and callbacks report after it. */
  captured?: string;
  readonly history: Transition[];
}

export interface Schedule {
  readonly id: string;
  readonly merchant: Merchant;
  fields: Record<string, string>;
  paused: boolean;
  deleted: boolean;
  /** Transactions charged by it (`recurring_init_trans_id`s attached with schedule_id). */
  readonly attached: Set<string>;
}

export interface CheckoutSession {
  readonly token: string;
  readonly merchant: Merchant;
  readonly request: Readonly<Record<string, unknown>>;
  readonly hostedFields: boolean;
  payments: string[];
  readonly created: number;
}

export type TransitionListener = (transaction: Transaction, transition: Transition) => void;

export class SandboxStore {
  readonly merchants = new Map<string, Merchant>();
  readonly transactions = new Map<string, Transaction>();
  /** Checkout payments by payment id. */
  readonly payments = new Map<string, Transaction>();
  /** Transaction ids of each order (`merchantKey order_id`), oldest first. */
  readonly orders = new Map<string, string[]>();
  /** The first transaction carrying each card token (`merchantKey card_token`): the one that issued it. */
  readonly #cardTokens = new Map<string, Transaction>();
  readonly schedules = new Map<string, Schedule>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly #listeners: TransitionListener[] = [];

  constructor(
    private readonly now: () => number,
    private readonly table: readonly TransitionRule[],
  ) {}

  addMerchant(
    key: string = randomUUID(),
    password: string = randomBytes(16).toString('hex'),
    callbackUrl?: string,
    settings: MerchantSettings = {},
  ): Merchant {
    const merchant: Merchant = { key, password, callbackUrl, settings };
    this.merchants.set(key, merchant);
    return merchant;
  }

  /** The merchant's payment that issued `token` as its card token (S2S `req_token=Y`), if any. */
  cardTokenPayment(merchant: Merchant, token: string): Transaction | undefined {
    return this.#cardTokens.get(`${merchant.key} ${token}`);
  }

  onTransition(listener: TransitionListener): void {
    this.#listeners.push(listener);
  }

  /** Creates a transaction in its first status (announced like every later one). */
  create(
    fields: Omit<Transaction, 'id' | 'created' | 'history' | 'status' | 'refunded' | 'echo'> & {
      echo?: Record<string, string>;
    },
    status: TransactionStatus,
    declineReason?: string,
  ): Transaction {
    this.#check(NEW_PAYMENT, status, fields.protocol, fields.action);
    const transaction: Transaction = {
      ...fields,
      echo: fields.echo ?? {},
      id: randomUUID(),
      created: this.now(),
      status,
      refunded: '0',
      history: [],
    };
    if (declineReason !== undefined) transaction.declineReason = declineReason;
    this.transactions.set(transaction.id, transaction);
    if (transaction.paymentId) this.payments.set(transaction.paymentId, transaction);
    const orderKey = `${transaction.merchant.key} ${transaction.orderId}`;
    const order = this.orders.get(orderKey);
    if (order) order.push(transaction.id);
    else this.orders.set(orderKey, [transaction.id]);
    const tokenKey = transaction.cardToken && `${transaction.merchant.key} ${transaction.cardToken}`;
    if (tokenKey && !this.#cardTokens.has(tokenKey)) this.#cardTokens.set(tokenKey, transaction);
    this.#record(transaction, fields.action, undefined);
    return transaction;
  }

  /**
   * Moves a transaction to `status`, records it, and tells the listeners. A record in the same
   * status (a declined CAPTURE, a partial refund) moves nothing; a move the table lacks throws
   * RefusedMove and changes nothing.
   */
  transition(
    transaction: Transaction,
    status: TransactionStatus,
    by: string,
    options: { declineReason?: string; amount?: string; declined?: boolean } = {},
  ): Transition {
    if (status !== transaction.status) this.#check(transaction.status, status, transaction.protocol, by);
    transaction.status = status;
    if (options.declineReason !== undefined) transaction.declineReason = options.declineReason;
    return this.#record(transaction, by, options.amount, options.declined);
  }

  /** The order's transactions, most recent first. */
  orderTransactions(merchant: Merchant, orderId: string): Transaction[] {
    return (this.orders.get(`${merchant.key} ${orderId}`) ?? []).map((id) => this.transactions.get(id)!).reverse();
  }

  /**
   * The table's row by which `action` moves the transaction from its status, that is not a refusal;
   * for a refund, the one that books this share of what remains (`amount`). Undefined when it has none.
   */
  rowFor(transaction: Transaction, action: string, amount?: 'remaining' | 'part'): TransitionRule | undefined {
    return this.table.find(
      (rule) =>
        this.#applies(rule, transaction.status, transaction.protocol) &&
        rule.actions?.includes(action) &&
        rule.error === undefined &&
        (rule.amount === undefined || rule.amount === amount),
    );
  }

  /** The refusal of a move the table lacks, with the catalogued message of its row for `by` that moves nothing, if any. */
  refusal(from: string, to: string, protocol: TransactionProtocol, by: string): RefusedMove {
    const refusal = this.table.find(
      (rule) => this.#applies(rule, from, protocol) && rule.to === from && rule.actions?.includes(by) && rule.error,
    );
    return new RefusedMove(from, to, by, refusal?.error);
  }

  #applies(rule: TransitionRule, from: string, protocol: TransactionProtocol): boolean {
    return rule.from === from && (!rule.protocols || rule.protocols.includes(protocol));
  }

  #check(from: string, to: string, protocol: TransactionProtocol, by: string): void {
    if (this.table.some((rule) => this.#applies(rule, from, protocol) && rule.to === to)) return;
    throw this.refusal(from, to, protocol, by);
  }

  #record(transaction: Transaction, by: string, amount: string | undefined, declined?: boolean): Transition {
    const transition: Transition = {
      sequence: transaction.history.length + 1,
      status: transaction.status,
      by,
      at: this.now(),
      ...(amount !== undefined ? { amount } : {}),
      ...(declined ? { declined } : {}),
    };
    transaction.history.push(transition);
    for (const listener of this.#listeners) listener(transaction, transition);
    return transition;
  }
}
