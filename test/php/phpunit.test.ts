// Runs the PHP client's PHPUnit suite (test/php/phpunit.xml) from the README's test command:
// unit tests, and the integration suite against a sandbox started here, whose callbacks go to a
// PHP callback endpoint (`php -S` over test/php/callback-endpoint.php) using CallbackHandler.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../generated/sandbox/src/index.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

let sandbox: RunningSandbox;
let endpoint: ChildProcess;
let scratch: string;
let password: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: 'GET' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error('the PHP callback endpoint did not start');
}

/** A PHP callback endpoint (`php -S 127.0.0.1:PORT router.php`) and the sandbox that posts to it. */
async function startPair(router: string, env: Record<string, string>): Promise<{ sandbox: RunningSandbox; endpoint: ChildProcess; password: string }> {
  const port = await freePort();
  const sandbox = await startSandbox({ callbackUrl: `http://127.0.0.1:${port}/callbacks` });
  const password = sandbox.merchants[0]!.password;
  const endpoint = spawn('php', ['-S', `127.0.0.1:${port}`, router], { env: { ...process.env, ...env, MERCHANT_PASSWORD: password }, stdio: 'ignore' });
  await waitForPort(port);
  return { sandbox, endpoint, password };
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'php-suite-'));
  ({ sandbox, endpoint, password } = await startPair(join(PROJECT_ROOT, 'test/php/callback-endpoint.php'), { CALLBACK_EVENTS: join(scratch, 'events.jsonl') }));
}, 60_000);

afterAll(async () => {
  endpoint?.kill();
  await sandbox?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the PHP client (PHPUnit)', () => {
  it('passes its unit and sandbox integration suites', async () => {
    const result = await promisify(execFile)('phpunit', ['-c', join(PROJECT_ROOT, 'test/php/phpunit.xml'), '--log-junit', join(scratch, 'junit.xml')], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        SANDBOX_URL: sandbox.url,
        MERCHANT_KEY: sandbox.merchants[0]!.key,
        MERCHANT_PASSWORD: password,
        CALLBACK_EVENTS: join(scratch, 'events.jsonl'),
      },
      maxBuffer: 1 << 26,
    }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({ stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`, failed: error.code ?? 1 }));
    const output = result.stdout;
    expect('failed' in result ? output : '').toBe('');
    // Not skipped: the integration suite ran against the sandbox.
    expect(output).toMatch(/OK \(\d+ tests/);
    expect(output).not.toMatch(/Skipped|Incomplete/);
  }, 240_000);
});

// The "done when": a fresh project installs the package from a local path repository
// with no network (composer, packagist switched off), runs a SALE and verifies its callback.
describe('a fresh PHP project', () => {
  it('installs the package with composer from a path repository, offline, then runs a SALE and verifies its callback', async () => {
    const project = mkdtempSync(join(tmpdir(), 'php-merchant-'));
    let pair: Awaited<ReturnType<typeof startPair>> | undefined;
    try {
      writeFileSync(
        join(project, 'composer.json'),
        JSON.stringify({
          name: 'example/shop',
          require: { 'payment-gateway/merchant-client': '*' },
          repositories: [{ type: 'path', url: join(PROJECT_ROOT, 'generated/php'), options: { symlink: false } }, { 'packagist.org': false }],
        }),
      );
      const env = { ...process.env, COMPOSER_HOME: join(project, '.composer'), COMPOSER_DISABLE_NETWORK: '1', COMPOSER_NO_INTERACTION: '1' };
      await promisify(execFile)('composer', ['install', '--no-progress', '--quiet'], { cwd: project, env });
      writeFileSync(
        join(project, 'callback.php'),
        `<?php
require __DIR__ . '/vendor/autoload.php';
use PaymentGateway\\MerchantClient\\{CallbackHandler, Callbacks};
(new CallbackHandler(
    new Callbacks(getenv('MERCHANT_PASSWORD')),
    onEvent: fn ($event) => file_put_contents(__DIR__ . '/events.log', $event->name . ' ' . $event->trans_id . ' ' . $event->status . PHP_EOL, FILE_APPEND),
    signingContext: fn (array $fields) => ['payer_email' => 'payer@example.com'],
))->run();
`,
      );
      writeFileSync(
        join(project, 'sale.php'),
        `<?php
require __DIR__ . '/vendor/autoload.php';
use PaymentGateway\\MerchantClient\\{Configuration, Gateway};
[, $url, $key, $password] = $argv;
$gateway = new Gateway(new Configuration($url, $key, $password));
$sale = $gateway->card()->sale([
    'order_id' => 'SHOP-1', 'order_amount' => '10.00', 'order_currency' => 'USD', 'order_description' => 'Tea',
    'card_number' => '4111111111111111', 'card_exp_month' => '01', 'card_exp_year' => '2038', 'card_cvv2' => '123',
    'payer_email' => 'payer@example.com', 'payer_ip' => '203.0.113.10', 'term_url_3ds' => 'https://shop.example/3ds',
]);
echo $sale->trans_id, ' ', $sale->status;
`,
      );
      pair = await startPair(join(project, 'callback.php'), {});
      const { stdout } = await promisify(execFile)('php', [join(project, 'sale.php'), pair.sandbox.url, pair.sandbox.merchants[0]!.key, pair.password], { cwd: project });
      const [transId, status] = stdout.split(' ');
      expect(status).toBe('SETTLED');
      await pair.sandbox.callbacksSettled();
      expect(readFileSync(join(project, 'events.log'), 'utf8')).toBe(`s2sCardCallback ${transId} SETTLED\n`);
    } finally {
      pair?.endpoint.kill();
      await pair?.sandbox.close();
      rmSync(project, { recursive: true, force: true });
    }
  }, 120_000);
});
