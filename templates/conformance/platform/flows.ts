// Family `flows`: the state table's moves, run with the documented test cards and identifiers.
// Each step's expected status is the table's `to` for the step's move; a move the table lacks
// must be refused, and a refusal row must answer its catalogued message. Every payment a flow
// makes is remembered with the status it ends in, for the callback checks.
import type { Scenario, ScenarioContext } from '../runner.js';
import type { ConformanceTables, S2sEntry, TransitionRule } from '../tables.js';
import { field, request, sendCheckout, sendS2s, type Answer, type Target } from '../wire.js';
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

export interface FlowOptions {
  /** The target serves the sandbox's controls (`/_sandbox/...`): challenge pages can be completed. */
  readonly sandboxControls: boolean;
  /** Where each payment is recorded. */
  readonly payments: Payment[];
  /** How long an asynchronous outcome (CREDITVOID) may take to show in the status lookup. */
  readonly settleMs: number;
}

const NEW = 'new';

/** The table's row for a move from `from` by an operation whose description `by` matches. */
function row(tables: ConformanceTables, from: string, by: RegExp, protocol: string): TransitionRule | undefined {
  return tables.transitions.find(
    (move) =>
      move.from === from && by.test(move.by) && (move.protocols === undefined || move.protocols.includes(protocol)),
  );
}

/** An operation word as the table writes it: at the start of `by`, or after `/ `. */
const operation = (action: string) => new RegExp(`(^|/ )${action}\\b`);

export function flowScenarios(target: Target, tables: ConformanceTables, options: FlowOptions): Scenario[] {
  const s2s = (protocol: 'card' | 'apm', action: string): S2sEntry => {
    const entry = tables.s2s.find((candidate) => candidate.protocol === protocol && candidate.action === action);
    if (!entry) throw new Error(`the spec has no ${protocol} ${action}`);
    return entry;
  };
  const card = (scenario: string) => {
    const found = tables.testData.cards.find(
      (candidate) => candidate.scenario === scenario && candidate.expiry !== 'any',
    );
    if (!found) throw new Error(`the spec's test data has no ${scenario} card`);
    const [month, year] = found.expiry.split('/');
    return { card_number: found.number, card_exp_month: month!, card_exp_year: year! };
  };
  const expect = (context: ScenarioContext, answer: Answer, want: string, what: string) => {
    context.saw(answer.exchange);
    const status = String(field(answer.body, 'status') ?? field(answer.body, 'result'));
    if (status.toUpperCase() !== want.toUpperCase())
      return context.differ(`${what}: expected status ${want} (the state table), answered ${status}`);
  };
  const to = (from: string, by: RegExp, protocol: string): string => {
    const found = row(tables, from, by, protocol);
    if (!found) throw new Error(`the state table has no move from ${from} by ${by.source}`);
    return found.to;
  };

  /** A card payment (SALE, AUTH) from the spec's example with a test card. */
  const cardPayment = async (
    flow: string,
    action: 'SALE' | 'AUTH',
    scenario: string,
    extra: Record<string, unknown> = {},
  ) => {
    const entry = s2s('card', action);
    // A non-zero amount, so captures and refunds have something to move.
    const body: Record<string, unknown> = {
      ...fresh(entry.examples[0]!),
      ...card(scenario),
      order_amount: '10.00',
      ...extra,
    };
    const answer = await sendS2s(target, entry, body);
    const payment: Payment = {
      flow,
      protocol: 'card',
      id: String(field(answer.body, 'trans_id')),
      orderId: String(body['order_id']),
      signingContext: { payer_email: String(body['payer_email'] ?? '') },
      status: String(field(answer.body, 'status')),
    };
    options.payments.push(payment);
    return { answer, payment, body };
  };
  /** A follow-up (CAPTURE, VOID, CREDITVOID, lookups) from the action's example, naming the payment. */
  const followUp = (
    protocol: 'card' | 'apm',
    action: string,
    payment: Payment,
    original: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) => {
    const entry = s2s(protocol, action);
    const body: Record<string, unknown> = {
      ...structuredClone(entry.examples[0]?.body ?? { action }),
      trans_id: payment.id,
      ...extra,
    };
    if (!('amount' in extra)) delete body['amount'];
    const signing = Object.fromEntries(entry.signingFields.map((name) => [name, String(original[name] ?? '')]));
    return sendS2s(target, entry, body, signing);
  };
  /** The status lookup agrees with what the flow expects (waiting up to settleMs for an asynchronous outcome). */
  const lookup = async (
    context: ScenarioContext,
    protocol: 'card' | 'apm',
    payment: Payment,
    original: Record<string, unknown>,
    want: string,
  ) => {
    const deadline = Date.now() + options.settleMs;
    for (;;) {
      const answer = await followUp(protocol, 'GET_TRANS_STATUS', payment, original);
      const status = String(field(answer.body, 'status'));
      if (status === want || Date.now() > deadline) {
        expect(context, answer, want, 'GET_TRANS_STATUS');
        payment.status = want;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  /** A move the table lacks, or a refusal row: the operation must not succeed, and the status stays. */
  const refused = (context: ScenarioContext, answer: Answer, rule: TransitionRule | undefined, what: string) => {
    context.saw(answer.exchange);
    if (field(answer.body, 'result') === 'SUCCESS' || field(answer.body, 'result') === 'ACCEPTED')
      return context.differ(
        `${what}: the state table has no such move, yet it answered ${String(field(answer.body, 'result'))} (status ${String(field(answer.body, 'status'))})`,
      );
    if (rule?.error !== undefined && field(answer.body, 'error_message') !== rule.error)
      return context.differ(
        `${what}: expected error_message "${rule.error}" (the state table), answered "${String(field(answer.body, 'error_message'))}"`,
      );
  };

  /** VOID of an authorization: refused as the table says (no row, or its refusal row), and the status stays. */
  const voidRefused = async (
    context: ScenarioContext,
    protocol: 'card' | 'apm',
    payment: Payment,
    body: Record<string, unknown>,
    held: string,
  ) => {
    refused(
      context,
      await followUp(protocol, 'VOID', payment, body),
      row(tables, held, operation('VOID'), protocol),
      `${protocol.toUpperCase()} VOID of an authorization`,
    );
    await lookup(context, protocol, payment, body, held);
  };

  const flow = (name: string, run: (context: ScenarioContext) => Promise<void>): Scenario => ({
    id: `flows/${name}`,
    family: 'flows',
    title: name,
    run,
  });

  return [
    flow('Card SALE with the success card settles, and the status lookup agrees', async (context) => {
      const { answer, payment, body } = await cardPayment('card sale', 'SALE', 'success');
      expect(context, answer, to(NEW, /^SALE succeeds/, 'card'), 'SALE');
      await lookup(context, 'card', payment, body, payment.status);
    }),
    flow('Card SALE with the decline card is declined', async (context) => {
      const { answer } = await cardPayment('card decline', 'SALE', 'decline');
      expect(context, answer, to(NEW, /^SALE declined/, 'card'), 'SALE');
    }),
    flow('Card AUTH holds, CAPTURE settles', async (context) => {
      const { answer, payment, body } = await cardPayment('card auth-capture', 'AUTH', 'success');
      expect(context, answer, to(NEW, /^AUTH/, 'card'), 'AUTH');
      const want = to(answer.body ? String(field(answer.body, 'status')) : NEW, operation('CAPTURE'), 'card');
      expect(
        context,
        await followUp('card', 'CAPTURE', payment, body, { amount: body['order_amount'] }),
        want,
        'CAPTURE',
      );
      await lookup(context, 'card', payment, body, want);
    }),
    flow('Card AUTH: VOID is refused (no such move), CREDITVOID releases', async (context) => {
      const { answer, payment, body } = await cardPayment('card auth-void', 'AUTH', 'success');
      const held = to(NEW, /^AUTH/, 'card');
      expect(context, answer, held, 'AUTH');
      await voidRefused(context, 'card', payment, body, held);
      const creditvoid = await followUp('card', 'CREDITVOID', payment, body);
      context.saw(creditvoid.exchange);
      if (field(creditvoid.body, 'result') === 'ERROR')
        return context.differ(
          `CREDITVOID of an authorization refused: ${String(field(creditvoid.body, 'error_message'))}`,
        );
      await lookup(context, 'card', payment, body, to(held, operation('CREDITVOID'), 'card'));
    }),
    flow('Card SALE then VOID', async (context) => {
      const { answer, payment, body } = await cardPayment('card void', 'SALE', 'success');
      const settled = to(NEW, /^SALE succeeds/, 'card');
      expect(context, answer, settled, 'SALE');
      expect(context, await followUp('card', 'VOID', payment, body), to(settled, operation('VOID'), 'card'), 'VOID');
      await lookup(context, 'card', payment, body, to(settled, operation('VOID'), 'card'));
    }),
    flow('Card SALE, partial CREDITVOID keeps it settled, the rest refunds it', async (context) => {
      const { answer, payment, body } = await cardPayment('card refunds', 'SALE', 'success', { order_amount: '10.00' });
      const settled = to(NEW, /^SALE succeeds/, 'card');
      expect(context, answer, settled, 'SALE');
      await followUp('card', 'CREDITVOID', payment, body, { amount: '4.00' });
      await lookup(context, 'card', payment, body, settled);
      const rest = await followUp('card', 'CREDITVOID', payment, body);
      context.saw(rest.exchange);
      await lookup(context, 'card', payment, body, to(settled, operation('CREDITVOID'), 'card'));
    }),
    flow('Card recurring: SALE with recurring_init, then RECURRING_SALE settles', async (context) => {
      const { answer, payment, body } = await cardPayment('card recurring init', 'SALE', 'success', {
        recurring_init: 'Y',
      });
      expect(context, answer, to(NEW, /^SALE succeeds/, 'card'), 'SALE recurring_init');
      const entry = s2s('card', 'RECURRING_SALE');
      const recurringBody: Record<string, unknown> = { ...fresh(entry.examples[0]!), order_id: orderId() };
      // The example names the initiating payment by one of the two names the spec allows.
      for (const name of ['recurring_first_trans_id', 'recurring_init_trans_id'])
        if (name in recurringBody) recurringBody[name] = payment.id;
      const token = field(answer.body, 'recurring_token');
      if (typeof token === 'string') recurringBody['recurring_token'] = token;
      const signing = Object.fromEntries(entry.signingFields.map((name) => [name, String(body[name] ?? '')]));
      const recurring = await sendS2s(target, entry, recurringBody, signing);
      expect(context, recurring, to(NEW, /^SALE succeeds/, 'card'), 'RECURRING_SALE');
      options.payments.push({
        flow: 'card recurring',
        protocol: 'card',
        id: String(field(recurring.body, 'trans_id')),
        orderId: String(recurringBody['order_id']),
        signingContext: { payer_email: String(body['payer_email'] ?? '') },
        status: String(field(recurring.body, 'status')),
      });
    }),
    flow('Card SALE with the 3DS card asks for the challenge', async (context) => {
      const { answer, payment, body } = await cardPayment('card 3ds', 'SALE', '3ds-success');
      const waiting = to(NEW, /^3DS challenge/, 'card');
      expect(context, answer, waiting, 'SALE');
      const url = field(answer.body, 'redirect_url');
      if (typeof url !== 'string') return context.differ('a 3DS answer without redirect_url');
      if (!options.sandboxControls) return;
      // The sandbox's challenge page: pass it, and the payment moves as the table says.
      await request(target, url, 'POST', { outcome: 'success' });
      await lookup(context, 'card', payment, body, to(waiting, /^challenge passed$/, 'card'));
    }),
    flow('APM SALE with the success identifier settles, and the status lookup agrees', async (context) => {
      const entry = s2s('apm', 'SALE');
      const identifier = tables.testData.identifiers.find((candidate) => candidate.scenario === 'success');
      const example = identifier && entry.examples.find((candidate) => candidate.body['brand'] === identifier.brand);
      if (!identifier || !example)
        return context.skip('the spec names no success identifier with an example of its method');
      const body: Record<string, unknown> = { ...fresh(example), identifier: identifier.identifier };
      const answer = await sendS2s(target, entry, body);
      const payment: Payment = {
        flow: 'apm sale',
        protocol: 'apm',
        id: String(field(answer.body, 'trans_id')),
        orderId: String(body['order_id']),
        signingContext: {},
        status: String(field(answer.body, 'status')),
      };
      options.payments.push(payment);
      expect(context, answer, to(NEW, /^SALE succeeds/, 'apm'), `APM SALE (${identifier.brand})`);
      await lookup(context, 'apm', payment, body, payment.status);
    }),
    flow("APM authorization: VOID answers the table's refusal", async (context) => {
      const entry = s2s('apm', 'SALE');
      const identifier = tables.testData.identifiers.find((candidate) => candidate.scenario === 'success');
      const example = identifier && entry.examples.find((candidate) => candidate.body['brand'] === identifier.brand);
      if (!identifier || !example)
        return context.skip('the spec names no success identifier with an example of its method');
      const body: Record<string, unknown> = { ...fresh(example), identifier: identifier.identifier, auth: 'Y' };
      const answer = await sendS2s(target, entry, body);
      const held = to(NEW, /^AUTH/, 'apm');
      expect(context, answer, held, 'APM SALE auth=Y');
      const payment: Payment = {
        flow: 'apm auth',
        protocol: 'apm',
        id: String(field(answer.body, 'trans_id')),
        orderId: String(body['order_id']),
        signingContext: {},
        status: held,
      };
      options.payments.push(payment);
      await voidRefused(context, 'apm', payment, body, held);
    }),
    flow('Checkout session, hosted page with the success card, status lookup', async (context) => {
      const session = tables.checkout.find((candidate) => candidate.operationId === 'createSession');
      const status = tables.checkout.find((candidate) => candidate.operationId === 'getPaymentStatus');
      if (!session || !status || !session.examples[0]) return context.skip('the spec has no Checkout session');
      const body = fresh(session.examples[0]);
      const number = String((body['order'] as Record<string, unknown>)['number']);
      const created = await sendCheckout(target, session, body);
      context.saw(created.exchange);
      const url = field(created.body, 'redirect_url');
      if (typeof url !== 'string') return context.differ('createSession answered no redirect_url');
      if (!options.sandboxControls)
        return context.skip(
          'paying on the hosted page needs a browser on a real platform: session creation checked only',
        );
      const paid = await request(target, `${url}/pay`, 'POST', { ...card('success'), card_cvv2: '123' });
      context.saw(paid.exchange);
      const settled = to(NEW, /^SALE succeeds/, 'checkout');
      const answer = await sendCheckout(target, status, { order_id: number });
      expect(context, answer, settled, 'getPaymentStatus');
      options.payments.push({
        flow: 'checkout',
        protocol: 'checkout',
        id: number,
        orderId: number,
        signingContext: {},
        status: settled,
      });
    }),
  ];
}
