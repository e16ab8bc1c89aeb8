// The generated client, pointed at a loopback server, sends exactly the expected bytes and
// headers: form bodies with bracket keys and the form Content-Type for S2S, JSON for Checkout.
// This stays on the loopback stub (test/support/loopback.ts) because it checks the exact bytes
// received; whether the platform accepts and answers a request is tested against the sandbox
// (every-operation.test.ts).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCheckoutClient, createS2SClient, createTransport, decodeForm } from '../../generated/client/src/index.js';
import { invoke } from '../../generated/client/src/runtime/pipeline.js';
import { definitionFor, requestExamples, CLIENT_FILLED } from '../support/operations.js';
import { CLIENT_KEY, PASSWORD, PIN_VOUCHER_SALE } from '../support/fixtures.js';
import { useLoopback } from '../support/loopback.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

const server = useLoopback();

const card = () => createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });

describe('S2S over the form codec', () => {
  it('sends a card SALE as an ordered form body with the form Content-Type and the F1 hash', async () => {
    server.reply({ body: { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 't-1' } });
    const response = await card().card.sale({
      order_id: 'ORDER-1',
      order_amount: '1.99',
      order_currency: 'USD',
      order_description: 'Café & tea [green]',
      card_number: '4111111111111111',
      card_exp_month: '01',
      card_exp_year: '2038',
      card_cvv2: '000',
      payer_email: 'doe@example.com',
      payer_ip: '203.0.113.10',
      term_url_3ds: 'https://merchant.example/3ds?x=1&y=2',
      mpi_data: { eci: '05', authentication_value: 'AAAB', ds_trans_id: '9a1d2f1e-5b4c-4e38-9d0f-0c1b2a3d4e5f', '3ds_version': '2.2.0' },
    });
    expect(response.result).toBe('SUCCESS');
    const request = server.received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/post');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const hash = md5('MOC.ELPMAXE@EOD' + PASSWORD.toUpperCase() + '1111111114');
    expect(hash).toBe('2702ae0c4f99506dc29b5615ba9ee3c0');
    expect(request.body).toBe(
      [
        'action=SALE',
        `client_key=${CLIENT_KEY}`,
        'order_id=ORDER-1',
        'order_amount=1.99',
        'order_currency=USD',
        'order_description=Caf%C3%A9+%26+tea+%5Bgreen%5D',
        'card_number=4111111111111111',
        'card_exp_month=01',
        'card_exp_year=2038',
        'card_cvv2=000',
        'payer_email=doe%40example.com',
        'payer_ip=203.0.113.10',
        'term_url_3ds=https%3A%2F%2Fmerchant.example%2F3ds%3Fx%3D1%26y%3D2',
        'mpi_data%5Beci%5D=05',
        'mpi_data%5Bauthentication_value%5D=AAAB',
        'mpi_data%5Bds_trans_id%5D=9a1d2f1e-5b4c-4e38-9d0f-0c1b2a3d4e5f',
        'mpi_data%5B3ds_version%5D=2.2.0',
        `hash=${hash}`,
      ].join('&'),
    );
  });

  it("drops a caller's own hash and sends the one it computes, last", async () => {
    server.reply({ body: { action: 'SALE', result: 'REDIRECT', status: 'REDIRECT', order_id: 'O-2', trans_id: 't-2', redirect_url: 'https://pay.example/r', redirect_method: 'GET', redirect_params: [] } });
    // Not in the input type: a caller casting past it still cannot choose the signature.
    await card().apm.sale({ ...PIN_VOUCHER_SALE, hash: 'ffffffffffffffffffffffffffffffff' } as unknown as typeof PIN_VOUCHER_SALE);
    const sent = new URLSearchParams(server.received.at(-1)!.body);
    expect(sent.getAll('hash')).toEqual([md5([...('payer-42' + 'O-2' + '50.00' + 'EUR' + PASSWORD)].reverse().join('').toUpperCase())]);
    expect([...sent.keys()].at(-1)).toBe('hash');
  });

  it('sends an APM SALE with bracketed method parameters and the APM SALE hash', async () => {
    server.reply({ body: { action: 'SALE', result: 'REDIRECT', status: 'REDIRECT', order_id: 'O-2', trans_id: 't-2', redirect_url: 'https://pay.example/r', redirect_method: 'GET', redirect_params: [] } });
    const response = await card().apm.sale(PIN_VOUCHER_SALE);
    expect(response.result).toBe('REDIRECT');
    const request = server.received.at(-1)!;
    const expectedHash = md5([...('payer-42' + 'O-2' + '50.00' + 'EUR' + PASSWORD)].reverse().join('').toUpperCase());
    expect(request.body).toContain('parameters%5Bpin%5D=1234567890123456');
    expect(request.body.endsWith(`&hash=${expectedHash}`)).toBe(true);
    expect(new URLSearchParams(request.body).get('brand')).toBe('pin_voucher');
  });

  it('sends a lookup with the status-style hash and honours a deployment path override', async () => {
    const client = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, postPath: '/post-va' });
    server.reply({ body: { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-3', trans_id: 'abc-123' } });
    await client.apm.getTransStatus({ trans_id: 'abc-123' });
    const request = server.received.at(-1)!;
    expect(request.url).toBe('/post-va');
    expect(request.body).toBe(`action=GET_TRANS_STATUS&client_key=${CLIENT_KEY}&trans_id=abc-123&hash=${md5('321-CBA' + PASSWORD)}`);
  });

  // Document, Endpoints: "Some samples post to the base address without `/post`."
  it('posts to the base address itself when postPath is /', async () => {
    const client = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, postPath: '/' });
    server.reply({ body: { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-3', trans_id: 'abc-123' } });
    await client.card.getTransStatus({ trans_id: 'abc-123' });
    expect(server.received.at(-1)!.url).toBe('/');
  });
});

describe('Checkout over JSON', () => {
  it('sends the session as JSON with the session hash', async () => {
    server.reply({ body: { redirect_url: 'https://checkout.example/auth/abc' } });
    const checkout = createCheckoutClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD });
    const order = { number: 'order-1234', amount: '100.00', currency: 'USD', description: 'Important gift' };
    const response = await checkout.createSession({ operation: 'purchase', methods: ['card'], order, success_url: 'https://merchant.example/success' });
    expect(response.redirect_url).toBe('https://checkout.example/auth/abc');
    const request = server.received.at(-1)!;
    expect(request.url).toBe('/api/v1/session');
    expect(request.headers['content-type']).toBe('application/json');
    const hash = sha1(md5(('order-1234' + '100.00' + 'USD' + 'Important gift' + PASSWORD).toUpperCase()));
    expect(request.body).toBe(
      JSON.stringify({ merchant_key: CLIENT_KEY, operation: 'purchase', methods: ['card'], order, success_url: 'https://merchant.example/success', hash }),
    );
  });
});

describe('Hosted Payment Fields', () => {
  it('sends the payment unsigned, with the session token header and without merchant key or hash', async () => {
    server.reply({ body: { status: 'success' } });
    const checkout = createCheckoutClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD });
    await checkout.purchaseHostedFields({ name: 'John Doe', email: 'doe@example.com', with_hosted_fields: true, headers: { Token: 'session-token-1' } });
    const request = server.received.at(-1)!;
    expect(request.url).toBe('/api/v1/processing/purchase/card');
    expect(request.headers['token']).toBe('session-token-1');
    expect(JSON.parse(request.body)).toEqual({ name: 'John Doe', email: 'doe@example.com', with_hosted_fields: true });
  });
});

describe('every request example, byte for byte', () => {
  it.each(requestExamples.map((example) => [example.id, example] as const))('%s arrives as the example, signed', async (_id, example) => {
    const path = example.id.split(' ')[1]!;
    const value = example.value as Record<string, unknown>;
    const definition = definitionFor(path, value);
    const transport = createTransport({ baseUrl: server.baseUrl, merchantKey: String(value['client_key'] ?? value['merchant_key'] ?? 'c2b8fb04-110f-11ea-bcd3-0242ac150003'), password: 'pw', retries: 0 });
    const input = Object.fromEntries(Object.entries(value).filter(([key]) => !CLIENT_FILLED.includes(key)));
    // An operation whose answer is an array when a field is sent (status by order_id with size).
    const arrayAnswer = definition.arrayWhen !== undefined && value[definition.arrayWhen] !== undefined;
    server.reply({ body: arrayAnswer ? [{ payment_id: 'p', status: 'settled' }] : { result: 'SUCCESS' } });
    // The original payment's values a signature covers (hashed, never sent: the body stays the example).
    const signing = definition.signing ? { signing: Object.fromEntries(definition.signing.map((field) => [field, field === 'card_number' ? '4111111111111111' : 'doe@example.com'])) } : {};
    await invoke(transport, definition, { ...input, ...signing, ...(definition.headers ? { headers: { Token: 'session-token' } } : {}) });
    const request = server.received.at(-1)!;
    const received = (definition.bodyStyle === 'form' ? decodeForm(request.body) : JSON.parse(request.body)) as Record<string, unknown>;
    const { hash, ...rest } = received;
    const expected = Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'hash'));
    if (definition.keyField === undefined) delete expected['merchant_key'];
    // A form carries strings only: compare with the example as the codec would send it.
    expect(rest).toEqual(definition.bodyStyle === 'form' ? decodeForm(new URLSearchParams(flatten(expected)).toString()) : expected);
    if (definition.signature) expect(hash).toMatch(/^[0-9a-f]{32,64}$/);
    else expect(hash).toBeUndefined();
    // The exact bytes: action and key first, the caller's fields in their order, the hash last.
    const ordered = {
      ...(definition.action ? { action: definition.action } : {}),
      ...(definition.keyField ? { [definition.keyField]: value[definition.keyField] ?? 'c2b8fb04-110f-11ea-bcd3-0242ac150003' } : {}),
      ...input,
      ...(hash === undefined ? {} : { hash }),
    };
    expect(request.body).toBe(definition.bodyStyle === 'form' ? new URLSearchParams(flatten(ordered)).toString() : JSON.stringify(ordered));
    expect(request.headers['content-type']).toBe(definition.bodyStyle === 'form' ? 'application/x-www-form-urlencoded' : 'application/json');
  });
});

function flatten(value: Record<string, unknown>, prefix = '', out: [string, string][] = []): [string, string][] {
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (child === null || child === undefined) continue;
    if (typeof child === 'object') flatten(child as Record<string, unknown>, name, out);
    else out.push([name, String(child)]);
  }
  return out;
}

