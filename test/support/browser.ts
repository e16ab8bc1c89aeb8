// The one way tests drive a browser: Debian's Chromium through playwright-core (no browser
// download). Nothing leaves 127.0.0.1: Chromium sends every other request to a proxy of the test's
// own (on 127.0.0.1) that refuses it, and each request or WebSocket a page makes off 127.0.0.1 is
// recorded, so a test can both stay offline and assert that nothing tried to leave.
//
// Why a refusing proxy and not Playwright's request routing: routing pauses every request until the
// test answers it, and turns the browser's HTTP cache off (Playwright's documented trade-off). Each
// page then fetched and compiled the site's scripts afresh; the docs crawl cost a quarter more CPU.
// The proxy also refuses what the browser itself sends (component updates), which routing never saw.
//
// The browser tests are the full tier's `browser` group, whose prerequisites `npm run check` finds
// first (scripts/prerequisites.mjs): run on their own without Chromium, a suite is one failing test
// saying how to install it.
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, it } from 'vitest';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** The flags that work on these machines (no sandbox, no GPU, nothing phoning home). */
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const INSTALL_HINT = 'install it with `apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH)';

export function browserAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** `describe` for a suite that needs the browser. Without Chromium the suite is one failing test, never a skip. */
export function describeWithBrowser(name: string, body: () => void): void {
  if (browserAvailable()) {
    describe(name, body);
  } else {
    describe(name, () => {
      it('has a browser to run in', () => {
        throw new Error(`no Chromium at ${CHROMIUM_PATH}: ${INSTALL_HINT}.`);
      });
    });
  }
}

/** Loopback only: the test's own servers. Schemes that never reach a network pass. */
export function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
  return hostname === '127.0.0.1';
}

export interface RecordedPage {
  readonly page: Page;
  /** Every console message of type error, and every uncaught exception, in order. */
  readonly errors: string[];
}

export interface TestBrowser {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** Every request (HTTP or WebSocket) a page made off 127.0.0.1; the proxy refused each. */
  readonly offHost: string[];
  /** What the refusing proxy was asked for (`CONNECT host:443`, `GET http://host/path`): pages' requests and the browser's own. */
  readonly refused: string[];
  /** A new tab whose console errors and page errors are recorded. */
  newPage(): Promise<RecordedPage>;
  close(): Promise<void>;
}

/** A proxy on 127.0.0.1 that answers every request with 403 and records its first line. */
async function refusingProxy(): Promise<{ url: string; refused: string[]; close(): Promise<void> }> {
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket.on('close', () => sockets.delete(socket)));
    socket.on('error', () => {});
    socket.once('data', (head) => {
      refused.push(head.toString('latin1').split('\r\n', 1)[0]!);
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused,
    // A connection the browser opened ahead of need and never used would hold close() open.
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function launchBrowser(): Promise<TestBrowser> {
  if (!browserAvailable()) throw new Error(`No Chromium at ${CHROMIUM_PATH}: ${INSTALL_HINT}.`);
  const proxy = await refusingProxy();
  // Playwright gives every launch a fresh temporary --user-data-dir and removes it on close. Only
  // 127.0.0.1 bypasses the proxy (Playwright adds <-loopback>, so `localhost` is refused too).
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: LAUNCH_ARGS,
    proxy: { server: proxy.url, bypass: '127.0.0.1' },
  });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const offHost: string[] = [];
  context.on('request', (request) => {
    if (!isLocal(request.url())) offHost.push(request.url());
  });
  const watchSockets = (page: Page) =>
    page.on('websocket', (socket) => {
      if (!isLocal(socket.url().replace(/^ws/, 'http'))) offHost.push(socket.url());
    });
  context.on('page', watchSockets);
  return {
    browser,
    context,
    offHost,
    refused: proxy.refused,
    async newPage() {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      return { page, errors };
    },
    async close() {
      await context.close();
      await browser.close();
      await proxy.close();
    },
  };
}
