// Every public entry point fails with a GatewayError subclass and a clear message, whatever it is
// given: no TypeError from a missing argument, no caller's exception escaping as it is (its
// message scrubbed of card numbers), no endless retry loop, and a throwing logger never turns a
// completed payment into an error (the merchant would send it again).
import { describe, expect, it } from 'vitest';
import {
  buildTestCallback,
  computeSignature,
  ConfigurationError,
  createCallbackHandler,
  createS2SClient,
  decodeForm,
  encodeForm,
  FormCodecError,
  GatewayError,
  maskPan,
  parseCallback,
  RequestValidationError,
  type SaleCardInput,
} from '../../generated/client/src/index.js';
import { SALE_CARD_SIGNATURE } from '../../generated/client/src/signatures.js';
import { CARD_SALE, CLIENT_KEY, PASSWORD } from '../support/fixtures.js';
import { thrown } from '../support/hostile.js';
import { useLoopback } from '../support/loopback.js';

const server = useLoopback();

const PAN = '4000056655665556';
const sale = CARD_SALE;
const untyped = (fn: unknown) => fn as (...args: unknown[]) => unknown;

describe('public entry points given nothing, null or the wrong type', () => {
  it.each([
    ['createS2SClient()', () => untyped(createS2SClient)(), ConfigurationError],
    ['createS2SClient(null)', () => untyped(createS2SClient)(null), ConfigurationError],
    ['createCallbackHandler()', () => untyped(createCallbackHandler)(), ConfigurationError],
    ['createCallbackHandler({ password })', () => untyped(createCallbackHandler)({ password: 'p' }), ConfigurationError],
    ["buildTestCallback('nope', ...)", () => untyped(buildTestCallback)('nope', {}, { password: 'p' }), ConfigurationError],
    ['encodeForm(null)', () => untyped(encodeForm)(null), FormCodecError],
    ['decodeForm(null)', () => untyped(decodeForm)(null), FormCodecError],
    ['decodeForm(123)', () => untyped(decodeForm)(123), FormCodecError],
    ['computeSignature(undefined)', () => untyped(computeSignature)(undefined), ConfigurationError],
  ])('%s', (_given, run, kind) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(kind);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as Error).message).not.toMatch(/undefined|null|Cannot read/);
  });

  it('maskPan(null) hides the value instead of throwing', () => {
    expect(untyped(maskPan)(null)).toBe('[redacted]');
  });

  it.each([
    ["retries: 'x'", { retries: 'x' }, /retries must be a finite non-negative integer/],
    ['retries: NaN', { retries: Number.NaN }, /retries/],
    ['retries: -1', { retries: -1 }, /retries/],
    ['timeoutMs: Infinity', { timeoutMs: Number.POSITIVE_INFINITY }, /timeoutMs/],
    ['retryDelayMs: 1.5', { retryDelayMs: 1.5 }, /retryDelayMs/],
    ["logger: 'console'", { logger: 'console' }, /logger must be a function/],
  ])('client option %s is a ConfigurationError', (_given, extra, want) => {
    const error = thrown(() => createS2SClient({ baseUrl: 'https://gateway.example', merchantKey: CLIENT_KEY, password: PASSWORD, ...(extra as object) }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(want);
  });
});

describe('hostile request input', () => {
  const client = (logger?: () => void) =>
    createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0, ...(logger ? { logger } : {}) });

  it('a throwing getter is a RequestValidationError naming the field, its message scrubbed', async () => {
    const input = { ...sale };
    Object.defineProperty(input, 'order_description', {
      enumerable: true,
      get() {
        throw new Error(`cannot read card ${PAN}`);
      },
    });
    const before = server.received.length;
    const error = await client().card.sale(input).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'order_description', rule: 'unreadable', message: `could not be read: cannot read card ${maskPan(PAN)}` },
    ]);
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain(PAN);
    expect(server.received.length).toBe(before);
  });

  it('a Proxy whose traps throw is a RequestValidationError', async () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new TypeError(`no keys for ${PAN}`);
        },
      },
    );
    const error = await client()
      .card.sale({ ...sale, custom_data: hostile } as SaleCardInput)
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]).toMatchObject({ path: 'custom_data', rule: 'unreadable' });
    expect((error as Error).message).not.toContain(PAN);
  });

  it('a getter is read once: what is validated is what is sent', async () => {
    let reads = 0;
    const input = { ...sale };
    Object.defineProperty(input, 'card_exp_month', {
      enumerable: true,
      get: () => (reads++ === 0 ? '01' : '13'),
    });
    server.reply({ body: { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 't' } });
    await client().card.sale(input);
    expect(reads).toBe(1);
    expect(new URLSearchParams(server.received.at(-1)!.body).get('card_exp_month')).toBe('01');
  });

  it('a throwing logger does not turn a completed payment into an error', async () => {
    server.reply({ body: { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 't' } });
    const response = await client(() => {
      throw new Error('log sink down');
    }).card.sale(sale);
    expect(response).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });
});

describe('a throwing getter in what public functions read', () => {
  const hostile = () =>
    Object.defineProperty({ a: '1' }, 'card_number', {
      enumerable: true,
      get() {
        throw new Error(`bad ${PAN}`);
      },
    });

  it.each([
    ['encodeForm', () => encodeForm(hostile() as never), FormCodecError],
    ['parseCallback signingContext', () => parseCallback('a=1&hash=x', { password: 'p', signingContext: hostile() as never }), ConfigurationError],
    ['computeSignature fields', () => computeSignature(SALE_CARD_SIGNATURE, hostile(), 'p'), ConfigurationError],
  ])('%s: a GatewayError, the message scrubbed', (_given, run, kind) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(kind);
    expect((error as Error).message).toContain(maskPan(PAN));
    expect((error as Error).message).not.toContain(PAN);
  });
});
