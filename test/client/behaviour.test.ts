// The pipeline's behaviour around failures: what is retried, what never is, timeouts through
// AbortSignal, validation on by default and switchable, errors typed by kind.
// On the loopback stub (test/support/loopback.ts), not the sandbox: these are injected faults (503s,
// delays, broken bodies) a platform does not produce on demand.
import { describe, expect, it } from 'vitest';
import { createS2SClient, PlatformError, RequestValidationError, TransportError } from '../../generated/client/src/index.js';
import { CARD_SALE, PIN_VOUCHER_SALE } from '../support/fixtures.js';
import { useLoopback } from '../support/loopback.js';

const server = useLoopback();

const options = () => ({ baseUrl: server.baseUrl, merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'pw', retries: 2, retryDelayMs: 1 });
const sale = CARD_SALE;
const status = { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'SETTLED', order_id: 'O', trans_id: 'T' };

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('retries', () => {
  it('retries an idempotent lookup after a 5xx and returns the later answer', async () => {
    const before = server.received.length;
    server.reply({ status: 503, body: 'busy', contentType: 'text/plain' }, { status: 500, body: 'busy', contentType: 'text/plain' }, { body: status });
    const response = await createS2SClient(options()).card.getTransStatus({ trans_id: 'T' });
    expect(response.status).toBe('SETTLED');
    expect(server.received.length - before).toBe(3);
  });

  it('never resends a SALE after a failure that may have reached the platform', async () => {
    const before = server.received.length;
    server.reply({ status: 503, body: 'busy', contentType: 'text/plain' });
    const error = await failure(createS2SClient(options()).card.sale(sale));
    expect(error).toBeInstanceOf(TransportError);
    expect(server.received.length - before).toBe(1);
  });

  it('never retries a platform error', async () => {
    const before = server.received.length;
    server.reply({ status: 400, body: { result: 'ERROR', error_code: 101000, error_message: 'Transaction does not exist.' } });
    const error = await failure(createS2SClient(options()).card.getTransStatus({ trans_id: 'missing' }));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ http_code: 400, error_code: '101000', error_message: 'Transaction does not exist.' });
    expect(server.received.length - before).toBe(1);
  });

  it('reads result=ERROR as a platform error even with HTTP 200', async () => {
    server.reply({ body: { result: 'ERROR', error_message: 'Request data is invalid.', errors: [{ error_code: 100000, error_message: 'order_id: This value is not valid.' }] } });
    const error = await failure(createS2SClient(options()).card.sale(sale));
    expect(error).toMatchObject({ kind: 'platform', http_code: 200, errors: [{ error_code: '100000', error_message: 'order_id: This value is not valid.' }] });
  });
});

describe('timeouts and cancellation', () => {
  it('a per-call timeout aborts the attempt', async () => {
    server.reply({ delayMs: 300, body: status });
    const error = await failure(createS2SClient({ ...options(), retries: 0 }).card.getTransStatus({ trans_id: 'T' }, { timeoutMs: 50 }));
    expect(error).toMatchObject({ kind: 'transport', failure: 'timeout' });
  });

  it('the caller can abort with its own signal, and that is not retried', async () => {
    server.reply({ delayMs: 300, body: status });
    const controller = new AbortController();
    const pending = createS2SClient(options()).card.getTransStatus({ trans_id: 'T' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await failure(pending)).toMatchObject({ kind: 'transport', failure: 'aborted' });
  });
});

describe('validation before sending', () => {
  it('is on by default: nothing is sent', async () => {
    const before = server.received.length;
    const error = await failure(createS2SClient(options()).card.sale({ ...sale, order_amount: '1,99' }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([{ path: 'order_amount', rule: 'pattern', message: expect.stringContaining('must match the pattern') }]);
    expect(server.received.length).toBe(before);
  });

  it('can be switched off, and then the platform decides', async () => {
    server.reply({ body: { result: 'ERROR', error_message: 'Request data is invalid.' } });
    const before = server.received.length;
    await failure(createS2SClient({ ...options(), validateRequests: false }).card.sale({ ...sale, order_amount: '1,99' }));
    expect(server.received.length - before).toBe(1);
    expect(new URLSearchParams(server.received.at(-1)!.body).get('order_amount')).toBe('1,99');
  });
});

describe('deployment options', () => {
  it('sends the real brand value of a neutral label, validated with the label', async () => {
    server.reply({ body: { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'O', trans_id: 'T' } });
    const client = createS2SClient({ ...options(), brandValues: { pin_voucher: 'pv-real' } });
    await client.apm.sale(PIN_VOUCHER_SALE);
    expect(new URLSearchParams(server.received.at(-1)!.body).get('brand')).toBe('pv-real');
  });

  it("sends through the caller's fetch as fetch(url, init), as a fetch mock or an agent expects", async () => {
    server.reply({ body: status });
    const calls: [unknown, RequestInit | undefined][] = [];
    const fetchSpy: typeof fetch = (input, init) => {
      calls.push([input, init]);
      return fetch(input, init);
    };
    await createS2SClient({ ...options(), fetch: fetchSpy }).card.getTransStatus({ trans_id: 'T' });
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe(`${server.baseUrl}/post`);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(init?.body).toBe(server.received.at(-1)!.body);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('signs with sha256 when the operator switched the merchant', async () => {
    server.reply({ body: status });
    await createS2SClient({ ...options(), signatureAlgorithm: 'sha256' }).card.getTransStatus({ trans_id: 'T' });
    expect(new URLSearchParams(server.received.at(-1)!.body).get('hash')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('reconciliation instead of resending', () => {
  const lookup = { order_id: 'ORDER-1', signing: { payer_email: 'doe@example.com', card_number: '4111111111111111' } };

  it('a SALE that timed out is looked up by order, and found', async () => {
    const client = createS2SClient({ ...options(), retries: 0 });
    server.reply({ delayMs: 200, body: {} });
    const error = await failure(client.card.sale(sale, { timeoutMs: 30 }));
    expect(error).toMatchObject({ failure: 'timeout' });
    server.reply({ body: { action: 'GET_TRANS_STATUS_BY_ORDER', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 'T' } });
    const outcome = await client.card.reconcile(lookup);
    expect(outcome).toMatchObject({ found: true, status: { status: 'SETTLED' } });
    const body = new URLSearchParams(server.received.at(-1)!.body);
    expect(body.get('action')).toBe('GET_TRANS_STATUS_BY_ORDER');
    expect(body.has('card_number')).toBe(false);
  });

  it('an order the platform does not know was never processed', async () => {
    server.reply({ status: 400, body: { result: 'ERROR', error_code: 101000, error_message: 'Order does not exist.' } });
    expect(await createS2SClient(options()).card.reconcile(lookup)).toEqual({ found: false });
  });
});
