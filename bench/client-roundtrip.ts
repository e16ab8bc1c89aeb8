// One S2S CARD SALE through the generated client (validate, sign, encode, send, parse) against
// the same request written by hand (fetch + URLSearchParams + md5), both to a node:http server on
// 127.0.0.1. Both sides use the same global fetch; the server checks both send the same bytes.
// The client is the built package, as merchants run it.
import { createHash } from 'node:crypto';
import { CARD_SALE, CLIENT_KEY, PASSWORD } from '../test/support/fixtures.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SaleCardInput } from '../generated/client/src/index.js';
import { importBuiltClient } from './built-client.js';
import { asyncPreset, compareAsyncLatency, figure, pairedRatioSpread, type BenchOptions, type Figure } from './harness.js';


const REPLY = JSON.stringify({
  action: 'SALE',
  result: 'SUCCESS',
  status: 'SETTLED',
  order_id: 'ORDER-12345',
  trans_id: '1d152122-6c86-11eb-8a49-0242ac120013',
  trans_date: '2026-11-21 12:00:00',
  descriptor: 'Test descriptor',
  amount: '1.99',
  currency: 'USD',
});

/** The shared test sale with a full payer and the merchant's own 3DS result: a realistic body. */
export const SALE: SaleCardInput = {
  ...CARD_SALE,
  payer_first_name: 'John',
  payer_last_name: 'Doe',
  payer_address: 'Big street',
  payer_country: 'US',
  payer_state: 'CA',
  payer_city: 'City',
  payer_zip: '123456',
  payer_email: 'doe@example.com',
  payer_phone: '199999999',
  term_url_3ds: 'https://merchant.example/3ds?x=1&y=2',
  mpi_data: { eci: '05', authentication_value: 'AAAB', ds_trans_id: '9a1d2f1e-5b4c-4e38-9d0f-0c1b2a3d4e5f', '3ds_version': '2.2.0' },
};

export interface Loopback {
  readonly baseUrl: string;
  /** The body of the last request, for the same-bytes check. */
  lastBody(): string;
  close(): Promise<void>;
}

export async function startLoopback(): Promise<Loopback> {
  let last = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      last = Buffer.concat(chunks).toString('utf8');
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(REPLY) });
      response.end(REPLY);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    lastBody: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The hand-written baseline: what a merchant writes without the client (no validation). */
export async function handWrittenSale(baseUrl: string, input: SaleCardInput, redirect: RequestRedirect = 'follow'): Promise<{ result: string }> {
  const email = input.payer_email ?? '';
  const card = input.card_number ?? '';
  const reverse = (text: string) => [...text].reverse().join('');
  const hash = createHash('md5')
    .update((reverse(email) + PASSWORD + reverse(card.slice(0, 6) + card.slice(-4))).toUpperCase())
    .digest('hex');
  const form = new URLSearchParams();
  form.append('action', 'SALE');
  form.append('client_key', CLIENT_KEY);
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'object' && value !== null) {
      for (const [child, inner] of Object.entries(value as Record<string, string>)) form.append(`${key}[${child}]`, inner);
    } else if (value !== undefined) form.append(key, String(value));
  }
  form.append('hash', hash);
  const response = await fetch(`${baseUrl}/post`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form.toString(),
    redirect,
  });
  const parsed = JSON.parse(await response.text()) as { result: string };
  if (!response.ok || parsed.result === 'ERROR') throw new Error(`HTTP ${response.status}`);
  return parsed;
}

export async function benchClientRoundtrip(options: BenchOptions): Promise<Figure[]> {
  const { createTransport, saleCard } = await importBuiltClient();
  const server = await startLoopback();
  try {
    const transport = createTransport({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });
    const ours = () => saleCard(transport, SALE);
    const baseline = () => handWrittenSale(server.baseUrl, SALE);

    // Same request on the wire, same answer back.
    const first = await ours();
    const oursBody = server.lastBody();
    const second = await baseline();
    const baselineBody = server.lastBody();
    if (oursBody !== baselineBody) throw new Error(`the two sides send different bodies:\n  ours:     ${oursBody}\n  baseline: ${baselineBody}`);
    if (first.result !== 'SUCCESS' || second.result !== 'SUCCESS') throw new Error('the loopback SALE did not succeed');

    const result = await compareAsyncLatency(ours, baseline, asyncPreset(options));
    // Like for like: the client never follows redirects (redirect: 'error'), which also spares
    // undici the copy of each request it keeps to follow one; here the baseline does the same.
    const likeForLike = await compareAsyncLatency(ours, () => handWrittenSale(server.baseUrl, SALE, 'error'), asyncPreset(options));
    // The transport the owner chose, alone, as merchants know it: the same prepared body through
    // the client's configured openapi-fetch client (typed POST, a real Request, JSON parsed by
    // openapi-fetch) and through fetch. The client's own calls hand fetch the encoded body instead
    // of the Request (see sendAttempt in the pipeline); this shows what openapi-fetch costs as is.
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
    const viaOpenapiFetch = async () => {
      await transport.fetchClient.POST('/post', { body: oursBody as never, bodySerializer: (body: unknown) => String(body), headers });
    };
    const viaFetch = async () => {
      JSON.parse(await (await fetch(`${server.baseUrl}/post`, { method: 'POST', headers, body: oursBody })).text());
    };
    const transportOnly = await compareAsyncLatency(viaOpenapiFetch, viaFetch, asyncPreset(options));
    // What the client's per-attempt timeout costs by itself: fetch is handed an AbortSignal, as
    // the pipeline does, against the same fetch without one (the baseline above sets no timeout).
    const viaFetchWithTimeout = async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 30_000);
      try {
        await (await fetch(`${server.baseUrl}/post`, { method: 'POST', headers, body: oursBody, signal: controller.signal })).text();
      } finally {
        clearTimeout(timer);
      }
    };
    const timeoutOnly = await compareAsyncLatency(viaFetchWithTimeout, viaFetch, asyncPreset(options));
    const toUs = (ms: number) => ms * 1000;
    return [
      figure({
        family: 'client-roundtrip',
        name: 'the transport alone: openapi-fetch through client.fetchClient (typed POST, a real Request), posting the same prepared body',
        unit: 'µs',
        better: 'lower',
        ours: toUs(transportOnly.ours),
        baseline: toUs(transportOnly.baseline),
        baselineLabel: 'fetch',
        targets: [{ kind: 'report' }],
        notes: [
          'no validation, signing or encoding on either side: the share of the round trip openapi-fetch itself takes',
          `per-round ratios, median [quartiles]: ${pairedRatioSpread(transportOnly)}`,
        ],
      }),
      figure({
        family: 'client-roundtrip',
        name: 'the timeout alone: fetch with a per-request AbortSignal (as each attempt of the client has), posting the same body',
        unit: 'µs',
        better: 'lower',
        ours: toUs(timeoutOnly.ours),
        baseline: toUs(timeoutOnly.baseline),
        baselineLabel: 'fetch without a signal',
        targets: [{ kind: 'report' }],
        notes: [
          'the hand-written baseline of the round trip sets no timeout; undici registers every signal (a listener, a WeakRef and a finalizer per request)',
          `per-round ratios, median [quartiles]: ${pairedRatioSpread(timeoutOnly)}`,
        ],
      }),
      figure({
        family: 'client-roundtrip',
        name: 'S2S CARD SALE round trip on loopback (validate, sign, encode, send, parse)',
        unit: 'µs',
        better: 'lower',
        ours: toUs(result.ours),
        baseline: toUs(result.baseline),
        baselineLabel: 'fetch + URLSearchParams + md5',
        targets: [{ kind: 'ratio', op: '<=', value: 1.15 }],
        notes: [
          `${oursBody.length}-byte form body, identical on both sides; one request at a time over keep-alive`,
          `per-round ratios, median [quartiles]: ${pairedRatioSpread(result)}`,
        ],
      }),
      figure({
        family: 'client-roundtrip',
        name: 'the same round trip, the baseline also refusing redirects (redirect: error, as the client does)',
        unit: 'µs',
        better: 'lower',
        ours: toUs(likeForLike.ours),
        baseline: toUs(likeForLike.baseline),
        baselineLabel: "fetch (redirect: 'error') + URLSearchParams + md5",
        targets: [{ kind: 'report' }],
        notes: [
          "what validation, signing, encoding, openapi-fetch and the timeout cost over fetch configured alike",
          `per-round ratios, median [quartiles]: ${pairedRatioSpread(likeForLike)}`,
        ],
      }),
    ];
  } finally {
    await server.close();
  }
}
