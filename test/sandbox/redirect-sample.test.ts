// The docs' 3-D Secure instructions (templates/docs/samples/send-payer-on.ts, on Getting started),
// followed as written for both `redirect_method`s the sandbox plays: a merchant set to POST (the
// default: `PaReq`, `MD`, `TermUrl` posted as a form) and one set to GET. The payer's browser does
// what the sample's answer tells it, completes the challenge, returns to `term_url_3ds`, and the
// payment settles. A challenge reached another way than announced is explained, never declined.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPayerOn } from '../../templates/docs/samples/send-payer-on.js';
import type { RedirectMethod } from '../../generated/sandbox/src/index.js';
import { cardSale, startHarness, type Harness } from './support.js';

/** The merchant's page that answers the payer's browser with the sample, for the last SALE answer. */
let answer: Parameters<typeof sendPayerOn>[0];
let shop: Server;
let shopUrl: string;
beforeAll(async () => {
  shop = createServer((_request, response) => sendPayerOn(answer, response));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/pay`;
});
afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
});

/** What a browser does with the shop's page: follows a redirect, or submits the page's form. */
async function browse(url: string): Promise<{ method: string; url: string; body?: URLSearchParams }> {
  const response = await fetch(url, { redirect: 'manual' });
  if (response.status === 302) return { method: 'GET', url: response.headers.get('location')! };
  const html = await response.text();
  const form = /<form method="post" action="([^"]+)">(.*)<\/form>/.exec(html);
  expect(form, html).not.toBeNull();
  const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const body = new URLSearchParams([...form![2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((input) => [unescape(input[1]!), unescape(input[2]!)] as [string, string]));
  expect(html).toContain('onload="document.forms[0].submit()"');
  return { method: 'POST', url: unescape(form![1]!), body };
}

describe.each<RedirectMethod>(['POST', 'GET'])('3-D Secure as the docs say, for a merchant set to redirect_method %s', (method) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ merchants: [{ ...(method === 'GET' ? { redirectMethod: 'GET' as const } : {}) }] });
  });
  afterAll(async () => {
    await h?.sandbox.close();
  });

  it('announces the method, the payer reaches the challenge that way, completes it and returns; the payment settles', async () => {
    const sale = await h.s2s.card.sale(cardSale('05', { term_url_3ds: 'https://merchant.example/3ds' }));
    if (sale.result !== 'REDIRECT') throw new Error(`expected REDIRECT, got ${sale.result}`);
    expect(sale.redirect_method).toBe(method);
    if (method === 'POST') expect(Object.keys(sale.redirect_params ?? {}).sort()).toEqual(['MD', 'PaReq', 'TermUrl']);
    answer = sale;
    const step = await browse(shopUrl);
    expect(step.method).toBe(method);
    const page = await fetch(step.url, { method: step.method, ...(step.body ? { body: step.body } : {}), redirect: 'manual' });
    const html = await page.text();
    expect([page.status, /<h1>([^<]+)<\/h1>/.exec(html)?.[1]]).toEqual([200, '3-D Secure challenge']);
    const done = await fetch(step.url, { method: 'POST', body: new URLSearchParams({ outcome: 'success' }), redirect: 'manual' });
    expect([done.status, done.headers.get('location')]).toEqual([303, 'https://merchant.example/3ds']);
    const lookup = await h.s2s.card.getTransStatus({ trans_id: sale.trans_id! });
    expect(lookup.status).toBe('SETTLED');
  });

  it('explains a challenge reached the other way, and the payment still waits for the payer', async () => {
    const sale = await h.s2s.card.sale(cardSale('05'));
    if (sale.result !== 'REDIRECT') throw new Error(`expected REDIRECT, got ${sale.result}`);
    const other = method === 'POST' ? await fetch(sale.redirect_url) : await fetch(sale.redirect_url, { method: 'POST', body: new URLSearchParams({ MD: sale.trans_id! }) });
    expect(other.status).toBe(400);
    expect(await other.text()).toContain(`redirect_method ${method}`);
    expect((await h.s2s.card.getTransStatus({ trans_id: sale.trans_id! })).status).toBe('3DS');
  });
});
