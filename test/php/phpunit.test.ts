// Runs the PHP client's PHPUnit suite (test/php/phpunit.xml) from the README's test command:
// unit tests, and the integration suite against a sandbox started here, whose callbacks go to a
// PHP callback endpoint (`php -S` over test/php/callback-endpoint.php) using CallbackHandler.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutClient } from '@payment-gateway/merchant-client';
import { startSandbox, type RunningSandbox } from '../../generated/sandbox/src/index.js';
import { fencedBlocks } from '../support/snippets.js';
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

// The PHP guide followed as written (generated/docs/guide/php.md), on a fresh folder for each of
// its two install paths: the package folder copied in as `merchant-client/`, then composer with
// the guide's composer.json (a path repository; packagist switched off, as there is no network),
// or no composer at all with the guide's one-line `vendor/autoload.php`. Either way every sample
// of the guide lints, and as written they run a SALE, receive and verify its callbacks (the
// callback sample, its order lookup reading the shop's orders.json), refund it, and verify a
// Checkout return.
describe('a fresh PHP project following the PHP guide', () => {
  const guide = readFileSync(join(PROJECT_ROOT, 'generated/docs/guide/php.md'), 'utf8');
  const samples = fencedBlocks(guide, 'php');
  const sample = (marker: string) => {
    const found = samples.filter((text) => text.includes(marker));
    if (found.length !== 1) throw new Error(`the PHP guide has ${found.length} samples with ${marker}`);
    return found[0]!;
  };
  const composerEnv = (project: string) => ({ ...process.env, COMPOSER_HOME: join(project, '.composer'), COMPOSER_DISABLE_NETWORK: '1', COMPOSER_NO_INTERACTION: '1' });

  /** The guide's two ways to get `vendor/autoload.php`, after copying the package in. */
  const INSTALLS = {
    composer: async (project: string) => {
      const [manifest] = fencedBlocks(guide, 'json');
      const composer = JSON.parse(manifest!) as { repositories: unknown[] };
      writeFileSync(join(project, 'composer.json'), JSON.stringify({ name: 'example/shop', ...composer, repositories: [...composer.repositories, { 'packagist.org': false }] }));
      await promisify(execFile)('composer', ['install', '--no-progress', '--quiet'], { cwd: project, env: composerEnv(project) });
    },
    'no composer': async (project: string) => {
      mkdirSync(join(project, 'vendor'));
      writeFileSync(join(project, 'vendor', 'autoload.php'), sample("merchant-client/autoload.php';"));
    },
  } as const;

  it.each(Object.keys(INSTALLS) as (keyof typeof INSTALLS)[])('installs with %s, and every sample of the guide lints and runs against the sandbox', async (path) => {
    expect(samples.length).toBeGreaterThanOrEqual(5);
    expect(guide).toContain('`generated/php`');
    const project = mkdtempSync(join(tmpdir(), 'php-merchant-'));
    let pair: Awaited<ReturnType<typeof startPair>> | undefined;
    try {
      // Where the guide says the package comes from, copied in as it says.
      cpSync(join(PROJECT_ROOT, 'generated/php'), join(project, 'merchant-client'), { recursive: true });
      await INSTALLS[path](project);
      for (const [index, text] of samples.entries()) {
        writeFileSync(join(project, `sample-${index + 1}.php`), text);
        await promisify(execFile)('php', ['-l', join(project, `sample-${index + 1}.php`)]);
      }
      writeFileSync(join(project, 'callback.php'), sample('new CallbackHandler('));
      writeFileSync(join(project, 'sale.php'), sample('->card()->sale('));
      writeFileSync(join(project, 'refund.php'), sample('->refund('));
      writeFileSync(join(project, 'return.php'), sample('->verifyReturn('));
      // The shop's own record of the order the sale sample pays, which the callback sample looks up.
      writeFileSync(join(project, 'orders.json'), JSON.stringify({ 'ORDER-12345': { payer_email: 'payer@example.com', card: '4111111111111111' } }));
      pair = await startPair(join(project, 'callback.php'), {});
      const env = { ...process.env, GATEWAY_URL: pair.sandbox.url, CLIENT_KEY: pair.sandbox.merchants[0]!.key, MERCHANT_PASSWORD: pair.password };
      const php = async (file: string, extra: Record<string, string> = {}, args: string[] = []) =>
        (await promisify(execFile)('php', [...args, join(project, file)], { cwd: project, env: { ...env, ...extra } })).stdout.trim();

      const [result, status, transId] = (await php('sale.php')).split(' ');
      expect([result, status]).toEqual(['SUCCESS', 'SETTLED']);
      expect(await php('refund.php', { TRANS_ID: transId! })).toMatch(/^(SUCCESS|ACCEPTED)$/);
      await pair.sandbox.callbacksSettled();
      const log = readFileSync(join(project, 'callbacks.log'), 'utf8');
      // The SALE's callback and the partial refund's (the payment stays SETTLED), both verified.
      expect(log).toBe(`s2sCardCallback ${transId} SETTLED\n`.repeat(2));

      // The return sample's order, paid on the hosted page; the payer's return query verified.
      const order = { number: 'ORDER-12345', amount: '12.00', currency: 'EUR', description: 'Checkout order' };
      const session = await createCheckoutClient({ baseUrl: pair.sandbox.url, merchantKey: env.CLIENT_KEY, password: pair.password, retries: 0 }).createSession({
        operation: 'purchase',
        methods: ['card'],
        order,
        success_url: 'https://shop.example/success',
      } as never);
      const paid = await fetch(`${(session as { redirect_url: string }).redirect_url}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card_number: '4111111111111111', card_exp_month: '01', card_exp_year: '2038', card_cvv2: '123' }),
        redirect: 'manual',
      });
      const query = new URL(paid.headers.get('location')!).search.slice(1);
      // The web server's QUERY_STRING, as PHP sees it behind a request.
      writeFileSync(join(project, 'server.php'), "<?php $_SERVER['QUERY_STRING'] = getenv('QUERY');\n");
      const paymentId = await php('return.php', { QUERY: query }, ['-d', `auto_prepend_file=${join(project, 'server.php')}`]);
      expect(paymentId).toBe(new URLSearchParams(query).get('payment_id'));
    } finally {
      pair?.endpoint.kill();
      await pair?.sandbox.close();
      rmSync(project, { recursive: true, force: true });
    }
  }, 180_000);
});
