// The docs' Try-it panel in Chromium against a sandbox the test starts on 127.0.0.1 (callbacks
// delivered to a receiver of the test): the built site is served by the static server, the panel
// is pointed at the sandbox, and each flow a reader follows from the pages alone is run — SALE
// then a refund, AUTH then CAPTURE, an APM method with parameters, a Checkout session paid on its
// page, a 3DS card through its challenge. Each time the panel sends, shows the answer and the
// callback, and the state moves; what it shows agrees with the sandbox's own record and with the
// bodies the receiver got. A field error is named before anything is sent, and no request leaves
// the site and the sandbox.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_CARDS } from '../../generated/sandbox/src/index.js';
import { startHarness, startReceiver, type Harness, type Receiver } from '../sandbox/support.js';
import { describeWithBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import { docsPages } from '../support/docs-pages.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import { builtDocsSite } from '../support/shared-builds.js';
import { serveStatic, type StaticServer } from '../support/static-server.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const sandboxManifest = JSON.parse(
  readFileSync(join(PROJECT_ROOT, 'generated', 'sandbox', 'package.json'), 'utf8'),
) as { name: string };
const THREE_DS = TEST_CARDS.find((card) => card.scenario === '3ds-success')!;

describeWithBrowser('the Try-it panel against a running sandbox', () => {
  let site: StaticServer;
  let browser: TestBrowser;
  let h: Harness;
  let receiver: Receiver;
  /** Every URL a panel page requested, for the off-host check. */
  const requested: string[] = [];

  beforeAll(async () => {
    site = await serveStatic(await builtDocsSite());
    receiver = await startReceiver();
    h = await startHarness({ callbackUrl: receiver.url });
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await h?.sandbox.close();
    await receiver?.close();
    await site?.close();
  });

  /** Opens a page and points its panel at the test's sandbox. */
  async function openPanel(path: string, sandboxUrl = h.sandbox.url): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await browser.newPage();
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'load' });
    // The panel is mounted (its data loaded) before the reader types: the server-rendered
    // input would otherwise lose what is typed when the page hydrates.
    await page.locator('.try-it-title', { hasText: 'Try it: ' }).waitFor();
    const url = page.getByLabel('Sandbox URL');
    await url.fill(sandboxUrl);
    await page.getByRole('button', { name: 'Connect' }).click();
    return { page, errors };
  }

  /** Console errors: a panel page expects none (it asks no sandbox before Connect, and has its icon). */
  const unexpected = (errors: readonly string[]) => [...errors];

  async function send(page: Page): Promise<Record<string, unknown>> {
    const button = page.locator('.try-it-send:not([disabled])');
    await button.click();
    await page.locator('.try-it-answer').waitFor();
    return JSON.parse((await page.locator('.try-it-answer').textContent())!) as Record<string, unknown>;
  }

  const field = (page: Page, path: string) => page.getByLabel(path, { exact: true });
  const shownState = async (page: Page) => (await page.locator('.try-it-state').first().textContent())!.trim();

  /** The callbacks the panel shows, as the sandbox's log has them for that transaction. */
  async function callbacksAgree(page: Page, transId: string, received = transId): Promise<number> {
    await page.locator('.try-it-callback').first().waitFor();
    // The panel shows each look while it polls, until no callback is pending: compare what it settled on.
    await page.locator('.try-it-callback .try-it-label', { hasText: /: pending\b/ }).first().waitFor({ state: 'detached' });
    const log = (await (await fetch(`${h.sandbox.url}/_sandbox/callbacks?trans_id=${transId}`)).json()) as {
      id: string;
      state: string;
    }[];
    const labels = await page.locator('.try-it-callback .try-it-label').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    // Each callback is shown with its signature verified by the panel, as a merchant's handler would.
    for (const record of log)
      expect(
        labels.some((label) => label.includes(`${record.id}: ${record.state}, hash verified`)),
        labels.join('; '),
      ).toBe(true);
    expect(log.every((record) => record.state === 'delivered')).toBe(true);
    expect(receiver.bodies.some((body) => body.includes(received))).toBe(true);
    return log.length;
  }

  async function sandboxState(id: string): Promise<string> {
    return ((await (await fetch(`${h.sandbox.url}/_sandbox/transactions/${id}`)).json()) as { status: string }).status;
  }

  it('says how to start a sandbox when none answers, and shows no form', async () => {
    const closed = `http://127.0.0.1:${new URL(h.sandbox.url).port === '9' ? '10' : '9'}`;
    const { page } = await openPanel('/s2s/card-sale.html', closed);
    await page.getByText(`No sandbox answers at ${closed}`).waitFor();
    expect(await page.locator('.try-it-down pre').textContent()).toBe(
      `npx ${sandboxManifest.name} --port 8080 --callback-url http://127.0.0.1:3000/callbacks`,
    );
    // The same command the testing guide gives for the panel.
    expect(docsPages().find((entry) => entry.path === 'guide/testing.md')!.text.replace(/ \\\n\s+/g, ' ')).toContain(
      (await page.locator('.try-it-down pre').textContent())!,
    );
    expect(await page.locator('.try-it-send').count()).toBe(0);
    expect(await page.locator('.try-it-fields').count()).toBe(0);
    await page.close();
  });

  it('SALE then a refund: answer, callback, the state moves; the page shows the merchant, the signature and the body', async () => {
    const { page, errors } = await openPanel('/s2s/card-sale.html');
    const { key, password } = h.sandbox.merchants[0]!;
    await page.locator('.try-it-merchant').getByText(key).waitFor();
    expect(await page.locator('.try-it-merchant').textContent()).toContain(password);
    await field(page, 'card_exp_month').fill('01');
    await field(page, 'card_exp_year').fill('2038');
    const signature = await page.locator('.try-it-signature pre').textContent();
    expect(signature).toMatch(/^Recipe: /);
    expect(signature).toContain(`String to sign: `);
    expect(signature).toContain(password.toUpperCase());
    const hash = /hash: ([0-9a-f]{32})/.exec(signature!)![1];
    expect(await page.locator('.try-it-body pre').textContent()).toContain(`hash=${hash}`);

    // The copies make the same call: curl posts the shown body to the sandbox; TypeScript calls the client.
    const wire = (await page.locator('.try-it-body pre').textContent())!;
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await page.locator('.try-it-copied pre', { hasText: 'curl' }).waitFor();
    const curl = (await page.locator('.try-it-copied pre').textContent())!;
    expect(curl).toContain(`'${h.sandbox.url}/post'`);
    expect(/--data-raw '([^']*)'/.exec(curl)![1]).toBe(wire);
    await page.getByRole('button', { name: 'Copy as TypeScript' }).click();
    await page.locator('.try-it-copied pre', { hasText: 'await s2s.card.sale(' }).waitFor();
    const typescript = (await page.locator('.try-it-copied pre').textContent())!;
    expect(typescript).toContain(`merchantKey: '${key}',`);

    const sale = await send(page);
    expect(sale['status']).toBe('SETTLED');
    const transId = sale['trans_id'] as string;
    await page.locator('.try-it-state', { hasText: 'SETTLED' }).waitFor();
    const before = await callbacksAgree(page, transId);

    await page.getByRole('button', { name: 'Refund (CREDITVOID)' }).click();
    await page.getByText('Try it: S2S CARD CREDITVOID').waitFor();
    expect(await field(page, 'trans_id').inputValue()).toBe(transId);
    const refund = await send(page);
    expect(refund['result']).toBe('ACCEPTED');
    await expect.poll(() => sandboxState(transId)).not.toBe('SETTLED');
    await page.getByRole('button', { name: 'Refresh state' }).click();
    await page.locator('.try-it-state', { hasText: await sandboxState(transId) }).waitFor();
    await expect.poll(async () => callbacksAgree(page, transId)).toBeGreaterThan(before);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('AUTH then CAPTURE: PENDING, then SETTLED, with the callbacks of each', async () => {
    const { page, errors } = await openPanel('/s2s/card-auth.html');
    await field(page, 'card_exp_month').fill('01');
    await field(page, 'card_exp_year').fill('2038');
    const auth = await send(page);
    const transId = auth['trans_id'] as string;
    expect(auth['status']).toBe('PENDING');
    await page.locator('.try-it-state', { hasText: 'PENDING' }).waitFor();
    await callbacksAgree(page, transId);
    await page.getByRole('button', { name: 'CAPTURE' }).click();
    await page.getByText('Try it: S2S CARD CAPTURE').waitFor();
    const capture = await send(page);
    expect(capture['status']).toBe('SETTLED');
    await page.locator('.try-it-state', { hasText: 'SETTLED' }).waitFor();
    expect(await sandboxState(transId)).toBe('SETTLED');
    expect(await page.locator('.try-it-history li').count()).toBeGreaterThanOrEqual(2);
    await callbacksAgree(page, transId);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('an APM method with parameters: the parameters travel in bracket keys and the sandbox records the payment', async () => {
    const { page, errors } = await openPanel('/s2s/apm-sale.html');
    const select = page.getByLabel('Example', { exact: true });
    await select.waitFor();
    const option = (await select.locator('option').allTextContents()).findIndex((text) => /voucher PIN/.test(text));
    await select.selectOption(String(option));
    await field(page, 'parameters[pin]').waitFor();
    expect(await page.locator('.try-it-body pre').textContent()).toMatch(/parameters%5Bpin%5D=|parameters\[pin\]=/);
    const sale = await send(page);
    const transId = sale['trans_id'] as string;
    expect(transId).toBeTruthy();
    await page.locator('.try-it-state', { hasText: await sandboxState(transId) }).waitFor();
    await callbacksAgree(page, transId);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('a Checkout session: the payer pays on its page, then the panel shows the payment settled and its callback', async () => {
    const { page, errors } = await openPanel('/checkout/create-session.html');
    const order = `TRY-${Date.now()}`;
    await field(page, 'order.number').fill(order);
    const session = await send(page);
    const redirect = session['redirect_url'] as string;
    expect(redirect).toContain(h.sandbox.url);
    expect(await page.getByRole('link', { name: /payer's page/ }).getAttribute('href')).toBe(redirect);
    const payer = await browser.context.newPage();
    await payer.goto(redirect);
    await payer.fill('#card_number', '4111111111111111');
    await payer.fill('#card_exp_month', '01');
    await payer.fill('#card_exp_year', '2038');
    await payer.fill('#card_cvv2', '123');
    await payer.click('#pay');
    await payer.close();
    await page.getByRole('button', { name: 'Refresh state' }).click();
    await page.locator('.try-it-state').first().waitFor();
    const transactions = (await (await fetch(`${h.sandbox.url}/_sandbox/transactions?order_id=${order}`)).json()) as {
      trans_id: string;
      status: string;
    }[];
    expect(transactions).toHaveLength(1);
    expect(await shownState(page)).toBe(transactions[0]!.status);
    await h.sandbox.callbacksSettled();
    await page.getByRole('button', { name: 'Refresh state' }).click();
    // A Checkout callback names the order, not the sandbox's transaction id.
    await callbacksAgree(page, transactions[0]!.trans_id, order);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('a 3DS card: REDIRECT, the challenge on its page, then SETTLED', async () => {
    const { page, errors } = await openPanel('/s2s/card-sale.html');
    await field(page, 'card_number').fill(THREE_DS.number);
    const [month, year] = THREE_DS.expiry.split('/') as [string, string];
    await field(page, 'card_exp_month').fill(month);
    await field(page, 'card_exp_year').fill(year);
    const sale = await send(page);
    const transId = sale['trans_id'] as string;
    expect(sale['result']).toBe('REDIRECT');
    // The answer asks for a POST of its redirect_params: the panel posts them, as a merchant's page must.
    expect(sale['redirect_method']).toBe('POST');
    const [challenge] = await Promise.all([
      browser.context.waitForEvent('page'),
      page.getByRole('button', { name: /payer's page/ }).click(),
    ]);
    await challenge.click('#success');
    await challenge.close();
    await expect.poll(() => sandboxState(transId)).toBe('SETTLED');
    await page.getByRole('button', { name: 'Refresh state' }).click();
    await page.locator('.try-it-state', { hasText: 'SETTLED' }).waitFor();
    await h.sandbox.callbacksSettled();
    await page.getByRole('button', { name: 'Refresh state' }).click();
    await callbacksAgree(page, transId);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('names a field error by its wire path before sending, and sends nothing', async () => {
    const { page } = await openPanel('/s2s/card-sale.html');
    const before = (await (await fetch(`${h.sandbox.url}/_sandbox/transactions`)).json()).length;
    await field(page, 'card_exp_month').fill('13');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('card_exp_month');
    expect(await page.locator('.try-it-send').isDisabled()).toBe(true);
    expect(await field(page, 'card_exp_month').getAttribute('aria-invalid')).toBe('true');
    expect((await (await fetch(`${h.sandbox.url}/_sandbox/transactions`)).json()).length).toBe(before);
    await page.close();
  });

  it('keeps a panel with an answer shown free of serious axe violations', async () => {
    const { page } = await openPanel('/s2s/card-auth.html');
    await field(page, 'card_exp_month').fill('01');
    await send(page);
    await page.locator('.try-it-callback').first().waitFor();
    await page.addScriptTag({ content: AXE_SOURCE });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(context: string, options: object): Promise<{ violations: { id: string; impact: string | null }[] }>;
          };
        }
      ).axe;
      return (
        await axe.run('.try-it', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
      ).violations;
    });
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
      [],
    );
    await page.close();
  });

  it('requests nothing but the site and the sandbox', () => {
    const origins = new Set(requested.map((url) => new URL(url).origin));
    origins.delete(site.baseUrl);
    origins.delete(h.sandbox.url);
    // The panel's first look is at the default sandbox address before the test points it elsewhere.
    origins.delete('http://127.0.0.1:8080');
    origins.delete('http://127.0.0.1:9');
    origins.delete('http://127.0.0.1:10');
    expect([...origins]).toEqual([]);
    // The payer's tab may start back to the return URLs the examples name (merchant.example) before
    // the test closes it: the sandbox sends the payer there, as it must; the site itself asks for nothing.
    expect(browser.offHost.filter((url) => new URL(url).hostname !== 'merchant.example')).toEqual([]);
  });
});
