// One callback endpoint for every protocol: Checkout, S2S CARD and S2S APM callbacks arrive at
// the same URL and are verified the same way. Your shop hands over what it knows about the
// order; each callback's signature uses only the values its own formula covers, so the same
// lookup serves all of them.
import { createServer, type Server } from 'node:http';
import { createCallbackHandler, type CallbackHandler, type GatewayCallback } from '@payment-gateway/merchant-client';

/** What your shop kept of an order when it sent the payment. */
export interface OrderRecord {
  /** The payer e-mail the payment was sent with (S2S CARD signatures cover it). */
  readonly payerEmail: string;
  /** The card number, or only its first 6 and last 4 digits: all a signature covers. */
  readonly card: string;
}

/** Your shop: how it finds an order by the id it sent, and what it does with a verified callback. */
export interface Shop {
  findOrder(orderId: string): Promise<OrderRecord | undefined>;
  fulfil(event: GatewayCallback): Promise<void>;
}

export function callbackHandler(shop: Shop): CallbackHandler {
  return createCallbackHandler({
    password: process.env.MERCHANT_PASSWORD!,
    // md5 unless the operator switched your account to SHA256 signatures.
    signatureAlgorithm: process.env.SIGNATURE_ALGORITHM === 'sha256' ? 'sha256' : 'md5',
    // The fields are not verified yet: use them only to find the order (S2S callbacks name it
    // `order_id`, Checkout callbacks `order_number`).
    signingContext: async (fields) => {
      const order = await shop.findOrder(String(fields['order_id'] ?? fields['order_number']));
      return order && { payer_email: order.payerEmail, card_number: order.card };
    },
    // Answers OK once this resolves; ERROR (and the platform delivers again) when it throws.
    // `event.signed` holds the fields the hash covers. `status` is not among them on most
    // callbacks: anyone replaying an authentic callback can change it, so confirm it with a status
    // lookup (`confirm`) before you ship an order.
    onEvent: (event) => shop.fulfil(event),
  });
}

/** Give the operator (or the sandbox's --callback-url) http://your-host:3000/ as the callback URL. */
export function startCallbackServer(shop: Shop, port = 3000): Server {
  return createServer(callbackHandler(shop)).listen(port);
}
