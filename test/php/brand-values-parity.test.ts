// Deployment brand values, the two clients side by side: with the same `brandValues` the PHP and
// TypeScript clients send the same bytes (the label validated, the real value sent and signed)
// for every method identifier a request carries: S2S `brand`, Checkout `methods` items and the
// keys of method-keyed fields, which both read from the model (`x-keyed-by: method`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCheckoutClient, createS2SClient } from '../../generated/client/src/index.js';
import { CLIENT_KEY, PASSWORD, PIN_VOUCHER_SALE } from '../support/fixtures.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

interface Call {
  readonly group: 'apm' | 'checkout';
  readonly method: 'sale' | 'createSession';
  readonly input: Record<string, unknown>;
  readonly reply: Record<string, unknown>;
}

const BASE_URL = 'https://gateway.example';
const order = { number: 'order-1', amount: '10.00', currency: 'EUR', description: 'Voucher' };
const CALLS: readonly Call[] = [
  {
    group: 'apm',
    method: 'sale',
    input: { ...PIN_VOUCHER_SALE },
    reply: { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-2', trans_id: 'T-2' },
  },
  {
    group: 'checkout',
    method: 'createSession',
    input: { operation: 'purchase', methods: ['card', 'pin_voucher'], parameters: { pin_voucher: { pin: '1234567890123456' } }, order, success_url: 'https://merchant.example/ok' },
    reply: { redirect_url: 'https://checkout.example/auth/abc' },
  },
];

function phpBodies(brandValues: Record<string, string> | undefined): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'php-send-'));
  try {
    const file = join(dir, 'batch.json');
    writeFileSync(file, JSON.stringify({ options: { baseUrl: BASE_URL, merchantKey: CLIENT_KEY, password: PASSWORD, brandValues }, calls: CALLS }));
    return (JSON.parse(execFileSync('php', [join(PROJECT_ROOT, 'test/php/bin/send-batch.php'), file], { encoding: 'utf8' })) as { bodies: string[] }).bodies;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function typeScriptBodies(brandValues: Record<string, string> | undefined): Promise<string[]> {
  const bodies: string[] = [];
  let reply: Record<string, unknown> = {};
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    bodies.push(String(init?.body));
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const options = { baseUrl: BASE_URL, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0, fetch, ...(brandValues ? { brandValues } : {}) };
  const s2s = createS2SClient(options);
  const checkout = createCheckoutClient(options);
  for (const call of CALLS) {
    reply = call.reply;
    if (call.group === 'apm') await s2s.apm.sale(call.input as Parameters<typeof s2s.apm.sale>[0]);
    else await checkout.createSession(call.input as Parameters<typeof checkout.createSession>[0]);
  }
  return bodies;
}

describe('brandValues in the PHP and TypeScript clients', () => {
  it.each([
    ['a deployment value for the label', { pin_voucher: 'pv_real' }],
    ['no deployment values (the label is sent)', undefined],
  ])('send the same bytes: %s', async (_label, brandValues) => {
    const ours = await typeScriptBodies(brandValues);
    const php = phpBodies(brandValues);
    expect(php).toEqual(ours);
    // The value the deployment gave travels, never the label, and in the signed body.
    const [apm, session] = ours;
    const real = brandValues?.pin_voucher ?? 'pin_voucher';
    expect(new URLSearchParams(apm).get('brand')).toBe(real);
    const sent = JSON.parse(session!) as { methods: string[]; parameters: Record<string, unknown> };
    expect(sent.methods).toEqual(['card', real]);
    expect(Object.keys(sent.parameters)).toEqual([real]);
  });
});
