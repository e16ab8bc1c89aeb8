// The sandbox's core: every request decoded and validated by the client package's validators,
// every hash checked with its recipe, errors in the platform's shape naming the wire field, the
// three ways to start it, and no body that can crash it.
import {
  computeSignature,
  encodeForm,
  PlatformError,
  saleCardOperation,
  validateSaleResponse,
} from '@payment-gateway/merchant-client';
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import { cardSale, post, startHarness, type Harness } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.sandbox.close();
});

/** A correctly signed raw SALE body, so a test can break one thing at a time. */
function signedSale(fields: Record<string, string> = {}): Record<string, string> {
  const body: Record<string, string> = {
    action: 'SALE',
    client_key: h.key,
    ...(cardSale() as unknown as Record<string, string>),
    ...fields,
  };
  body['hash'] = computeSignature(saleCardOperation.signature!, body, h.password);
  return body;
}

describe('requests', () => {
  it('settles a card SALE sent by the generated client, in the documented response shape', async () => {
    const response = await h.s2s.card.sale(cardSale('01'));
    expect(response).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
    expect(validateSaleResponse(response).ok).toBe(true);
  });

  it('answers a bad field with the platform error shape naming the wire field and the rule', async () => {
    const answer = await post(`${h.sandbox.url}/post`, encodeForm(signedSale({ card_exp_month: '13' })));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      result: 'ERROR',
      error_code: '100000',
      error_message: 'Request data is invalid.',
    });
    // The field's own error first; the summary of the alternatives (card data, token, wallet) after.
    expect(answer.body.errors.map((entry: { error_message: string }) => entry.error_message.split(':')[0])).toEqual([
      'card_exp_month',
      'must match exactly one of',
    ]);
  });

  // Issue 37: a check the spec marks `x-warning` is no platform rule, so the sandbox takes the
  // request and plays it (a number that fails the Luhn check is declined, as a bad card).
  it('does not refuse what the spec only warns about', async () => {
    // A card token the sandbox issued, sent beside card data.
    const tokened = await post(`${h.sandbox.url}/post`, encodeForm(signedSale({ req_token: 'Y' })));
    const card_token = String(tokened.body.card_token);
    const cases: [Record<string, string>, string][] = [
      [{ card_number: '4111111111111112' }, 'DECLINED'],
      [{ card_token }, 'SETTLED'],
      [{ order_currency: 'usd', recurring_init: 'y' }, 'SETTLED'],
    ];
    for (const [fields, status] of cases) {
      const answer = await post(`${h.sandbox.url}/post`, encodeForm(signedSale(fields)));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ action: 'SALE', status });
    }
  });

  it('names nested fields in bracket notation', async () => {
    const answer = await post(`${h.sandbox.url}/post`, encodeForm({ ...signedSale(), mpi_data: { eci: '05' } }));
    expect(answer.status).toBe(400);
    expect(
      answer.body.errors.some((entry: { error_message: string }) =>
        entry.error_message.startsWith('mpi_data[authentication_value]'),
      ),
    ).toBe(true);
  });

  it('refuses a wrong hash, naming the recipe it expected and never the password', async () => {
    const answer = await post(`${h.sandbox.url}/post`, encodeForm({ ...signedSale(), hash: 'f'.repeat(32) }));
    expect(answer.status).toBe(400);
    const message: string = answer.body.errors[0].error_message;
    expect(message).toMatch(/^hash: Hash is not valid\. S2S CARD SALE is signed with: /);
    // The recipe as a formula, from its structure (the payer's e-mail, the password, the card).
    expect(message).toContain('md5(strtoupper(strrev(payer_email) . PASSWORD . strrev(substr(card_number, 0, 6) . substr(card_number, -4))))');
    expect(message).not.toContain('undefined');
    expect(message).not.toContain(h.password);
    expect(message.toUpperCase()).not.toContain(h.password.toUpperCase());
  });

  it('the client sees a bad hash as a PlatformError', async () => {
    const wrong = (await import('@payment-gateway/merchant-client')).createS2SClient({
      baseUrl: h.sandbox.url,
      merchantKey: h.key,
      password: 'not-the-password',
      retries: 0,
    });
    await expect(wrong.card.sale(cardSale())).rejects.toBeInstanceOf(PlatformError);
  });

  it('refuses an unknown merchant key', async () => {
    const answer = await post(
      `${h.sandbox.url}/post`,
      encodeForm(signedSale({ client_key: '00000000-0000-4000-8000-000000000000' })),
    );
    expect(answer.body.errors[0].error_message).toMatch(/^client_key: /);
  });

  it('accepts any hash with acceptAnySignature', async () => {
    const lax = await startHarness({ acceptAnySignature: true });
    try {
      const answer = await post(
        `${lax.sandbox.url}/post`,
        encodeForm({
          action: 'SALE',
          client_key: lax.key,
          ...(cardSale() as unknown as Record<string, string>),
          hash: '0'.repeat(32),
        }),
      );
      expect(answer.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    } finally {
      await lax.sandbox.close();
    }
  });

  it('serves S2S on /post-va too, and Checkout under /api/v1', async () => {
    const answer = await post(`${h.sandbox.url}/post-va`, encodeForm(signedSale()));
    expect(answer.body.result).toBe('SUCCESS');
    const session = await h.checkout.createSession({
      operation: 'purchase',
      methods: ['card'],
      order: { number: 'CO-1', amount: '5.00', currency: 'USD', description: 'Checkout test' },
      success_url: 'https://merchant.example/ok',
      cancel_url: 'https://merchant.example/cancel',
    } as never);
    expect(session.redirect_url).toMatch(new RegExp(`^${h.sandbox.url}/checkout/`));
  });
});

describe('malformed bodies never crash the server', () => {
  const cases: [string, () => Promise<{ status: number; body: any }>, number, RegExp][] = [
    [
      'a JSON body on S2S',
      () => post(`${h.sandbox.url}/post`, '{"action":"SALE"}', 'application/json'),
      415,
      /^Content-Type: S2S requests are application\/x-www-form-urlencoded/,
    ],
    [
      'a form body on Checkout',
      () => post(`${h.sandbox.url}/api/v1/session`, 'a=b'),
      415,
      /^Content-Type: Checkout requests are application\/json/,
    ],
    [
      'broken percent-encoding',
      () => post(`${h.sandbox.url}/post`, 'action=SALE&order_description=50%_off'),
      400,
      /^order_description: Malformed percent-encoding/,
    ],
    [
      'an invalid UTF-8 escape',
      () => post(`${h.sandbox.url}/post`, 'action=SALE&payer_city=%FF%FE'),
      400,
      /^payer_city: Malformed percent-encoding/,
    ],
    [
      'a 10 MB body',
      () => post(`${h.sandbox.url}/post`, `action=SALE&order_description=${'a'.repeat(10 * 1024 * 1024)}`),
      413,
      /^body: The request body is larger than/,
    ],
    [
      '1,000-deep brackets',
      () => post(`${h.sandbox.url}/post`, `action=SALE&parameters${'[a]'.repeat(1000)}=x`),
      400,
      /nested 1000 levels deep/,
    ],
    [
      'invalid JSON',
      () => post(`${h.sandbox.url}/api/v1/session`, '{"order": ', 'application/json'),
      400,
      /^body: The body is not valid JSON/,
    ],
    [
      '1,000-deep JSON',
      () => post(`${h.sandbox.url}/api/v1/session`, `${'['.repeat(1000)}${']'.repeat(1000)}`, 'application/json'),
      400,
      /nested more than 64 levels/,
    ],
    ['a JSON array', () => post(`${h.sandbox.url}/api/v1/session`, '[]', 'application/json'), 400, /must be an object/],
    ['an empty body', () => post(`${h.sandbox.url}/post`, ''), 400, /^action: /],
  ];
  it.each(cases)('%s gets a clear error', async (_name, send, status, message) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    const entry = answer.body.errors?.[0]?.error_message ?? '';
    expect(entry).toMatch(message);
    // And the server keeps serving.
    expect((await h.s2s.card.sale(cardSale())).status).toBe('SETTLED');
  });
});

describe('the three ways to start', () => {
  const cli = join(PROJECT_ROOT, 'generated', 'sandbox', 'src', 'cli.ts');
  const tsx = join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

  async function firstLine(args: string[]): Promise<{ line: any; stop: () => void }> {
    const child = spawn(process.execPath, [tsx, cli, ...args], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    return { line: JSON.parse(line), stop: () => child.kill('SIGTERM') };
  }

  it('the CLI prints one JSON line with a test merchant when none is given', async () => {
    const { line, stop } = await firstLine(['--host', '127.0.0.1']);
    try {
      expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(line.merchants).toHaveLength(1);
      expect(line.merchants[0].password).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      stop();
    }
  });

  it('the CLI takes --merchant KEY:PASSWORD and serves it', async () => {
    const key = 'c2b8fb04-110f-11ea-bcd3-0242ac150003';
    const { line, stop } = await firstLine(['--merchant', `${key}:secret-password`, '--port', '0']);
    try {
      expect(line.merchants).toEqual([{ key, password: 'secret-password' }]);
      const client = (await import('@payment-gateway/merchant-client')).createS2SClient({
        baseUrl: line.url,
        merchantKey: key,
        password: 'secret-password',
        retries: 0,
      });
      expect((await client.card.sale(cardSale())).status).toBe('SETTLED');
    } finally {
      stop();
    }
  });

  it('`npm run sandbox` is the same CLI', async () => {
    const manifest = JSON.parse(
      await promisify(execFile)('node', ['-p', 'JSON.stringify(require("./package.json").scripts)'], {
        cwd: PROJECT_ROOT,
      }).then((run) => run.stdout),
    ) as Record<string, string>;
    expect(manifest['sandbox']).toBe('tsx generated/sandbox/src/cli.ts');
  });
});
