// Checkout status by order_id: without `size` one payment, with `size` (1..100) an array of
// them, typed by overload (against the sandbox); and an answer that cannot be used is never sent
// for again (against a stub that answers outside the documented shapes).
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createCheckoutClient,
  TransportError,
  type CheckoutCreateSessionInput,
  type CheckoutPaymentStatus,
  type LogEvent,
} from '../../generated/client/src/index.js';
import { startSandbox, type RunningSandbox } from '../../generated/sandbox/src/index.js';
import { CLIENT_KEY, PASSWORD } from '../support/fixtures.js';
import { useLoopback } from '../support/loopback.js';

const server = useLoopback();

const client = () =>
  createCheckoutClient({
    baseUrl: server.baseUrl,
    merchantKey: CLIENT_KEY,
    password: PASSWORD,
    retries: 2,
    retryDelayMs: 1,
  });
const payment = (id: string) => ({
  payment_id: id,
  status: 'settled',
  order: { number: 'order-1', amount: '1.00', currency: 'USD' },
});

describe('getPaymentStatus by order_id', () => {
  // Against the sandbox: three real payments of one order, looked up with and without size.
  let sandbox: RunningSandbox;
  let requests: LogEvent[] = [];
  const paid: string[] = [];
  const order = { number: 'order-size-1', amount: '1.00', currency: 'USD', description: 'Size test' };
  const sandboxClient = () => {
    const { key, password } = sandbox.merchants[0]!;
    return createCheckoutClient({
      baseUrl: sandbox.url,
      merchantKey: key,
      password,
      retries: 2,
      retryDelayMs: 1,
      logger: (event) => event.type === 'request' && requests.push(event),
    });
  };
  beforeAll(async () => {
    sandbox = await startSandbox();
    for (let i = 0; i < 3; i++) {
      const session = await sandboxClient().createSession({
        operation: 'purchase',
        methods: ['card'],
        order,
        success_url: 'https://merchant.example/ok',
        cancel_url: 'https://merchant.example/no',
      } as CheckoutCreateSessionInput);
      const paidPage = await fetch(`${session.redirect_url}/pay`, {
        method: 'POST',
        body: new URLSearchParams({
          card_number: '4111111111111111',
          card_exp_month: '01',
          card_exp_year: '2038',
          card_cvv2: '123',
        }),
        redirect: 'manual',
      });
      paid.unshift(new URL(paidPage.headers.get('location')!).searchParams.get('payment_id')!);
    }
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each([
    { given: 'size 3', size: 3, count: 3 },
    { given: 'size 1', size: 1, count: 1 },
  ])('$given: returns the documented array, most recent first, sent once', async ({ size, count }) => {
    requests = [];
    const statuses = await sandboxClient().getPaymentStatus({ order_id: order.number, size });
    expectTypeOf(statuses).toEqualTypeOf<CheckoutPaymentStatus[]>();
    expect(statuses.map((status) => status.payment_id)).toEqual(paid.slice(0, count));
    expect(statuses.every((status) => status.status === 'settled')).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ body: { order_id: order.number, size } });
  });

  it('without size: returns one object', async () => {
    const status = await sandboxClient().getPaymentStatus({ order_id: order.number });
    expectTypeOf(status).toEqualTypeOf<CheckoutPaymentStatus>();
    expect(status.payment_id).toBe(paid[0]);
  });

  // A server that answers outside the documented shapes: a stub, since the sandbox never does.
  it.each([
    { given: 'an object where size asks for an array', size: 2 as number | undefined, body: payment('p1') as unknown },
    { given: 'an array where one object is due', size: undefined, body: [payment('p1')] as unknown },
    { given: 'a body that is not JSON', size: undefined, body: '<html>maintenance</html>' as unknown },
  ])('$given: a TransportError, never retried', async ({ size, body }) => {
    const before = server.received.length;
    server.reply(
      { body, contentType: typeof body === 'string' ? 'text/html' : 'application/json' },
      { body: payment('late') },
    );
    const input = size === undefined ? { order_id: 'order-1' } : { order_id: 'order-1', size };
    const error = await client()
      .getPaymentStatus(input)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ failure: 'response' });
    expect(server.received.length - before).toBe(1);
    // The queued second answer was never asked for: drain it.
    await client().getPaymentStatus({ order_id: 'drain' });
  });
});
