// The callback of each transition: its fields per protocol (S2S CARD, S2S APM, Checkout), signed
// with the callback's own recipe by the client package's signer, then handed to delivery.
import { buildTestCallback, maskPan, type FormObject, type SignatureAlgorithm } from '@payment-gateway/merchant-client';
import { tamperer, type Tamperer } from './callback-faults.js';
import { platformDate } from './clock.js';
import { DECLINE_REASONS } from './decline-reasons.js';
import type { CallbackDelivery, CallbackKind } from './delivery.js';
import { settledAmount } from './money.js';
import { mappingAdditions, type ProtocolMapping } from './protocol-mapping.js';
import type { Transaction, TransactionStatus, Transition } from './store.js';

/** S2S `result` of a status (the sandbox's reading of facts §2.1). */
export function s2sResult(status: TransactionStatus, declined = false): string {
  if (declined || status === 'DECLINED') return 'DECLINED';
  if (status === '3DS' || status === 'REDIRECT') return 'REDIRECT';
  if (status === 'PREPARE') return 'UNDEFINED';
  return 'SUCCESS';
}

/** Checkout's lower-case payment status (facts §3.3). */
export function checkoutStatus(status: TransactionStatus): string {
  return status === 'DECLINED' ? 'decline' : status.toLowerCase();
}

const ACTION_NAME = /^[A-Z0-9_]{3,32}$/;

/** A callback body signed as the platform signs it, and how to tamper with it (for the callback faults). */
export interface SignedCallback {
  readonly kind: CallbackKind;
  readonly body: string;
  readonly tamper: Tamperer;
}

/**
 * Signs a callback's fields with its protocol's recipe and the merchant's password (and
 * algorithm, md5 unless the merchant is set to sha256); `signingContext` gives the values the
 * recipe covers that the body does not carry (F2's payer e-mail).
 */
export function signCallback(
  kind: CallbackKind,
  fields: FormObject,
  password: string,
  signingContext: Readonly<Record<string, string>> = {},
  signatureAlgorithm: SignatureAlgorithm = 'md5',
): SignedCallback {
  const body = buildTestCallback(kind, fields, { password, signingContext, signatureAlgorithm });
  return { kind, body, tamper: tamperer(kind, body, { password, signingContext, signatureAlgorithm }) };
}

/** Takes what it needs, not the Sandbox, so that sandbox.ts can import it without a cycle. */
export function emitCallback(
  delivery: CallbackDelivery,
  mapping: ProtocolMapping | undefined,
  transaction: Transaction,
  transition: Transition,
): void {
  const kind: CallbackKind = transaction.protocol;
  const fields = {
    ...(kind === 'checkout' ? checkoutFields(transaction, transition) : s2sFields(transaction, transition)),
    ...mappingAdditions(transaction, mapping, 'callback'),
  };
  const signingContext: Record<string, string> = {};
  // F2 (with the payer e-mail) for every S2S CARD callback but CREDIT2CARD's F6; the e-mail is
  // sent only with the payer attributes of Protocol Mapping, so the signer is given it here.
  if (kind === 'card' && transaction.payerEmail && transaction.action !== 'CREDIT2CARD')
    signingContext['payer_email'] = transaction.payerEmail;
  const { password, settings } = transaction.merchant;
  const signed = signCallback(kind, fields, password, signingContext, settings.signatureAlgorithm);
  delivery.enqueue(
    {
      kind,
      transactionId: transaction.id,
      sequence: transition.sequence,
      url: transaction.merchant.callbackUrl,
      body: signed.body,
    },
    signed.tamper,
  );
}

/** A callback's card: the number masked to first 6 + last 4, the expiry as `MM/YYYY`. */
export function callbackCard(number: string | undefined, expiry: string | undefined): FormObject {
  return {
    ...(number ? { card: maskPan(number) } : {}),
    ...(expiry ? { card_expiration_date: expiry } : {}),
  };
}

/** The callback fields every protocol shares: the masked card, tokens, echoed schedule data, `custom_data`. */
function paymentExtras(transaction: Transaction): FormObject {
  return {
    ...callbackCard(transaction.cardNumber, transaction.cardExpiry),
    ...(transaction.cardToken ? { card_token: transaction.cardToken } : {}),
    ...(transaction.recurringToken ? { recurring_token: transaction.recurringToken } : {}),
    ...(transaction.recurringInitTransId ? { recurring_init_trans_id: transaction.recurringInitTransId } : {}),
    ...transaction.echo,
    ...(transaction.customData !== undefined ? { custom_data: transaction.customData as FormObject } : {}),
  };
}

function s2sFields(transaction: Transaction, transition: Transition): FormObject {
  const action = ACTION_NAME.test(transition.by) ? transition.by : transaction.action;
  return {
    action,
    result: s2sResult(transition.status, transition.declined),
    status: transition.status,
    order_id: transaction.orderId,
    trans_id: transaction.id,
    trans_date: platformDate(transition.at),
    // The operation's own amount (a capture, a refund), else what the payment settled for.
    amount: transition.amount ?? settledAmount(transaction),
    currency: transaction.currency,
    ...(transition.status === 'DECLINED' || transition.declined
      ? { decline_reason: transaction.declineReason ?? DECLINE_REASONS.card }
      : {}),
    ...paymentExtras(transaction),
  };
}

/** Checkout `type` of the operation that moved the payment. */
function checkoutType(transaction: Transaction, transition: Transition): string {
  if (transition.status === '3DS') return '3ds';
  if (transition.status === 'REDIRECT') return 'redirect';
  if (transition.sequence === 1 || transition.by === 'purchase' || transition.by === '3DS') {
    return transaction.action === 'debit' ? 'debit' : transaction.action === 'credit' ? 'credit' : 'sale';
  }
  return transition.by.toLowerCase();
}

function checkoutFields(transaction: Transaction, transition: Transition): FormObject {
  const declined = transition.status === 'DECLINED' || transition.declined;
  const waiting = transition.status === '3DS' || transition.status === 'REDIRECT' || transition.status === 'PREPARE';
  return {
    id: transaction.paymentId!,
    order_number: transaction.orderId,
    // What the payment is worth now, as S2S reports it: the captured amount after a partial capture.
    order_amount: settledAmount(transaction),
    order_currency: transaction.currency,
    order_description: transaction.description,
    order_status: checkoutStatus(transition.status),
    type: checkoutType(transaction, transition),
    status: declined ? 'fail' : waiting ? 'waiting' : 'success',
    ...(declined ? { reason: transaction.declineReason ?? DECLINE_REASONS.card } : {}),
    date: platformDate(transition.at),
    ...paymentExtras(transaction),
  };
}
