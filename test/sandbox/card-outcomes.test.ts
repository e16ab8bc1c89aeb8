// What the sandbox answers where a merchant following the docs looked closely: an expired card
// declines (S2S and the hosted page), a CAPTURE above the authorized amount answers the error
// catalogue's code for it, and the lookup after a partial refund answers what the CREDITVOID page
// says the platform answers (SETTLED, the payment's amount).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_REASONS } from '../../templates/sandbox/core/decline-reasons.js';
import { TABLES } from '../../generated/sandbox/src/spec-tables.js';
import { DOCS_DIR } from '../support/docs-pages.js';
import { cardFields, nextOrder, sendCheckout, sendS2s, startHarness, type Harness } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.sandbox.close();
});

describe('an expired card', () => {
  it('is declined as expired on S2S CARD, whatever its month would select', async () => {
    const sale = await sendS2s(h, 'card', cardFields('SALE', '01', '2020'));
    expect([sale.body.result, sale.body.status, sale.body.decline_reason]).toEqual(['DECLINED', 'DECLINED', DECLINE_REASONS.expired]);
    // The same card within its expiry settles.
    expect((await sendS2s(h, 'card', cardFields('SALE', '01', '2038'))).body.status).toBe('SETTLED');
  });

  it('is declined on the hosted payment page', async () => {
    const order = { number: nextOrder('EXP'), amount: '5.00', currency: 'EUR', description: 'Expired card' };
    const session = await sendCheckout(h, 'createSession', { operation: 'purchase', methods: ['card'], order, success_url: 'https://merchant.example/success', cancel_url: 'https://merchant.example/cancel' });
    const response = await fetch(`${session.body.redirect_url}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4111111111111111', card_exp_month: '01', card_exp_year: '2020', card_cvv2: '123' }),
      redirect: 'manual',
    });
    expect(response.headers.get('location')).toMatch(/^https:\/\/merchant\.example\/cancel/);
    const [payment] = (await (await fetch(`${h.sandbox.url}/_sandbox/transactions?order_id=${order.number}`)).json()) as { status: string; decline_reason: string }[];
    expect([payment?.status, payment?.decline_reason]).toEqual(['DECLINED', DECLINE_REASONS.expired]);
  });
});

describe('CAPTURE above the authorized amount', () => {
  it("answers the catalogue's error for it and leaves the authorization as it was", async () => {
    const catalogued = TABLES.s2s.find((entry) => entry.protocol === 'card' && entry.action === 'CAPTURE')!.errors.find((entry) => entry.field === 'amount');
    expect(catalogued?.code).toBe('208004');
    const auth = (await sendS2s(h, 'card', cardFields('AUTH'))).body;
    const capture = await sendS2s(h, 'card', { action: 'CAPTURE', trans_id: auth.trans_id, amount: '20.00' });
    expect([capture.status, capture.body.result, capture.body.error_code]).toEqual([400, 'ERROR', catalogued!.code]);
    expect((await sendS2s(h, 'card', { action: 'GET_TRANS_STATUS', trans_id: auth.trans_id })).body.status).toBe('PENDING');
    expect((await sendS2s(h, 'card', { action: 'CAPTURE', trans_id: auth.trans_id, amount: '10.00' })).body.status).toBe('SETTLED');
  });
});

describe('the lookup after a partial refund', () => {
  const page = readFileSync(join(DOCS_DIR, 's2s/card-creditvoid.md'), 'utf8');

  it('answers SETTLED, as the CREDITVOID page says (facts §2.2, quoted in spec/s2s/actions/creditvoid.yaml); the callback carries the refunded amount', async () => {
    expect(page).toContain('After a partial refund the payment stays SETTLED');
    expect(page).toContain('GET_TRANS_STATUS keeps answering SETTLED, with no refunded total');
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    const original = { payer_email: 'payer@example.com', card_number: '4111111111111111' };
    expect((await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: sale.trans_id, amount: '4.00' }, original)).body.result).toBe('ACCEPTED');
    const lookup = (await sendS2s(h, 'card', { action: 'GET_TRANS_STATUS', trans_id: sale.trans_id })).body;
    expect(lookup.status).toBe('SETTLED');
    const refund = h.sandbox.sandbox.delivery.log.find((record) => record.transactionId === sale.trans_id && record.fields['action'] === 'CREDITVOID');
    expect([refund?.fields['result'], refund?.fields['status'], refund?.fields['amount']]).toEqual(['SUCCESS', 'SETTLED', '4.00']);
  });
});
