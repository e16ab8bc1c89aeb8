// S2S CARD and S2S APM actions over the core: the spec's state table (the store refuses what it
// lacks), its test data and method behaviour (the tables), and the response shapes of facts
// §2.2-2.3.
import { randomUUID } from 'node:crypto';
import { Answer, cataloguedAnswer, invalid } from '../core/answers.js';
import { s2sResult } from '../core/callbacks.js';
import { calendarDate, platformDate } from '../core/clock.js';
import { mappingAdditions, payerAttributesOf } from '../core/protocol-mapping.js';
import { qrPng } from '../core/qr.js';
import type { Handler, OperationCall, Sandbox } from '../core/sandbox.js';
import { chargeAgain } from '../core/charges.js';
import { scheduleFirstRun, startRuns } from '../core/schedule-runs.js';
import { bankDecline, DECLINE_REASONS } from '../core/decline-reasons.js';
import { bookCapture, bookRefund, decimalUnits, settledAmount } from '../core/money.js';
import { RefusedMove, type Transaction, type TransactionStatus } from '../core/store.js';
import { payerRedirect } from '../core/payer-redirect.js';
import type { S2sActionEntry } from '../core/tables.js';
import { cardScenario, firstCardStatus } from '../core/card-scenario.js';

type Call = OperationCall<S2sActionEntry>;

const DESCRIPTOR = 'SANDBOX';
/** Statuses after which a payment can move no more by the payer: a new payment of the order may start. */
const OPEN_STATUSES: readonly TransactionStatus[] = ['3DS', 'REDIRECT', 'PREPARE'];

/** The synchronous answer for a payment (facts §2.2): result and status, and the redirect when the payer must go on. */
export function paymentAnswer(
  sandbox: Sandbox,
  action: string,
  transaction: Transaction,
  extra: Record<string, unknown> = {},
): Answer {
  const redirect = transaction.status === '3DS' || transaction.status === 'REDIRECT';
  return followUp(action, transaction, {
    trans_date: platformDate(transaction.created),
    descriptor: DESCRIPTOR,
    amount: transaction.amount,
    currency: transaction.currency,
    ...(transaction.status === 'DECLINED' ? { decline_reason: transaction.declineReason } : {}),
    ...(redirect ? payerRedirect(sandbox, transaction) : {}),
    ...(transaction.recurringToken && !redirect ? { recurring_token: transaction.recurringToken } : {}),
    ...(transaction.cardToken && !redirect ? { card_token: transaction.cardToken } : {}),
    ...transaction.echo,
    ...extra,
  });
}

/**
 * A repeated `order_id` (sandbox rule, see the README): allowed once the order's latest payment
 * is final (a retry after a decline), refused while it still waits for the payer.
 */
function checkOrder(call: Call): void {
  const latest = call.sandbox.store.orderTransactions(call.merchant, call.text('order_id'))[0];
  if (latest && OPEN_STATUSES.includes(latest.status)) {
    throw invalid('s2s', [
      { field: 'order_id', message: `The previous payment of this order (${latest.id}) is not completed.` },
    ]);
  }
}

/** The zero-amount rule: zero only with auth=Y or recurring_init=Y (Limits). */
function checkAmount(call: Call, zeroAllowed: boolean): void {
  if (zeroAllowed || decimalUnits(call.text('order_amount') || '1') !== 0n) return;
  const condition = call.errors.condition('order_amount');
  throw condition
    ? cataloguedAnswer('s2s', condition)
    : invalid('s2s', [{ field: 'order_amount', message: 'This value should be greater than 0.' }]);
}

/** The merchant, the order fields and the opaque `custom_data` of a payment request. */
function orderFields(call: Call) {
  return {
    merchant: call.merchant,
    orderId: call.text('order_id'),
    amount: call.text('order_amount'),
    currency: call.text('order_currency'),
    description: call.text('order_description'),
    ...(call.fields['custom_data'] !== undefined ? { customData: call.fields['custom_data'] } : {}),
    ...optional('payer', payerAttributesOf(call.fields)),
  };
}

function optional<Name extends string, Value>(name: Name, value: Value | undefined): { [key in Name]?: Value } {
  return (value === undefined ? {} : { [name]: value }) as { [key in Name]?: Value };
}

/** Fields of the trial-period and schedule parameters, echoed in responses and callbacks. */
function scheduleEcho(call: Call, start: number): Record<string, string> {
  const scheduleId = call.text('schedule_id');
  if (!scheduleId) return {};
  const schedule = call.sandbox.store.schedules.get(scheduleId);
  if (!schedule || schedule.deleted || schedule.merchant !== call.merchant) {
    throw cataloguedAnswer('s2s', call.errors.unknown('schedule_id'));
  }
  const first = scheduleFirstRun(schedule, start, call.text('schedule_start_date') || undefined);
  return {
    schedule_id: scheduleId,
    ...(call.text('schedule_start_date') ? { schedule_start_date: call.text('schedule_start_date') } : {}),
    ...(call.text('payment_schedule_amount') ? { payment_schedule_amount: call.text('payment_schedule_amount') } : {}),
    first_recurring_date: calendarDate(first),
  };
}

interface CardSource {
  readonly number?: string;
  readonly month?: string;
  readonly year?: string;
  readonly token?: string;
}

/** The card of a request: its four fields, an earlier `card_token`, or a wallet token (which succeeds). */
function cardOf(call: Call): CardSource {
  const token = call.text('card_token');
  if (token) {
    const earlier = call.sandbox.store.cardTokenPayment(call.merchant, token);
    if (!earlier?.cardNumber) throw cataloguedAnswer('s2s', call.errors.unknown('card_token'));
    const [month, year] = (earlier.cardExpiry ?? '/').split('/');
    return { number: earlier.cardNumber, token, ...(month ? { month } : {}), ...(year ? { year } : {}) };
  }
  const number = call.text('card_number') || call.text('payee_card_number');
  if (!number) return {};
  return { number, month: call.text('card_exp_month'), year: call.text('card_exp_year') };
}

/** SALE, AUTH, DEBIT, CARD2CARD, CREDIT2CARD on S2S CARD. */
function cardPayment(call: Call): Answer {
  const action = call.entry.action;
  const auth = action === 'AUTH' || call.text('auth') === 'Y';
  const recurringInit = call.text('recurring_init') === 'Y';
  checkAmount(call, (auth || recurringInit) && action !== 'CREDIT2CARD');
  call.verify();
  checkOrder(call);
  const card = cardOf(call);
  const cards = call.sandbox.tables.testData.cards;
  const scenario = cardScenario(cards, card.number, card.month, card.year, call.sandbox.clock.now());
  const { status, reason } = firstCardStatus(cards, scenario, auth, call.fields['mpi_data'] !== undefined);
  const now = call.sandbox.clock.now();
  const success = status === 'SETTLED' || status === 'PENDING';
  const transaction = call.sandbox.store.create(
    {
      protocol: 'card',
      ...orderFields(call),
      action,
      auth,
      scenario,
      ...(call.text('payer_email') ? { payerEmail: call.text('payer_email') } : {}),
      ...(card.number ? { cardNumber: card.number } : {}),
      ...(card.month && card.year ? { cardExpiry: `${card.month.padStart(2, '0')}/${card.year}` } : {}),
      ...(card.token ? { cardToken: card.token } : call.text('req_token') === 'Y' ? { cardToken: randomUUID() } : {}),
      ...(recurringInit ? { recurringToken: randomUUID() } : {}),
      ...(call.text('term_url_3ds') ? { returnUrl: call.text('term_url_3ds') } : {}),
      echo: success || status === '3DS' || status === 'REDIRECT' ? scheduleEcho(call, now) : {},
    },
    status,
    reason,
  );
  const scheduleId = transaction.echo['schedule_id'];
  if (scheduleId && success) {
    const schedule = call.sandbox.store.schedules.get(scheduleId)!;
    schedule.attached.add(transaction.id);
    startRuns(call.sandbox, schedule, transaction, Date.parse(`${transaction.echo['first_recurring_date']}T00:00:00Z`));
  }
  return paymentAnswer(call.sandbox, action, transaction);
}

/** The transaction a follow-up names by `trans_id`, or the catalogue's answer for an unknown one. */
function known(call: Call): Transaction {
  const transaction = call.sandbox.store.transactions.get(call.text('trans_id'));
  if (!transaction || transaction.merchant !== call.merchant || transaction.protocol === 'checkout')
    throw cataloguedAnswer('s2s', call.errors.unknown('trans_id'));
  call.verify(transaction);
  return transaction;
}

function followUp(action: string, transaction: Transaction, fields: Record<string, unknown>): Answer {
  return new Answer(200, {
    action,
    result: s2sResult(transaction.status),
    status: transaction.status,
    order_id: transaction.orderId,
    trans_id: transaction.id,
    ...fields,
  });
}

function capture(call: Call): Answer {
  const transaction = known(call);
  const decline = (reason: string) => {
    call.sandbox.store.transition(transaction, transaction.status, 'CAPTURE', {
      declined: true,
      declineReason: reason,
    });
    return new Answer(200, {
      action: 'CAPTURE',
      result: 'DECLINED',
      status: transaction.status,
      order_id: transaction.orderId,
      trans_id: transaction.id,
      decline_reason: reason,
    });
  };
  // A captured authorization is SETTLED: the state table has no CAPTURE from there.
  if (!transaction.auth || transaction.status !== 'PENDING') return decline(DECLINE_REASONS.captureNotPending);
  if (transaction.scenario === 'capture-decline') return decline(DECLINE_REASONS.capture);
  try {
    if (!bookCapture(call.sandbox.store, transaction, call.text('amount') || undefined)) {
      // Above the authorized amount: the catalogue's error (208004), else a decline.
      const above = call.errors.coded('amount');
      if (above) throw cataloguedAnswer('s2s', above);
      return decline(DECLINE_REASONS.captureAboveAuthorized);
    }
  } catch (error) {
    if (error instanceof RefusedMove) return decline(DECLINE_REASONS.captureNotPending);
    throw error;
  }
  return followUp('CAPTURE', transaction, {
    amount: settledAmount(transaction),
    currency: transaction.currency,
    trans_date: platformDate(call.sandbox.clock.now()),
    descriptor: DESCRIPTOR,
  });
}

/** VOID: the table moves only a SETTLED payment; its row for an S2S APM authorization answers the catalogued error. */
function voidPayment(call: Call): Answer {
  const transaction = known(call);
  try {
    call.sandbox.store.transition(transaction, 'VOID', 'VOID');
  } catch (error) {
    // The table's own error (`Void is not allowed.`) answers as the catalogue has it; so does a
    // refusal the response schema has no DECLINED answer for (a VOID of a refunded payment).
    if (!(error instanceof RefusedMove) || error.error !== undefined) throw error;
    const declined = new Answer(200, {
      action: 'VOID',
      result: 'DECLINED',
      status: transaction.status,
      order_id: transaction.orderId,
      trans_id: transaction.id,
      decline_reason: DECLINE_REASONS.voidNotSettled,
    });
    if (call.entry.validateResponse && !call.entry.validateResponse(declined.body).ok) throw error;
    return declined;
  }
  return followUp('VOID', transaction, { trans_date: platformDate(call.sandbox.clock.now()) });
}

/**
 * CREDITVOID (and REFUND): releases an authorization, refunds a settled payment in part or (without
 * `amount`) all that remains of it; never more than was captured.
 */
function creditvoid(call: Call): Answer {
  const action = call.entry.action;
  const transaction = known(call);
  let booked = false;
  try {
    booked = bookRefund(call.sandbox.store, transaction, action, call.text('amount') || undefined) !== undefined;
  } catch (error) {
    if (!(error instanceof RefusedMove)) throw error;
  }
  if (!booked) {
    call.sandbox.store.transition(transaction, transaction.status, action, {
      declined: true,
      declineReason: `${action} applies to SETTLED payments and PENDING authorizations, up to what remains of them.`,
    });
  }
  // The final result arrives by callback (facts §2.2): the answer only accepts the request.
  return new Answer(200, { action, result: 'ACCEPTED', order_id: transaction.orderId, trans_id: transaction.id });
}

function statusAnswer(sandbox: Sandbox, action: string, transaction: Transaction): Answer {
  return new Answer(200, {
    action,
    result: 'SUCCESS',
    status: transaction.status,
    order_id: transaction.orderId,
    trans_id: transaction.id,
    trans_date: platformDate(transaction.created),
    amount: settledAmount(transaction),
    currency: transaction.currency,
    ...(transaction.declineReason && transaction.status === 'DECLINED'
      ? { decline_reason: transaction.declineReason }
      : {}),
    ...(transaction.recurringToken ? { recurring_token: transaction.recurringToken } : {}),
    ...transaction.echo,
    ...mappingAdditions(transaction, sandbox.options.protocolMapping, 'status'),
  });
}

function getTransStatus(call: Call): Answer {
  return statusAnswer(call.sandbox, 'GET_TRANS_STATUS', known(call));
}

function getTransStatusByOrder(call: Call): Answer {
  const latest = call.sandbox.store
    .orderTransactions(call.merchant, call.text('order_id'))
    .find((transaction) => transaction.protocol !== 'checkout');
  if (!latest) throw cataloguedAnswer('s2s', call.errors.unknown('order_id'));
  call.verify(latest);
  return statusAnswer(call.sandbox, 'GET_TRANS_STATUS_BY_ORDER', latest);
}

/** RECURRING_SALE and RECURRING_DEBIT: a new charge on the card of a `recurring_init=Y` payment. */
function recurring(call: Call): Answer {
  const action = call.entry.action;
  const initiating = call.sandbox.store.transactions.get(call.field('recurring_init_trans_id'));
  const chainAction = action === 'RECURRING_DEBIT' ? ['DEBIT'] : ['SALE', 'AUTH'];
  if (
    !initiating ||
    initiating.merchant !== call.merchant ||
    initiating.recurringToken !== call.text('recurring_token') ||
    !chainAction.includes(initiating.action)
  ) {
    throw cataloguedAnswer('s2s', call.errors.unknown('recurring_init_trans_id'));
  }
  call.verify(initiating);
  checkAmount(call, false);
  const transaction = chargeAgain(call.sandbox, initiating, action, {
    orderId: call.text('order_id'),
    amount: call.text('order_amount'),
    description: call.text('order_description'),
    auth: call.text('auth') === 'Y',
    customData: call.fields['custom_data'],
  });
  return paymentAnswer(call.sandbox, action, transaction);
}

/** S2S APM SALE, DEBIT2VIRTUAL and DEBIT2VIRTUAL_CALC. */
async function apmPayment(call: Call): Promise<Answer> {
  const action = call.entry.action;
  checkAmount(call, false);
  call.verify();
  checkOrder(call);
  const sandbox = call.sandbox;
  const brand = call.text('brand');
  // Exactly `Y` authorizes; any other value is an immediate sale (Limits).
  const auth = action === 'SALE' && call.text('auth') === 'Y';
  const identifier = call.text('identifier');
  // The method's behaviour data (x-method) and the test connector's identifiers (x-test-data).
  const method = sandbox.tables.methods.find((candidate) => candidate.brand === brand);
  const tested = sandbox.tables.testData.identifiers.find(
    (entry) => entry.brand === brand && entry.identifier === identifier,
  );
  const waitsForPayer =
    method !== undefined &&
    (method.qr !== undefined ||
      method.completionWindow !== undefined ||
      (method.completion.length === 1 && method.completion[0] === 'redirect'));
  let status: TransactionStatus = auth ? 'PENDING' : 'SETTLED';
  let reason: string | undefined;
  if (tested?.scenario === 'decline') [status, reason] = ['DECLINED', DECLINE_REASONS.identifier];
  else if (waitsForPayer) status = 'REDIRECT';
  const transaction = sandbox.store.create(
    {
      protocol: 'apm',
      ...orderFields(call),
      action,
      auth,
      scenario: status === 'DECLINED' ? 'decline' : 'success',
      brand,
      ...(identifier ? { identifier } : {}),
      ...(call.text('return_url') ? { returnUrl: call.text('return_url') } : {}),
      echo: {},
    },
    status,
    reason,
  );
  const extra: Record<string, unknown> =
    action === 'SALE' ? {} : { commission: '0.00', total_amount: transaction.amount };
  if (status === 'REDIRECT' && method?.qr) {
    sandbox.clock.after(method.qr.lifetimeSeconds, () =>
      expire(sandbox, transaction, 'DECLINED', DECLINE_REASONS.qrExpired, 'QR_EXPIRY'),
    );
    // The state is set; only the image is drawn after this point.
    extra['redirect_params'] = { qr_code: await qrPng(`${sandbox.baseUrl}/_sandbox/pay/${transaction.id}`) };
  } else if (status === 'REDIRECT' && method?.completionWindow) {
    const window = method.completionWindow;
    sandbox.clock.after(window.seconds, () =>
      expire(sandbox, transaction, window.then as TransactionStatus, DECLINE_REASONS.window, 'WINDOW_EXPIRY'),
    );
  }
  return paymentAnswer(sandbox, action, transaction, extra);
}

/** A payment the payer did not complete in time moves on (QR lifetime, a completion window), unless it already has. */
function expire(sandbox: Sandbox, transaction: Transaction, then: TransactionStatus, reason: string, by: string): void {
  if (transaction.status === 'REDIRECT') sandbox.store.transition(transaction, then, by, { declineReason: reason });
}

/** The QR method's bank callback (`POST /_sandbox/transactions/{id}/bank`): its code moves the payment as the method's data says. */
export function bankCallback(sandbox: Sandbox, transaction: Transaction, code: string): void {
  const method = sandbox.tables.methods.find((candidate) => candidate.brand === transaction.brand && candidate.qr);
  const then = method?.qr?.bankCallback[code] as TransactionStatus | undefined;
  if (!then) throw new RefusedMove(transaction.status, `bank ${code}`, 'bank callback', undefined);
  sandbox.store.transition(
    transaction,
    then,
    transaction.action,
    then === 'DECLINED' ? { declineReason: bankDecline(code) } : {},
  );
}

function credit2virtual(call: Call): Answer {
  call.verify();
  checkOrder(call);
  const transaction = call.sandbox.store.create(
    {
      protocol: 'apm',
      ...orderFields(call),
      action: 'CREDIT2VIRTUAL',
      auth: false,
      scenario: 'success',
      brand: call.text('brand'),
      echo: {},
    },
    'SETTLED',
  );
  return followUp('CREDIT2VIRTUAL', transaction, {
    trans_date: platformDate(transaction.created),
    amount: transaction.amount,
    currency: transaction.currency,
  });
}

export const S2S_HANDLERS: Readonly<Record<string, Handler<S2sActionEntry>>> = {
  SALE: (call) => (call.entry.protocol === 'apm' ? apmPayment(call) : cardPayment(call)),
  AUTH: cardPayment,
  DEBIT: cardPayment,
  CARD2CARD: cardPayment,
  CREDIT2CARD: cardPayment,
  CAPTURE: capture,
  VOID: voidPayment,
  CREDITVOID: creditvoid,
  REFUND: creditvoid,
  GET_TRANS_STATUS: getTransStatus,
  GET_TRANS_STATUS_BY_ORDER: getTransStatusByOrder,
  RECURRING_SALE: recurring,
  RECURRING_DEBIT: recurring,
  DEBIT2VIRTUAL: apmPayment,
  DEBIT2VIRTUAL_CALC: apmPayment,
  CREDIT2VIRTUAL: credit2virtual,
};
