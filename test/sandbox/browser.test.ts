// End to end in a real browser (Debian's Chromium through the shared launcher): a merchant site
// on 127.0.0.1 starts a 3DS SALE (sending the payer on with the docs' sample: a form the browser
// posts) and a Checkout purchase through the generated client, the payer completes them on the
// sandbox's own pages, returns to the merchant, and the merchant receives
// the signed callbacks.
import {
  createCheckoutClient,
  decodeForm,
  createS2SClient,
  parseCallback,
  verifyPaymentReturn,
  type CheckoutCreateSessionInput,
} from '@payment-gateway/merchant-client';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../generated/sandbox/src/index.js';
import { describeWithBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import { sendPayerOn } from '../../templates/docs/samples/send-payer-on.js';
import { cardSale, nextOrder } from './support.js';

describeWithBrowser('the sandbox in a browser', () => {
  let sandbox: RunningSandbox;
  let browser: TestBrowser;
  let merchant: Server;
  let site = '';
  const callbacks: string[] = [];
  const order = { number: nextOrder('WEB'), amount: '25.00', currency: 'EUR', description: 'Browser order' };
  let saleId = '';

  beforeAll(async () => {
    merchant = createServer((request, response) => {
      const url = new URL(request.url ?? '/', site);
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void handle(url, request.method ?? 'GET', Buffer.concat(chunks).toString('utf8')).then((result) => {
          if (typeof result === 'function') return result(response);
          response.writeHead(result.status, result.headers);
          response.end(result.body);
        });
      });
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
    sandbox = await startSandbox({ callbackUrl: `${site}/callbacks` });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    await new Promise<void>((resolve) => merchant?.close(() => resolve()));
  });

  /** The merchant's site: it starts payments server-side and sends the payer on. */
  async function handle(
    url: URL,
    method: string,
    body: string,
  ): Promise<{ status: number; headers: Record<string, string>; body: string } | ((response: ServerResponse) => void)> {
    const { key, password } = sandbox.merchants[0]!;
    const html = (text: string) => ({
      status: 200,
      headers: { 'Content-Type': 'text/html' },
      body: `<!doctype html><title>Merchant</title><h1 id="done">${text}</h1>`,
    });
    if (method === 'POST' && url.pathname === '/callbacks') {
      callbacks.push(body);
      return { status: 200, headers: { 'Content-Type': 'text/plain' }, body: 'OK' };
    }
    if (url.pathname === '/buy-3ds') {
      const client = createS2SClient({ baseUrl: sandbox.url, merchantKey: key, password, retries: 0 });
      const sale = await client.card.sale(cardSale('05', { term_url_3ds: `${site}/3ds-return` }));
      if (sale.result !== 'REDIRECT') return html(`unexpected ${sale.result}`);
      saleId = sale.trans_id ?? '';
      // As Getting started says: the payer's browser posts redirect_params (PaReq, MD, TermUrl).
      return (response) => sendPayerOn(sale, response);
    }
    if (url.pathname === '/buy-checkout') {
      const client = createCheckoutClient({ baseUrl: sandbox.url, merchantKey: key, password, retries: 0 });
      const session = await client.createSession({
        operation: 'purchase',
        methods: ['card'],
        order,
        success_url: `${site}/success`,
        cancel_url: `${site}/cancel`,
      } as CheckoutCreateSessionInput);
      return { status: 302, headers: { Location: session.redirect_url }, body: '' };
    }
    if (url.pathname === '/3ds-return') return html('Back from 3DS');
    if (url.pathname === '/success') return html('Paid');
    return html(`Cancelled ${url.pathname}`);
  }

  it('completes a 3DS SALE: challenge page, back to term_url_3ds, signed callback', async () => {
    const { page, errors } = await browser.newPage();
    await page.goto(`${site}/buy-3ds`);
    expect(await page.locator('h1').textContent()).toBe('3-D Secure challenge');
    await page.click('#success');
    await page.waitForURL(`${site}/3ds-return`);
    await sandbox.callbacksSettled();
    const events = callbacks
      .filter((raw) => decodeForm(raw)['trans_id'] === saleId)
      .map((raw) =>
        parseCallback(raw, {
          password: sandbox.merchants[0]!.password,
          signingContext: { payer_email: 'payer@example.com' },
        }),
      );
    expect(events.map((event) => (event.fields as Record<string, unknown>)['status'])).toEqual(['3DS', 'SETTLED']);
    expect(errors).toEqual([]);
    expect(browser.offHost).toEqual([]);
  });

  it('completes a Checkout purchase on the hosted page: success_url with a signed return query, signed callback', async () => {
    const { page, errors } = await browser.newPage();
    await page.goto(`${site}/buy-checkout`);
    expect(await page.locator('#methods li').allTextContents()).toEqual(['card']);
    await page.fill('#card_number', '4111 1111 1111 1111');
    await page.fill('#card_exp_month', '01');
    await page.fill('#card_exp_year', '2038');
    await page.fill('#card_cvv2', '123');
    await page.click('#pay');
    await page.waitForURL(/\/success\?/);
    const returned = verifyPaymentReturn(new URL(page.url()).search, {
      password: sandbox.merchants[0]!.password,
      signingContext: {
        order_amount: order.amount,
        order_currency: order.currency,
        order_description: order.description,
      },
    });
    await sandbox.callbacksSettled();
    const checkout = callbacks
      .filter((raw) => decodeForm(raw)['id'] !== undefined)
      .map((raw) => parseCallback(raw, { password: sandbox.merchants[0]!.password, protocol: 'checkout' }))
      .filter((event) => (event.fields as Record<string, unknown>)['id'] === returned.fields['payment_id']);
    expect(
      checkout.map(
        (event) => event.protocol === 'checkout' && [event.fields.type, event.fields.status, event.fields.order_status],
      ),
    ).toEqual([['sale', 'success', 'settled']]);
    expect(errors).toEqual([]);
    expect(browser.offHost).toEqual([]);
  });
});
