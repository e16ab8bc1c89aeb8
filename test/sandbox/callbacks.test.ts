// Callbacks: signed with each callback's recipe and verified by the client's parseCallback,
// delivered per facts §4 (OK expected, retries every 15 minutes; the blocking rule is in
// spec-behaviour.test.ts), logged, resent on demand; `trigger`; and the clock that drives QR
// expiry, the bank-code window and the retries.
import { decodeForm, maskPan, parseCallback } from '@payment-gateway/merchant-client';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trigger } from '../../generated/sandbox/src/index.js';
import { TABLES } from '../../generated/sandbox/src/spec-tables.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import {
  apmSale,
  cardFields,
  nextOrder,
  post,
  sendS2s,
  startHarness,
  startReceiver,
  type Harness,
  type Receiver,
} from './support.js';

let h: Harness;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  h = await startHarness({ callbackUrl: receiver.url });
});
afterAll(async () => {
  await h?.sandbox.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.bodies.length = 0;
  receiver.answer = () => ({ status: 200, text: 'OK' });
});

const log = async () => (await fetch(`${h.sandbox.url}/_sandbox/callbacks`)).json() as Promise<any[]>;
const forTransaction = (trans_id: string) =>
  receiver.bodies.filter((body) => decodeForm(body)['trans_id'] === trans_id || decodeForm(body)['id'] === trans_id);

describe('signed callbacks on every transition', () => {
  it('an S2S CARD SALE posts one callback that parseCallback verifies with the payer e-mail (F2)', async () => {
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    await h.sandbox.callbacksSettled();
    const [body, ...rest] = forTransaction(sale.trans_id);
    expect(rest).toEqual([]);
    const event = parseCallback(body!, {
      password: h.password,
      protocol: 'card',
      signingContext: { payer_email: 'payer@example.com' },
    });
    expect(event.fields).toMatchObject({
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      trans_id: sale.trans_id,
      card: '411111******1111',
    });
    expect(event.issues).toEqual([]);
    expect(body).not.toContain('4111111111111111');
  });

  it('AUTH, CAPTURE and CREDITVOID each post theirs, in transition order', async () => {
    const auth = (await sendS2s(h, 'card', cardFields('AUTH'))).body;
    await sendS2s(h, 'card', { action: 'CAPTURE', trans_id: auth.trans_id });
    await sendS2s(
      h,
      'card',
      { action: 'CREDITVOID', trans_id: auth.trans_id },
      { payer_email: 'payer@example.com', card_number: '4111111111111111' },
    );
    await h.sandbox.callbacksSettled();
    const events = forTransaction(auth.trans_id).map(
      (body) =>
        parseCallback(body, {
          password: h.password,
          protocol: 'card',
          signingContext: { payer_email: 'payer@example.com' },
        }).fields as Record<string, unknown>,
    );
    expect(events.map((fields) => [fields['action'], fields['status']])).toEqual([
      ['AUTH', 'PENDING'],
      ['CAPTURE', 'SETTLED'],
      ['CREDITVOID', 'REFUND'],
    ]);
  });

  it('a CREDIT2CARD callback is signed without the e-mail (F6)', async () => {
    const payout = (
      await sendS2s(h, 'card', {
        action: 'CREDIT2CARD',
        order_id: nextOrder('P'),
        order_amount: '5.00',
        order_currency: 'USD',
        order_description: 'Payout',
        card_number: '4601541833776519',
        payer_ip: '203.0.113.10',
      })
    ).body;
    await h.sandbox.callbacksSettled();
    const event = parseCallback(forTransaction(payout.trans_id)[0]!, { password: h.password, protocol: 'card' });
    expect(event.fields).toMatchObject({ action: 'CREDIT2CARD', status: 'SETTLED' });
  });

  it('an S2S APM callback verifies with its sorted-values recipe', async () => {
    const sale = (await sendS2s(h, 'apm', apmSale())).body;
    await h.sandbox.callbacksSettled();
    expect(
      parseCallback(forTransaction(sale.trans_id)[0]!, { password: h.password, protocol: 'apm' }).fields,
    ).toMatchObject({ action: 'SALE', status: 'SETTLED' });
  });
});

describe('delivery (facts §4)', () => {
  it('an answer other than OK is a failure, retried every 15 minutes of sandbox time, then delivered once', async () => {
    receiver.answer = () => ({ status: 200, text: 'ERROR' });
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    await h.sandbox.callbacksSettled();
    const record = () => h.sandbox.sandbox.delivery.log.find((entry) => entry.transactionId === sale.trans_id)!;
    expect(record().state).toBe('pending');
    expect(record().attempts.map((attempt) => attempt.outcome)).toEqual(['failed']);
    h.sandbox.advanceClock(899);
    await h.sandbox.callbacksSettled();
    expect(record().attempts).toHaveLength(1);
    receiver.answer = () => ({ status: 200, text: 'OK' });
    h.sandbox.advanceClock(1);
    await h.sandbox.callbacksSettled();
    expect(record().attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'delivered']);
    expect(record().state).toBe('delivered');
    expect(forTransaction(sale.trans_id)).toHaveLength(2);
  });

  it('a delivery that fails five times is given up; the log lists every attempt; resend delivers it again', async () => {
    const flaky = await startReceiver();
    const isolated = await startHarness({ callbackUrl: flaky.url });
    try {
      flaky.answer = () => ({ status: 503, text: '' });
      const sale = (await sendS2s(isolated, 'card', cardFields('SALE'))).body;
      for (let i = 0; i < 5; i++) {
        await isolated.sandbox.callbacksSettled();
        isolated.sandbox.advanceClock(15 * 60);
      }
      await isolated.sandbox.callbacksSettled();
      const entries = (await (await fetch(`${isolated.sandbox.url}/_sandbox/callbacks`)).json()) as any[];
      const entry = entries.find((candidate) => candidate.trans_id === sale.trans_id);
      expect(entry.state).toBe('failed');
      expect(entry.attempts.filter((attempt: any) => attempt.outcome === 'failed')).toHaveLength(5);
      expect(entry.attempts[0]).toMatchObject({ outcome: 'failed', httpStatus: 503 });
      flaky.answer = () => ({ status: 200, text: 'OK' });
      isolated.sandbox.advanceClock(15 * 60);
      const resent = await post(`${isolated.sandbox.url}/_sandbox/callbacks/${entry.id}/resend`, '');
      expect(resent.body.state).toBe('delivered');
    } finally {
      await isolated.sandbox.close();
      await flaky.close();
    }
  });

  it('the transactions endpoint shows each transition, card masked', async () => {
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    const view = (await (await fetch(`${h.sandbox.url}/_sandbox/transactions/${sale.trans_id}`)).json()) as any;
    expect(view).toMatchObject({
      trans_id: sale.trans_id,
      status: 'SETTLED',
      card: '411111******1111',
      history: [{ sequence: 1, status: 'SETTLED', by: 'SALE' }],
    });
    expect(JSON.stringify(await (await fetch(`${h.sandbox.url}/_sandbox/transactions`)).json())).not.toContain(
      '4111111111111111',
    );
    expect(JSON.stringify(await log())).not.toContain(h.password);
  });
});

describe('the clock', () => {
  const apm = (brand: string, currency: string, parameters: Record<string, string> = {}) => ({
    action: 'SALE',
    brand,
    order_id: nextOrder('Q'),
    order_amount: '9.00',
    order_currency: currency,
    order_description: 'Clock',
    identifier: 'payer@example.com',
    payer_ip: '203.0.113.10',
    return_url: 'https://merchant.example/r',
    ...(Object.keys(parameters).length ? { parameters } : {}),
  });

  it('the QR method answers a real PNG and declines after one minute', async () => {
    const sale = await sendS2s(h, 'apm', apm('ips', 'EUR'));
    expect(sale.body).toMatchObject({ result: 'REDIRECT', status: 'REDIRECT' });
    const png = Buffer.from(sale.body.redirect_params.qr_code, 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const clock = await post(
      `${h.sandbox.url}/_sandbox/clock`,
      JSON.stringify({ advance_seconds: 59 }),
      'application/json',
    );
    expect(clock.status).toBe(200);
    expect((await sendS2s(h, 'apm', { action: 'GET_TRANS_STATUS', trans_id: sale.body.trans_id })).body.status).toBe(
      'REDIRECT',
    );
    await post(`${h.sandbox.url}/_sandbox/clock`, JSON.stringify({ advance_seconds: 1 }), 'application/json');
    expect((await sendS2s(h, 'apm', { action: 'GET_TRANS_STATUS', trans_id: sale.body.trans_id })).body).toMatchObject({
      status: 'DECLINED',
    });
  });

  it('the QR bank callback: ACSC settles before expiry', async () => {
    const sale = (await sendS2s(h, 'apm', apm('ips', 'EUR'))).body;
    await post(
      `${h.sandbox.url}/_sandbox/transactions/${sale.trans_id}/bank`,
      JSON.stringify({ code: 'ACSC' }),
      'application/json',
    );
    h.sandbox.advanceClock(120);
    expect((await sendS2s(h, 'apm', { action: 'GET_TRANS_STATUS', trans_id: sale.trans_id })).body.status).toBe(
      'SETTLED',
    );
  });

  it('a bank-code transfer declines after 5 minutes without completion', async () => {
    const sale = (await sendS2s(h, 'apm', apm('ar_transfer', 'ARS'))).body;
    h.sandbox.advanceClock(299);
    expect((await sendS2s(h, 'apm', { action: 'GET_TRANS_STATUS', trans_id: sale.trans_id })).body.status).toBe(
      'REDIRECT',
    );
    h.sandbox.advanceClock(1);
    expect((await sendS2s(h, 'apm', { action: 'GET_TRANS_STATUS', trans_id: sale.trans_id })).body.status).toBe(
      'DECLINED',
    );
    await h.sandbox.callbacksSettled();
    const statuses = forTransaction(sale.trans_id).map((body) => decodeForm(body)['status']);
    expect(statuses).toEqual(['REDIRECT', 'DECLINED']);
  });

  it('refuses a clock request without a number of seconds', async () => {
    expect(
      (await post(`${h.sandbox.url}/_sandbox/clock`, JSON.stringify({ advance_seconds: 'soon' }), 'application/json'))
        .status,
    ).toBe(400);
  });
});

describe('payment-gateway-sandbox trigger', () => {
  const cards = TABLES.testData.cards;
  const cases = [
    {
      event: 'card.sale.settled',
      // The spec's success card with an expiry, paid by a real SALE.
      card: cards.find((card) => card.scenario === 'success' && card.expiry !== 'any')!,
      real: (number: string, expiry: string) => {
        const [month, year] = expiry.split('/');
        return cardFields('SALE', month, year, { card_number: number });
      },
    },
    {
      event: 'card.credit2card.settled',
      // The spec's success card of a payout, paid out by a real CREDIT2CARD.
      card: cards.find((card) => card.scenario === 'success' && /\bCREDIT2CARD\b/.test(card.outcome))!,
      real: (number: string) => ({
        action: 'CREDIT2CARD',
        order_id: nextOrder('P'),
        order_amount: '5.00',
        order_currency: 'USD',
        order_description: 'Payout',
        card_number: number,
        payer_ip: '203.0.113.10',
      }),
    },
  ];
  it.each(cases)(
    '$event carries the spec test card masked, as a real callback for that card does',
    async ({ event, card, real }) => {
      const triggered = await trigger(event, receiver.url, h.password);
      const fields = parseCallback(triggered.body, {
        password: h.password,
        protocol: 'card',
        signingContext: triggered.signingContext,
      }).fields as Record<string, unknown>;
      const expiry = card.expiry === 'any' ? undefined : card.expiry;
      expect({ card: fields['card'], expiry: fields['card_expiration_date'] }).toEqual({
        card: maskPan(card.number),
        expiry,
      });
      const payment = (await sendS2s(h, 'card', real(card.number, card.expiry))).body;
      await h.sandbox.callbacksSettled();
      const [body] = forTransaction(payment.trans_id);
      const actual = decodeForm(body!);
      expect({ card: actual['card'], expiry: actual['card_expiration_date'] }).toEqual({
        card: fields['card'],
        expiry: fields['card_expiration_date'],
      });
    },
  );

  it('posts a correctly signed callback of the chosen kind', async () => {
    const tsx = join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const cli = join(PROJECT_ROOT, 'generated', 'sandbox', 'src', 'cli.ts');
    const run = async (event: string) =>
      JSON.parse(
        (
          await promisify(execFile)(
            process.execPath,
            [tsx, cli, 'trigger', event, '--to', receiver.url, '--password', 'pw-123'],
            { cwd: PROJECT_ROOT },
          )
        ).stdout,
      );
    const card = await run('card.sale.settled');
    expect(card).toMatchObject({ status: 200, answer: 'OK', signingContext: { payer_email: 'payer@example.com' } });
    const checkout = await run('checkout.refund');
    expect(checkout.status).toBe(200);
    const [cardBody, checkoutBody] = receiver.bodies.slice(-2);
    expect(
      parseCallback(cardBody!, { password: 'pw-123', protocol: 'card', signingContext: card.signingContext }).fields,
    ).toMatchObject({ action: 'SALE', status: 'SETTLED' });
    expect(parseCallback(checkoutBody!, { password: 'pw-123', protocol: 'checkout' }).fields).toMatchObject({
      type: 'refund',
      order_status: 'refund',
    });
  });
});
