// The docs' callback sample (templates/docs/samples/callback-handler.ts), run as written against
// real sandbox callbacks of every kind, for a merchant of every signature setting (md5 or sha256;
// the document's or the vendor's S2S CARD status formula): S2S CARD (F2 over the order's e-mail, CREDIT2CARD's F6
// without it, 3DS, declines, capture and refund), S2S APM (sorted values, CREDIT2VIRTUAL's own
// formula) and Checkout. The shop hands over its order data for every callback, whatever the
// protocol; every callback must verify and be answered OK.
import type { GatewayCallback } from '@payment-gateway/merchant-client';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCallbackServer, type OrderRecord } from '../../templates/docs/samples/callback-handler.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import { PROTOCOL_TITLE } from '../../generators/emitters/docs/site.js';
import type { MerchantSettings } from '../../generated/sandbox/src/index.js';
import { cardFields, everyCallbackFlow, sendS2s, startHarness, type Harness } from './support.js';

const GETTING_STARTED = readFileSync(join(PROJECT_ROOT, 'generated/docs/guide/getting-started.md'), 'utf8');

const MERCHANT = { key: '5b6e1a64-6f3a-4c1e-9a51-2f1c8d7e9b30', password: 'sample-shop-password' };

/** Every merchant signature setting the operator offers: the sample verifies each one's callbacks. */
const SETTINGS: readonly MerchantSettings[] = [
  {},
  { signatureAlgorithm: 'sha256' },
  { cardStatusSignature: 'vendor' },
  { signatureAlgorithm: 'sha256', cardStatusSignature: 'vendor' },
];

describe.each(SETTINGS)('the callback sample, against sandbox callbacks of every kind (merchant settings %j)', (settings) => {
  const orders = new Map<string, OrderRecord>();
  const events: GatewayCallback[] = [];
  const lookups: string[] = [];
  const shop = {
    async findOrder(orderId: string) {
      lookups.push(orderId);
      return orders.get(orderId);
    },
    async fulfil(event: GatewayCallback) {
      events.push(event);
    },
  };
  let h: Harness;
  let server: ReturnType<typeof startCallbackServer>;

  beforeAll(async () => {
    // The sample reads the password and the algorithm from the environment, as a merchant's deployment does.
    vi.stubEnv('MERCHANT_PASSWORD', MERCHANT.password);
    vi.stubEnv('SIGNATURE_ALGORITHM', settings.signatureAlgorithm ?? '');
    server = startCallbackServer(shop, 0);
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    h = await startHarness({ merchants: [{ ...MERCHANT, callbackUrl, ...settings }] });
  });
  afterAll(async () => {
    await h?.sandbox.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    vi.unstubAllEnvs();
  });

  it('verifies every callback of card, APM and Checkout flows with the order data the shop hands over', async () => {
    await everyCallbackFlow(h, (orderId, order) => orders.set(orderId, order));
    await h.sandbox.callbacksSettled();

    const log = h.sandbox.sandbox.delivery.log;
    expect(log.length).toBeGreaterThanOrEqual(10);
    expect(log.map((record) => [record.kind, record.fields['action'] ?? record.fields['type'], record.state])).toEqual(
      log.map((record) => [record.kind, record.fields['action'] ?? record.fields['type'], 'delivered']),
    );
    // Signed as the merchant is set: a sha256 hash is 64 hex digits (Checkout's outer sha1 stays 40).
    const s2sHashes = log.filter((record) => record.kind !== 'checkout').map((record) => String(record.fields['hash']).length);
    expect(new Set(s2sHashes)).toEqual(new Set([settings.signatureAlgorithm === 'sha256' ? 64 : 32]));
    expect(events).toHaveLength(log.length);
    expect(new Set(events.map((event) => event.protocol))).toEqual(new Set(['checkout', 'card', 'apm']));
    const actions = events.flatMap((event) => (event.protocol === 'checkout' ? [] : [String(event.fields.action)]));
    expect(new Set(actions)).toEqual(
      new Set(['SALE', 'AUTH', 'CAPTURE', 'CREDITVOID', 'CREDIT2CARD', 'CREDIT2VIRTUAL']),
    );
    // The shop was asked about every order it sent, and only those.
    expect(new Set(lookups)).toEqual(new Set(orders.keys()));
  });

  it("the note beside the sample says which callbacks leave `status` unsigned, as the verified callbacks' coverage shows", () => {
    // The note the site shows beside every callback sample (TypeScript and PHP), from the spec's recipes.
    const unsigned = new Set(/\*\*`status` is not signed\*\* on the (.+?) callbacks/.exec(GETTING_STARTED)?.[1]?.split(' and '));
    expect(unsigned.size).toBeGreaterThan(0);
    const withStatus = events.filter((event) => event.fields['status'] !== undefined);
    expect(new Set(withStatus.map((event) => event.protocol))).toEqual(new Set(['checkout', 'card', 'apm']));
    const shown = withStatus.map((event) => [PROTOCOL_TITLE[event.protocol], !unsigned.has(PROTOCOL_TITLE[event.protocol])]);
    expect(withStatus.map((event) => [PROTOCOL_TITLE[event.protocol], event.covered.includes('status')])).toEqual(shown);
  });

  it('answers ERROR to a callback whose order the shop does not know when its signature needs the order', async () => {
    const before = events.length;
    const sale = cardFields('SALE');
    await sendS2s(h, 'card', sale);
    await h.sandbox.callbacksSettled();
    const record = h.sandbox.sandbox.delivery.log.find((entry) => entry.fields['order_id'] === sale['order_id'])!;
    expect(record.attempts.map((attempt) => attempt.outcome)).toEqual(['failed']);
    expect(events).toHaveLength(before);
  });
});

describe('the callback sample is the code the READMEs show', () => {
  const sample = readFileSync(join(PROJECT_ROOT, 'templates/docs/samples/callback-handler.ts'), 'utf8');
  it.each(['README.md', 'templates/package/README.md', 'generated/client/README.md'])('%s', (path) => {
    expect(readFileSync(join(PROJECT_ROOT, path), 'utf8')).toContain(`\`\`\`ts\n${sample}\`\`\``);
  });
});
