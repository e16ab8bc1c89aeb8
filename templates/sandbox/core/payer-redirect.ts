// Where a waiting payment sends the payer, as the answer announces it (`redirect_url`,
// `redirect_method`, `redirect_params`, facts §2.2), and the way the payer's page expects the
// payer to arrive: the S2S handlers write the answer, the pages check the arrival, from one rule.
import type { RedirectMethod } from './merchant-settings.js';
import type { Sandbox } from './sandbox.js';
import type { Transaction } from './store.js';

/**
 * Where a waiting payment sends the payer (facts §2.2): a 3-D Secure challenge as the merchant's
 * setting says, POST with `PaReq`, `MD` and `TermUrl` (the default) or GET with nothing to post;
 * a redirect flow by GET, with the empty `[]` the platform sends when there is no data.
 */
export function payerRedirect(sandbox: Sandbox, transaction: Transaction): Record<string, unknown> {
  const redirect_url = `${sandbox.baseUrl}/_sandbox/pay/${transaction.id}`;
  if (transaction.status !== '3DS') return { redirect_url, redirect_method: 'GET', redirect_params: [] };
  if (announcedMethod(transaction) === 'GET') return { redirect_url, redirect_method: 'GET' };
  return { redirect_url, redirect_method: 'POST', redirect_params: challengeParams(transaction) };
}

/**
 * A 3-D Secure challenge's `redirect_params`: the payer authentication request (`PaReq`, opaque
 * Base64), the merchant data that names the payment (`MD`) and where the payer returns (`TermUrl`).
 */
export function challengeParams(transaction: Transaction): Record<string, string> {
  return {
    PaReq: Buffer.from(`sandbox-pareq:${transaction.id}`).toString('base64'),
    MD: transaction.id,
    TermUrl: transaction.returnUrl ?? '',
  };
}

/**
 * How the payer is sent to this payment's challenge or redirect page: an S2S CARD challenge as
 * the merchant's setting says; every other page by GET (Checkout's hosted page goes there itself).
 */
export function announcedMethod(transaction: Transaction): RedirectMethod {
  return transaction.status === '3DS' && transaction.protocol === 'card'
    ? (transaction.merchant.settings.redirectMethod ?? 'POST')
    : 'GET';
}
