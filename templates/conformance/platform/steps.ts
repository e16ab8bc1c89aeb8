// The steps flows and chained examples are made of: a payment with a documented test card or
// identifier, a follow-up naming it, the status lookup, a refusal check, a schedule, a Checkout
// payment paid on its hosted page. Each expected status is the state table's `to` for the move;
// every payment made is recorded with the status it ends in, for the callback checks.
import type { ScenarioContext } from '../runner.js';
import type { CheckoutEntry, ConformanceTables, S2sEntry, TransitionRule } from '../tables.js';
import { field, request, sendCheckout, sendS2s, type Answer, type Target } from '../wire.js';
import type { IdentifierTables } from './operations.js';
import { payerVisits } from './payer.js';
import { fresh, orderId } from './requests.js';

/** A payment a flow made: what its callbacks and status lookups must agree with. */
export interface Payment {
  readonly flow: string;
  readonly protocol: 'card' | 'apm' | 'checkout';
  /** trans_id (S2S) or order number (Checkout): how its callbacks name it. */
  readonly id: string;
  readonly orderId: string;
  /** Values the callback's signature covers that it does not carry. */
  readonly signingContext: Readonly<Record<string, string>>;
  /** The status the last step left it in. */
  status: string;
}

export interface StepOptions {
  /** The target serves the sandbox's controls (`/_sandbox/...`): pages can be completed, the clock moved. */
  readonly sandboxControls: boolean;
  /** Where each payment is recorded. */
  readonly payments: Payment[];
  /** How long an asynchronous outcome (CREDITVOID, a callback) may take to show. */
  readonly settleMs: number;
  /** Moves of the state table a flow saw happen (`from>to>by`). */
  readonly exercised: Set<string>;
  /** Callback bodies the kit's listener received, when it has one. */
  readonly received?: readonly string[];
}

/** What an earlier request created, as a later request names it. */
export interface Earlier {
  /** Identifier values by the answer's field name (trans_id, recurring_token, schedule_id, payment_id…). */
  readonly ids: Record<string, string>;
  /** The same values by the spec's identifier schema (TransId, PaymentId, ScheduleId…). */
  readonly bySchema: Record<string, string>;
  /** The earlier request's fields a follow-up's recipe signs without sending (card_number, payer_email). */
  readonly original: Record<string, string>;
}

export type S2sProtocol = 'card' | 'apm';
export const NEW = 'new';
/** Why a step that needs the payer on a page is not run against a real platform. */
export const NEEDS_PAYER =
  'the payer must complete the page in a browser on a real platform (the target serves no sandbox controls)';

/**
 * What moves a payment, as the state table's data says: the request of an operation (for a
 * refund, booking all that remains or a part), or an event.
 */
export type Cause =
  | { readonly action: string; readonly amount?: 'remaining' | 'part' }
  | { readonly event: NonNullable<TransitionRule['event']> };

export function causedBy(move: TransitionRule, cause: Cause): boolean {
  if ('event' in cause) return move.event === cause.event;
  return (
    (move.actions?.includes(cause.action) ?? false) && (cause.amount === undefined || move.amount === cause.amount)
  );
}

export const moveKey = (move: TransitionRule) => `${move.from}>${move.to}>${move.by}`;

/**
 * An answered status is the table's: S2S answers its name, Checkout the lower-case form of its
 * status list, where a name may be shortened (`decline` for DECLINED).
 */
export function sameStatus(answered: string, want: string): boolean {
  const got = answered.toLowerCase();
  return got === want.toLowerCase() || (got.length >= 3 && want.toLowerCase().startsWith(got));
}

export class Steps {
  constructor(
    readonly target: Target,
    readonly tables: ConformanceTables,
    readonly identifiers: IdentifierTables,
    readonly options: StepOptions,
  ) {}

  s2s(protocol: S2sProtocol, action: string): S2sEntry {
    const entry = this.find(protocol, action);
    if (!entry) throw new Error(`the spec has no ${protocol} ${action}`);
    return entry;
  }

  find(protocol: S2sProtocol, action: string): S2sEntry | undefined {
    return this.tables.s2s.find((candidate) => candidate.protocol === protocol && candidate.action === action);
  }

  checkout(operationId: string): CheckoutEntry {
    const entry = this.tables.checkout.find((candidate) => candidate.operationId === operationId);
    if (!entry) throw new Error(`the spec has no Checkout ${operationId}`);
    return entry;
  }

  /** The test card of a scenario (one chosen by its expiry), as the request's card fields. */
  card(scenario: string): Record<string, string> {
    const found = this.tables.testData.cards.find(
      (candidate) => candidate.scenario === scenario && candidate.expiry !== 'any',
    );
    if (!found) throw new Error(`the spec's test data has no ${scenario} card`);
    const [month, year] = found.expiry.split('/');
    return { card_number: found.number, card_exp_month: month!, card_exp_year: year! };
  }

  /** The table's row for a move from `from` with this cause. */
  row(from: string, cause: Cause, protocol: string): TransitionRule | undefined {
    return this.tables.transitions.find(
      (move) =>
        move.from === from &&
        causedBy(move, cause) &&
        (move.protocols === undefined || move.protocols.includes(protocol)),
    );
  }

  to(from: string, cause: Cause, protocol: string): string {
    const found = this.row(from, cause, protocol);
    if (!found) throw new Error(`the state table has no move from ${from} by ${JSON.stringify(cause)}`);
    return found.to;
  }

  /** The answer's status is the table's `want`; the move, when given, is recorded as exercised. */
  expect(context: ScenarioContext, answer: Answer, want: string, what: string, move?: TransitionRule): void {
    context.saw(answer.exchange);
    const status = String(field(answer.body, 'status') ?? field(answer.body, 'result'));
    if (!sameStatus(status, want))
      return context.differ(`${what}: expected status ${want} (the state table), answered ${status}`);
    if (move) this.options.exercised.add(moveKey(move));
  }

  /** Expects the move from `from` with this cause and returns the state it leads to. */
  move(context: ScenarioContext, answer: Answer, from: string, cause: Cause, protocol: string, what: string): string {
    const found = this.row(from, cause, protocol);
    if (!found) throw new Error(`the state table has no move from ${from} by ${JSON.stringify(cause)}`);
    this.expect(context, answer, found.to, what, found);
    return found.to;
  }

  /** The identifiers an answer hands out, by field name and by the spec's identifier schema. */
  earlier(
    title: string,
    answer: unknown,
    original: Record<string, unknown> = {},
    ids: Record<string, string> = {},
  ): Earlier {
    const collected: Earlier = { ids: { ...ids }, bySchema: {}, original: {} };
    for (const name of Object.keys(this.identifiers[title]?.answer ?? {})) {
      const value = field(answer, name);
      if (typeof value === 'string' && value !== '') collected.ids[name] = value;
    }
    for (const [name, value] of Object.entries(collected.ids)) {
      const schema = this.identifiers[title]?.answer[name] ?? this.identifiers[title]?.request[name];
      if (schema) collected.bySchema[schema] ??= value;
    }
    for (const [name, value] of Object.entries(original))
      if (typeof value === 'string') collected.original[name] = value;
    return collected;
  }

  /**
   * A payment from the action's example: S2S CARD with the scenario's test card, S2S APM with the
   * scenario's test identifier and an example of its method. Recorded for the callback checks.
   */
  async payment(
    flow: string,
    protocol: S2sProtocol,
    action: string,
    scenario: string,
    extra: Record<string, unknown> = {},
    record = true,
  ): Promise<{ answer: Answer; payment: Payment; body: Record<string, unknown> }> {
    const entry = this.s2s(protocol, action);
    let body: Record<string, unknown>;
    if (protocol === 'card') {
      // A non-zero amount, so captures and refunds have something to move.
      body = { ...fresh(entry.examples[0]!), ...this.card(scenario), order_amount: '10.00', ...extra };
    } else {
      const identifier = this.tables.testData.identifiers.find((candidate) => candidate.scenario === scenario);
      const example = identifier && entry.examples.find((candidate) => candidate.body['brand'] === identifier.brand);
      if (!identifier || !example)
        throw new Error(`the spec names no ${scenario} identifier with an example of its method`);
      body = { ...fresh(example), identifier: identifier.identifier, ...extra };
    }
    const answer = await sendS2s(this.target, entry, body);
    const payment: Payment = {
      flow,
      protocol,
      id: String(field(answer.body, 'trans_id')),
      orderId: String(body['order_id']),
      signingContext: protocol === 'card' ? { payer_email: String(body['payer_email'] ?? '') } : {},
      status: String(field(answer.body, 'status')),
    };
    // A prerequisite is left where the example takes it: only a flow knows the status it ends in.
    if (record) this.options.payments.push(payment);
    return { answer, payment, body };
  }

  /** A follow-up (CAPTURE, VOID, CREDITVOID, lookups) from the action's example, naming the payment. */
  followUp(
    protocol: S2sProtocol,
    action: string,
    payment: Payment,
    original: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ): Promise<Answer> {
    const entry = this.s2s(protocol, action);
    const body: Record<string, unknown> = {
      ...structuredClone(entry.examples[0]?.body ?? { action }),
      trans_id: payment.id,
      ...extra,
    };
    if (!('amount' in extra)) delete body['amount'];
    return sendS2s(this.target, entry, body, this.signing(entry, original));
  }

  /** The signing-only inputs of `entry`'s recipe, from the earlier request. */
  signing(entry: S2sEntry, original: Record<string, unknown>): Record<string, string> {
    return Object.fromEntries(entry.signingFields.map((name) => [name, String(original[name] ?? '')]));
  }

  /** The status lookup agrees with what the flow expects (waiting up to settleMs for an asynchronous outcome). */
  async lookup(
    context: ScenarioContext,
    protocol: S2sProtocol,
    payment: Payment,
    original: Record<string, unknown>,
    want: string,
  ): Promise<void> {
    const deadline = Date.now() + this.options.settleMs;
    for (;;) {
      const answer = await this.followUp(protocol, 'GET_TRANS_STATUS', payment, original);
      const status = String(field(answer.body, 'status'));
      if (status === want || Date.now() > deadline) {
        this.expect(context, answer, want, 'GET_TRANS_STATUS');
        payment.status = want;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A move the table lacks, or a refusal row: the operation must not succeed. */
  refused(context: ScenarioContext, answer: Answer, rule: TransitionRule | undefined, what: string): void {
    context.saw(answer.exchange);
    if (field(answer.body, 'result') === 'SUCCESS' || field(answer.body, 'result') === 'ACCEPTED')
      return context.differ(
        `${what}: the state table has no such move, yet it answered ${String(field(answer.body, 'result'))} (status ${String(field(answer.body, 'status'))})`,
      );
    if (rule?.error !== undefined && field(answer.body, 'error_message') !== rule.error)
      return context.differ(
        `${what}: expected error_message "${rule.error}" (the state table), answered "${String(field(answer.body, 'error_message'))}"`,
      );
    if (rule) this.options.exercised.add(moveKey(rule));
  }

  /** The payer opens `url`, fills in `fields` and presses the button `press`; every page is shown on failure. */
  async payerCompletes(
    context: ScenarioContext,
    url: string,
    fields: Readonly<Record<string, string>>,
    press: RegExp,
    posted?: Readonly<Record<string, string>>,
  ): Promise<void> {
    const visit = await payerVisits(this.target, url, fields, press, undefined, posted);
    for (const answer of visit.answers) context.saw(answer.exchange);
    if (visit.stuck) return context.differ(`the payer could not go on: ${visit.stuck}`);
    const failed = visit.answers.find((answer) => answer.status >= 400);
    if (failed) return context.differ(`the payer's page answered HTTP ${failed.status}`);
  }

  /**
   * A Checkout payment: the session from `example`, its hosted page paid with the scenario's test
   * card (through a challenge page when the card asks for one), then the status lookup by order.
   * Skips against a real platform, where the page needs a browser.
   */
  async checkoutPayment(
    context: ScenarioContext,
    flow: string,
    example: Record<string, unknown>,
    scenario: string,
    record = true,
  ): Promise<{ status: Answer; number: string; earlier: Earlier }> {
    const session = this.checkout('createSession');
    const body = structuredClone(example);
    const order = body['order'] as Record<string, unknown>;
    order['number'] = orderId();
    const number = String(order['number']);
    const created = await sendCheckout(this.target, session, body);
    context.saw(created.exchange);
    const url = field(created.body, 'redirect_url');
    if (typeof url !== 'string') return context.differ('createSession answered no redirect_url');
    if (!this.options.sandboxControls) return context.skip(`paying a Checkout session: ${NEEDS_PAYER}`);
    await this.payerCompletes(context, url, { ...this.card(scenario), card_cvv2: '123' }, /success/);
    const status = await sendCheckout(this.target, this.checkout('getPaymentStatus'), { order_id: number });
    context.saw(status.exchange);
    const earlier = this.earlier('Checkout getPaymentStatus', status.body, {}, { order_id: number });
    if (record)
      this.options.payments.push({
        flow,
        protocol: 'checkout',
        id: number,
        orderId: number,
        signingContext: {},
        status: String(field(status.body, 'status')),
      });
    return { status, number, earlier };
  }

  /** Moves the sandbox clock (sandbox controls only). */
  async advanceClock(context: ScenarioContext, seconds: number): Promise<void> {
    const answer = await request(this.target, `${this.target.baseUrl}/_sandbox/clock`, 'POST', undefined, {
      advance_seconds: seconds,
    });
    if (answer.status !== 200) {
      context.saw(answer.exchange);
      return context.differ(`the sandbox clock did not move (HTTP ${answer.status})`);
    }
  }
}
