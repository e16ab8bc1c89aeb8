// The merchant suite tells a correct callback endpoint from wrong ones: a handler built with the
// client's createCallbackHandler that applies each event once passes; one that acknowledges
// tampered callbacks fails the tampering scenarios; one that applies a duplicate twice fails
// idempotence when the suite can ask its state, and without a state URL the report says that
// idempotence was judged by answers only. The kit's CLI (`conformance merchant`) tells the same
// handlers apart by its exit code and names what went wrong in its report.
import { createCallbackHandler } from '@payment-gateway/merchant-client';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { renderReport, runMerchantSuite } from '../../generated/conformance/src/index.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

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
    });
    expect(
      report.results.filter((result) => result.outcome !== 'pass').map((result) => `${result.title}: ${result.detail}`),
      renderReport(report, 'md'),
    ).toEqual([]);
    // Every callback kind of the spec was sent (card, apm and checkout), with every fault the sandbox plays.
    expect(new Set(report.results.map((result) => result.id.split('/')[1]))).toEqual(
      new Set(['card', 'apm', 'checkout']),
    );
    expect(new Set(report.results.map((result) => result.id.split('/').at(-1)))).toEqual(
      new Set(['authentic', 'retry', 'reorder', 'tamper-body', 'tamper-hash', 'tamper-password']),
    );
    expect(report.notes).toEqual([]);
  });

  it('fails an endpoint that acknowledges tampered callbacks, naming each tampering', async () => {
    endpoint = await startEndpoint({ verifies: false, deduplicates: true });
    const report = await runMerchantSuite({
      callbackUrl: endpoint.callbackUrl,
      password: PASSWORD,
      stateUrl: endpoint.stateUrl,
    });
    const failed = report.results.filter((result) => result.outcome === 'fail');
    expect(failed.map((result) => result.id.split('/').at(-1)).sort()).toEqual(
      [
        'tamper-body',
        'tamper-body',
        'tamper-body',
        'tamper-hash',
        'tamper-hash',
        'tamper-hash',
        'tamper-password',
        'tamper-password',
        'tamper-password',
      ].sort(),
    );
    expect(failed.map((result) => result.detail)).toEqual(
      expect.arrayContaining([
        'The endpoint acknowledged a copy with a field the hash covers changed after signing (answered 200 "OK"); it must refuse it.',
        'The endpoint acknowledged a copy with its hash changed (answered 200 "OK"); it must refuse it.',
        'The endpoint acknowledged a copy signed with another password (answered 200 "OK"); it must refuse it.',
      ]),
    );
  });

  it('fails an endpoint that applies a duplicate twice when it can ask the state, and says when it cannot', async () => {
    endpoint = await startEndpoint({ verifies: true, deduplicates: false });
    const judged = await runMerchantSuite({
      callbackUrl: endpoint.callbackUrl,
      password: PASSWORD,
      stateUrl: endpoint.stateUrl,
    });
    const failed = judged.results.filter((result) => result.outcome === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    expect(
      failed.every((result) => /applied the event [2-9] times, it must apply it once/.test(result.detail ?? '')),
    ).toBe(true);
    expect(failed.map((result) => result.id)).toContain('merchant/card/retry');
    const byAnswers = await runMerchantSuite({ callbackUrl: endpoint.callbackUrl, password: PASSWORD });
    expect(byAnswers.results.filter((result) => result.outcome === 'fail')).toEqual([]);
    expect(byAnswers.notes.join(' ')).toMatch(/Idempotence judged by answers only/);
  });
});

describe('`conformance merchant` on the command line', () => {
  let endpoint: Endpoint | undefined;
  afterEach(async () => {
    await endpoint?.close();
    endpoint = undefined;
  });

  /** The kit's CLI as `npx @payment-gateway/conformance merchant …` runs it: exit code, report, progress. */
  async function merchantCli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const tsx = join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const cli = join(PROJECT_ROOT, 'generated', 'conformance', 'src', 'cli.ts');
    return promisify(execFile)(process.execPath, [tsx, cli, 'merchant', ...args], {
      cwd: PROJECT_ROOT,
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );
  }
  /** The command line against the endpoint under test, and `extra` options. */
  const against = (tested: Endpoint, ...extra: string[]) => [
    '--callback-url',
    tested.callbackUrl,
    '--merchant',
    `merchant-key:${PASSWORD}`,
    ...extra,
  ];

  it('passes a correct handler: exit 0, every scenario ok', async () => {
    endpoint = await startEndpoint({ verifies: true, deduplicates: true });
    const run = await merchantCli(against(endpoint, '--state-url', endpoint.stateUrl));
    expect(run.code, run.stdout).toBe(0);
    expect(run.stderr).toMatch(/^\[\s*1\/\d+\] ok {3}/m);
    expect(run.stderr).not.toMatch(/FAIL/);
    expect(run.stdout).not.toMatch(/\| FAIL \|/);
    expect(run.stdout).not.toContain(PASSWORD);
  });

  it('fails a handler that accepts tampered callbacks: exit 1, the report names each tampering', async () => {
    endpoint = await startEndpoint({ verifies: false, deduplicates: true });
    const run = await merchantCli(against(endpoint, '--report', 'json'));
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { results: { id: string; outcome: string; detail?: string }[] };
    const failed = report.results.filter((result) => result.outcome === 'fail');
    expect(new Set(failed.map((result) => result.id.split('/').at(-1)))).toEqual(
      new Set(['tamper-body', 'tamper-hash', 'tamper-password']),
    );
    expect(failed.find((result) => result.id === 'merchant/card/tamper-hash')?.detail).toBe(
      'The endpoint acknowledged a copy with its hash changed (answered 200 "OK"); it must refuse it.',
    );
    expect(run.stdout).not.toContain(PASSWORD);
  });

  it('fails a handler that processes a duplicate twice (its state asked with --state-url): exit 1, the report says how often', async () => {
    endpoint = await startEndpoint({ verifies: true, deduplicates: false });
    const run = await merchantCli(against(endpoint, '--state-url', endpoint.stateUrl));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /\| FAIL \|[^\n]*after a duplicate and a late copy: the endpoint applied the event 3 times, it must apply it once/,
    );
    expect(run.stdout).toMatch(
      /after a retried delivery: the endpoint applied the event 2 times, it must apply it once/,
    );
  });
});
