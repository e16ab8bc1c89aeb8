// Checkout status by order_id: without `size` one payment, with `size` (1..100) an array of
// them, typed by overload; and an answer that cannot be used is never sent for again.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createCheckoutClient, TransportError, type CheckoutPaymentStatus } from '../../generated/client/src/index.js';
import { CLIENT_KEY, PASSWORD } from '../support/fixtures.js';
import { startLoopback, type Loopback } from '../support/loopback.js';

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback();
});
afterAll(async () => {
  await server.close();
});

const client = () => createCheckoutClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 2, retryDelayMs: 1 });
const payment = (id: string) => ({ payment_id: id, status: 'settled', order: { number: 'order-1', amount: '1.00', currency: 'USD' } });

describe('getPaymentStatus by order_id', () => {
  it.each([
    { given: 'size 3', size: 3, answer: [payment('p3'), payment('p2'), payment('p1')] },
    { given: 'size 1', size: 1, answer: [payment('p1')] },
  ])('$given: returns the documented array, sent once', async ({ size, answer }) => {
    const before = server.received.length;
    server.reply({ body: answer });
    const statuses = await client().getPaymentStatus({ order_id: 'order-1', size });
    expectTypeOf(statuses).toEqualTypeOf<CheckoutPaymentStatus[]>();
    expect(statuses).toEqual(answer);
    expect(server.received.length - before).toBe(1);
    expect(JSON.parse(server.received.at(-1)!.body)).toMatchObject({ order_id: 'order-1', size });
  });

  it('without size: returns one object', async () => {
    server.reply({ body: payment('p1') });
    const status = await client().getPaymentStatus({ order_id: 'order-1' });
    expectTypeOf(status).toEqualTypeOf<CheckoutPaymentStatus>();
    expect(status.payment_id).toBe('p1');
  });

  it.each([
    { given: 'an object where size asks for an array', size: 2 as number | undefined, body: payment('p1') as unknown },
    { given: 'an array where one object is due', size: undefined, body: [payment('p1')] as unknown },
    { given: 'a body that is not JSON', size: undefined, body: '<html>maintenance</html>' as unknown },
  ])('$given: a TransportError, never retried', async ({ size, body }) => {
    const before = server.received.length;
    server.reply({ body, contentType: typeof body === 'string' ? 'text/html' : 'application/json' }, { body: payment('late') });
    const input = size === undefined ? { order_id: 'order-1' } : { order_id: 'order-1', size };
    const error = await client().getPaymentStatus(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ failure: 'response' });
    expect(server.received.length - before).toBe(1);
    // The queued second answer was never asked for: drain it.
    await client().getPaymentStatus({ order_id: 'drain' });
  });
});
