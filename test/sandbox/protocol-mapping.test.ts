// Protocol Mapping settings (document, "Protocol Mapping options"; issue 15): each is off by
// default; switched on, it adds its fields to callbacks, status lookups and the return query, and
// a status lookup answers the same values its callbacks sent. The clock's advance is capped.
import { decodeForm, parseCallback } from '@payment-gateway/merchant-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ADVANCE_SECONDS, parseProtocolMapping, type ProtocolMapping } from '../../generated/sandbox/src/index.js';
import { generatedValidator } from '../support/generated-validators.js';
import { cardFields, nextOrder, post, sendS2s, startHarness, startReceiver, type Harness, type Receiver } from './support.js';

const PAYER = {
  payer_first_name: 'Jane',
  payer_last_name: 'Roe',
  payer_address: 'Main street 5',
  payer_country: 'DE',
  payer_city: 'Berlin',
  payer_zip: '10115',
  payer_phone: '4930123456',
  payer_email: 'payer@example.com',
  payer_ip: '203.0.113.10',
};
const STATUS_FIELDS = ['payment_method', 'brand', 'rrn', 'arn', 'initiator', 'source', 'sequence', 'card', 'card_expiration_date'];
const THREE_DS = ['threeDSServerTransID', 'dsTransID', 'acsTransID', 'xid', 'transStatus', 'eci', 'protocolVersion', 'authenticationFlow'];

let receiver: Receiver;
const harnesses: Harness[] = [];
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await Promise.all(harnesses.map((h) => h.sandbox.close()));
  await receiver?.close();
});
beforeEach(() => {
  receiver.bodies.length = 0;
});

async function harness(protocolMapping?: ProtocolMapping): Promise<Harness> {
  const h = await startHarness({ callbackUrl: receiver.url, ...(protocolMapping ? { protocolMapping } : {}) });
  harnesses.push(h);
  return h;
}

/** A card SALE with payer data; its callbacks (verified and checked against the spec) and its status lookup. */
async function saleSeenBy(h: Harness, month = '01') {
  const sale = (await sendS2s(h, 'card', cardFields('SALE', month, '2038', PAYER))).body;
  await h.sandbox.callbacksSettled();
  const callbacks = receiver.bodies
    .filter((body) => decodeForm(body)['trans_id'] === sale.trans_id)
    .map((body) => parseCallback(body, { password: h.password, protocol: 'card', signingContext: { payer_email: PAYER.payer_email } }));
  for (const event of callbacks) expect(event.issues).toEqual([]);
  const status = (await sendS2s(h, 'card', { action: 'GET_TRANS_STATUS', trans_id: sale.trans_id }, { payer_email: PAYER.payer_email, card_number: '4111111111111111' })).body;
  const checked = generatedValidator('GetTransStatusResponse')(status, 'json');
  expect(checked.ok ? [] : checked.issues).toEqual([]);
  return { callbacks: callbacks.map((event) => event.fields as Record<string, unknown>), status: status as Record<string, unknown> };
}

describe('Protocol Mapping settings', () => {
  it('off by default: no payer attributes, method, brand, ARN, COF or 3DS fields anywhere', async () => {
    const { callbacks, status } = await saleSeenBy(await harness());
    for (const fields of [...callbacks, status]) {
      for (const name of [...Object.keys(PAYER), ...STATUS_FIELDS.filter((name) => !name.startsWith('card')), ...THREE_DS])
        expect(fields, name).not.toHaveProperty(name);
    }
    expect(status).not.toHaveProperty('card');
  });

  it('payerAttributes: the fifteen in S2S callbacks and status lookups, the same values in both', async () => {
    const { callbacks, status } = await saleSeenBy(await harness({ payerAttributes: true }));
    expect(callbacks.at(-1)).toMatchObject(PAYER);
    expect(status).toMatchObject(PAYER);
  });

  it('payerAttributes with a choice: only the chosen ones', async () => {
    const { callbacks, status } = await saleSeenBy(await harness({ payerAttributes: ['payer_email', 'payer_country'] }));
    for (const fields of [callbacks.at(-1)!, status]) {
      expect(fields).toMatchObject({ payer_email: PAYER.payer_email, payer_country: 'DE' });
      expect(fields).not.toHaveProperty('payer_first_name');
    }
  });

  it('checkoutPaymentMethod, brand, arn and cofAttributes: in callbacks and status alike; a missing arn is empty in callbacks, omitted in status', async () => {
    const { callbacks, status } = await saleSeenBy(await harness({ checkoutPaymentMethod: true, brand: true, arn: true, cofAttributes: true }));
    const callback = callbacks.at(-1)!;
    expect(callback).toMatchObject({ payment_method: 'card', brand: 'VISA', arn: '', rrn: expect.stringMatching(/^[0-9]{12}$/) });
    for (const name of ['payment_method', 'brand', 'rrn', 'initiator', 'source', 'sequence']) expect(status[name], name).toBe(callback[name]);
    expect(status).not.toHaveProperty('arn');
    expect(status).not.toHaveProperty('checkout_payment_method');
  });

  it('statusCard: card and card_expiration_date in the status lookup', async () => {
    const { status } = await saleSeenBy(await harness({ statusCard: true }));
    expect(status).toMatchObject({ card: '411111******1111', card_expiration_date: '01/2038' });
  });

  it('threeDsAttributes: the 3DS attributes in the callbacks of a 3DS payment only', async () => {
    const h = await harness({ threeDsAttributes: true });
    const threeDs = await saleSeenBy(h, '05');
    expect(threeDs.callbacks[0]).toMatchObject({ transStatus: 'Y', protocolVersion: '2.2.0', dsTransID: expect.any(String) });
    expect(threeDs.status).not.toHaveProperty('dsTransID');
    receiver.bodies.length = 0;
    const plain = await saleSeenBy(h, '01');
    expect(plain.callbacks[0]).not.toHaveProperty('dsTransID');
  });

  it('browserAttributes and the return parameters: an HPF payment with browser data', async () => {
    const h = await harness({ browserAttributes: true, returnParameters: ['brand'], checkoutPaymentMethod: true });
    const token = await h.checkout.createSessionToken({
      operation: 'purchase',
      order: { number: nextOrder('HPF'), amount: '3.00', currency: 'USD', description: 'HPF' },
      return_url: 'https://merchant.example/return',
      success_url: 'https://merchant.example/success',
    } as never);
    const paid = (await h.checkout.purchaseHostedFields({
      headers: { Token: (token as { token: string }).token },
      name: 'Jane Roe',
      browser_info: { colorDepth: 24, javaEnabled: false, language: 'de-DE', screenHeight: 1080, screenWidth: 1920, timeZoneOffset: -60, userAgent: 'Mozilla/5.0' },
    } as never)) as { public_id: string; return_url_query_params: Record<string, string> };
    expect(paid.return_url_query_params).toMatchObject({ payment_method: 'card', brand: 'VISA', payment_id: paid.public_id });
    await h.sandbox.callbacksSettled();
    const body = receiver.bodies.find((candidate) => decodeForm(candidate)['id'] === paid.public_id)!;
    const event = parseCallback(body, { password: h.password, protocol: 'checkout' });
    expect(event.issues).toEqual([]);
    expect(event.fields).toMatchObject({ browser_color_depth: '24', browser_java_enabled: 'false', browser_timezone_offset: '-60', browser_user_agent: 'Mozilla/5.0', payment_method: 'card' });
  });

  it('the CLI syntax: switches, chosen payer attributes and return parameters; unknown names refused', () => {
    expect(parseProtocolMapping('checkoutPaymentMethod, arn,payerAttributes=payer_email+payer_ip,returnParameters=payment_method+brand')).toEqual({
      checkoutPaymentMethod: true,
      arn: true,
      payerAttributes: ['payer_email', 'payer_ip'],
      returnParameters: ['payment_method', 'brand'],
    });
    expect(() => parseProtocolMapping('payerAttributes=payer_shoe_size')).toThrow(/payer_shoe_size/);
    expect(() => parseProtocolMapping('extendedData')).toThrow(/unknown Protocol Mapping setting/);
  });
});

describe('POST /_sandbox/clock', () => {
  it(`advances at most ${MAX_ADVANCE_SECONDS} seconds (366 days) per call, with a 400 that says so`, async () => {
    const h = await harness();
    for (const seconds of [1e12, MAX_ADVANCE_SECONDS + 1]) {
      const answer = await post(`${h.sandbox.url}/_sandbox/clock`, JSON.stringify({ advance_seconds: seconds }), 'application/json');
      expect(answer.status).toBe(400);
      expect(answer.body.error_message).toContain('366 days');
    }
    const before = Date.parse((await (await fetch(`${h.sandbox.url}/_sandbox/clock`)).json()).now);
    const answer = await post(`${h.sandbox.url}/_sandbox/clock`, JSON.stringify({ advance_seconds: MAX_ADVANCE_SECONDS }), 'application/json');
    expect(answer.status).toBe(200);
    expect(Date.parse(answer.body.now) - before).toBeGreaterThanOrEqual(MAX_ADVANCE_SECONDS * 1000);
    expect(() => h.sandbox.advanceClock(MAX_ADVANCE_SECONDS + 1)).toThrow(RangeError);
  });
});
