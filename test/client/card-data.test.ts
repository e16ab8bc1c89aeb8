// Card data never leaks: invalid and failing requests carrying a PAN and a CVV go through every
// path (validation error, platform error, transport errors, the log hook), and neither value
// appears in any message, JSON.stringify or String() of the error, its stack, or the log.
// On the loopback stub: the failures are injected (a platform error echoing the card, timeouts, HTML 502s).
import { describe, expect, it } from 'vitest';
import {
  createS2SClient,
  GatewayError,
  maskPan,
  type LogEvent,
  type SaleCardInput,
} from '../../generated/client/src/index.js';
import { startLoopback, useLoopback } from '../support/loopback.js';

const PAN = '4000056655665556';
const CVV = '9173';
const PASSWORD = 'pa55-word-never-shown';
// A web-wallet token of the documented shape (the validators check the JSON inside payment_token).
const TOKEN = JSON.stringify({
  apiVersion: 2,
  apiVersionMinor: 0,
  paymentMethodData: {
    type: 'CARD',
    tokenizationData: { type: 'PAYMENT_GATEWAY', token: '{"signature":"MEUCIQDTokenValueThatIsSecret"}' },
  },
});

const server = useLoopback();

const sale = (overrides: Partial<Record<string, unknown>> = {}) =>
  ({
    order_id: 'ORDER-1',
    order_amount: '1.99',
    order_currency: 'USD',
    order_description: 'Product',
    card_number: PAN,
    card_exp_month: '01',
    card_exp_year: '2038',
    card_cvv2: CVV,
    payer_ip: '203.0.113.10',
    term_url_3ds: 'https://merchant.example/3ds',
    ...overrides,
  }) as SaleCardInput;

function client(log: LogEvent[], options: { timeoutMs?: number; baseUrl?: string } = {}) {
  return createS2SClient({
    baseUrl: options.baseUrl ?? server.baseUrl,
    merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003',
    password: PASSWORD,
    retries: 0,
    timeoutMs: options.timeoutMs ?? 5000,
    logger: (event) => log.push(event),
  });
}

function expectNoCardData(error: unknown, log: LogEvent[]): void {
  expect(error).toBeInstanceOf(GatewayError);
  const gatewayError = error as GatewayError;
  const texts = [
    gatewayError.message,
    String(gatewayError),
    JSON.stringify(gatewayError),
    gatewayError.stack ?? '',
    JSON.stringify(log),
  ];
  for (const text of texts) {
    for (const secret of [PAN, CVV, PASSWORD, 'MEUCIQDTokenValueThatIsSecret']) expect(text).not.toContain(secret);
  }
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('card data in every failure path', () => {
  it('a validation error names wire paths only', async () => {
    const log: LogEvent[] = [];
    const error = await failure(
      // card_number and card_cvv2 have no documented format, only the safety cap: overflow it.
      client(log).card.sale(sale({ card_exp_month: '13', card_cvv2: CVV.repeat(100), card_number: PAN.repeat(17) })),
    );
    expect(error).toMatchObject({ kind: 'validation' });
    expect((error as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['card_number', 'card_exp_month', 'card_cvv2']),
    );
    expectNoCardData(error, log);
  });

  it('a platform error that echoes the card data is scrubbed', async () => {
    const log: LogEvent[] = [];
    server.reply({
      status: 400,
      body: {
        result: 'ERROR',
        error_code: 100000,
        error_message: `Card ${PAN} declined`,
        errors: [
          {
            error_code: 100000,
            error_message: `card_cvv2: ${CVV} is wrong; card_number: ${PAN.slice(0, 4)} ${PAN.slice(4, 8)} ${PAN.slice(8, 12)} ${PAN.slice(12)}`,
          },
        ],
      },
    });
    const error = await failure(client(log).card.sale(sale()));
    expect(error).toMatchObject({ kind: 'platform', http_code: 400, error_code: '100000' });
    expect((error as Error).message).toContain(maskPan(PAN));
    expectNoCardData(error, log);
  });

  it('a timeout carries no request data', async () => {
    const log: LogEvent[] = [];
    server.reply({ delayMs: 400, body: {} });
    const error = await failure(client(log, { timeoutMs: 100 }).card.sale(sale()));
    expect(error).toMatchObject({ kind: 'transport', failure: 'timeout' });
    expectNoCardData(error, log);
  });

  it('a refused connection carries no request data', async () => {
    const log: LogEvent[] = [];
    const closed = await startLoopback();
    await closed.close();
    const error = await failure(client(log, { baseUrl: closed.baseUrl }).card.sale(sale()));
    expect(error).toMatchObject({ kind: 'transport', failure: 'connection', notSent: true });
    expectNoCardData(error, log);
  });

  it('an unexpected response carries no request data', async () => {
    const log: LogEvent[] = [];
    server.reply({ status: 502, body: `<html>${PAN}</html>`, contentType: 'text/html' });
    const error = await failure(client(log).card.sale(sale()));
    expect(error).toMatchObject({ kind: 'transport', failure: 'http', status: 502 });
    expectNoCardData(error, log);
  });

  it('the log hook sees masked requests and responses, with a wallet token hidden', async () => {
    const log: LogEvent[] = [];
    server.reply({
      body: {
        action: 'SALE',
        result: 'DECLINED',
        status: 'DECLINED',
        order_id: 'ORDER-1',
        trans_id: 't',
        decline_reason: `PAN ${PAN}`,
      },
    });
    const wallet = sale({
      card_number: undefined,
      card_exp_month: undefined,
      card_exp_year: undefined,
      card_cvv2: undefined,
      digital_wallet: 'googlepay',
      payment_token: TOKEN,
    });
    await client(log).card.sale(wallet);
    const request = log.find((event) => event.type === 'request');
    expect(request).toMatchObject({ body: { payment_token: '[redacted]', digital_wallet: 'googlepay' } });
    const text = JSON.stringify(log);
    expect(text).not.toContain('MEUCIQDTokenValueThatIsSecret');
    expect(text).not.toContain(PASSWORD);
  });

  it.each([
    {
      given: 'as the error message of a platform error',
      echo: (raw: string) => ({ result: 'ERROR', error_message: `Bad request: ${raw}` }),
    },
    {
      given: 'in a field of a JSON 500',
      echo: (raw: string) => ({ request: raw, json: JSON.stringify({ payment_token: TOKEN }) }),
    },
  ])('an HTTP 500 echoing the raw form $given is redacted in every encoding', async ({ echo }) => {
    const wallet = sale({
      card_number: undefined,
      card_exp_month: undefined,
      card_exp_year: undefined,
      card_cvv2: undefined,
      digital_wallet: 'googlepay',
      payment_token: TOKEN,
    });
    // The exact form the client writes, captured from a first send.
    server.reply({
      body: {
        action: 'SALE',
        result: 'DECLINED',
        status: 'DECLINED',
        order_id: 'ORDER-1',
        trans_id: 't',
        decline_reason: 'x',
      },
    });
    await client([]).card.sale(wallet);
    const raw = server.received.at(-1)!.body;
    expect(raw).toContain('payment_token=%7B%22apiVersion%22');
    const log: LogEvent[] = [];
    server.reply({ status: 500, body: echo(raw) });
    const error = await failure(client(log).card.sale(wallet));
    expect(log.some((event) => event.type === 'response')).toBe(true);
    expectNoCardData(error, log);
    for (const text of [JSON.stringify(log), (error as Error).message]) {
      expect(text).not.toContain('MEUCIQDTokenValueThatIsSecret');
      expect(text).not.toContain(encodeURIComponent(TOKEN).slice(0, 20));
    }
  });

  it('a masked PAN keeps the first 6 and the last 4 digits', () => {
    expect(maskPan(PAN)).toBe('400005******5556');
  });
});
