// Shared by the sandbox tests: a started sandbox with a client pointed at it, a raw poster, and
// the request inputs the tests vary.
import {
  computeSignature,
  recipeVariant,
  createCheckoutClient,
  createS2SClient,
  encodeForm,
  type FormObject,
  type SaleCardInput,
} from '@payment-gateway/merchant-client';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startSandbox,
  type MerchantSettings,
  type RunningSandbox,
  type StartOptions,
} from '../../generated/sandbox/src/index.js';
import { TABLES } from '../../generated/sandbox/src/spec-tables.js';

export interface Harness {
  readonly sandbox: RunningSandbox;
  readonly key: string;
  readonly password: string;
  /** The first merchant's settings: the clients and the raw senders sign as they say. */
  readonly settings: MerchantSettings;
  readonly s2s: ReturnType<typeof createS2SClient>;
  readonly checkout: ReturnType<typeof createCheckoutClient>;
}

export async function startHarness(options: StartOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox(options);
  const { key, password, ...settings } = sandbox.merchants[0]!;
  const signatures = {
    ...(settings.signatureAlgorithm ? { signatureAlgorithm: settings.signatureAlgorithm } : {}),
    ...(settings.cardStatusSignature ? { cardStatusSignature: settings.cardStatusSignature } : {}),
  };
  return {
    sandbox,
    key,
    password,
    settings,
    s2s: createS2SClient({ baseUrl: sandbox.url, merchantKey: key, password, retries: 0, ...signatures }),
    checkout: createCheckoutClient({ baseUrl: sandbox.url, merchantKey: key, password, retries: 0, ...signatures }),
  };
}

let orders = 0;
export const nextOrder = (prefix = 'ORDER') => `${prefix}-${++orders}-${Date.now()}`;

/** A card SALE with the test card of the given expiry month (facts §5.1). */
export function cardSale(month = '01', extra: Partial<SaleCardInput> = {}): SaleCardInput {
  return {
    order_id: nextOrder(),
    order_amount: '10.00',
    order_currency: 'USD',
    order_description: 'Sandbox test',
    card_number: '4111111111111111',
    card_exp_month: month,
    card_exp_year: month === '12' ? '2038' : '2038',
    card_cvv2: '123',
    payer_email: 'payer@example.com',
    payer_ip: '203.0.113.10',
    term_url_3ds: 'https://merchant.example/3ds',
    ...extra,
  } as SaleCardInput;
}

/** Posts a raw body to the sandbox and reads the JSON answer. */
export async function post(
  url: string,
  body: string,
  contentType = 'application/x-www-form-urlencoded',
): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

/**
 * Sends a raw S2S request signed with the action's recipe (skipping the client's own checks, so
 * a test can send what the client would refuse). `original` supplies recipe inputs the request
 * does not carry (the original payment's e-mail and card).
 */
export async function sendS2s(
  h: Harness,
  protocol: 'card' | 'apm',
  fields: Record<string, unknown>,
  original: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const entry = TABLES.s2s.find(
    (candidate) => candidate.protocol === protocol && candidate.action === fields['action'],
  );
  if (!entry) throw new Error(`no ${protocol} ${String(fields['action'])}`);
  const body = { client_key: h.key, ...fields };
  const recipe = recipeVariant(entry.operation.signature!, h.settings.cardStatusSignature);
  const hash = computeSignature(recipe, { ...original, ...body }, h.password, h.settings.signatureAlgorithm);
  const answer = await post(`${h.sandbox.url}/post`, encodeForm({ ...(body as FormObject), hash }));
  if (answer.status === 200 && entry.validateResponse) {
    const result = entry.validateResponse(answer.body);
    if (!result.ok)
      throw new Error(
        `${protocol} ${String(fields['action'])} answered outside its response schema: ${JSON.stringify(result.issues)}`,
      );
  }
  return answer;
}

/** Sends a signed Checkout request to its path and checks a success answer against its response schema. */
export async function sendCheckout(
  h: Harness,
  operationId: string,
  fields: Record<string, unknown>,
): Promise<{ status: number; body: any }> {
  const entry = TABLES.checkout.find((candidate) => candidate.operationId === operationId)!;
  const body = { merchant_key: h.key, ...fields };
  const hash = computeSignature(entry.operation.signature!, body, h.password, h.settings.signatureAlgorithm);
  const answer = await post(`${h.sandbox.url}${entry.path}`, JSON.stringify({ ...body, hash }), 'application/json');
  if (answer.status === 200 && entry.validateResponse) {
    const result = entry.validateResponse(answer.body);
    if (!result.ok)
      throw new Error(`${operationId} answered outside its response schema: ${JSON.stringify(result.issues)}`);
  }
  return answer;
}

/** A plain card-payment body (SALE, AUTH, DEBIT) with the test card of the given expiry. */
export function cardFields(
  action: string,
  month = '01',
  year = '2038',
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { action, ...(cardSale(month) as unknown as Record<string, unknown>), card_exp_year: year, ...extra };
}

export interface Receiver {
  readonly url: string;
  /** Raw bodies received, in arrival order. */
  readonly bodies: string[];
  /** What the next callbacks are answered with (default: 200 `OK`). */
  answer: (body: string) => { status: number; text: string };
  close(): Promise<void>;
}

/** A merchant's callback endpoint on 127.0.0.1 that records every raw body. */
export async function startReceiver(): Promise<Receiver> {
  const bodies: string[] = [];
  const receiver: Receiver = {
    url: '',
    bodies,
    answer: () => ({ status: 200, text: 'OK' }),
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      const { status, text } = receiver.answer(body);
      response.writeHead(status, { 'Content-Type': 'text/plain' });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A vcard APM SALE that settles (the success identifier, facts §5.1). */
export function apmSale(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    action: 'SALE',
    brand: 'vcard',
    order_id: nextOrder('A'),
    order_amount: '2.00',
    order_currency: 'USD',
    order_description: 'APM',
    identifier: 'success@gmail.com',
    payer_ip: '203.0.113.10',
    return_url: 'https://merchant.example/r',
    ...extra,
  };
}

/** Pays a Checkout session on its hosted page with a test card; returns where the payer is sent. */
export async function pay(
  pageUrl: string,
  month: string,
  card = '4111111111111111',
): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(`${pageUrl}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card, card_exp_month: month, card_exp_year: '2038', card_cvv2: '123' }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** What a shop keeps of an order it sent: the e-mail and the card the signatures cover. */
export interface KeptOrder {
  readonly payerEmail: string;
  readonly card: string;
}

/**
 * Payments whose callbacks cover every kind, for the callback samples' tests: S2S CARD (SALE,
 * decline, 3DS, AUTH, CAPTURE, the lookup, CREDITVOID, CREDIT2CARD), S2S APM (SALE,
 * CREDIT2VIRTUAL) and Checkout (a paid session). Each order is handed to `keep` as the shop would
 * record it before sending; follow-ups sign with the merchant's settings (the harness's).
 */
export async function everyCallbackFlow(h: Harness, keep: (orderId: string, order: KeptOrder) => void): Promise<void> {
  const ok = (answer: { status: number; body: any }) => {
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    return answer.body;
  };
  const s2s = async (
    protocol: 'card' | 'apm',
    fields: Record<string, unknown>,
    original: Record<string, string> = {},
  ) => {
    if (typeof fields['order_id'] === 'string')
      keep(fields['order_id'], {
        payerEmail: String(fields['payer_email'] ?? 'payer@example.com'),
        card: String(fields['card_number'] ?? '4111111111111111'),
      });
    return ok(await sendS2s(h, protocol, fields, original));
  };
  const original = { payer_email: 'payer@example.com', card_number: '4111111111111111' };
  await s2s('card', cardFields('SALE'));
  await s2s('card', cardFields('SALE', '02'));
  await s2s('card', cardFields('SALE', '05'));
  const auth = await s2s('card', cardFields('AUTH'));
  // CAPTURE and the lookup sign with the merchant's status formula (the vendor one covers the original's e-mail and card).
  await s2s('card', { action: 'CAPTURE', trans_id: auth.trans_id }, original);
  const lookup = await s2s('card', { action: 'GET_TRANS_STATUS', trans_id: auth.trans_id }, original);
  if (lookup.status !== 'SETTLED') throw new Error(`the captured authorization is ${lookup.status}`);
  await s2s('card', { action: 'CREDITVOID', trans_id: auth.trans_id }, original);
  const payoutOrder = nextOrder('P');
  // The shop keeps an e-mail for the payout too: CREDIT2CARD's formula leaves it out.
  keep(payoutOrder, { payerEmail: 'payee@example.com', card: '460154' + '6519' });
  ok(
    await sendS2s(h, 'card', {
      action: 'CREDIT2CARD',
      order_id: payoutOrder,
      order_amount: '5.00',
      order_currency: 'USD',
      order_description: 'Payout',
      card_number: '4601541833776519',
      payer_ip: '203.0.113.10',
    }),
  );
  await s2s('apm', apmSale());
  await s2s('apm', {
    action: 'CREDIT2VIRTUAL',
    brand: 'mobile_money_ke',
    order_id: nextOrder('C2V'),
    order_amount: '10',
    order_currency: 'KES',
    order_description: 'Payout',
    parameters: {
      mobile_money_operator: 'safaricom-ke',
      mobile_number: '254712345678',
      customer_email: 'r@example.com',
    },
    payee_first_name: 'A',
    payee_last_name: 'B',
    payee_email: 'r@example.com',
  });
  const order = { number: nextOrder('CO'), amount: '12.00', currency: 'EUR', description: 'Checkout order' };
  keep(order.number, { payerEmail: 'payer@example.com', card: '4111111111111111' });
  const session = ok(
    await sendCheckout(h, 'createSession', {
      operation: 'purchase',
      methods: ['card'],
      order,
      success_url: 'https://merchant.example/success',
    }),
  );
  const paid = await pay(session.redirect_url, '01');
  if (paid.status !== 303) throw new Error(`the hosted page answered ${paid.status}: ${paid.text}`);
}
