// The one way tests drive a browser: Debian's Chromium through playwright-core (no browser
// download). Every request that is not to 127.0.0.1 is recorded and aborted, so a test can both
// stay offline and assert that nothing tried to leave. The browser tests are the full tier's
// `browser` group, whose prerequisites `npm run check` finds first (scripts/prerequisites.mjs):
// run on their own without Chromium, a suite is one failing test saying how to install it.
import { existsSync } from 'node:fs';
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
  /** Every request (HTTP or WebSocket) that was not to 127.0.0.1; each was aborted. */
  readonly offHost: string[];
  /** A new tab whose console errors and page errors are recorded. */
  newPage(): Promise<RecordedPage>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  if (!browserAvailable()) throw new Error(`No Chromium at ${CHROMIUM_PATH}: ${INSTALL_HINT}.`);
  // Playwright gives every launch a fresh temporary --user-data-dir and removes it on close.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: LAUNCH_ARGS });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const offHost: string[] = [];
  await context.route(
    (url) => !isLocal(url.href),
    (route) => {
      offHost.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  await context.routeWebSocket(
    (url) => !isLocal(url.href.replace(/^ws/, 'http')),
    (socket) => {
      offHost.push(socket.url());
      return socket.close();
    },
  );
  return {
    browser,
    context,
    offHost,
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
    },
  };
}
