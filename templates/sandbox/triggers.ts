// `payment-gateway-sandbox trigger <event> --to URL`: a correctly signed callback of any kind,
// posted to any URL, without a payment behind it (as `stripe trigger` does for Stripe).
import { buildTestCallback, type CallbackProtocol, type FormObject } from '@payment-gateway/merchant-client';
import { randomUUID } from 'node:crypto';
import { callbackCard } from './core/callbacks.js';
import { payoutCard, successCard } from './core/card-scenario.js';
import { platformDate } from './core/clock.js';
import { DECLINE_REASONS } from './core/decline-reasons.js';
import type { TestCard } from './core/tables.js';

/** The e-mail the S2S CARD events are signed with (F2); a verifier passes it as its signing context. */
export const TRIGGER_PAYER_EMAIL = 'payer@example.com';

export interface TriggerEvent {
  readonly protocol: CallbackProtocol;
  readonly fields: () => FormObject;
}

/** The events a set of test cards gives: the cards of the spec's test data, masked as callbacks carry them. */
export function triggerEvents(cards: readonly TestCard[]): Readonly<Record<string, TriggerEvent>> {
  // Picked when an event is built, so a spec without such a card fails the trigger, not the import.
  const saleCard = () => {
    const card = successCard(cards);
    return callbackCard(card.number, `${card.month}/${card.year}`);
  };
  const payoutCardFields = () => callbackCard(payoutCard(cards).number, undefined);

  /** An S2S callback event; the card only on S2S CARD (F2/F6 cover it). */
  const s2s = (
    protocol: 'card' | 'apm',
    action: string,
    result: string,
    status: string,
    extra: FormObject = {},
  ): TriggerEvent => ({
    protocol,
    fields: () => ({
      action,
      result,
      status,
      order_id: `order-${randomUUID().slice(0, 8)}`,
      trans_id: randomUUID(),
      trans_date: platformDate(Date.now()),
      amount: '10.00',
      currency: 'USD',
      ...(protocol === 'card' ? (action === 'CREDIT2CARD' ? payoutCardFields() : saleCard()) : {}),
      ...extra,
    }),
  });
  const card = (action: string, result: string, status: string, extra?: FormObject) =>
    s2s('card', action, result, status, extra);
  const apm = (action: string, result: string, status: string, extra?: FormObject) =>
    s2s('apm', action, result, status, extra);
  const checkout = (type: string, status: string, orderStatus: string, extra: FormObject = {}): TriggerEvent => ({
    protocol: 'checkout',
    fields: () => ({
      id: randomUUID(),
      order_number: `order-${randomUUID().slice(0, 8)}`,
      order_amount: '10.00',
      order_currency: 'USD',
      order_description: 'Sandbox trigger',
      order_status: orderStatus,
      type,
      status,
      date: platformDate(Date.now()),
      ...(type === 'credit' ? payoutCardFields() : saleCard()),
      ...extra,
    }),
  });
  const declined = { decline_reason: DECLINE_REASONS.card };

  return {
    'card.sale.settled': card('SALE', 'SUCCESS', 'SETTLED'),
    'card.sale.declined': card('SALE', 'DECLINED', 'DECLINED', declined),
    'card.sale.pending': card('SALE', 'SUCCESS', 'PENDING'),
    'card.capture.settled': card('CAPTURE', 'SUCCESS', 'SETTLED'),
    'card.void': card('VOID', 'SUCCESS', 'VOID'),
    'card.creditvoid.refund': card('CREDITVOID', 'SUCCESS', 'REFUND'),
    'card.chargeback': card('CHARGEBACK', 'SUCCESS', 'CHARGEBACK', {
      chargeback_date: platformDate(Date.now()),
      reason_code: '4837',
    }),
    'card.credit2card.settled': card('CREDIT2CARD', 'SUCCESS', 'SETTLED'),
    'apm.sale.settled': apm('SALE', 'SUCCESS', 'SETTLED'),
    'apm.sale.declined': apm('SALE', 'DECLINED', 'DECLINED', declined),
    'apm.creditvoid.refund': apm('CREDITVOID', 'SUCCESS', 'REFUND'),
    'apm.credit2virtual.settled': apm('CREDIT2VIRTUAL', 'SUCCESS', 'SETTLED'),
    'checkout.sale.settled': checkout('sale', 'success', 'settled'),
    'checkout.sale.declined': checkout('sale', 'fail', 'decline', { reason: DECLINE_REASONS.card }),
    'checkout.sale.pending': checkout('sale', 'success', 'pending'),
    'checkout.3ds': checkout('3ds', 'waiting', '3ds'),
    'checkout.capture': checkout('capture', 'success', 'settled'),
    'checkout.refund': checkout('refund', 'success', 'refund'),
    'checkout.void': checkout('void', 'success', 'void'),
    'checkout.credit': checkout('credit', 'success', 'settled'),
  };
}

export interface TriggerResult {
  readonly event: string;
  readonly url: string;
  readonly status: number;
  /** The merchant's answer, cut short. */
  readonly answer: string;
  readonly body: string;
  /** Values the signature covers that the callback does not carry: pass them as the verifier's signingContext. */
  readonly signingContext: Readonly<Record<string, string>>;
}

/** Builds, signs and posts one of `events`. */
export async function postTrigger(
  events: Readonly<Record<string, TriggerEvent>>,
  event: string,
  url: string,
  password: string,
): Promise<TriggerResult> {
  const definition = events[event];
  if (!definition) throw new Error(`Unknown event ${event}; one of: ${Object.keys(events).join(', ')}`);
  const fields = definition.fields();
  // S2S CARD callbacks are signed with F2 over the payer e-mail, CREDIT2CARD's with F6 without it.
  const signingContext =
    definition.protocol === 'card' && fields['action'] !== 'CREDIT2CARD' ? { payer_email: TRIGGER_PAYER_EMAIL } : {};
  const body = buildTestCallback(definition.protocol, fields, { password, signingContext });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return { event, url, status: response.status, answer: (await response.text()).slice(0, 200), body, signingContext };
}
