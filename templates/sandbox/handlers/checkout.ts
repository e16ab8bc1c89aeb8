// Checkout endpoints (JSON): sessions paid on the hosted page or through Hosted Payment Fields,
// capture, refund, void, retry, recurring, card credit and the status lookup with `size`.
import { randomUUID } from 'node:crypto';
import { Answer, cataloguedAnswer, invalid } from '../core/answers.js';
import { checkoutStatus } from '../core/callbacks.js';
import { chargeAgain } from '../core/charges.js';
import { platformDate } from '../core/clock.js';
import { browserAttributesOf, mappingAdditions, type ProtocolMapping } from '../core/protocol-mapping.js';
import type { Handler, OperationCall } from '../core/sandbox.js';
import { orderOf, payCheckoutSession, returnUrl } from '../core/checkout-payments.js';
import { bookCapture, bookRefund, decimalUnits, settledAmount } from '../core/money.js';
import { RefusedMove, type CheckoutSession, type Transaction } from '../core/store.js';
import type { CheckoutEntry } from '../core/tables.js';
import { cardScenario, declineReason, successCard } from '../core/card-scenario.js';
import { DECLINE_REASONS } from '../core/decline-reasons.js';

type Call = OperationCall<CheckoutEntry>;

function orderAnswer(transaction: Transaction) {
  return {
    number: transaction.orderId,
    // What the payment is worth now: the captured amount after a partial capture.
    amount: settledAmount(transaction),
    currency: transaction.currency,
    description: transaction.description,
  };
}

export function paymentStatus(transaction: Transaction, mapping?: ProtocolMapping): Record<string, unknown> {
  return {
    payment_id: transaction.paymentId,
    date: platformDate(transaction.history.at(-1)!.at),
    status: checkoutStatus(transaction.status),
    ...(transaction.status === 'DECLINED' && transaction.declineReason ? { reason: transaction.declineReason } : {}),
    ...(transaction.recurringToken ? { recurring_token: transaction.recurringToken } : {}),
    order: orderAnswer(transaction),
    ...mappingAdditions(transaction, mapping, 'status'),
  };
}

/** The payment a request names by `payment_id`, or the catalogue's answer for an unknown one. */
function knownPayment(call: Call): Transaction {
  const payment = call.sandbox.store.payments.get(call.text('payment_id'));
  if (!payment || payment.merchant !== call.merchant)
    throw cataloguedAnswer('checkout', call.errors.unknown('payment_id'));
  call.verify(payment);
  return payment;
}

function session(call: Call, hostedFields: boolean): CheckoutSession {
  const request = call.fields;
  const order = orderOf(request);
  // A plain purchase of zero is refused; zero needs recurring_init (Limits).
  if (
    request['operation'] !== 'credit' &&
    request['recurring_init'] !== true &&
    order.amount !== '' &&
    decimalUnits(order.amount) === 0n
  ) {
    const condition = call.errors.condition('order.amount');
    throw condition
      ? cataloguedAnswer('checkout', condition)
      : invalid('checkout', [{ field: 'order.amount', message: 'amount: This value should be greater than 0.' }]);
  }
  call.verify();
  const created: CheckoutSession = {
    token: randomUUID(),
    merchant: call.merchant,
    request,
    hostedFields,
    payments: [],
    created: call.sandbox.clock.now(),
  };
  call.sandbox.store.sessions.set(created.token, created);
  return created;
}

function hostedFieldsPayment(call: Call): Answer {
  const token = call.text('$header:Token');
  const found = token ? call.sandbox.store.sessions.get(token) : undefined;
  if (!found || !found.hostedFields)
    return new Answer(403, { error_message: 'The Token header does not name a Hosted Payment Fields session.' });
  const operation = call.entry.path.includes('/debit/') ? 'debit' : 'purchase';
  if ((found.request['operation'] ?? 'purchase') !== operation) {
    return invalid('checkout', [
      {
        field: 'operation',
        message: `This session is a ${String(found.request['operation'])} session; use its own endpoint.`,
      },
    ]);
  }
  // The payer typed the card into the hosted fields; the sandbox takes the success card.
  const payment = payCheckoutSession(
    call.sandbox,
    found,
    successCard(call.sandbox.tables.testData.cards),
    browserAttributesOf(call.fields['browser_info']),
  );
  return new Answer(200, {
    result: payment.status === 'DECLINED' ? 'decline' : 'success',
    public_id: payment.paymentId,
    return_url_query_params: Object.fromEntries(new URL(returnUrl(call.sandbox, found, payment)).searchParams),
  });
}

export const CHECKOUT_HANDLERS: Readonly<Record<string, Handler<CheckoutEntry>>> = {
  createSession: (call) =>
    new Answer(200, { redirect_url: `${call.sandbox.baseUrl}/checkout/${session(call, false).token}` }),
  createSessionToken: (call) => new Answer(200, { token: session(call, true).token }),
  purchaseHostedFields: hostedFieldsPayment,
  debitHostedFields: hostedFieldsPayment,
  capturePayment: (call) => {
    const payment = knownPayment(call);
    const date = platformDate(call.sandbox.clock.now());
    const decline = (reason: string) => {
      call.sandbox.store.transition(payment, payment.status, 'CAPTURE', { declined: true, declineReason: reason });
      return new Answer(200, {
        payment_id: payment.paymentId,
        status: checkoutStatus(payment.status),
        trans_status: 'FAIL',
        date,
        reason,
      });
    };
    if (payment.scenario === 'capture-decline') return decline(DECLINE_REASONS.capture);
    try {
      if (!bookCapture(call.sandbox.store, payment, call.text('amount') || undefined))
        return decline(DECLINE_REASONS.captureAboveAuthorized);
    } catch (error) {
      if (error instanceof RefusedMove) return decline(DECLINE_REASONS.captureNotPending);
      throw error;
    }
    return new Answer(200, { payment_id: payment.paymentId, status: 'settled', trans_status: 'SUCCESS', date });
  },
  refundPayment: (call) => {
    const payment = knownPayment(call);
    let booked = false;
    try {
      // From where the state table's REFUND rows start (a settled payment; an authorization is
      // released by void on Checkout), up to what remains.
      booked = bookRefund(call.sandbox.store, payment, 'REFUND', call.text('amount') || undefined) !== undefined;
    } catch (error) {
      if (!(error instanceof RefusedMove)) throw error;
    }
    if (!booked)
      call.sandbox.store.transition(payment, payment.status, 'REFUND', {
        declined: true,
        declineReason: DECLINE_REASONS.refundBeyondSettled,
      });
    // The outcome arrives as a `type=refund` callback.
    return new Answer(200, { payment_id: payment.paymentId, result: 'accepted' });
  },
  voidPayment: (call) => {
    const payment = knownPayment(call);
    const date = platformDate(call.sandbox.clock.now());
    try {
      call.sandbox.store.transition(payment, 'VOID', 'VOID');
    } catch (error) {
      if (!(error instanceof RefusedMove)) throw error;
      return new Answer(200, {
        status: 'FAIL',
        payment_status: checkoutStatus(payment.status),
        payment_id: payment.paymentId,
        date,
        reason: DECLINE_REASONS.voidNotSettled,
        order: orderAnswer(payment),
      });
    }
    return new Answer(200, {
      status: 'SUCCESS',
      payment_status: 'void',
      payment_id: payment.paymentId,
      date,
      order: orderAnswer(payment),
    });
  },
  retryPayment: (call) => new Answer(200, { payment_id: knownPayment(call).paymentId, result: 'accepted' }),
  recurringPayment: (call) => {
    const id = call.field('recurring_init_trans_id');
    const initiating = call.sandbox.store.payments.get(id) ?? call.sandbox.store.transactions.get(id);
    if (
      !initiating ||
      initiating.protocol !== 'checkout' ||
      initiating.merchant !== call.merchant ||
      initiating.recurringToken !== call.text('recurring_token')
    ) {
      throw cataloguedAnswer('checkout', call.errors.unknown('recurring_init_trans_id'));
    }
    call.verify(initiating);
    const order = (call.fields['order'] ?? {}) as Record<string, unknown>;
    const payment = chargeAgain(call.sandbox, initiating, 'recurring', {
      orderId: String(order['number']),
      amount: String(order['amount']),
      description: String(order['description']),
      customData: call.fields['custom_data'],
      ...(call.text('schedule_id') ? { echo: { schedule_id: call.text('schedule_id') } } : {}),
    });
    return new Answer(200, {
      status: checkoutStatus(payment.status),
      payment_id: payment.paymentId,
      date: platformDate(payment.created),
      ...payment.echo,
      order: orderAnswer(payment),
    });
  },
  creditCard: (call) => {
    call.verify();
    // The payout to a stored card names it by `card_token` (the request requires it).
    const earlier = call.sandbox.store.cardTokenPayment(call.merchant, call.text('card_token'));
    // The document gives Checkout no code for it: the operation's own catalogue answers (its
    // generic case while it lists nothing for `card_token`).
    if (!earlier) return cataloguedAnswer('checkout', call.errors.unknown('card_token'));
    const number = earlier.cardNumber;
    const cards = call.sandbox.tables.testData.cards;
    const scenario = cardScenario(cards, number, undefined, undefined);
    const declined = scenario === 'decline' || scenario === 'bad-card';
    const payment = call.sandbox.store.create(
      {
        protocol: 'checkout',
        merchant: call.merchant,
        action: 'credit',
        orderId: call.text('order_id'),
        amount: call.text('order_amount'),
        currency: call.text('order_currency'),
        description: call.text('order_description'),
        paymentId: randomUUID(),
        auth: false,
        scenario,
        ...(number ? { cardNumber: number } : {}),
        echo: {},
      },
      declined ? 'DECLINED' : scenario === 'wait' ? 'PREPARE' : 'SETTLED',
      declined ? declineReason(cards, scenario, DECLINE_REASONS.card) : undefined,
    );
    return new Answer(200, { payment_id: payment.paymentId, result: 'accepted' });
  },
  getPaymentStatus: (call) => {
    const mapping = call.sandbox.options.protocolMapping;
    if (call.fields['payment_id'] !== undefined) return new Answer(200, paymentStatus(knownPayment(call), mapping));
    const payments = call.sandbox.store
      .orderTransactions(call.merchant, call.text('order_id'))
      .filter((transaction) => transaction.protocol === 'checkout');
    if (payments.length === 0) throw cataloguedAnswer('checkout', call.errors.unknown('order_id'));
    call.verify(payments[0]);
    const size = call.fields['size'];
    // Omitted: one object; 1..100: an array of the most recent payments (Checkout rule 4).
    if (size === undefined) return new Answer(200, paymentStatus(payments[0]!, mapping));
    return new Answer(
      200,
      payments.slice(0, Number(size)).map((payment) => paymentStatus(payment, mapping)),
    );
  },
};
