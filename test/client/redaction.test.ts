// Redaction that hides secrets without pointing at them: a short secret (a CVV) is hidden in
// text from the gateway where it stands as a whole token, never inside other values (`100` of
// `100.00`, `ORDER-100`), in the request's own log only as a field value (`Product 100` stays),
// and a wallet token is hidden when the platform echoes only a part of it.
import { describe, expect, it } from 'vitest';
import {
  createS2SClient,
  PlatformError,
  scrubText,
  type LogEvent,
  type SaleApmInput,
  type SaleCardInput,
} from '../../generated/client/src/index.js';
import { rejected } from '../support/hostile.js';
import { useLoopback } from '../support/loopback.js';

const server = useLoopback();

function client(log: LogEvent[]) {
  return createS2SClient({
    baseUrl: server.baseUrl,
    merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003',
    password: 'pa55-word-never-shown',
    retries: 0,
    logger: (event) => log.push(event),
  });
}

const sale = {
  order_id: 'ORDER-100',
  order_amount: '100.00',
  order_currency: 'USD',
  order_description: 'Product 100',
  card_number: '4111111111111111',
  card_exp_month: '01',
  card_exp_year: '2038',
  card_cvv2: '100',
  payer_ip: '203.0.113.10',
  term_url_3ds: 'https://merchant.example/3ds',
} satisfies SaleCardInput;

describe('a short secret (CVV 100, amount 100.00)', () => {
  it('is hidden as a field value and nowhere else, in the log and in a platform error', async () => {
    const log: LogEvent[] = [];
    server.reply({
      status: 400,
      body: {
        result: 'ERROR',
        error_message:
          'Rejected: card_cvv2=100&order_amount=100.00&order_id=ORDER-100, {"card_cvv2":"100"}, card_cvv2: 100',
      },
    });
    const error = await rejected(client(log).card.sale(sale));
    expect(error).toBeInstanceOf(PlatformError);
    const message = (error as PlatformError).message;
    expect(message).toContain('card_cvv2=[redacted]&order_amount=100.00&order_id=ORDER-100');
    expect(message).toContain('{"card_cvv2":"[redacted]"}');
    expect(message).toContain('card_cvv2: [redacted]');
    const text = JSON.stringify(log);
    expect(text).not.toContain('[redacted].00');
    expect(text).not.toContain('ORDER-[redacted]');
    expect(text).toContain('"order_amount":"100.00"');
    expect(text).toContain('"order_id":"ORDER-100"');
    expect(text).toContain('"order_description":"Product 100"');
    expect(text).toContain('"card_cvv2":"[redacted]"');
  });

  it('in free text, wherever it stands as a whole token (raw and URL-encoded), never inside another value', () => {
    const secrets = ['100'];
    expect(scrubText("order_amount:'100.00' ORDER-100 1,100 or 100000 on 2026-10-01 cvv 100", secrets)).toBe(
      "order_amount:'100.00' ORDER-100 1,100 or 100000 on 2026-10-01 cvv [redacted]",
    );
    for (const [given, want] of [
      ['Invalid CVV 100.', 'Invalid CVV [redacted].'],
      ['CVV (100) rejected', 'CVV ([redacted]) rejected'],
      ['cvv2=[100]', 'cvv2=[[redacted]]'],
      ['100', '[redacted]'],
      ['code 100, again', 'code [redacted], again'],
      ['card_cvv2%3D100%26x', 'card_cvv2%3D[redacted]%26x'],
    ])
      expect(scrubText(given!, secrets)).toBe(want);
    expect(scrubText("card_cvv2:'100'", secrets)).toBe("card_cvv2:'[redacted]'");
    expect(scrubText('parameters%5Bpin%5D=100&x=1', secrets)).toBe('parameters%5Bpin%5D=[redacted]&x=1');
    expect(scrubText('%22card_cvv2%22%3A%22100%22', secrets)).toBe('%22card_cvv2%22%3A%22[redacted]%22');
    // A long secret is replaced wherever it appears.
    expect(scrubText('tok=abcdefgh12 and abcdefgh12', ['abcdefgh12'])).toBe('tok=[redacted] and [redacted]');
  });
});

const INNER = 'MEUCIQDInnerSignatureThatIsSecret';
const WALLET_TOKEN = JSON.stringify({
  apiVersion: 2,
  apiVersionMinor: 0,
  paymentMethodData: {
    type: 'CARD',
    tokenizationData: {
      type: 'PAYMENT_GATEWAY',
      token: JSON.stringify({ signature: INNER, data: 'ZW5jcnlwdGVkLWRhdGE=' }),
    },
  },
});

describe('the inner wallet token', () => {
  it('S2S CARD payment_token: a platform message echoing its signature is scrubbed', async () => {
    const log: LogEvent[] = [];
    server.reply({
      body: {
        result: 'ERROR',
        error_code: 100000,
        error_message: `invalid token {"signature":"${INNER}"} data ZW5jcnlwdGVkLWRhdGE=`,
      },
    });
    const { card_number: _pan, card_exp_month: _m, card_exp_year: _y, card_cvv2: _c, ...rest } = sale;
    const error = await rejected(
      client(log).card.sale({ ...rest, digital_wallet: 'googlepay', payment_token: WALLET_TOKEN } as SaleCardInput),
    );
    expect(error).toBeInstanceOf(PlatformError);
    for (const text of [(error as Error).message, JSON.stringify(error), JSON.stringify(log)]) {
      expect(text).not.toContain(INNER);
      expect(text).not.toContain('ZW5jcnlwdGVkLWRhdGE=');
    }
    expect((error as Error).message).toContain('invalid token');
  });

  it('S2S APM parameters[paymentToken]: likewise', async () => {
    const log: LogEvent[] = [];
    server.reply({ body: { result: 'ERROR', error_message: `invalid token {"signature":"${INNER}"}` } });
    const error = await rejected(
      client(log).apm.sale({
        brand: 'web_wallet',
        order_id: 'ORDER-40041',
        order_amount: '19.99',
        order_currency: 'EUR',
        order_description: 'Order payment',
        payer_ip: '203.0.113.20',
        return_url: 'https://merchant.example/return',
        parameters: { paymentToken: WALLET_TOKEN },
      } as SaleApmInput),
    );
    expect(error).toBeInstanceOf(PlatformError);
    for (const text of [(error as Error).message, JSON.stringify(log)]) expect(text).not.toContain(INNER);
  });
});
