// Runs the PHP client's PHPUnit suite (test/php/phpunit.xml) from the README's test command:
// unit tests, and the integration suite against a sandbox started here, whose callbacks go to a
// PHP callback endpoint (`php -S` over test/php/callback-endpoint.php) using CallbackHandler.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
let endpointUrl: string;
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

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'php-suite-'));
  const port = await freePort();
  endpointUrl = `http://127.0.0.1:${port}/callbacks`;
  sandbox = await startSandbox({ callbackUrl: endpointUrl });
  password = sandbox.merchants[0]!.password;
  endpoint = spawn('php', ['-S', `127.0.0.1:${port}`, join(PROJECT_ROOT, 'test/php/callback-endpoint.php')], {
    env: { ...process.env, MERCHANT_PASSWORD: password, CALLBACK_EVENTS: join(scratch, 'events.jsonl') },
    stdio: 'ignore',
  });
  await waitForPort(port);
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
