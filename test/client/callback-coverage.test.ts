// What a callback's hash covers, and the signing contexts verifiers take. The platform's hashes
// leave the status out (Checkout: id, order and amount; S2S CARD: trans_id, card, e-mail), so a
// replayed callback may carry any status: the event says which fields are signed, and `confirm`
// asks the status lookup. Signing contexts are typed by the request's own field names.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildTestCallback,
  confirm,
  createCallbackHandler,
  createCheckoutClient,
  createS2SClient,
  parseCallback,
  RequestValidationError,
  SignatureError,
  verifyPaymentReturn,
  type GatewayCallback,
} from '../../generated/client/src/index.js';
import { thrown } from '../support/hostile.js';
import { useLoopback } from '../support/loopback.js';

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

const checkoutFields = {
  id: '0b4b7e54-e5ad-11ec-9a66-0242ac140003',
  order_number: 'order-1234',
  order_amount: '100.00',
  order_currency: 'USD',
  order_description: 'Important gift',
  order_status: 'decline',
  type: 'sale',
  status: 'fail',
};
const cardFields = {
  action: 'SALE',
  result: 'DECLINED',
  status: 'DECLINED',
  order_id: 'O-1',
  trans_id: '1d152122-6c86-11eb-8a49-0242ac120013',
  card: '411111****1111',
  payer_email: 'doe@example.com',
};

const server = useLoopback();

describe('fields the hash does not cover', () => {
  it('Checkout: status, order_status and type can be changed and the callback still verifies; the event says they are unsigned', () => {
    const raw = buildTestCallback('checkout', checkoutFields, { password: PASSWORD });
    const forged = raw.replace('order_status=decline', 'order_status=settled').replace('status=fail', 'status=success');
    const event = parseCallback(forged, { password: PASSWORD });
    expect(event.protocol).toBe('checkout');
    if (event.protocol !== 'checkout') return;
    expect(event.fields.status).toBe('success');
    expect([...event.covered].sort()).toEqual(['id', 'order_amount', 'order_currency', 'order_description', 'order_number']);
    expect(event.signed).toEqual({
      id: checkoutFields.id,
      order_number: 'order-1234',
      order_amount: '100.00',
      order_currency: 'USD',
      order_description: 'Important gift',
    });
    expect(event.unsigned).toMatchObject({ status: 'success', order_status: 'settled', type: 'sale' });
    expect('status' in event.signed).toBe(false);
  });

  it('S2S CARD: a DECLINED callback altered to SETTLED still verifies, with status among the unsigned fields', () => {
    const raw = buildTestCallback('card', cardFields, { password: PASSWORD });
    const forged = raw.replace('result=DECLINED&status=DECLINED', 'result=SUCCESS&status=SETTLED');
    const event = parseCallback(forged, { password: PASSWORD });
    if (event.protocol !== 'card') throw new Error('expected a card callback');
    expect(event.unsigned.status).toBe('SETTLED');
    expect([...event.covered].sort()).toEqual(['card', 'payer_email', 'trans_id']);
    expect(event.signed.trans_id).toBe(cardFields.trans_id);
  });

  it('S2S APM: the generic hash covers every field but hash', () => {
    const apm = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-2', trans_id: 'T-2', amount: '10.00' };
    const event = parseCallback(buildTestCallback('apm', apm, { password: PASSWORD }), { password: PASSWORD });
    expect(event.signed).toEqual(apm);
    expect(event.unsigned).toEqual({});
  });
});

describe('confirm', () => {
  const s2s = () => createS2SClient({ baseUrl: server.baseUrl, merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'password', retries: 0 });
  const checkout = () => createCheckoutClient({ baseUrl: server.baseUrl, merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'password', retries: 0 });

  it('looks an S2S CARD payment up by its signed trans_id and answers the authoritative status', async () => {
    const forged = buildTestCallback('card', cardFields, { password: PASSWORD }).replace('status=DECLINED', 'status=SETTLED');
    const event = parseCallback(forged, { password: PASSWORD });
    server.reply({ body: { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'DECLINED', order_id: 'O-1', trans_id: cardFields.trans_id } });
    expect(await confirm(event, { s2s: s2s() })).toBe('DECLINED');
    const sent = new URLSearchParams(server.received.at(-1)!.body);
    expect(sent.get('action')).toBe('GET_TRANS_STATUS');
    expect(sent.get('trans_id')).toBe(cardFields.trans_id);
  });

  it('looks a Checkout payment up by its signed id', async () => {
    const event = parseCallback(buildTestCallback('checkout', checkoutFields, { password: PASSWORD }), { password: PASSWORD });
    server.reply({ body: { payment_id: checkoutFields.id, date: '2022-07-05 09:22:09', status: 'decline', order: { number: 'order-1234', amount: '100.00', currency: 'USD', description: 'Important gift' } } });
    expect(await confirm(event, { checkout: checkout() })).toBe('decline');
    expect(JSON.parse(server.received.at(-1)!.body)).toMatchObject({ payment_id: checkoutFields.id });
  });

  it('createCallbackHandler({ confirmStatus }) hands onEvent the confirmed status, and answers 500 when the lookup fails', async () => {
    const events: GatewayCallback[] = [];
    const handler = createCallbackHandler({ password: PASSWORD, confirmStatus: { s2s: s2s() }, onEvent: (event) => void events.push(event) });
    const raw = buildTestCallback('card', cardFields, { password: PASSWORD });
    server.reply({ body: { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'DECLINED', order_id: 'O-1', trans_id: cardFields.trans_id } });
    expect(await handler.respond(raw)).toEqual({ status: 200, body: 'OK' });
    expect(events[0]).toMatchObject({ confirmedStatus: 'DECLINED', fields: { status: 'DECLINED' } });
    server.reply({ status: 500, body: 'down', contentType: 'text/plain' });
    expect(await handler.respond(raw)).toEqual({ status: 500, body: 'ERROR' });
    expect(events).toHaveLength(1);
  });
});

describe('signing contexts', () => {
  const c2c =
    'action=CREDIT2CARD&result=SUCCESS&status=SETTLED&order_id=123456789&trans_id=1d152122-6c86-11eb-8a49-0242ac120013&hash=84dc0713fa38f18edb85da7aa94eca2e';

  it('a CREDIT2CARD callback verifies even when the merchant passes the payer e-mail (its formula leaves it out)', () => {
    const event = parseCallback(c2c, { password: PASSWORD, signingContext: { payer_email: 'doe@example.com', card_number: '4601541833776519' } });
    expect(event.fields).toMatchObject({ action: 'CREDIT2CARD' });
  });

  it('a SALE callback without card verifies with the request names { payer_email, card_number } and the recipe names { payer_email, card }', () => {
    const { card: _card, payer_email: _email, ...withoutCard } = cardFields;
    const raw = buildTestCallback('card', withoutCard, { password: PASSWORD, signingContext: { payer_email: 'doe@example.com', card_number: '4111111111111111' } });
    for (const signingContext of [
      { payer_email: 'doe@example.com', card_number: '4111111111111111' },
      { payer_email: 'doe@example.com', card: '4111111111111111' },
    ])
      expect(parseCallback(raw, { password: PASSWORD, signingContext }).fields).toMatchObject({ trans_id: cardFields.trans_id });
  });

  it('a failed verification names the signing keys the callback lacks', () => {
    const { card: _card, payer_email: _email, ...withoutCard } = cardFields;
    const raw = buildTestCallback('card', withoutCard, { password: PASSWORD, signingContext: { payer_email: 'doe@example.com', card_number: '4111111111111111' } });
    const error = thrown(() => parseCallback(raw, { password: PASSWORD, protocol: 'card' }));
    expect(error).toBeInstanceOf(SignatureError);
    expect((error as Error).message).toContain('card_number');
    expect((error as Error).message).toContain('payer_email');
    const partial = thrown(() => parseCallback(raw, { password: PASSWORD, protocol: 'card', signingContext: { payer_email: 'doe@example.com' } }));
    expect((partial as Error).message).toMatch(/does not carry and signingContext did not give: card_number/);
  });

  // One endpoint, one context: what the merchant knows of the order, handed over for every callback.
  const order = { payer_email: 'doe@example.com', card_number: '4111111111111111' };
  const apmSale = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'A-1', trans_id: 'T-A1', amount: '100.00', currency: 'EUR', brand: 'vcard' };
  const { card: _card, payer_email: _email, ...cardWithout } = cardFields;
  const oneContext = [
    { given: 'a Checkout callback', protocol: 'checkout', fields: checkoutFields, signedWith: {} },
    { given: 'an S2S CARD SALE without the e-mail (F2 over the order\'s e-mail)', protocol: 'card', fields: { ...cardFields, payer_email: undefined }, signedWith: { payer_email: order.payer_email } },
    { given: 'an S2S CARD SALE carrying the e-mail', protocol: 'card', fields: cardFields, signedWith: {} },
    { given: 'an S2S CARD SALE the platform signed without an e-mail (F6)', protocol: 'card', fields: { ...cardFields, payer_email: undefined }, signedWith: {} },
    { given: 'an S2S CARD SALE without card or e-mail', protocol: 'card', fields: cardWithout, signedWith: order },
    { given: 'an S2S CARD CREDIT2CARD (F6, the e-mail left out)', protocol: 'card', fields: { ...cardFields, action: 'CREDIT2CARD', payer_email: undefined }, signedWith: {} },
    { given: 'an S2S APM SALE (sorted values of every field)', protocol: 'apm', fields: apmSale, signedWith: {} },
    { given: 'an S2S APM SALE carrying payer attributes', protocol: 'apm', fields: { ...apmSale, payer_email: 'doe@example.com' }, signedWith: {} },
    { given: 'an S2S APM CREDIT2VIRTUAL', protocol: 'apm', fields: { ...apmSale, action: 'CREDIT2VIRTUAL' }, signedWith: {} },
  ] as const;
  const contexts = [
    { name: 'the full card number', context: order },
    { name: 'first 6 + last 4 digits', context: { payer_email: order.payer_email, card_number: '4111111111' } },
    { name: 'the masked card', context: { payer_email: order.payer_email, card_number: '411111******1111' } },
  ];
  for (const { given, protocol, fields, signedWith } of oneContext)
    for (const { name, context } of contexts)
      it(`${given} verifies with the order's data (${name}) and without it only when its formula needs nothing more`, () => {
        const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<string, string>;
        const raw = buildTestCallback(protocol, defined, { password: PASSWORD, signingContext: signedWith });
        expect(parseCallback(raw, { password: PASSWORD, signingContext: context })).toMatchObject({ protocol, fields: defined });
        const needsOrder = Object.keys(signedWith).length > 0;
        const bare = () => parseCallback(raw, { password: PASSWORD });
        if (needsOrder) expect(bare).toThrow(SignatureError);
        else expect(bare().protocol).toBe(protocol);
      });

  it('a tampered S2S APM callback is not asked for card data; a tampered S2S CARD one names what its formula lacks', () => {
    const apm = buildTestCallback('apm', apmSale, { password: PASSWORD }).replace('amount=100.00', 'amount=900.00');
    for (const signingContext of [{}, order]) {
      const message = (thrown(() => parseCallback(apm, { password: PASSWORD, signingContext })) as Error).message;
      expect(message).toMatch(/hash does not match/);
      expect(message).not.toMatch(/card_number|payer_email|signingContext/);
    }
    const card = buildTestCallback('card', { ...cardFields, payer_email: undefined } as never, { password: PASSWORD, signingContext: order });
    const message = (thrown(() => parseCallback(card, { password: PASSWORD })) as Error).message;
    expect(message).toMatch(/did not give: payer_email \(pass them from your order: signingContext: \{ payer_email \}\)/);
    expect(message).not.toContain('card_number');
  });

  it('buildTestCallback checks the fields against the callback schema and names the missing ones', () => {
    const { order_status: _status, ...withoutStatus } = checkoutFields;
    const error = thrown(() => buildTestCallback('checkout', withoutStatus, { password: PASSWORD }));
    expect(error).toMatchObject({ kind: 'configuration' });
    expect((error as Error).message).toMatch(/checkoutCallback: order_status: /);
    const { trans_id: _trans, ...withoutTrans } = cardFields;
    expect((thrown(() => buildTestCallback('card', withoutTrans, { password: PASSWORD })) as Error).message).toMatch(/trans_id/);
  });

  it('verifyPaymentReturn takes the session request\'s own names: { order: { amount, currency, description } }', () => {
    const order = { amount: '100.00', currency: 'USD', description: 'Important gift' };
    const query = { payment_id: 'p-1', trans_id: 't-1', order_id: 'order-1234' };
    const hash = sha1(md5(`p-1order-1234${order.amount}${order.currency}${order.description}${PASSWORD}`.toUpperCase()));
    const search = new URLSearchParams({ ...query, hash }).toString();
    expect(verifyPaymentReturn(search, { password: PASSWORD, signingContext: { order } }).fields).toMatchObject(query);
    expect(
      verifyPaymentReturn(search, {
        password: PASSWORD,
        signingContext: { order_amount: order.amount, order_currency: order.currency, order_description: order.description },
      }).name,
    ).toBe('paymentReturn');
    const error = thrown(() =>
      // @ts-expect-error the context is typed: `amount` is not a name the session request used
      verifyPaymentReturn(search, { password: PASSWORD, signingContext: { amount: order.amount } }),
    );
    expect((error as Error).message).toMatch(/order\.amount, order\.currency, order\.description/);
  });

  it('a wrong signing-context key does not compile', () => {
    const raw = buildTestCallback('checkout', checkoutFields, { password: PASSWORD });
    // @ts-expect-error no callback signature covers totally_wrong_key
    expect(parseCallback(raw, { password: PASSWORD, signingContext: { totally_wrong_key: 'x' } }).protocol).toBe('checkout');
  });
});

describe('request signing values', () => {
  const client = () => createS2SClient({ baseUrl: server.baseUrl, merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'password', retries: 0 });

  it.each([
    ['no signing', {}, ['signing']],
    ['signing: {}', { signing: {} }, ['signing.payer_email', 'signing.card_number']],
    ['wrong keys', { signing: { email: 'doe@example.com', pan: '4111111111111111' } }, ['signing.payer_email', 'signing.card_number', 'signing.email', 'signing.pan']],
  ])('CREDITVOID with %s fails before sending, naming the missing keys', async (_given, extra, paths) => {
    const before = server.received.length;
    const error = await client()
      .card.creditvoid({ trans_id: 'aaaff66a-904f-11ea-833e-0242ac1f0007', ...extra } as never)
      .then(() => undefined, (failure: unknown) => failure);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((issue) => issue.path).sort()).toEqual([...paths].sort());
    expect(JSON.stringify(error)).not.toContain('4111111111111111');
    expect(server.received.length).toBe(before);
  });

  it('CREDITVOID with both values is sent, signed over them', async () => {
    server.reply({ body: { action: 'CREDITVOID', result: 'ACCEPTED', trans_id: 't', order_id: 'o' } });
    await client().card.creditvoid({ trans_id: 'aaaff66a-904f-11ea-833e-0242ac1f0007', signing: { payer_email: 'doe@example.com', card_number: '4111111111111111' } });
    const sent = new URLSearchParams(server.received.at(-1)!.body);
    expect(sent.get('hash')).toBe(md5('MOC.ELPMAXE@EOD' + 'PASSWORD' + 'aaaff66a-904f-11ea-833e-0242ac1f0007'.toUpperCase() + '1111111114'));
    expect(sent.has('payer_email')).toBe(false);
  });
});
