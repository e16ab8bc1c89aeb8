// The PHP guide's callback sample (templates/docs/samples/callback-handler.php), run as written
// behind `php -S` against real sandbox callbacks of every kind (S2S CARD, S2S APM, Checkout), for a
// merchant of every signature setting (md5 or sha256; the document's or the vendor's S2S CARD
// status formula). Its order lookup reads the shop's orders.json, written as each payment is sent;
// every callback must be answered OK (the sample answers ERROR to one it cannot verify) and logged.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantSettings } from '../../generated/sandbox/src/index.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import { everyCallbackFlow, startHarness, type Harness, type KeptOrder } from '../sandbox/support.js';

const SETTINGS: readonly MerchantSettings[] = [{}, { signatureAlgorithm: 'sha256' }, { cardStatusSignature: 'vendor' }, { signatureAlgorithm: 'sha256', cardStatusSignature: 'vendor' }];
const MERCHANT = { key: '5b6e1a64-6f3a-4c1e-9a51-2f1c8d7e9b30', password: 'sample-shop-password' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.each(SETTINGS)('the PHP callback sample, against sandbox callbacks of every kind (merchant settings %j)', (settings) => {
  let project: string;
  let endpoint: ChildProcess;
  let h: Harness;
  const orders: Record<string, { payer_email: string; card: string }> = {};

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'php-callback-sample-'));
    mkdirSync(join(project, 'vendor'));
    // The guide's no-composer install: vendor/autoload.php loads the package.
    writeFileSync(join(project, 'vendor', 'autoload.php'), `<?php\n\nrequire ${JSON.stringify(join(PROJECT_ROOT, 'generated/php/autoload.php'))};\n`);
    writeFileSync(join(project, 'callback.php'), readFileSync(join(PROJECT_ROOT, 'templates/docs/samples/callback-handler.php'), 'utf8'));
    writeFileSync(join(project, 'orders.json'), '{}');
    const port = await freePort();
    endpoint = spawn('php', ['-S', `127.0.0.1:${port}`, join(project, 'callback.php')], {
      cwd: project,
      env: { ...process.env, MERCHANT_PASSWORD: MERCHANT.password, SIGNATURE_ALGORITHM: settings.signatureAlgorithm ?? '' },
      stdio: 'ignore',
    });
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    h = await startHarness({ merchants: [{ ...MERCHANT, callbackUrl: `http://127.0.0.1:${port}/callbacks`, ...settings }] });
  }, 60_000);

  afterAll(async () => {
    endpoint?.kill();
    await h?.sandbox.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('verifies every callback, each answered OK and logged by the sample', async () => {
    await everyCallbackFlow(h, (orderId: string, order: KeptOrder) => {
      orders[orderId] = { payer_email: order.payerEmail, card: order.card };
      // Replaced whole, never rewritten in place: an earlier payment's callback may be reading the
      // file right now, and a half-written file would hide its order from the lookup.
      writeFileSync(join(project, 'orders.json.next'), JSON.stringify(orders));
      renameSync(join(project, 'orders.json.next'), join(project, 'orders.json'));
    });
    await h.sandbox.callbacksSettled();
    const log = h.sandbox.sandbox.delivery.log;
    expect(log.length).toBeGreaterThanOrEqual(10);
    expect(log.filter((record) => record.state !== 'delivered').map((record) => [record.kind, record.fields['action'] ?? record.fields['type'], record.attempts.at(-1)])).toEqual([]);
    const logged = readFileSync(join(project, 'callbacks.log'), 'utf8').trim().split('\n');
    expect(logged).toHaveLength(log.length);
    expect(new Set(logged.map((line) => line.split(' ')[0]))).toEqual(new Set(['checkoutCallback', 's2sCardCallback', 's2sApmCallback']));
  }, 120_000);
});
