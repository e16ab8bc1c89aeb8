// The configured openapi-fetch client, as merchants know it: `client.fetchClient.use(middleware)`
// sees every request the client sends, after validation and signing, and can add headers that go
// on the wire; nothing the package hands it carries the password or an unmasked PAN, except the
// wire body it must send. And the client never follows a redirect (card data goes to baseUrl only).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createCheckoutClient, createS2SClient, maskPan, TransportError } from '../../generated/client/src/index.js';
import { CARD_SALE, CLIENT_KEY, PASSWORD } from '../support/fixtures.js';
import { useLoopback } from '../support/loopback.js';

const server = useLoopback();

const PAN = CARD_SALE.card_number!;
const CVV = CARD_SALE.card_cvv2!;

/** Everything a middleware is handed, as text, with the request body apart. */
interface Seen {
  readonly handed: string[];
  readonly bodies: string[];
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, key) => (record[key] = value));
  return record;
}

function recordingMiddleware(seen: Seen) {
  const describeRequest = (request: Request) =>
    JSON.stringify({
      url: request.url,
      method: request.method,
      headers: headerRecord(request.headers),
      own: Object.fromEntries(Object.entries(request)),
    });
  return {
    async onRequest({ request, schemaPath, params, options, id }: { request: Request; schemaPath: string; params: unknown; options: unknown; id: string }) {
      seen.handed.push(describeRequest(request), schemaPath, JSON.stringify(params), JSON.stringify(options), id);
      seen.bodies.push(await request.clone().text());
      request.headers.set('traceparent', `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`);
    },
    async onResponse({ request, response }: { request: Request; response: Response }) {
      seen.handed.push(describeRequest(request), JSON.stringify(headerRecord(response.headers)), await response.clone().text());
    },
  };
}

describe('a merchant middleware on client.fetchClient', () => {
  it('sees every request, validated and signed, and its header reaches the platform', async () => {
    const seen: Seen = { handed: [], bodies: [] };
    const s2s = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });
    s2s.fetchClient.use(recordingMiddleware(seen));
    server.reply(
      { body: { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 't-1' } },
      { body: { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 't-1' } },
    );
    await s2s.card.sale(CARD_SALE);
    await s2s.card.getTransStatus({ trans_id: 't-1' });
    const [sale, status] = server.received.slice(-2);
    for (const received of [sale!, status!]) expect(received.headers['traceparent']).toBe(`00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`);
    // The middleware saw exactly the bytes that went out, hash included.
    expect(seen.bodies).toEqual([sale!.body, status!.body]);
    expect(new URLSearchParams(seen.bodies[0]).get('hash')).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.handed.some((text) => text.includes('"operation":"S2S CARD SALE"'))).toBe(true);
  });

  it('is handed a real Request for as long as it stays registered; once ejected, calls go on without it', async () => {
    const seen: Seen = { handed: [], bodies: [] };
    const middleware = recordingMiddleware(seen);
    const requests: unknown[] = [];
    const s2s = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });
    s2s.fetchClient.use(middleware, { onRequest: ({ request }) => void requests.push(request) }, middleware);
    s2s.fetchClient.eject(middleware);
    const status = { body: { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 't-1' } };
    server.reply(status, status);
    await s2s.card.getTransStatus({ trans_id: 't-1' });
    // Added twice, ejected once: still there, so every middleware gets a WHATWG Request with the wire body.
    expect(requests).toHaveLength(1);
    expect(requests[0]).toBeInstanceOf(Request);
    expect(seen.bodies).toEqual([server.received.at(-1)!.body]);
    s2s.fetchClient.eject(middleware);
    await expect(s2s.card.getTransStatus({ trans_id: 't-1' })).resolves.toMatchObject({ status: 'SETTLED' });
    expect(seen.bodies).toHaveLength(1);
    expect(requests).toHaveLength(2);
    expect(server.received.at(-1)!.body).toContain('trans_id=t-1');
  });

  it("leaves the merchant's own calls through fetchClient as they are: only the client's calls are validated and signed", async () => {
    const s2s = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });
    server.reply({ body: { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 't-1' } });
    const { data } = await s2s.fetchClient.POST('/post', {
      body: 'action=GET_TRANS_STATUS&trans_id=t-1' as never,
      bodySerializer: (body: unknown) => String(body),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(data).toMatchObject({ status: 'SETTLED' });
    expect(server.received.at(-1)!.body).toBe('action=GET_TRANS_STATUS&trans_id=t-1');
  });

  it('never sees a request that failed validation', async () => {
    const seen: Seen = { handed: [], bodies: [] };
    const s2s = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });
    s2s.fetchClient.use(recordingMiddleware(seen));
    const before = server.received.length;
    await expect(s2s.card.sale({ ...CARD_SALE, order_amount: '1,99' })).rejects.toMatchObject({ kind: 'validation' });
    expect(seen.handed).toEqual([]);
    expect(server.received.length).toBe(before);
  });

  it('is handed no password and no unmasked PAN besides the wire body, with a logger on', async () => {
    const seen: Seen = { handed: [], bodies: [] };
    const checkoutSeen: Seen = { handed: [], bodies: [] };
    const logged: string[] = [];
    const options = { baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0, logger: (event: unknown) => void logged.push(JSON.stringify(event)) };
    const s2s = createS2SClient(options);
    s2s.fetchClient.use(recordingMiddleware(seen));
    server.reply({ body: { action: 'SALE', result: 'DECLINED', status: 'DECLINED', order_id: 'ORDER-1', trans_id: 't', decline_reason: 'x' } });
    await s2s.card.sale(CARD_SALE);
    const checkout = createCheckoutClient(options);
    checkout.fetchClient.use(recordingMiddleware(checkoutSeen));
    server.reply({ body: { redirect_url: 'https://checkout.example/auth/abc' } });
    await checkout.createSession({
      operation: 'purchase',
      methods: ['card'],
      order: { number: 'order-1', amount: '1.00', currency: 'USD', description: 'x' },
      success_url: 'https://merchant.example/ok',
    });
    expect(seen.handed.length).toBeGreaterThan(0);
    expect(checkoutSeen.handed.length).toBeGreaterThan(0);
    for (const text of [...seen.handed, ...checkoutSeen.handed, ...logged]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(PAN);
    }
    expect(logged.join('\n')).toContain(maskPan(PAN));
    // The wire body carries the card (the platform needs it), never the password.
    expect(new URLSearchParams(seen.bodies[0]).get('card_number')).toBe(PAN);
    expect(new URLSearchParams(seen.bodies[0]).get('card_cvv2')).toBe(CVV);
    for (const body of [...seen.bodies, ...checkoutSeen.bodies]) expect(body).not.toContain(PASSWORD);
  });
});

describe('redirects', () => {
  it('are never followed: a TransportError, not retried, the body sent nowhere else', async () => {
    const hits: string[] = [];
    const redirecting = createServer((request, response) => {
      hits.push(request.url ?? '');
      request.resume();
      request.on('end', () => {
        response.writeHead(307, { Location: '/elsewhere' });
        response.end();
      });
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirecting.address() as AddressInfo;
      const s2s = createS2SClient({ baseUrl: `http://127.0.0.1:${port}`, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 2, retryDelayMs: 1 });
      const error = await s2s.card.getTransStatus({ trans_id: 't' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ failure: 'response', message: expect.stringContaining('redirect') });
      expect(hits).toEqual(['/post']);
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });
});
