// The built docs site in a real browser: the site is built once (VitePress, the same config as
// `npm run docs`) into a temp dir, served on 127.0.0.1, and every page is opened in Chromium.
// Every page renders with no console error, nothing leaves 127.0.0.1, every internal link
// resolves, and the local search finds an action, a method parameter and a signature term.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import { DOCS_DIR } from '../support/docs-pages.js';
import { resolveSitePath, serveStatic, type StaticServer } from '../support/static-server.js';

describeWithBrowser('the docs site in Chromium', () => {
  let outDir: string;
  let server: StaticServer;
  let browser: TestBrowser;
  let pages: string[];

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'docs-site-'));
    const { build } = await import('vitepress');
    await build(DOCS_DIR, { outDir });
    const files = await readdir(outDir, { recursive: true });
    pages = files.filter((file) => file.endsWith('.html') && file !== '404.html').map((file) => `/${file.replace(/\\/g, '/')}`).sort();
    server = await serveStatic(outDir);
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('renders every page with no console error, no request off 127.0.0.1, and links that resolve', async () => {
    expect(pages).toContain('/s2s/card-sale.html');
    expect(pages).toContain('/methods/ar-transfer.html');
    const broken: string[] = [];
    const failures: string[] = [];
    // Two tabs at a time: the machine has two cores.
    const queue = [...pages];
    const worker = async () => {
      const { page, errors } = await browser.newPage();
      for (let path = queue.shift(); path; path = queue.shift()) {
        errors.length = 0;
        const response = await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'load' });
        if (response?.status() !== 200) failures.push(`${path}: HTTP ${response?.status()}`);
        await page.waitForSelector('.VPContent h1');
        failures.push(...errors.map((error) => `${path}: ${error}`));
        const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
        for (const href of hrefs) {
          const url = new URL(href);
          if (url.origin !== server.baseUrl) continue;
          if (!resolveSitePath(outDir, url.pathname)) broken.push(`${path} → ${url.pathname}`);
        }
      }
      await page.close();
    };
    await Promise.all([worker(), worker()]);
    expect(failures).toEqual([]);
    expect([...new Set(broken)]).toEqual([]);
    expect(browser.offHost).toEqual([]);
  }, 300_000);

  it.each([
    ['an action', 'CREDIT2VIRTUAL', /CREDIT2VIRTUAL/],
    ['a method parameter', 'bank_cuil', /bank_cuil/],
    ['a signature term', 'strrev', /strrev/],
  ])('local search finds %s (%s)', async (_what, query, want) => {
    const { page, errors } = await browser.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.click('#local-search button');
    await page.fill('.VPLocalSearchBox input', query);
    // Each result shows its page, section and the matching excerpt (detailedView).
    const results = page.locator('.VPLocalSearchBox .result');
    await results.first().locator('mark').first().waitFor({ timeout: 20_000 });
    expect((await results.allInnerTexts()).join('\n')).toMatch(want);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the spec for download and the state diagram', async () => {
    for (const path of ['/openapi.yaml', '/states.svg']) expect(resolveSitePath(outDir, path), path).toBeDefined();
    expect(relative(outDir, resolveSitePath(outDir, '/s2s/card-sale')!)).toBe('s2s/card-sale.html');
  });
});
