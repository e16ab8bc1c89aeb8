// The merchant suite tells a correct callback endpoint from wrong ones: a handler built with the
// client's createCallbackHandler that applies each event once passes; one that acknowledges
// tampered callbacks fails the tampering scenarios; one that applies a duplicate twice fails
// idempotence when the suite can ask its state, and without a state URL the report says that
// idempotence was judged by answers only.
import { createCallbackHandler } from '@payment-gateway/merchant-client';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { renderReport, runMerchantSuite } from '../../generated/conformance/src/index.js';

const PASSWORD = 'merchant-test-password';

interface Endpoint {
  readonly callbackUrl: string;
  readonly stateUrl: string;
  close(): Promise<void>;
}

/** How an endpoint under test treats callbacks: verify them or not, apply a repeated event or not. */
async function startEndpoint(behaviour: { verifies: boolean; deduplicates: boolean }): Promise<Endpoint> {
  const applied = new Map<string, number>();
  const apply = (fields: Readonly<Record<string, unknown>>) => {
    const key = `${String(fields['trans_id'] ?? fields['order_number'])}:${String(fields['status'])}`;
    if (behaviour.deduplicates && applied.has(key)) return;
    applied.set(key, (applied.get(key) ?? 0) + 1);
  };
  const handler = createCallbackHandler({
    password: PASSWORD,
    onEvent: (event) => apply(event.fields as Record<string, unknown>),
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/state') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          processed: applied.get(`${url.searchParams.get('id')}:${url.searchParams.get('status')}`) ?? 0,
        }),
      );
      return;
    }
    if (behaviour.verifies) return void handler(request, response);
    // Acknowledges whatever arrives, as an endpoint that never checks the hash does.
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      apply(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    callbackUrl: `${base}/callbacks`,
    stateUrl: `${base}/state`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('merchant suite', () => {
  let endpoint: Endpoint | undefined;
  afterEach(async () => {
    await endpoint?.close();
    endpoint = undefined;
  });

  it('passes a verifying, idempotent endpoint built with createCallbackHandler', async () => {
    endpoint = await startEndpoint({ verifies: true, deduplicates: true });
    const report = await runMerchantSuite({
      callbackUrl: endpoint.callbackUrl,
      password: PASSWORD,
      stateUrl: endpoint.stateUrl,
      lateMs: 50,
    });
    expect(
      report.results.filter((result) => result.outcome !== 'pass').map((result) => `${result.title}: ${result.detail}`),
      renderReport(report, 'md'),
    ).toEqual([]);
    // Every callback kind of the spec was sent: card, apm and checkout.
    expect(new Set(report.results.map((result) => result.id.split('/')[1]))).toEqual(
      new Set(['card', 'apm', 'checkout', 'late']),
    );
    expect(report.notes).toEqual([]);
  });

  it('fails an endpoint that acknowledges tampered callbacks, naming each tampering', async () => {
    endpoint = await startEndpoint({ verifies: false, deduplicates: true });
    const report = await runMerchantSuite({
      callbackUrl: endpoint.callbackUrl,
      password: PASSWORD,
      stateUrl: endpoint.stateUrl,
      lateMs: 50,
    });
    const failed = report.results.filter((result) => result.outcome === 'fail');
    expect(failed.map((result) => result.id.split('/').at(-1)).sort()).toEqual(
      [
        'tampered-body',
        'tampered-body',
        'tampered-body',
        'tampered-hash',
        'tampered-hash',
        'tampered-hash',
        'wrong-password',
        'wrong-password',
        'wrong-password',
      ].sort(),
    );
    expect(failed[0]!.detail).toMatch(/a tampered callback must be refused, answered 200 "OK"/);
  });

  it('fails an endpoint that applies a duplicate twice when it can ask the state, and says when it cannot', async () => {
    endpoint = await startEndpoint({ verifies: true, deduplicates: false });
    const judged = await runMerchantSuite({
      callbackUrl: endpoint.callbackUrl,
      password: PASSWORD,
      stateUrl: endpoint.stateUrl,
      lateMs: 50,
    });
    const failed = judged.results.filter((result) => result.outcome === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    expect(
      failed.every((result) => /applied the event \d+ times, it must apply it once/.test(result.detail ?? '')),
    ).toBe(true);
    expect(failed.map((result) => result.id)).toContain('merchant/card/retry');
    const byAnswers = await runMerchantSuite({ callbackUrl: endpoint.callbackUrl, password: PASSWORD, lateMs: 50 });
    expect(byAnswers.results.filter((result) => result.outcome === 'fail')).toEqual([]);
    expect(byAnswers.notes.join(' ')).toMatch(/Idempotence judged by answers only/);
  });
});
