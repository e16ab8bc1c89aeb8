// The pages a payer sees, served by the sandbox itself: the 3DS challenge (or a method's
// redirect page, or the QR) with a success and a failure button, and the Checkout hosted payment
// page of a session. Plain HTML forms, no script: they work in any browser and in tests.
import { decodeForm } from '@payment-gateway/merchant-client';
import { payCheckoutSession, returnUrl } from '../core/checkout-payments.js';
import { qrPng } from '../core/qr.js';
import type { Sandbox } from '../core/sandbox.js';
import type { CheckoutSession, Transaction, TransactionStatus } from '../core/store.js';
import { cardScenario, declineReason } from '../core/card-scenario.js';
import { DECLINE_REASONS } from '../core/decline-reasons.js';
import { announcedMethod, challengeParams } from '../core/payer-redirect.js';

export interface Page {
  readonly status: number;
  readonly html?: string;
  /** 303 to this address. */
  readonly location?: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

// An empty icon (`data:,`), so no browser asks the sandbox for a /favicon.ico it does not serve (a
// 404 in the payer's console).
function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d2530}
h1{font-size:1.4rem}.note{color:#5b6775;font-size:.9rem}.error{color:#b00020}
form{margin:1rem 0}label{display:block;margin:.5rem 0}input{font:inherit;padding:.3rem;width:100%;box-sizing:border-box}
button{font:inherit;padding:.5rem 1rem;margin-right:.5rem;cursor:pointer}</style></head>
<body><p class="note">Payment gateway sandbox: no real payment happens here.</p>${body}</body></html>`;
}

const amountLine = (transaction: { amount: string; currency: string; description: string }) =>
  `<p><strong>${escape(transaction.amount)} ${escape(transaction.currency)}</strong> — ${escape(transaction.description)}</p>`;

/**
 * `GET` or `POST /_sandbox/pay/{trans_id}`: the challenge, redirect or QR page of a waiting
 * payment, reached the way its answer announced (`redirect_method`): by GET, or by POST with the
 * `redirect_params` (a 3-D Secure challenge's `PaReq`, `MD` and `TermUrl`). Another way in gets a
 * page that says what the answer asked for; nothing declines the payment.
 */
export async function challengePage(
  sandbox: Sandbox,
  id: string,
  arrival: { readonly method: 'GET' } | { readonly method: 'POST'; readonly form: Record<string, unknown> },
): Promise<Page> {
  const transaction = sandbox.store.transactions.get(id);
  if (!transaction) return { status: 404, html: layout('Not found', '<h1>No such payment</h1>') };
  if (transaction.status !== '3DS' && transaction.status !== 'REDIRECT') {
    return { status: 409, html: layout('Payment done', `<h1>This payment is ${escape(transaction.status)}</h1>`) };
  }
  const wrongWay = arrivalProblem(transaction, arrival);
  if (wrongWay)
    return {
      status: 400,
      html: layout('Wrong redirect', `<h1>Wrong redirect</h1><p class="error" id="error">${escape(wrongWay)}</p>`),
    };
  const qr = sandbox.tables.methods.some((method) => method.brand === transaction.brand && method.qr);
  const title = transaction.status === '3DS' ? '3-D Secure challenge' : qr ? 'Scan to pay' : 'Payment method page';
  const image = qr
    ? `<p><img alt="QR code" src="data:image/png;base64,${await qrPng(`${sandbox.baseUrl}/_sandbox/pay/${transaction.id}`)}"></p>`
    : '';
  return {
    status: 200,
    html: layout(
      title,
      `<h1>${title}</h1>${amountLine(transaction)}${image}
<form method="post" action="/_sandbox/pay/${transaction.id}">
<button type="submit" name="outcome" value="success" id="success">Complete (success)</button>
<button type="submit" name="outcome" value="failure" id="failure">Fail</button>
</form>`,
    ),
  };
}

/** Why the payer's arrival is not the one the answer announced, or undefined when it is. */
function arrivalProblem(
  transaction: Transaction,
  arrival: { readonly method: 'GET' } | { readonly method: 'POST'; readonly form: Record<string, unknown> },
): string | undefined {
  const announced = announcedMethod(transaction);
  if (arrival.method !== announced)
    return `This payment's answer said redirect_method ${announced}: ${announced === 'POST' ? 'post its redirect_params (PaReq, MD, TermUrl) as a form to redirect_url' : 'send the payer to redirect_url by GET'}, as the answer says.`;
  if (arrival.method === 'POST') {
    const expected = challengeParams(transaction);
    const differ = Object.keys(expected).filter((name) => arrival.form[name] !== expected[name]);
    if (differ.length > 0)
      return `The form must carry the answer's redirect_params as they are; ${differ.join(', ')} ${differ.length === 1 ? 'differs' : 'differ'}.`;
  }
  return undefined;
}

/** The status a completed challenge leads to: the test card's own outcome, or a decline on failure. */
function completed(transaction: Transaction, succeeded: boolean): { status: TransactionStatus; reason?: string } {
  const declines = transaction.scenario === '3ds-decline' || transaction.scenario === 'redirect-decline';
  if (!succeeded || declines)
    return {
      status: 'DECLINED',
      reason: transaction.status === '3DS' ? DECLINE_REASONS.threeDs : DECLINE_REASONS.redirect,
    };
  return { status: transaction.auth ? 'PENDING' : 'SETTLED' };
}

/**
 * `POST /_sandbox/pay/{trans_id}`: the payer pressed a button of the page (`outcome`): the
 * payment moves and the payer returns; without `outcome`, the payer arrives by the POST redirect
 * the answer announced, and sees the page.
 */
export async function postToChallenge(sandbox: Sandbox, id: string, body: string): Promise<Page> {
  const form = decodeForm(body);
  if (form['outcome'] === undefined) return challengePage(sandbox, id, { method: 'POST', form });
  const transaction = sandbox.store.transactions.get(id);
  if (!transaction) return { status: 404, html: layout('Not found', '<h1>No such payment</h1>') };
  if (transaction.status === '3DS' || transaction.status === 'REDIRECT') {
    const { status, reason } = completed(transaction, form['outcome'] === 'success');
    sandbox.store.transition(transaction, status, transaction.action, reason ? { declineReason: reason } : {});
  }
  const session = transaction.paymentId
    ? [...sandbox.store.sessions.values()].find((candidate) => candidate.payments.includes(transaction.paymentId!))
    : undefined;
  const target = session ? returnUrl(sandbox, session, transaction) : transaction.returnUrl;
  if (target) return { status: 303, location: target };
  return {
    status: 200,
    html: layout('Done', `<h1>Payment ${escape(transaction.status)}</h1><p>The result also arrives by callback.</p>`),
  };
}

/** GET /checkout/{token}: the hosted payment page of a session. */
export function hostedPage(sandbox: Sandbox, token: string, error?: string): Page {
  const session = sandbox.store.sessions.get(token);
  if (!session || session.hostedFields)
    return { status: 404, html: layout('Not found', '<h1>No such payment session</h1>') };
  const order = (session.request['order'] ?? {}) as Record<string, string>;
  const methods =
    Array.isArray(session.request['methods']) && session.request['methods'].length > 0
      ? (session.request['methods'] as string[])
      : ['card'];
  return {
    status: error ? 400 : 200,
    html: layout(
      'Checkout',
      `<h1>Pay order ${escape(String(order['number'] ?? ''))}</h1>${amountLine({ amount: String(order['amount'] ?? ''), currency: String(order['currency'] ?? ''), description: String(order['description'] ?? '') })}
<p>Methods of this session:</p><ul id="methods">${methods.map((method) => `<li>${escape(method)}</li>`).join('')}</ul>
${error ? `<p class="error" id="error">${escape(error)}</p>` : ''}
<form method="post" action="/checkout/${escape(token)}/pay">
<label>Card number <input name="card_number" id="card_number" inputmode="numeric" autocomplete="off"></label>
<label>Expiry month (MM) <input name="card_exp_month" id="card_exp_month" inputmode="numeric"></label>
<label>Expiry year (YYYY) <input name="card_exp_year" id="card_exp_year" inputmode="numeric"></label>
<label>CVV2 <input name="card_cvv2" id="card_cvv2" inputmode="numeric" autocomplete="off"></label>
<button type="submit" id="pay">Pay</button>
</form>
<form method="post" action="/checkout/${escape(token)}/cancel"><button type="submit" id="cancel">Cancel</button></form>
<p class="note">Test cards: ${testCardNote(sandbox)}; any 3-digit CVV2.</p>`,
    ),
  };
}

/** The test cards a payer may type on the page (those chosen by expiry), from the spec's test data. */
function testCardNote(sandbox: Sandbox): string {
  return sandbox.tables.testData.cards
    .filter((card) => card.expiry !== 'any')
    .map(
      (card) =>
        `${escape(card.number.replace(/(\d{4})(?=\d)/g, '$1 '))} with ${escape(card.expiry)} (${escape(card.scenario)})`,
    )
    .join(', ');
}

/** POST /checkout/{token}/pay and /cancel. */
export function submitHostedPage(sandbox: Sandbox, token: string, action: 'pay' | 'cancel', body: string): Page {
  const session: CheckoutSession | undefined = sandbox.store.sessions.get(token);
  if (!session || session.hostedFields) return hostedPage(sandbox, token);
  if (action === 'cancel') return { status: 303, location: returnUrl(sandbox, session, undefined) };
  const form = decodeForm(body);
  const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).replace(/\s+/g, '') : '');
  if (
    !/^[0-9]{12,19}$/.test(field('card_number')) ||
    !/^[0-9]{1,2}$/.test(field('card_exp_month')) ||
    !/^[0-9]{2,4}$/.test(field('card_exp_year')) ||
    !/^[0-9]{3,4}$/.test(field('card_cvv2'))
  ) {
    return hostedPage(sandbox, token, 'Enter the card number, the expiry month and year, and a 3-digit CVV2.');
  }
  // The page's own check of the card brand and check digit (Checkout test data): no payment is made.
  const cards = sandbox.tables.testData.cards;
  if (cardScenario(cards, field('card_number'), undefined, undefined) === 'bad-card')
    return hostedPage(sandbox, token, declineReason(cards, 'bad-card', DECLINE_REASONS.card));
  const payment = payCheckoutSession(sandbox, session, {
    number: field('card_number'),
    month: field('card_exp_month'),
    year: field('card_exp_year'),
  });
  if (payment.status === '3DS' || payment.status === 'REDIRECT')
    return { status: 303, location: `/_sandbox/pay/${payment.id}` };
  return { status: 303, location: returnUrl(sandbox, session, payment) };
}
