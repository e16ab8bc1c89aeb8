// A Checkout session's payment: paid on the hosted page, through Hosted Payment Fields or after
// the 3DS page, and the signed return of the payer to success_url / cancel_url. Core, because the
// Checkout endpoints and the hosted pages both pay sessions and return payers.
import { computeSignature } from '@payment-gateway/merchant-client';
import { randomUUID } from 'node:crypto';
import { cardScenario, firstCardStatus } from './card-scenario.js';
import { returnAdditions } from './protocol-mapping.js';
import type { Sandbox } from './sandbox.js';
import type { CheckoutSession, Transaction } from './store.js';

export interface SessionOrder {
  readonly number: string;
  readonly amount: string;
  readonly currency: string;
  readonly description: string;
}

export const orderOf = (request: Readonly<Record<string, unknown>>): SessionOrder => {
  const order = (request['order'] ?? {}) as Record<string, unknown>;
  return {
    number: String(order['number'] ?? ''),
    amount: String(order['amount'] ?? ''),
    currency: String(order['currency'] ?? ''),
    description: String(order['description'] ?? ''),
  };
};

/** A card the payer types on the hosted page (or the HPF default, the success card). */
export interface PageCard {
  readonly number: string;
  readonly month: string;
  readonly year: string;
}

/**
 * Pays a session: the test card selects the outcome, the session's `auth` holds a success in
 * PENDING. Returns the payment; 3DS cards wait on the challenge page.
 */
export function payCheckoutSession(
  sandbox: Sandbox,
  session: CheckoutSession,
  card: PageCard,
  browser?: Readonly<Record<string, string>>,
): Transaction {
  const request = session.request;
  const order = orderOf(request);
  const auth = request['auth'] === true;
  const cards = sandbox.tables.testData.cards;
  const scenario = cardScenario(cards, card.number, card.month, card.year, sandbox.clock.now());
  const { status, reason } = firstCardStatus(cards, scenario, auth, false);
  const success = status === 'SETTLED' || status === 'PENDING';
  const year = card.year.length === 2 ? `20${card.year}` : card.year;
  const transaction = sandbox.store.create(
    {
      protocol: 'checkout',
      merchant: session.merchant,
      action: String(request['operation'] ?? 'purchase'),
      orderId: order.number,
      amount: order.amount,
      currency: order.currency,
      description: order.description,
      paymentId: randomUUID(),
      auth,
      scenario,
      cardNumber: card.number,
      cardExpiry: `${card.month.padStart(2, '0')}/${year}`,
      ...(request['req_token'] === true || request['operation'] === 'debit' ? { cardToken: randomUUID() } : {}),
      ...(request['recurring_init'] === true && success ? { recurringToken: randomUUID() } : {}),
      ...(request['custom_data'] !== undefined ? { customData: request['custom_data'] } : {}),
      ...(browser ? { browser } : {}),
      echo: {},
    },
    status,
    reason,
  );
  session.payments.push(transaction.paymentId!);
  return transaction;
}

/** Where the payer goes after a payment, with the signed return query (Events, Redirect query). */
export function returnUrl(sandbox: Sandbox, session: CheckoutSession, transaction: Transaction | undefined): string {
  const request = session.request;
  const success = transaction && (transaction.status === 'SETTLED' || transaction.status === 'PENDING');
  // A Hosted Payment Fields session names one `return_url` for every outcome.
  const target = String(
    (success ? request['success_url'] : (request['cancel_url'] ?? request['success_url'])) ??
      request['return_url'] ??
      '',
  );
  if (!transaction) return target;
  const order = orderOf(request);
  const query: Record<string, string> = {
    payment_id: transaction.paymentId!,
    trans_id: transaction.id,
    order_id: order.number,
  };
  const recipe = sandbox.tables.callbacks.paymentReturn.signature;
  query['hash'] = computeSignature(
    recipe,
    { ...query, order_amount: order.amount, order_currency: order.currency, order_description: order.description },
    session.merchant.password,
    session.merchant.settings.signatureAlgorithm,
  );
  const url = new URL(target);
  // The hash covers the four fixed fields only; the Protocol Mapping additions come after it.
  for (const [key, value] of Object.entries({
    ...query,
    ...returnAdditions(transaction, sandbox.options.protocolMapping),
  }))
    url.searchParams.set(key, value);
  return url.toString();
}
