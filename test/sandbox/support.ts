// Shared by the sandbox tests: a started sandbox with a client pointed at it, a raw poster, and
// the request inputs the tests vary.
import { createCheckoutClient, createS2SClient, type SaleCardInput } from '@payment-gateway/merchant-client';
import { startSandbox, type RunningSandbox, type StartOptions } from '../../generated/sandbox/src/index.js';

export interface Harness {
  readonly sandbox: RunningSandbox;
  readonly key: string;
  readonly password: string;
  readonly s2s: ReturnType<typeof createS2SClient>;
  readonly checkout: ReturnType<typeof createCheckoutClient>;
}

export async function startHarness(options: StartOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox(options);
  const { key, password } = sandbox.merchants[0]!;
  return {
    sandbox,
    key,
    password,
    s2s: createS2SClient({ baseUrl: sandbox.url, merchantKey: key, password, retries: 0 }),
    checkout: createCheckoutClient({ baseUrl: sandbox.url, merchantKey: key, password, retries: 0 }),
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
export async function post(url: string, body: string, contentType = 'application/x-www-form-urlencoded'): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}
