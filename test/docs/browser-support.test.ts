// The shared browser helper (test/support/browser.ts) does what other browser tests rely on:
// a page's requests off 127.0.0.1 are recorded and never answered (the refusing proxy saw each), loopback ones are, and
// console errors and uncaught exceptions are collected.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithBrowser, isLocal, launchBrowser, type TestBrowser } from '../support/browser.js';

it.each([
  ['http://127.0.0.1:8080/a', true],
  ['ws://127.0.0.1:9/socket', true],
  ['data:text/plain,x', true],
  ['http://localhost/', false],
  ['https://cdn.redoc.ly/logo.png', false],
  ['http://127.0.0.2/', false],
])('isLocal(%s) is %s', (url, want) => {
  expect(isLocal(url)).toBe(want);
});

const PAGE = `<!doctype html><title>t</title>
<img src="https://cdn.example.com/logo.png">
<script>
  fetch('/local.json').then((r) => r.json()).then((j) => { document.title = j.ok; });
  new WebSocket('wss://socket.example.com/live');
  console.error('something broke');
  setTimeout(() => { throw new Error('uncaught'); });
</script>`;

describeWithBrowser('browser helper', () => {
  let server: Server;
  let base: string;
  let browser: TestBrowser;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/local.json') response.end('{"ok":"loaded"}');
      else response.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('blocks and records off-host requests, serves loopback ones, collects errors', async () => {
    const { page, errors } = await browser.newPage();
    await page.goto(`${base}/`);
    await page.waitForFunction(() => document.title === 'loaded');
    await page.waitForTimeout(50);
    await expect.poll(() => browser.offHost.length).toBe(2);
    expect([...browser.offHost].sort()).toEqual(['https://cdn.example.com/logo.png', 'wss://socket.example.com/live']);
    // Never answered: each went to the refusing proxy, and the image did not load.
    expect(browser.refused).toEqual(
      expect.arrayContaining(['CONNECT cdn.example.com:443 HTTP/1.1', 'CONNECT socket.example.com:443 HTTP/1.1']),
    );
    expect(await page.evaluate(() => document.images[0]!.naturalWidth)).toBe(0);
    expect(errors).toContainEqual(expect.stringContaining('console: something broke'));
    expect(errors).toContainEqual('pageerror: uncaught');
    await page.close();
  });
});
