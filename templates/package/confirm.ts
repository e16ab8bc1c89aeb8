// confirm: the authoritative status of a callback's payment, from the platform's status lookup.
// Callback hashes do not cover the status (the Checkout hash covers id, order and amount; the
// S2S CARD hash the transaction id, card and e-mail), so a replayed callback can carry any
// status: look it up before shipping goods.
import type { CheckoutClient } from './checkout.js';
import type { GatewayCallback } from './callbacks.js';
import { ConfigurationError, SignatureError } from './runtime/errors.js';
import type { S2SClient } from './s2s.js';

/**
 * The status a lookup answers for a callback of this protocol: the status union of the lookup's
 * response in the spec (`SETTLED`, ... on S2S; `settled`, ... on Checkout).
 */
export type ConfirmedStatus<Protocol extends GatewayCallback['protocol'] = GatewayCallback['protocol']> = {
  readonly checkout: Awaited<
    ReturnType<Pick<CheckoutClient, 'getPaymentStatus'>['getPaymentStatus']>
  > extends infer Answer
    ? Answer extends { readonly status: infer Status }
      ? Status
      : never
    : never;
  readonly card: Awaited<ReturnType<S2SClient['card']['getTransStatus']>>['status'];
  readonly apm: Awaited<ReturnType<S2SClient['apm']['getTransStatus']>>['status'];
}[Protocol];

/**
 * A verified callback with, when createCallbackHandler confirmed it (`confirmStatus`), the status
 * the platform's lookup answered for its payment, typed by its protocol.
 */
export type ConfirmedCallback = GatewayCallback extends infer Event
  ? Event extends GatewayCallback
    ? Event & { readonly confirmedStatus?: ConfirmedStatus<Event['protocol']> }
    : never
  : never;

/** The clients `confirm` and `confirmStatus` look payments up with, per protocol. */
export interface ConfirmClients {
  /** Looks S2S CARD and S2S APM callbacks up (`card.getTransStatus`, `apm.getTransStatus`). */
  readonly s2s?: Pick<S2SClient, 'card' | 'apm'>;
  /** Looks Checkout callbacks up (`getPaymentStatus` by the payment id). */
  readonly checkout?: Pick<CheckoutClient, 'getPaymentStatus'>;
}

/**
 * Looks the callback's payment up by its signed id and answers the status the platform reports
 * now (`SETTLED`, `settled`, ...). A PlatformError or TransportError of the lookup is thrown.
 */
export async function confirm<Event extends GatewayCallback>(
  event: Event,
  clients: ConfirmClients,
  /**
   * For an S2S CARD lookup signed with the vendor's formula (`cardStatusSignature: 'vendor'`):
   * the original payment's e-mail and card, hashed, never sent.
   */
  options: { readonly signing?: { readonly payer_email: string; readonly card_number: string } } = {},
): Promise<ConfirmedStatus<Event['protocol']>> {
  if (typeof event !== 'object' || event === null || typeof event.signed !== 'object')
    throw new ConfigurationError('confirm', 'confirm takes a verified callback event (from parseCallback)');
  if (typeof clients !== 'object' || clients === null)
    throw new ConfigurationError(
      'confirm',
      'confirm needs the clients to look payments up with: { s2s } or { checkout }',
    );
  const id = (name: string): string => {
    const value = (event.signed as Record<string, unknown>)[name];
    if (typeof value !== 'string' || value === '')
      throw new SignatureError('confirm', `The callback carries no signed ${name} to look the payment up by.`);
    return value;
  };
  if (event.protocol === 'checkout') {
    if (!clients.checkout)
      throw new ConfigurationError('confirm', 'a Checkout callback is confirmed with a Checkout client: { checkout }');
    const answer = await clients.checkout.getPaymentStatus({ payment_id: id('id') });
    return answer.status as ConfirmedStatus<Event['protocol']>;
  }
  if (!clients.s2s)
    throw new ConfigurationError(
      'confirm',
      `an S2S ${event.protocol.toUpperCase()} callback is confirmed with an S2S client: { s2s }`,
    );
  const trans_id = id('trans_id');
  const answer =
    event.protocol === 'card'
      ? await clients.s2s.card.getTransStatus(options.signing ? { trans_id, signing: options.signing } : { trans_id })
      : await clients.s2s.apm.getTransStatus({ trans_id });
  return answer.status as ConfirmedStatus<Event['protocol']>;
}
