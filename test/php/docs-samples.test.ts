// The docs pages' PHP samples: every page with a TypeScript sample of a client call shows the same
// call in PHP, every PHP sample passes `php -l`, and a representative set runs as written against
// a sandbox started here, through the generated PHP package (card SALE, the refund of that sale,
// an S2S APM SALE with a method's parameters, a Checkout session).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../generated/sandbox/src/index.js';
import { docsPages } from '../support/docs-pages.js';
import { fencedBlocks } from '../support/snippets.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const run = promisify(execFile);
const pages = docsPages().filter((page) => !page.path.startsWith('guide/'));
/** A page's PHP programs (its other `php` blocks show a signature formula, not a program). */
const programs = (text: string) => fencedBlocks(text, 'php').filter((block) => block.startsWith('<?php'));
const samples = pages.flatMap((page) => programs(page.text).map((text, index) => ({ name: `${page.path.replace(/[^a-z0-9]+/gi, '-')}-${index + 1}`, page: page.path, text })));
const sampleOn = (path: string) => {
  const found = samples.filter((sample) => sample.page === path);
  if (found.length !== 1) throw new Error(`${path} has ${found.length} PHP samples`);
  return found[0]!.text;
};

let sandbox: RunningSandbox;
let project: string;

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'php-docs-samples-'));
  // The samples' `vendor/autoload.php`: the generated package, as composer would load it.
  mkdirSync(join(project, 'vendor'));
  writeFileSync(join(project, 'vendor', 'autoload.php'), `<?php\n\nrequire ${JSON.stringify(join(PROJECT_ROOT, 'generated/php/autoload.php'))};\n`);
  sandbox = await startSandbox();
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Runs a sample file with the merchant's settings in the environment: its printed answer, and what it logged. */
async function runSample(name: string, text: string): Promise<{ answer: Record<string, unknown>; logged: string }> {
  const file = join(project, `${name}.php`);
  writeFileSync(file, text);
  const merchant = sandbox.merchants[0]!;
  const env = { ...process.env, GATEWAY_URL: sandbox.url, CHECKOUT_URL: sandbox.url, CLIENT_KEY: merchant.key, MERCHANT_KEY: merchant.key, MERCHANT_PASSWORD: merchant.password };
  const { stdout, stderr } = await run('php', [file], { cwd: project, env });
  return { answer: (stdout.trim() === '' ? {} : JSON.parse(stdout)) as Record<string, unknown>, logged: stderr };
}

describe('the docs pages\' PHP samples', () => {
  it('sit beside every TypeScript client sample of the action, endpoint and method pages, the same call', () => {
    const paired = pages.filter((page) => /\bawait (s2s\.\w+|checkout)\.\w+\(/.test(page.text));
    expect(paired.filter((page) => page.path.startsWith('s2s/')).length).toBeGreaterThan(20);
    expect(paired.filter((page) => page.path.startsWith('checkout/')).length).toBeGreaterThan(8);
    for (const page of paired) {
      const [ts] = fencedBlocks(page.text, 'ts');
      const [php] = programs(page.text);
      expect(php, page.path).toBeDefined();
      // The same operation: s2s.card.sale( ↔ ->card()->sale(, checkout.createSession( ↔ ->checkout()->createSession(.
      const [, group, method] = /await (?:s2s\.(\w+)|(checkout))\.(\w+)\(/.exec(ts!)!.filter((part) => part !== undefined);
      expect(php, page.path).toContain(`$gateway->${group}()->${method}(`);
    }
  });

  it('each pass php -l', async () => {
    expect(samples.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const { name, text } of samples) {
      const file = join(project, `lint-${name}.php`);
      writeFileSync(file, text);
      await run('php', ['-l', file]).catch((error: { stdout?: string; stderr?: string }) => failures.push(`${name}: ${error.stdout ?? ''}${error.stderr ?? ''}`));
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('run as written against the sandbox: card SALE, its refund, an APM SALE with parameters, a Checkout session', async () => {
    const sale = await runSample('card-sale', sampleOn('s2s/card-sale.md'));
    expect(sale.logged).toBe('');
    expect(sale.answer).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });

    // The refund page's sample, for the payment just made (its example names another trans_id);
    // its signing values are those the SALE sample sent.
    const refundText = sampleOn('s2s/card-refund.md');
    const exampleTransId = /'trans_id' => '([^']+)'/.exec(refundText)![1]!;
    const refund = await runSample('card-refund', refundText.replace(exampleTransId, String(sale.answer['trans_id'])));
    expect(refund.logged).toBe('');
    expect(refund.answer).toMatchObject({ action: 'REFUND', trans_id: sale.answer['trans_id'] });
    expect(refund.answer['result']).toMatch(/^(SUCCESS|ACCEPTED)$/);

    const apmPage = samples.find((sample) => sample.page.startsWith('methods/') && sample.text.includes("'parameters' =>"));
    expect(apmPage).toBeDefined();
    const apm = await runSample('apm-sale', apmPage!.text);
    expect(apm.logged).toBe('');
    expect(apm.answer).toMatchObject({ action: 'SALE' });
    expect(apm.answer['result']).not.toBe('ERROR');

    const session = await runSample('checkout-session', sampleOn('checkout/create-session.md'));
    expect(session.logged).toBe('');
    expect(String(session.answer['redirect_url'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  }, 120_000);
});
