// A field the operation does not define is refused before sending, by name only: a misspelt
// `cardNumber` beside `card_number` would otherwise put a second PAN on the wire.
import { describe, expect, it } from 'vitest';
import { createCheckoutClient, createS2SClient, RequestValidationError, type SaleCardInput } from '../../generated/client/src/index.js';
import { CARD_SALE, CLIENT_KEY, PASSWORD } from '../support/fixtures.js';
import { rejected } from '../support/hostile.js';
import { useLoopback } from '../support/loopback.js';

const PAN = '4000056655665556';

const server = useLoopback();

describe('fields the operation does not define', () => {
  it('card.sale({ ...sale, cardNumber: PAN }) fails before sending, naming cardNumber, never its value', async () => {
    const s2s = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });
    const before = server.received.length;
    const error = await rejected(s2s.card.sale({ ...CARD_SALE, cardNumber: PAN, cvv: '123' } as unknown as SaleCardInput));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'cardNumber', rule: 'unevaluatedProperties', message: 'is not a field of this request (check its name): it is not sent' },
      { path: 'cvv', rule: 'unevaluatedProperties', message: 'is not a field of this request (check its name): it is not sent' },
    ]);
    expect(JSON.stringify(error) + (error as Error).message).not.toContain(PAN);
    expect(server.received.length).toBe(before);
  });

  it('also with validateRequests: false (the field list comes with the request module, loaded either way)', async () => {
    const s2s = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0, validateRequests: false });
    const before = server.received.length;
    const error = await rejected(s2s.card.sale({ ...CARD_SALE, cardNumber: PAN } as unknown as SaleCardInput));
    expect((error as RequestValidationError).issues).toEqual([expect.objectContaining({ path: 'cardNumber', rule: 'unevaluatedProperties' })]);
    expect(server.received.length).toBe(before);
  });

  // Issue 37: `return_url` is a common S2S field ("sometimes"): the card payments define it.
  it('return_url is a field of the card payments: sent, not refused', async () => {
    const s2s = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });
    const before = server.received.length;
    await s2s.card.sale({ ...CARD_SALE, return_url: 'https://shop.example/back' });
    expect(server.received.length).toBe(before + 1);
    expect(server.received.at(-1)!.body).toContain(`return_url=${encodeURIComponent('https://shop.example/back')}`);
  });

  it('Checkout: an unknown top-level field of createSession is refused too', async () => {
    const checkout = createCheckoutClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });
    const error = await rejected(
      checkout.createSession({
        operation: 'purchase',
        methods: ['card'],
        success_url: 'https://shop.example/ok',
        order: { number: 'order-1', amount: '100.00', currency: 'USD', description: 'Gift' },
        card_number: PAN,
      } as never),
    );
    expect((error as RequestValidationError).issues).toContainEqual(expect.objectContaining({ path: 'card_number', rule: 'unevaluatedProperties' }));
  });
});
