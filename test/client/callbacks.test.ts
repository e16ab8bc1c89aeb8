// Callback verification: raw body in, verified typed event out; the documented CREDIT2CARD
// vector, tampering, unsigned and pre-parsed bodies, test callbacks, and the signed return query.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestCallback, parseCallback, SignatureError, verifyPaymentReturn } from '../../generated/client/src/index.js';
import { thrown } from '../support/hostile.js';

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

const checkoutFields = {
  id: '0b4b7e54-e5ad-11ec-9a66-0242ac140003',
  order_number: 'order-1234',
  order_amount: '100.00',
  order_currency: 'USD',
  order_description: 'Important gift',
  order_status: 'settled',
  type: 'sale',
  status: 'success',
  card: '411111****1111',
};

describe('parseCallback', () => {
  it('verifies the documented CREDIT2CARD callback (facts §5.3) with the card from the merchant order', () => {
    const raw =
      'action=CREDIT2CARD&result=SUCCESS&status=SETTLED&order_id=123456789&trans_id=1d152122-6c86-11eb-8a49-0242ac120013&hash=84dc0713fa38f18edb85da7aa94eca2e';
    const event = parseCallback(raw, { password: PASSWORD, signingContext: { card: '4601541833776519' } });
    expect(event).toMatchObject({ protocol: 'card', fields: { action: 'CREDIT2CARD', status: 'SETTLED', order_id: '123456789' } });
  });

  it('verifies a Checkout callback signed with the independently computed sha1(md5(...)) chain', () => {
    const hash = sha1(md5(`${checkoutFields.id}${checkoutFields.order_number}${checkoutFields.order_amount}${checkoutFields.order_currency}${checkoutFields.order_description}${PASSWORD}`.toUpperCase()));
    const raw = new URLSearchParams({ ...checkoutFields, hash }).toString();
    const event = parseCallback(Buffer.from(raw), { password: PASSWORD });
    expect(event.protocol).toBe('checkout');
    if (event.protocol === 'checkout') expect(event.fields.order_status).toBe('settled');
  });

  it('round-trips a test callback of every protocol', () => {
    const card = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-1', trans_id: 'T-1', card: '411111****1111', payer_email: 'doe@example.com' };
    const apm = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-2', trans_id: 'T-2', amount: '10.00', currency: 'EUR' };
    for (const [protocol, fields] of [['checkout', checkoutFields], ['card', card], ['apm', apm]] as const) {
      const raw = buildTestCallback(protocol, fields, { password: PASSWORD });
      expect(parseCallback(raw, { password: PASSWORD, protocol })).toMatchObject({ protocol, fields });
    }
  });

  it('rejects a tampered callback', () => {
    const raw = buildTestCallback('checkout', checkoutFields, { password: PASSWORD }).replace('100.00', '1.00');
    const error = thrown(() => parseCallback(raw, { password: PASSWORD }));
    expect(error).toBeInstanceOf(SignatureError);
    expect((error as Error).message).toMatch(/hash does not match/);
  });

  it('rejects a callback signed with another password', () => {
    const raw = buildTestCallback('apm', { action: 'SALE', result: 'SUCCESS', order_id: 'O', trans_id: 'T' }, { password: 'other' });
    expect(() => parseCallback(raw, { password: PASSWORD })).toThrow(SignatureError);
  });

  it('rejects an unsigned callback', () => {
    expect(() => parseCallback('action=SALE&result=SUCCESS&order_id=O&trans_id=T', { password: PASSWORD })).toThrow(/not signed/);
  });

  it('refuses a pre-parsed object and says why', () => {
    const error = thrown(() => parseCallback({ action: 'SALE' } as unknown as string, { password: PASSWORD }));
    expect(error).toBeInstanceOf(SignatureError);
    expect((error as Error).message).toMatch(/raw .* body .* parsed object has lost the exact values/);
  });

  it('keeps spec issues of an authentic callback instead of throwing', () => {
    // The Checkout hash does not cover card_expiration_date: the platform's own value stands.
    const raw = `${buildTestCallback('checkout', checkoutFields, { password: PASSWORD })}&card_expiration_date=2038-01`;
    const event = parseCallback(raw, { password: PASSWORD });
    expect(event.issues.map((issue) => issue.path)).toContain('card_expiration_date');
  });

  it('works in a plain node:http handler that reads the raw body', async () => {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          const event = parseCallback(Buffer.concat(chunks), { password: PASSWORD });
          response.end(event.protocol === 'checkout' ? 'OK' : 'ERROR');
        } catch {
          response.statusCode = 400;
          response.end('ERROR');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
    const post = (body: string) => fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).then((r) => r.text());
    expect(await post(buildTestCallback('checkout', checkoutFields, { password: PASSWORD }))).toBe('OK');
    expect(await post('id=x&hash=00')).toBe('ERROR');
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('verifyPaymentReturn', () => {
  it('verifies the success_url query with the order as sent in the session', () => {
    const order = { order_amount: '100.00', order_currency: 'USD', order_description: 'Important gift' };
    const query = { payment_id: 'p-1', trans_id: 't-1', order_id: 'order-1234' };
    const hash = sha1(md5(`p-1order-1234100.00USDImportant gift${PASSWORD}`.toUpperCase()));
    const event = verifyPaymentReturn(`?${new URLSearchParams({ ...query, hash })}`, { password: PASSWORD, signingContext: order });
    expect(event.fields).toMatchObject(query);
    expect(() => verifyPaymentReturn(new URLSearchParams({ ...query, hash }), { password: PASSWORD, signingContext: { ...order, order_amount: '1.00' } })).toThrow(SignatureError);
  });
});

describe('the CREDIT2VIRTUAL callback case', () => {
  it('is selected by the action value and signed md5(upper(strrev(trans_id . order_id . status)) . P)', () => {
    const fields = { action: 'CREDIT2VIRTUAL', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-9', trans_id: 'T-9' };
    const hash = md5([...`T-9O-9SETTLED`].reverse().join('').toUpperCase() + PASSWORD);
    const event = parseCallback(new URLSearchParams({ ...fields, hash }).toString(), { password: PASSWORD, protocol: 'apm' });
    expect(event.fields).toMatchObject(fields);
  });
});

describe('indexed callback data', () => {
  // decodeForm turns keys that are all indexes into a list, as qs does: the schema takes both forms.
  it('an APM callback with transactions[0..10][...] and custom_data[0] verifies without issues', () => {
    const transactions = Array.from({ length: 11 }, (_, i) => ({ trans_id: `T-${i}`, amount: '1.00', status: 'SETTLED' }));
    const fields = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-3', trans_id: 'T-3', transactions, custom_data: ['first', 'second'] };
    const raw = buildTestCallback('apm', fields, { password: PASSWORD });
    expect(raw).toContain('transactions%5B10%5D%5Bstatus%5D=SETTLED');
    expect(raw).toContain('custom_data%5B0%5D=first');
    const event = parseCallback(raw, { password: PASSWORD });
    expect(event.issues).toEqual([]);
    expect(event.fields).toMatchObject({ transactions, custom_data: ['first', 'second'] });
  });
});
