// The sandbox as a browser page meets it: CORS for loopback pages by default, for a configured
// origin on request, refused otherwise; and inspection filtered to one transaction, which is
// what the docs' Try-it panel reads after it sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFields, sendS2s, startHarness, startReceiver, type Harness, type Receiver } from './support.js';

const DOCS = 'https://docs.merchant.example';
let h: Harness;
let configured: Harness;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  h = await startHarness({ callbackUrl: receiver.url });
  configured = await startHarness({ corsOrigins: [DOCS] });
});
afterAll(async () => {
  await h.sandbox.close();
  await configured.sandbox.close();
  await receiver.close();
});

async function preflight(url: string, origin: string) {
  return fetch(`${url}/post`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
}

describe('sandbox CORS', () => {
  it.each(['http://127.0.0.1:5173', 'http://localhost:4173', 'http://localhost'])(
    'answers a loopback page (%s) and its preflight',
    async (origin) => {
      const answer = await preflight(h.sandbox.url, origin);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
      expect(answer.headers.get('access-control-allow-headers')).toBe('content-type');
      const root = await fetch(`${h.sandbox.url}/_sandbox`, { headers: { Origin: origin } });
      expect(root.headers.get('access-control-allow-origin')).toBe(origin);
      expect(root.headers.get('vary')).toContain('Origin');
    },
  );

  it.each([DOCS, 'http://127.0.0.1.evil.example', 'https://localhost:4173'])(
    'refuses any other origin by default (%s)',
    async (origin) => {
      const answer = await preflight(h.sandbox.url, origin);
      expect(answer.status).toBe(403);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect((await answer.json()).error_message).toContain(`--cors-origin ${origin}`);
      const root = await fetch(`${h.sandbox.url}/_sandbox`, { headers: { Origin: origin } });
      expect(root.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('answers an origin given in corsOrigins (the --cors-origin option), still refusing others', async () => {
    const answer = await preflight(configured.sandbox.url, DOCS);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(DOCS);
    expect((await preflight(configured.sandbox.url, 'https://other.example')).status).toBe(403);
  });

  it('shows the merchants a page signs with at GET /_sandbox', async () => {
    const root = await (await fetch(`${h.sandbox.url}/_sandbox`)).json();
    expect(root.merchants).toEqual(h.sandbox.merchants);
    expect(root.url).toBe(h.sandbox.url);
  });
});

describe('inspection filtered by transaction', () => {
  it('gives one transaction with its history and only the callbacks delivered for it', async () => {
    const first = await sendS2s(h, 'card', cardFields('SALE'));
    const second = await sendS2s(h, 'card', cardFields('SALE'));
    expect(first.status).toBe(200);
    await h.sandbox.callbacksSettled();
    const id = first.body.trans_id as string;

    const transactions = await (await fetch(`${h.sandbox.url}/_sandbox/transactions?trans_id=${id}`)).json();
    expect(transactions.map((entry: { trans_id: string }) => entry.trans_id)).toEqual([id]);
    expect(transactions[0].status).toBe(first.body.status);
    expect(transactions[0].history.at(-1).status).toBe(first.body.status);

    const byOrder = await (
      await fetch(`${h.sandbox.url}/_sandbox/transactions?order_id=${encodeURIComponent(first.body.order_id)}`)
    ).json();
    expect(byOrder.map((entry: { trans_id: string }) => entry.trans_id)).toEqual([id]);

    const callbacks = await (await fetch(`${h.sandbox.url}/_sandbox/callbacks?trans_id=${id}`)).json();
    const all = await (await fetch(`${h.sandbox.url}/_sandbox/callbacks`)).json();
    expect(callbacks.length).toBeGreaterThan(0);
    expect(callbacks).toEqual(all.filter((entry: { trans_id: string }) => entry.trans_id === id));
    expect(all.some((entry: { trans_id: string }) => entry.trans_id === second.body.trans_id)).toBe(true);
    expect(callbacks.every((entry: { state: string }) => entry.state === 'delivered')).toBe(true);
    expect(receiver.bodies.some((body) => body.includes(id))).toBe(true);
  });
});
