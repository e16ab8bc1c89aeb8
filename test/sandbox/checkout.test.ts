// Checkout: sessions paid on the hosted page (posted here without a browser; the browser test
// drives the same page), the signed return query, capture, refund, void, recurring and the status
// lookup with `size`.
import { paymentReturnDefinition, verifyPaymentReturn } from '@payment-gateway/merchant-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '../../generated/sandbox/src/spec-tables.js';
import { nextOrder, pay, sendCheckout, startHarness, type Harness } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.sandbox.close();
});

interface Order {
  number: string;
  amount: string;
  currency: string;
  description: string;
}

async function session(order: Order, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await sendCheckout(h, 'createSession', {
    operation: 'purchase',
    methods: ['card'],
    order,
    success_url: 'https://merchant.example/success',
    cancel_url: 'https://merchant.example/cancel',
    ...extra,
  });
  expect(answer.status).toBe(200);
  return answer.body.redirect_url;
}

const newOrder = (amount = '12.00'): Order => ({
  number: nextOrder('CO'),
  amount,
  currency: 'EUR',
  description: 'Checkout order',
});

describe('the hosted payment page', () => {
  it('lists the session methods and a card form', async () => {
    const url = await session(newOrder(), { methods: ['card', 'ips'] });
    const html = await (await fetch(url)).text();
    expect(html).toContain('<li>card</li><li>ips</li>');
    expect(html).toContain('name="card_number"');
  });

  it('a success card returns the payer to success_url with a return query the client verifies', async () => {
    const order = newOrder();
    const { status, location } = await pay(await session(order), '01');
    expect(status).toBe(303);
    const url = new URL(location!);
    expect(url.origin + url.pathname).toBe('https://merchant.example/success');
    const verified = verifyPaymentReturn(url.search, {
      password: h.password,
      signingContext: {
        order_amount: order.amount,
        order_currency: order.currency,
        order_description: order.description,
      },
    });
    expect(verified.name).toBe(paymentReturnDefinition.name);
    expect(
      (await sendCheckout(h, 'getPaymentStatus', { payment_id: url.searchParams.get('payment_id') })).body,
    ).toMatchObject({ status: 'settled' });
  });

  it('a decline card returns the payer to cancel_url', async () => {
    const { location } = await pay(await session(newOrder()), '02');
    expect(location).toMatch(/^https:\/\/merchant\.example\/cancel\?payment_id=/);
  });

  it('a 3DS card goes to the challenge page first', async () => {
    const { location } = await pay(await session(newOrder()), '05');
    expect(location).toMatch(/^\/_sandbox\/pay\//);
  });

  it('a card of no brand is refused on the page with the platform text, and no payment is made', async () => {
    const order = newOrder();
    const card = TABLES.testData.cards.find((candidate) => candidate.scenario === 'bad-card' && candidate.reason)!;
    const { status, text } = await pay(await session(order), '01', card.number);
    expect(status).toBe(400);
    expect(text).toContain(card.reason);
    expect((await sendCheckout(h, 'getPaymentStatus', { order_id: order.number })).body.error_message).toBe(
      'Order does not exist.',
    );
  });

  it('a plain purchase of zero is refused', async () => {
    const answer = await sendCheckout(h, 'createSession', {
      operation: 'purchase',
      methods: ['card'],
      order: newOrder('0.00'),
      success_url: 'https://merchant.example/s',
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('This value should be greater than 0.');
  });
});

describe('payment operations', () => {
  async function paid(
    extra: Record<string, unknown> = {},
    month = '01',
  ): Promise<{ payment_id: string; order: Order }> {
    const order = newOrder();
    const { location } = await pay(await session(order, extra), month);
    return { payment_id: new URL(location!).searchParams.get('payment_id')!, order };
  }

  it('auth holds a purchase pending until capture', async () => {
    const { payment_id } = await paid({ auth: true });
    expect((await sendCheckout(h, 'getPaymentStatus', { payment_id })).body.status).toBe('pending');
    expect((await sendCheckout(h, 'capturePayment', { payment_id, amount: '12.00' })).body).toMatchObject({
      status: 'settled',
      trans_status: 'SUCCESS',
    });
  });

  it('refund in part keeps it settled, the rest refunds it; void applies only to settled', async () => {
    const { payment_id } = await paid();
    expect((await sendCheckout(h, 'refundPayment', { payment_id, amount: '2.00' })).body).toEqual({
      payment_id,
      result: 'accepted',
    });
    expect((await sendCheckout(h, 'getPaymentStatus', { payment_id })).body.status).toBe('settled');
    await sendCheckout(h, 'refundPayment', { payment_id, amount: '10.00' });
    expect((await sendCheckout(h, 'getPaymentStatus', { payment_id })).body.status).toBe('refund');
    expect((await sendCheckout(h, 'voidPayment', { payment_id })).body).toMatchObject({
      status: 'FAIL',
      payment_status: 'refund',
    });
    const other = await paid();
    expect((await sendCheckout(h, 'voidPayment', { payment_id: other.payment_id })).body).toMatchObject({
      status: 'SUCCESS',
      payment_status: 'void',
    });
  });

  it('recurring charges again with the pair of a recurring_init payment', async () => {
    const { payment_id } = await paid({ recurring_init: true });
    const first = (await sendCheckout(h, 'getPaymentStatus', { payment_id })).body;
    expect(first.recurring_token).toEqual(expect.any(String));
    const again = await sendCheckout(h, 'recurringPayment', {
      recurring_init_trans_id: payment_id,
      recurring_token: first.recurring_token,
      order: { number: nextOrder('REC'), amount: '3.00', description: 'Month 2' },
    });
    expect(again.body).toMatchObject({ status: 'settled' });
  });

  it('the status lookup by order_id: one object without size, arrays of the most recent with 1..100, an error above', async () => {
    const order = newOrder();
    const url = await session(order);
    await pay(url, '02');
    const newest = new URL((await pay(await session(order), '01')).location!).searchParams.get('payment_id');
    const single = (await sendCheckout(h, 'getPaymentStatus', { order_id: order.number })).body;
    expect(single).toMatchObject({ payment_id: newest, status: 'settled' });
    const one = (await sendCheckout(h, 'getPaymentStatus', { order_id: order.number, size: 1 })).body;
    expect(one).toHaveLength(1);
    const two = (await sendCheckout(h, 'getPaymentStatus', { order_id: order.number, size: 100 })).body;
    expect(two.map((payment: { status: string }) => payment.status)).toEqual(['settled', 'decline']);
    const over = await sendCheckout(h, 'getPaymentStatus', { order_id: order.number, size: 101 });
    expect(over.status).toBe(400);
    expect(over.body.error_message).toBe('size should be within 1..100.');
  });
});
