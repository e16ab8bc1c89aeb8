// The testing guide against the sandbox it describes: the packages are started by their scoped
// names, every CLI option in its table is one the sandbox's command accepts, every /_sandbox
// route in its table answers on a running sandbox (one card SALE delivered to a callback server
// on the guide's port, so the inspection, resend and clock routes have something to show), and
// the guide's ports do not clash.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsPages } from '../support/docs-pages.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import { cardSale, startHarness, type Harness } from '../sandbox/support.js';

const guide = docsPages().find((page) => page.path === 'guide/testing.md')!.text;
const sandboxManifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'generated', 'sandbox', 'package.json'), 'utf8')) as { name: string; bin: Record<string, string> };
const cli = readFileSync(join(PROJECT_ROOT, 'generated', 'sandbox', 'src', 'cli.ts'), 'utf8');

/** The first cells of the rows of the table whose header starts with `header`. */
function firstCells(header: string): string[] {
  const start = guide.search(new RegExp(`^\\| ${header} +\\|`, 'm'));
  if (start < 0) throw new Error(`No table headed ${header} in the testing guide`);
  const end = guide.indexOf('\n\n', start);
  return guide
    .slice(start, end)
    .split('\n')
    .slice(2)
    .map((line) => line.split('|')[1]!.trim().replace(/`/g, ''));
}

describe('the testing guide', () => {
  it('starts the sandbox by its scoped package name, never by an unscoped one', () => {
    const commands = [...guide.matchAll(/^npx (\S+)/gm)].map((match) => match[1]);
    expect(commands.length).toBeGreaterThan(0);
    expect(new Set(commands)).toEqual(new Set([sandboxManifest.name]));
    expect(guide).toContain(`npm install --save-dev ${sandboxManifest.name}`);
  });

  it('names only options the sandbox command accepts, --callback-url among them', () => {
    const options = firstCells('Option').map((cell) => cell.split(' ')[0]!);
    expect(options).toContain('--callback-url');
    // parseArgs options of the sandbox's command: `port: { type: ...` or `'callback-url': { type: ...`.
    for (const option of options) expect(cli, option).toMatch(new RegExp(`\\s'?${option.slice(2)}'?: \\{ type:`));
    // A long command goes on over lines ending in a backslash.
    expect(guide.replace(/ \\\n\s+/g, ' ')).toMatch(/npx \S+ --port 8080 --callback-url http:\/\/127\.0\.0\.1:3000\//);
  });

  it('gives the sandbox and the callback samples different ports', () => {
    // `.listen(3000)`, or a sample's default port (`port = 3000`) it listens on.
    const port = /\.listen\((\d+)\)|\bport = (\d+)\)/g;
    const listens = [...guide.matchAll(port), ...docsPages().flatMap((page) => [...page.text.matchAll(port)])].map((match) => match[1] ?? match[2]);
    expect(listens.length).toBeGreaterThan(0);
    expect(listens).not.toContain('8080');
  });

  describe('routes, on a running sandbox', () => {
    let harness: Harness;
    let receiver: Server;
    const received: string[] = [];

    beforeAll(async () => {
      receiver = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          received.push(body);
          response.end('OK');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      harness = await startHarness({ callbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callbacks` });
      await harness.s2s.card.sale(cardSale('01'));
      await harness.sandbox.callbacksSettled();
    });

    afterAll(async () => {
      await harness?.sandbox.close();
      await new Promise((resolve) => receiver?.close(resolve));
    });

    it.each(firstCells('Request'))('%s answers', async (route) => {
      const [method, template] = route.split(' ') as [string, string];
      const transactions = (await (await fetch(`${harness.sandbox.url}/_sandbox/transactions`)).json()) as { trans_id: string }[];
      const callbacks = (await (await fetch(`${harness.sandbox.url}/_sandbox/callbacks`)).json()) as { id: string }[];
      const path = template.replace('{trans_id}', transactions[0]!.trans_id).replace('{id}', String(callbacks[0]!.id));
      const body = method !== 'POST' ? undefined : path.endsWith('/clock') ? { advance_seconds: 60 } : path.endsWith('/bank') ? { code: 'ACSC' } : undefined;
      const response = await fetch(`${harness.sandbox.url}${path}`, {
        method,
        ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      });
      const text = await response.text();
      // A route the sandbox does not have answers "Sandbox routes: ..." or "No route ...".
      expect(text).not.toMatch(/Sandbox routes:|No route/);
      // The QR bank callback applies only to a QR payment: any other answer than 404 shows the route exists.
      if (!path.endsWith('/bank')) expect(response.status, text).toBe(200);
      expect(received.length).toBeGreaterThan(0);
    });
  });
});
