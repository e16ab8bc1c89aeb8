// Card data never leaks from the sandbox: card numbers, CVVs and the tokens the sandbox issues go
// through it (payments with a card, with its card_token, recurring by recurring_token, a Checkout
// session paid on its page, refused requests and a body that is not JSON), to a callback endpoint
// that echoes every body back in its answer. Then no inspection view (`/_sandbox/*`), error answer,
// log line or the delivery log shows one of the values: the secrets are every value the sent
// requests and the answers give a field of the client's SENSITIVE_FIELDS (the spec's x-sensitive),
// and the same search finds them in the bodies the endpoint received, so it cannot pass vacuously.
import { decodeForm, encodeForm, SENSITIVE_FIELDS } from '@payment-gateway/merchant-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TABLES } from '../../generated/sandbox/src/spec-tables.js';
import {
  cardFields,
  nextOrder,
  pay,
  post,
  sendCheckout,
  sendS2s,
  startHarness,
  startReceiver,
  type Harness,
  type Receiver,
} from './support.js';

const CARD = '4111111111111111';
const CVV = '987';
const ORIGINAL = { payer_email: 'payer@example.com', card_number: CARD };

let h: Harness;
let receiver: Receiver;
/** Every request body sent and every answer read, for the secrets they carry. */
const exchanged: unknown[] = [];
/** The sandbox's answers that refused a request: an error must not echo card data. */
const errorAnswers: unknown[] = [];
/** What the process printed while the sandbox ran (its log lines). */
const printed: string[] = [];

/** Values of fields the client masks, found anywhere in `value`, by field name. */
function secretsIn(value: unknown, found = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (Array.isArray(value)) value.forEach((item) => secretsIn(item, found));
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) {
      if (SENSITIVE_FIELDS[key] && typeof child === 'string' && child !== '')
        found.set(key, (found.get(key) ?? new Set()).add(child));
      else secretsIn(child, found);
    }
  return found;
}

/**
 * The secrets `text` shows: a long one anywhere, a short one (a CVV) where it stands as a whole
 * token, as the client's scrubbing reads them (a `987` inside an id or a time is not the CVV).
 */
function shownSecrets(text: string, secrets: readonly string[]): string[] {
  const escape = (secret: string) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return secrets.filter((secret) =>
    secret.length >= 8
      ? text.includes(secret) || text.includes(encodeURIComponent(secret))
      : new RegExp(`(?<![0-9A-Za-z])${escape(secret)}(?![0-9A-Za-z])`).test(text),
  );
}

async function s2s(fields: Record<string, unknown>, original: Record<string, string> = {}) {
  exchanged.push(fields);
  const answer = await sendS2s(h, 'card', fields, original);
  exchanged.push(answer.body);
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body as Record<string, string>;
}

beforeAll(async () => {
  receiver = await startReceiver();
  // An endpoint that echoes what it got, tokens and all: the log must not keep that either.
  receiver.answer = (body) => ({ status: 400, text: `refused ${body}` });
  h = await startHarness({ callbackUrl: receiver.url });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      printed.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    });
  }
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));

  // A card payment asking for a card token and a recurring token, one paid with that card token,
  // a recurring charge by its recurring token.
  const init = await s2s(cardFields('SALE', '01', '2038', { card_cvv2: CVV, req_token: 'Y', recurring_init: 'Y' }));
  const {
    card_number: _card,
    card_exp_month: _month,
    card_exp_year: _year,
    card_cvv2: _cvv,
    ...byToken
  } = cardFields('SALE');
  await s2s({ ...byToken, card_token: init['card_token'] });
  await s2s(
    {
      action: 'RECURRING_SALE',
      recurring_init_trans_id: init['trans_id'],
      recurring_token: init['recurring_token'],
      order_id: nextOrder('R'),
      order_amount: '3.00',
      order_currency: 'USD',
      order_description: 'Month 2',
    },
    ORIGINAL,
  );
  // A Checkout session paid on the hosted page with the card and CVV, a token asked for.
  const order = { number: nextOrder('CO'), amount: '12.00', currency: 'EUR', description: 'Checkout order' };
  const session = {
    operation: 'purchase',
    methods: ['card'],
    order,
    req_token: true,
    success_url: 'https://merchant.example/ok',
  };
  exchanged.push(session);
  const created = await sendCheckout(h, 'createSession', session);
  exchanged.push(created.body, { card_number: CARD, card_cvv2: CVV });
  expect((await pay(created.body.redirect_url, '01')).status).toBe(303);

  // Refused requests carrying card data: a bad field, a body that is not JSON, a path with a card number.
  const refused = { ...cardFields('SALE', '13'), card_cvv2: CVV, client_key: h.key, hash: 'f'.repeat(32) };
  exchanged.push(refused);
  errorAnswers.push((await post(`${h.sandbox.url}/post`, encodeForm(refused))).body);
  const checkoutPath = TABLES.checkout.find((entry) => entry.operationId === 'createSession')!.path;
  // V8's message quotes a short body whole.
  for (const body of [`x{"card_number":"${CARD}","card_cvv2":"${CVV}"}`, `x{"card_cvv2":"${CVV}"}`])
    errorAnswers.push((await post(`${h.sandbox.url}${checkoutPath}`, body, 'application/json')).body);
  errorAnswers.push((await post(`${h.sandbox.url}/pay/${CARD}`, '')).body);
  await h.sandbox.callbacksSettled();
  // What the merchant's endpoint received is the merchant's too (a Checkout card token arrives only there).
  exchanged.push(...receiver.bodies.map((body) => decodeForm(body)));
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await h?.sandbox.close();
  await receiver?.close();
});

describe('the sandbox shows no card data', () => {
  const secrets = () => [...secretsIn(exchanged).values()].flatMap((values) => [...values]);

  it('the flows carried card numbers, CVVs and both tokens, and the callbacks carried the tokens in full', () => {
    const found = secretsIn(exchanged);
    expect([...found.keys()]).toEqual(
      expect.arrayContaining(['card_number', 'card_cvv2', 'card_token', 'recurring_token']),
    );
    // The S2S card's token and the Checkout one.
    expect(found.get('card_token')!.size).toBeGreaterThanOrEqual(2);
    // The endpoint got them in full: the callbacks the views show did carry them.
    const received = receiver.bodies.join('\n');
    for (const name of ['card_token', 'recurring_token'])
      expect(shownSecrets(received, [...found.get(name)!]), name).toEqual([...found.get(name)!]);
  });

  it('no inspection view shows one, and the callback view names the fields it masked', async () => {
    const get = async (path: string, init?: RequestInit) => (await fetch(`${h.sandbox.url}${path}`, init)).text();
    const transactions = JSON.parse(await get('/_sandbox/transactions')) as { trans_id: string }[];
    const callbacks = JSON.parse(await get('/_sandbox/callbacks')) as {
      id: string;
      fields: Record<string, unknown>;
      masked?: string[];
    }[];
    expect(transactions.length).toBeGreaterThanOrEqual(4);
    const views: [string, string][] = [
      ['/_sandbox', await get('/_sandbox')],
      ['/_sandbox/transactions', JSON.stringify(transactions)],
      ['/_sandbox/callbacks', JSON.stringify(callbacks)],
      ['/_sandbox/clock', await get('/_sandbox/clock')],
      ...(await Promise.all(
        transactions.map(
          async ({ trans_id }) =>
            [`/_sandbox/transactions/${trans_id}`, await get(`/_sandbox/transactions/${trans_id}`)] as [string, string],
        ),
      )),
      ...(await Promise.all(
        transactions.map(
          async ({ trans_id }) =>
            [`/_sandbox/callbacks?trans_id=${trans_id}`, await get(`/_sandbox/callbacks?trans_id=${trans_id}`)] as [
              string,
              string,
            ],
        ),
      )),
      [
        'POST /_sandbox/callbacks/{id}/resend',
        await get(`/_sandbox/callbacks/${callbacks[0]!.id}/resend`, { method: 'POST' }),
      ],
    ];
    for (const [view, text] of views) expect(shownSecrets(text, secrets()), view).toEqual([]);
    // The endpoint's echoing answers were kept, scrubbed.
    expect(views.find(([view]) => view === '/_sandbox/callbacks')![1]).toContain('refused');
    const tokened = callbacks.filter((callback) => callback.fields['card_token'] !== undefined);
    expect(tokened.length).toBeGreaterThan(0);
    for (const callback of tokened) expect(callback.masked).toEqual(expect.arrayContaining(['card_token']));
  });

  it('no error answer, log line or record of the delivery log shows one', () => {
    expect(errorAnswers.map((answer) => shownSecrets(JSON.stringify(answer), secrets()))).toEqual([[], [], [], []]);
    expect(shownSecrets(printed.join('\n'), secrets())).toEqual([]);
    // The engine keeps each body as posted, to deliver it again; everything else it logs is masked.
    const log = h.sandbox.sandbox.delivery.log.map(({ body: _body, ...shown }) => shown);
    expect(shownSecrets(JSON.stringify(log), secrets())).toEqual([]);
  });
});
