// The published site keeps every release: over a history of 6.7.0, a minor 6.8.0 and an
// acknowledged breaking 7.0.0 (test/support/release-history.ts), the site `npm run docs` builds
// has three release sites, the newest at the root. Chromium opens every page of every release
// (a switcher on each, no console error, every link resolving and staying in its release unless it
// is a link to another release, nothing leaving 127.0.0.1), switches
// between releases on the same page, finds the banner on the older ones, lands on the closest page
// when a release lacks the one being read, and searches each release on its own. Built again,
// each release's site comes from the cache while its sources are the same.
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MANIFEST_FILE, type VersionsManifest } from '../../templates/docs/theme/versions.js';
import { describeWithBrowser, launchBrowser, type TestBrowser } from '../support/browser.js';
import { ADDED_FIELD, FIRST_RELEASE, MAJOR_RELEASE, MINOR_RELEASE, REMOVED_FIELD } from '../support/release-history.js';
import { resolveSitePath, serveStatic, type StaticServer } from '../support/static-server.js';
import { buildDocsSite, type BuiltSite } from '../../generators/docs-site/site.js';
import { builtHistorySite, HISTORY_CACHE, historySite } from '../support/versioned-site.js';

/** Where a Try-it panel first looks for the reader's sandbox (templates/docs/theme/try-it-panel.ts): none runs here. */
const DEFAULT_SANDBOX = 'http://127.0.0.1:8080';
const unexpected = (errors: readonly string[]) => errors.filter((error) => !error.endsWith(`(${DEFAULT_SANDBOX}/_sandbox)`));

describeWithBrowser('the published site with three releases, in Chromium', () => {
  let outDir: string;
  let site: { manifest: VersionsManifest };
  let server: StaticServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    outDir = await builtHistorySite();
    site = { manifest: JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as VersionsManifest };
    server = await serveStatic(outDir);
    browser = await launchBrowser();
  }, 1_800_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const url = (path: string) => `${server.baseUrl}${path}`;
  const allPages = () => site.manifest.sites.flatMap((release) => release.pages.map((page) => `${release.path}${page}`));

  it('builds the newest release at the root and each other one under /v/<version>/, each with its own search index', () => {
    expect(site.manifest.newest).toBe(MAJOR_RELEASE);
    expect(site.manifest.sites.map((release) => [release.release, release.path])).toEqual([
      [MAJOR_RELEASE, '/'],
      [MINOR_RELEASE, `/v/${MINOR_RELEASE}/`],
      [FIRST_RELEASE, `/v/${FIRST_RELEASE}/`],
    ]);
    for (const release of site.manifest.sites) {
      expect(release.pages).toContain('s2s/card-capture.html');
      const assets = readdirSync(join(outDir, release.path, 'assets', 'chunks'));
      expect(assets.filter((name) => name.startsWith('@localSearchIndex')), release.release).toHaveLength(1);
    }
    expect(site.manifest.sites[0]!.pages).toContain(`upgrade/${FIRST_RELEASE}-to-${MAJOR_RELEASE}.html`);
    expect(site.manifest.guides).toEqual([`${FIRST_RELEASE}-to-${MINOR_RELEASE}`, `${FIRST_RELEASE}-to-${MAJOR_RELEASE}`, `${MINOR_RELEASE}-to-${MAJOR_RELEASE}`]);
  });

  it('opens every page of every release with the switcher, no console error, links that resolve, nothing off 127.0.0.1', async () => {
    const failures: string[] = [];
    const broken: string[] = [];
    const strays: string[] = [];
    const queue = allPages();
    expect(queue.length).toBeGreaterThan(300);
    const worker = async () => {
      const { page, errors } = await browser.newPage();
      for (let path = queue.shift(); path; path = queue.shift()) {
        errors.length = 0;
        const response = await page.goto(url(path), { waitUntil: 'load' });
        if (response?.status() !== 200) failures.push(`${path}: HTTP ${response?.status()}`);
        // The switcher's list is filled from the manifest once the page has read it.
        await page.waitForSelector('.VPNavBar .version-switcher-list li:nth-child(3) a', { state: 'attached' });
        const anchors = await page.$$eval('a[href]', (found) => found.map((anchor) => ({ href: (anchor as HTMLAnchorElement).href, leaves: anchor.hasAttribute('target') })));
        // A page's own links stay in its release; only the switcher's, the banner's and the guides' leave it (with a target, past the router).
        const release = /^\/v\/[^/]+\//.exec(path)?.[0] ?? '/';
        for (const { href, leaves } of anchors) {
          const target = new URL(href);
          if (target.origin !== server.baseUrl) continue;
          if (!resolveSitePath(outDir, target.pathname)) broken.push(`${path} → ${target.pathname}`);
          const inRelease = release === '/' ? !target.pathname.startsWith('/v/') : target.pathname.startsWith(release);
          if (!leaves && !inRelease) strays.push(`${path} → ${target.pathname}`);
        }
        failures.push(...unexpected(errors).map((error) => `${path}: ${error}`));
      }
      await page.close();
    };
    await Promise.all([worker(), worker()]);
    expect(failures).toEqual([]);
    expect([...new Set(broken)]).toEqual([]);
    expect([...new Set(strays)]).toEqual([]);
    expect(browser.offHost).toEqual([]);
  }, 1_800_000);

  it('switches between releases on the same page, with the banner on the older ones', async () => {
    const { page, errors } = await browser.newPage();
    const open = async (release: string) => {
      await page.click('.VPNavBar .version-switcher-button');
      await Promise.all([page.waitForEvent('load'), page.click(`.VPNavBar .version-switcher-list a:text-matches("^${release.replace(/\./g, '\\.')}")`)]);
    };
    await page.goto(url('/s2s/card-capture.html'));
    await expect(page.locator('.VPNavBar .version-switcher-button').innerText()).resolves.toContain(`Release ${MAJOR_RELEASE}`);
    expect(await page.locator('.release-banner').count()).toBe(0);

    await open(MINOR_RELEASE);
    expect(new URL(page.url()).pathname).toBe(`/v/${MINOR_RELEASE}/s2s/card-capture.html`);
    const banner = page.locator('.release-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(new RegExp(`reading release ${MINOR_RELEASE}.*newest release is ${MAJOR_RELEASE}`, 's'));
    expect(await banner.locator('a', { hasText: 'Upgrade guide' }).getAttribute('href')).toBe(`/upgrade/${MINOR_RELEASE}-to-${MAJOR_RELEASE}.html`);
    // The older release still documents the field the newer one removed.
    expect(await page.locator('.vp-doc').innerText()).toContain(REMOVED_FIELD);

    await open(FIRST_RELEASE);
    expect(new URL(page.url()).pathname).toBe(`/v/${FIRST_RELEASE}/s2s/card-capture.html`);
    await page.locator('.release-banner').waitFor();
    await Promise.all([page.waitForEvent('load'), page.locator('.release-banner a', { hasText: `This page in ${MAJOR_RELEASE}` }).click()]);
    expect(new URL(page.url()).pathname).toBe('/s2s/card-capture.html');
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  }, 120_000);

  it('opens the closest page, and says so, in a release that lacks the page being read', async () => {
    const { page } = await browser.newPage();
    await page.goto(url(`/upgrade/${FIRST_RELEASE}-to-${MAJOR_RELEASE}.html`));
    await page.click('.VPNavBar .version-switcher-button');
    const entry = page.locator('.VPNavBar .version-switcher-list li', { hasText: new RegExp(`^${FIRST_RELEASE.replace(/\./g, '\\.')} ·`) });
    expect(await entry.innerText()).toContain('not in this release');
    await Promise.all([page.waitForEvent('load'), entry.locator('a').click()]);
    expect(new URL(page.url()).pathname).toBe(`/v/${FIRST_RELEASE}/`);
    await expect(page.locator('.release-banner-missing').innerText()).resolves.toContain(`upgrade/${FIRST_RELEASE}-to-${MAJOR_RELEASE} is not in release ${FIRST_RELEASE}`);
    await page.close();
  }, 120_000);

  it('the upgrade guide to the major release lists the breaking change first, with the field, what to do and a before/after', async () => {
    const { page } = await browser.newPage();
    await page.goto(url('/upgrade/'));
    await page.selectOption('#upgrade-from', FIRST_RELEASE);
    await page.selectOption('#upgrade-to', MAJOR_RELEASE);
    await page.click('.upgrade-form-button');
    await page.waitForURL(`**/upgrade/${FIRST_RELEASE}-to-${MAJOR_RELEASE}.html`);
    await page.locator('.vp-doc h1', { hasText: `Upgrading from ${FIRST_RELEASE} to ${MAJOR_RELEASE}` }).waitFor();
    const text = await page.locator('.vp-doc').innerText();
    const breaking = text.indexOf('What you must change');
    const removal = text.indexOf(`${REMOVED_FIELD} (request): no longer accepted`);
    expect(breaking).toBeGreaterThan(0);
    expect(removal).toBeGreaterThan(breaking);
    expect(text.indexOf('Other changes')).toBeGreaterThan(removal);
    expect(text.indexOf(ADDED_FIELD)).toBeGreaterThan(text.indexOf('Other changes'));
    // What to do (the gate's words), then the field as 6.7.0's CAPTURE example sends it, and that 7.0.0's does not.
    const entry = text.slice(removal, text.indexOf('Other changes'));
    expect(entry).toContain('a request that sends it may be refused');
    expect(entry).toMatch(new RegExp(`${FIRST_RELEASE} \\(example CAPTURE\\):[\\s\\S]*${REMOVED_FIELD}=1\\.99[\\s\\S]*${MAJOR_RELEASE}: no example carries ${REMOVED_FIELD}`));
    await page.close();
  }, 120_000);

  it('searches each release on its own', async () => {
    const { page, errors } = await browser.newPage();
    const results = async (path: string, query: string) => {
      await page.goto(url(path));
      await page.click('#local-search button');
      await page.fill('.VPLocalSearchBox input', query);
      await page.locator('.VPLocalSearchBox .result mark').first().waitFor({ timeout: 20_000 });
      return page.locator('.VPLocalSearchBox .result').evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
    };
    const found = await results(`/v/${FIRST_RELEASE}/`, 'CAPTURE');
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((path) => !path.startsWith(`/v/${FIRST_RELEASE}/`))).toEqual([]);
    expect((await results('/', 'CAPTURE')).filter((path) => path.startsWith('/v/'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('serves each release\'s own spec and Try-it data', () => {
    for (const release of site.manifest.sites) {
      expect(existsSync(join(outDir, release.path, 'openapi.yaml')), release.release).toBe(true);
      expect(resolveSitePath(outDir, `${release.path}try-it/s2s/card-capture.json`), release.release).toBeDefined();
    }
  });

  it('takes each release\'s site from the cache while its sources are the same, and builds a changed one alone', async () => {
    const work = await mkdtemp(join(tmpdir(), 'docs-history-again-'));
    try {
      cpSync(HISTORY_CACHE, join(work, 'cache'), { recursive: true });
      const options = await historySite(work, join(work, 'site'), join(work, 'cache'));
      const reused = (built: BuiltSite) => Object.fromEntries(built.builds.map((build) => [build.release, build.reused]));
      expect(reused(await buildDocsSite(options))).toEqual({ [FIRST_RELEASE]: true, [MINOR_RELEASE]: true, [MAJOR_RELEASE]: true });
      const change = 'A change to the newest release alone.';
      appendFileSync(join(options.root.sources, 'docs', 'index.md'), `\n${change}\n`);
      expect(reused(await buildDocsSite(options))).toEqual({ [FIRST_RELEASE]: true, [MINOR_RELEASE]: true, [MAJOR_RELEASE]: false });
      expect(readFileSync(join(options.outDir, 'index.html'), 'utf8')).toContain(change);
      expect(readFileSync(join(options.outDir, 'v', FIRST_RELEASE, 'index.html'), 'utf8')).not.toContain(change);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 900_000);
});
