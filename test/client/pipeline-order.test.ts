// The pipeline's order of work: validate → label to wire value → sign, once. And a request it
// cannot walk (not an object, a cycle, extreme nesting) is a RequestValidationError naming the
// wire path, never a TypeError or a RangeError.
// On the loopback stub: it reads the exact fields that reached the wire.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCheckoutClient,
  createS2SClient,
  createTransport,
  RequestValidationError,
  type OperationDefinition,
  type SignatureRecipe,
} from '../../generated/client/src/index.js';
import { invoke } from '../../generated/client/src/runtime/pipeline.js';
import { CARD_SALE, CLIENT_KEY, PASSWORD, PIN_VOUCHER_SALE } from '../support/fixtures.js';
import { cyclicObject, deepObject } from '../support/hostile.js';
import { useLoopback } from '../support/loopback.js';

const server = useLoopback();

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('validate, then sign once', () => {
  /** A recipe that records each evaluation of its formula, and a validator that records what it saw. */
  function recordingDefinition(events: string[], valid: boolean): OperationDefinition {
    const recipe: SignatureRecipe = {
      description: 'md5(order_id . PASSWORD)',
      digests: ['md5'],
      get input() {
        events.push('sign');
        return ['order_id', '$password'];
      },
    };
    return {
      name: 'TEST',
      path: '/post',
      bodyStyle: 'form',
      action: 'TEST',
      keyField: 'client_key',
      validator: async () => ({ validate: (value: unknown) => {
        const { brand, hash } = value as Record<string, string>;
        events.push(`validate brand=${brand} hash=${/^0{32}$/.test(hash ?? '') ? 'placeholder' : hash}`);
        return valid ? { ok: true, value } : { ok: false, issues: [{ path: 'order_id', rule: 'required', message: 'is required' }] };
      } }),
      signature: recipe,
      idempotent: false,
      sensitive: {},
    };
  }
  const transport = () =>
    createTransport({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, brandValues: { pin_voucher: 'pv_real' } });

  it('validates the labelled body before it signs, and signs the wire body once', async () => {
    const events: string[] = [];
    server.reply({ body: { result: 'SUCCESS' } });
    await invoke(transport(), recordingDefinition(events, true), { order_id: 'O-1', brand: 'pin_voucher' });
    expect(events).toEqual(['validate brand=pin_voucher hash=placeholder', 'sign']);
    const sent = new URLSearchParams(server.received.at(-1)!.body);
    expect(sent.get('brand')).toBe('pv_real');
    expect(sent.get('hash')).toBe(md5(`O-1${PASSWORD}`));
  });

  it('an invalid request is never signed', async () => {
    const events: string[] = [];
    const error = await invoke(transport(), recordingDefinition(events, false), { brand: 'pin_voucher' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(events).toEqual(['validate brand=pin_voucher hash=placeholder']);
  });
});

describe('brandValues on every method identifier', () => {
  it('S2S APM: the real brand is sent and signed', async () => {
    server.reply({ body: { action: 'SALE', result: 'REDIRECT', status: 'REDIRECT', order_id: 'O-2', trans_id: 't', redirect_url: 'https://pay.example/r', redirect_method: 'GET', redirect_params: [] } });
    await createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, brandValues: { pin_voucher: 'pv_real' } }).apm.sale(PIN_VOUCHER_SALE);
    expect(new URLSearchParams(server.received.at(-1)!.body).get('brand')).toBe('pv_real');
  });

  it('Checkout: `methods` items and `parameters.<method>` keys are rewritten, the label validated', async () => {
    server.reply({ body: { redirect_url: 'https://checkout.example/auth/abc' } });
    const checkout = createCheckoutClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, brandValues: { pin_voucher: 'pv_real' } });
    const order = { number: 'order-1', amount: '10.00', currency: 'EUR', description: 'Voucher' };
    await checkout.createSession({
      operation: 'purchase',
      methods: ['card', 'pin_voucher'],
      parameters: { pin_voucher: { pin: '1234567890123456' } },
      order,
      success_url: 'https://merchant.example/ok',
    });
    const sent = JSON.parse(server.received.at(-1)!.body) as Record<string, unknown>;
    expect(sent['methods']).toEqual(['card', 'pv_real']);
    expect(sent['parameters']).toEqual({ pv_real: { pin: '1234567890123456' } });
    expect(sent['hash']).toBe(sha1(md5(`order-110.00EURVoucher${PASSWORD}`.toUpperCase())));
  });
});

describe('requests the client cannot walk', () => {
  const client = () => createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });
  const deep = deepObject;
  const cyclic = cyclicObject;

  it.each([
    { given: 'null', input: null, path: '', rule: 'type' },
    { given: 'a string', input: 'order', path: '', rule: 'type' },
    { given: 'a cyclic custom_data', input: { ...CARD_SALE, custom_data: cyclic() }, path: 'custom_data[self]', rule: 'cycle' },
    { given: 'a 10k-deep custom_data', input: { ...CARD_SALE, custom_data: deep(10_000) }, path: expect.stringMatching(/^custom_data(\[a\])+$/), rule: 'maxDepth' },
  ])('S2S sale($given): RequestValidationError at $path', async ({ input, path, rule }) => {
    const before = server.received.length;
    const error = await client().card.sale(input as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([{ path, rule, message: expect.any(String) }]);
    expect((error as Error).message).not.toContain('4111111111111111');
    expect(server.received.length).toBe(before);
  });

  it('Checkout createSession with a cyclic custom_data names the JSON path', async () => {
    const checkout = createCheckoutClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD });
    const order = { number: 'order-1', amount: '10.00', currency: 'EUR', description: 'x' };
    const error = await checkout.createSession({ operation: 'purchase', order, success_url: 'https://merchant.example/ok', custom_data: cyclic() } as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]).toMatchObject({ path: 'custom_data.self', rule: 'cycle' });
  });
});
