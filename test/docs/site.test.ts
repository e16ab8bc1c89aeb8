// The built docs site in a real browser: the site is built once, as `npm run docs` builds it
// (generators/docs-site; shared with the other browser tests, test/support/shared-builds.ts),
// served on 127.0.0.1, and every page of its newest release (the root: the project's
// generated/docs and the upgrade guides) is opened in Chromium at
// 1400 px wide. Every page renders with no console error, nothing leaves 127.0.0.1, every
// internal link resolves, the site title and the search box do not overlap, no table or field
// list is wider than the text column (nothing scrolls sideways but code blocks), and axe-core
// finds no serious or critical WCAG 2.1 A/AA violation. The local search finds an action, a
// method parameter and a signature term.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MANIFEST_FILE, type VersionsManifest } from '../../templates/docs/theme/versions.js';
import { describeWithBrowser, launchBrowser, type RecordedPage, type TestBrowser } from '../support/browser.js';
import { builtDocsSite } from '../support/shared-builds.js';
import { resolveSitePath, serveStatic, type StaticServer } from '../support/static-server.js';

/** axe-core's browser build, run in each page before the page's own scripts (the package is a pinned devDependency). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const VIEWPORT = { width: 1400, height: 900 };

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/**
 * A tab with axe-core in every document it loads. An init script (evaluateOnNewDocument) rather
 * than a script tag added after each load: Chromium compiles the same script once for the tab, where
 * a tag sent half a megabyte over the protocol and compiled it again on every page.
 */
async function axePage(browser: TestBrowser): Promise<RecordedPage> {
  const recorded = await browser.newPage();
  await recorded.page.addInitScript({ content: AXE_SOURCE });
  await recorded.page.setViewportSize(VIEWPORT);
  return recorded;
}

/**
 * Serious and critical WCAG 2.1 A/AA violations on the loaded page (an axePage), one line each.
 * `contrast: false` leaves out `color-contrast`, the costliest rule (half of axe's time a page).
 * axe reports violations only (`resultTypes`): it no longer writes up every node that passed,
 * which the crawl never reads (about a tenth of axe's time on these pages).
 */
async function accessibilityViolations(page: Page, { contrast }: { contrast: boolean }): Promise<string[]> {
  const violations = await page.evaluate(
    async ({ tags, contrast }) => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, rules: { 'color-contrast': { enabled: contrast } }, resultTypes: ['violations'] })).violations;
    },
    { tags: WCAG_21_AA, contrast },
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}) on ${violation.nodes.length}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * What `color-contrast` decides a text's verdict from, for each element holding text on the page:
 * its colour, font size and weight, text shadow, and every background and opacity from it up to the
 * first opaque background. Two texts with the same signature pass or fail together, so the crawl
 * runs `color-contrast` on a page only when it shows a signature no earlier page showed: a new
 * colour, component or background anywhere on the site is checked on the first page that has it.
 */
async function contrastSignatures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const behind = new Map<Element, string>();
    const background = (element: Element | null): string => {
      if (!element) return '';
      let known = behind.get(element);
      if (known === undefined) {
        const style = getComputedStyle(element);
        const color = style.backgroundColor;
        const own = [style.backgroundImage === 'none' ? '' : style.backgroundImage, color === 'rgba(0, 0, 0, 0)' ? '' : color, style.opacity === '1' ? '' : `opacity ${style.opacity}`].filter(Boolean).join(' ');
        const opaque = color.startsWith('rgb(') && style.opacity === '1';
        known = opaque ? own : `${own} > ${background(element.parentElement)}`;
        behind.set(element, known);
      }
      return known;
    };
    const signatures = new Set<string>();
    document.body.querySelectorAll('*').forEach((element) => {
      if (!Array.from(element.childNodes).some((node: ChildNode) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '')) return;
      const style = getComputedStyle(element);
      signatures.add([style.color, style.fontSize, style.fontWeight, style.textShadow, background(element)].join(' | '));
    });
    return [...signatures];
  });
}

/** What does not fit at this width: the title running under the search box, content wider than its column. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const title = document.querySelector('.VPNavBarTitle .title span')?.getBoundingClientRect();
    const search = document.querySelector('.VPNavBarSearch .DocSearch-Button')?.getBoundingClientRect();
    if (!title || !search) problems.push('no site title or search box');
    else if (title.right > search.left && title.left < search.right && title.bottom > search.top && title.top < search.bottom)
      problems.push(`the site title (${Math.round(title.left)}–${Math.round(title.right)} px) runs under the search box (from ${Math.round(search.left)} px)`);
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px)`);
    // Code blocks may scroll inside themselves; tables and field lists must fit the text column.
    const column = document.querySelector('.vp-doc')!.getBoundingClientRect();
    document.querySelectorAll<HTMLElement>('.vp-doc table, .vp-doc .field-list, .vp-doc .field-list li').forEach((element) => {
      const box = element.getBoundingClientRect();
      if (element.scrollWidth > element.clientWidth + 1 || box.right > column.right + 1)
        problems.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" is ${element.scrollWidth} px wide in a ${Math.round(column.width)} px column`);
    });
    // A column squeezed until its words wrap letter by letter: a word of a cell broken over lines
    // into pieces of under two characters on average. (A narrow column whose words fit is fine, and
    // so is a long pattern broken once or twice.)
    document.querySelectorAll<HTMLElement>('.vp-doc td, .vp-doc th').forEach((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A word here runs between the places a line may break anyway (spaces, hyphens, slashes).
        for (const word of (node.textContent ?? '').matchAll(/[^\s/-]{4,}/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const pieces = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
          if (pieces.length > 1 && word[0].length / pieces.length < 2)
            problems.push(`table cell "${(cell.textContent ?? '').trim().slice(0, 40)}" is squeezed to ${Math.round(cell.clientWidth)} px: "${word[0]}" wraps letter by letter`);
        }
      }
    });
    return problems;
  });
}

describeWithBrowser('the docs site in Chromium', () => {
  let outDir: string;
  let server: StaticServer;
  let browser: TestBrowser;
  let pages: string[];

  beforeAll(async () => {
    outDir = await builtDocsSite();
    // The newest release's pages (the root); the older releases share its theme.
    const manifest = JSON.parse(await readFile(join(outDir, MANIFEST_FILE), 'utf8')) as VersionsManifest;
    pages = manifest.sites[0]!.pages.map((file) => `/${file}`);
    server = await serveStatic(outDir);
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** What each page showed, gathered in one pass over the site (two tabs: the machine has two cores). */
  const found = { failures: [] as string[], broken: [] as string[], layout: [] as string[], accessibility: [] as string[] };
  /** The contrast signatures (contrastSignatures) of the pages crawled so far, and how many pages color-contrast ran on. */
  const contrastSeen = new Set<string>();
  let contrastChecked = 0;
  let crawled: Promise<void> | undefined;
  const crawl = () =>
    (crawled ??= (async () => {
      const queue = [...pages];
      const worker = async () => {
        const { page, errors } = await axePage(browser);
        for (let path = queue.shift(); path; path = queue.shift()) {
          errors.length = 0;
          const response = await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'load' });
          if (response?.status() !== 200) found.failures.push(`${path}: HTTP ${response?.status()}`);
          await page.waitForSelector('.VPContent h1');
          // The theme mends the default theme's markup once it is mounted.
          await page.waitForSelector('.DocSearch-Button:not([aria-label])');
          const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
          for (const href of hrefs) {
            const url = new URL(href);
            if (url.origin !== server.baseUrl) continue;
            if (!resolveSitePath(outDir, url.pathname)) found.broken.push(`${path} → ${url.pathname}`);
          }
          found.layout.push(...(await layoutProblems(page)).map((problem) => `${path}: ${problem}`));
          const signatures = await contrastSignatures(page);
          const contrast = signatures.some((signature) => !contrastSeen.has(signature));
          for (const signature of signatures) contrastSeen.add(signature);
          if (contrast) contrastChecked += 1;
          found.accessibility.push(...(await accessibilityViolations(page, { contrast })).map((violation) => `${path}: ${violation}`));
          // No error at all: a Try-it panel asks for no sandbox until the reader presses Connect.
          found.failures.push(...errors.map((error) => `${path}: ${error}`));
        }
        await page.close();
      };
      await Promise.all([worker(), worker()]);
    })());

  it('renders every page with no console error, no request off 127.0.0.1, and links that resolve', async () => {
    expect(pages).toContain('/s2s/card-sale.html');
    expect(pages).toContain('/methods/ar-transfer.html');
    await crawl();
    expect(found.failures).toEqual([]);
    expect([...new Set(found.broken)]).toEqual([]);
    expect(browser.offHost).toEqual([]);
  }, 600_000);

  it('paints the landing page with nothing to fetch first, looking as the other pages do', async () => {
    const { page } = await browser.newPage();
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
    // Its stylesheet is inline, and no page links the (empty) social-icon stylesheet.
    expect(stylesheets).toEqual([]);
    const landing = await readFile(join(outDir, 'index.html'), 'utf8');
    const guide = await readFile(join(outDir, 'guide', 'testing.html'), 'utf8');
    const [, linked] = /<link rel="preload stylesheet" href="\/(assets\/style\.[\w-]+\.css)"/.exec(guide) ?? [];
    expect(linked).toBeDefined();
    // The inlined rules are the linked file's, so the landing page looks as it did.
    expect(landing).toContain(`<style>${await readFile(join(outDir, linked!), 'utf8')}</style>`);
    expect([landing, guide].filter((html) => html.includes('vp-icons.css'))).toEqual([]);
    await page.close();
  }, 120_000);

  it('lays every page out at 1400 px: the title clear of the search box, nothing wider than its column', async () => {
    await crawl();
    expect(found.layout).toEqual([]);
  }, 600_000);

  it('has no serious or critical WCAG 2.1 A/AA violation on any page (axe-core)', async () => {
    await crawl();
    expect(found.accessibility).toEqual([]);
    // color-contrast ran on the first page and on every page that showed a new signature.
    expect(contrastChecked).toBeGreaterThan(0);
  }, 600_000);

  it('checks what it claims: axe-core and the layout check find a planted fault', async () => {
    const { page } = await axePage(browser);
    await page.goto(`${server.baseUrl}/s2s/card-sale.html`, { waitUntil: 'load' });
    await page.waitForSelector('.VPContent h1');
    const before = new Set(await contrastSignatures(page));
    await page.evaluate(() => {
      const title = document.querySelector<HTMLElement>('.VPNavBarTitle .title span')!;
      title.style.whiteSpace = 'nowrap';
      title.textContent = `${title.textContent} ${title.textContent}`;
      const wide = document.createElement('table');
      wide.innerHTML = `<tr><td style="white-space:nowrap">${'x'.repeat(400)}</td></tr>`;
      document.querySelector('.vp-doc')!.append(wide);
      const squeezed = document.createElement('table');
      squeezed.innerHTML = `<tr><td style="overflow-wrap:anywhere">Fault</td><td style="white-space:nowrap">${'y '.repeat(300)}</td></tr>`;
      document.querySelector('.vp-doc')!.append(squeezed);
      const button = document.createElement('div');
      button.setAttribute('role', 'button');
      button.innerHTML = '<a href="/">a link inside a button</a>';
      document.querySelector('.vp-doc')!.append(button);
      // Text too faint for its background, in the page's own markup: a class the theme colours.
      const faint = document.createElement('p');
      faint.className = 'faint-note';
      faint.textContent = 'A note nobody can read.';
      document.head.append(Object.assign(document.createElement('style'), { textContent: '.faint-note { color: #c8c8c8; }' }));
      document.querySelector('.vp-doc')!.append(faint);
    });
    expect((await layoutProblems(page)).join('\n')).toMatch(/runs under the search box[\s\S]*table[\s\S]*squeezed/);
    expect((await accessibilityViolations(page, { contrast: false })).join('\n')).toMatch(/nested-interactive/);
    // The faint text is a signature the page did not have, so the crawl would run color-contrast here, and it fails.
    expect((await contrastSignatures(page)).filter((signature) => !before.has(signature))).not.toEqual([]);
    expect((await accessibilityViolations(page, { contrast: true })).join('\n')).toMatch(/color-contrast \(serious\) on 1: \.faint-note/);
    await page.close();
  });

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
