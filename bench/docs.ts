// The docs site against the single Redoc page it replaced (built here from the bundled spec with
// `redocly build-docs --inlineBundle`, as the old emitter did): first-load weight of the landing
// page and of the heaviest pages (gzipped bytes of everything Chromium fetches), first
// contentful paint, and build time. Target: every page under 150 kB gzipped on first load.
// Then the site with three recorded releases (test/support/release-history.ts): `npm run docs`
// against one release's site, from an empty cache, on a new release (the older releases' builds
// cached), and with nothing changed; and the newest release's largest page.
import { appendFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { projectSite } from '../generators/docs-site/main.js';
import { buildDocsSite } from '../generators/docs-site/site.js';
import { CHROMIUM_PATH } from '../test/support/browser.js';
import { historySite } from '../test/support/versioned-site.js';
import { serveStatic } from '../test/support/static-server.js';
import { PROJECT_ROOT } from '../test/support/spec-examples.js';
import { runNode } from './generate-time.js';
import { compareRuns, figure, median, type BenchOptions, type Figure } from './harness.js';

const REDOCLY = join(PROJECT_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const BUDGET_KB = 150;
/** The panel page with the most panel data (an example per APM method). */
const TRY_IT_PAGE = '/s2s/apm-sale.html';

/** `npm run docs` of the project as it stands, from an empty cache. */
async function buildSite(outDir: string): Promise<number> {
  const started = performance.now();
  await buildDocsSite(projectSite(PROJECT_ROOT, outDir, `${outDir}-cache`));
  const ms = performance.now() - started;
  await rm(`${outDir}-cache`, { recursive: true, force: true });
  return ms;
}

async function buildRedoc(outDir: string): Promise<number> {
  const spec = join(PROJECT_ROOT, 'generated', 'openapi.yaml');
  const run = await runNode([REDOCLY, 'build-docs', spec, '--inlineBundle', '-o', join(outDir, 'index.html')], { timeoutMs: 600_000 });
  if (run.code !== 0) throw new Error(`redocly build-docs failed:\n${run.stderr.slice(-2000)}`);
  return run.ms;
}

interface Load {
  /** Gzipped bytes of every response of the first load. */
  readonly bytes: number;
  readonly fcpMs: number;
}

/** Opens a page in a fresh context (empty cache) and sums the gzipped size of every response. */
async function firstLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => sizes.push(response.body().then((body) => gzipSync(body).length, () => 0)));
  await page.goto(url, { waitUntil: 'networkidle' });
  const fcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0];
        if (entry) resolve(entry.startTime);
        else new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({ type: 'paint', buffered: true });
      }),
  );
  const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  await context.close();
  return { bytes, fcpMs };
}

/** The built pages with the largest HTML files (of the newest release: not under v/): the candidates for the heaviest first load. */
async function heaviestPages(root: string, count: number): Promise<string[]> {
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html') && file !== '404.html' && !file.startsWith('v/'));
  const sized = await Promise.all(files.map(async (file) => [file, (await stat(join(root, file))).size] as const));
  return sized
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([file]) => `/${file}`);
}

type Weight = Pick<Figure, 'family' | 'unit' | 'better' | 'baseline' | 'baselineLabel'>;

/**
 * The site with three recorded releases. Build times against one release's site (the newest alone,
 * from the same sources, its own empty cache), each build measured once (a build takes tens of
 * seconds): from an empty cache; on a new release, where only the newest release's sources
 * changed (the older releases' builds and the guides come from the cache); and with nothing
 * changed. Then the newest release's largest page and an older release's page, on first load.
 */
async function benchReleases(browser: Browser, work: string, weight: Weight, budget: Figure['targets']): Promise<Figure[]> {
  const options = await historySite(join(work, 'history'), join(work, 'site'), join(work, 'cache'));
  const alone = join(work, 'one-release');
  await mkdir(alone, { recursive: true });
  for (const suffix of ['yaml', 'md']) await copyFile(join(options.releasesDir, `${options.root.release}.${suffix}`), join(alone, `${options.root.release}.${suffix}`));
  const time = async <T>(run: () => Promise<T>): Promise<[number, T]> => {
    const started = performance.now();
    const result = await run();
    return [performance.now() - started, result];
  };
  const [one] = await time(() => buildDocsSite({ ...options, releasesDir: alone, outDir: join(work, 'one-site'), cacheDir: join(work, 'one-cache') }));
  const [cold, coldBuilt] = await time(() => buildDocsSite(options));
  appendFileSync(join(options.root.sources, 'docs', 'index.md'), '\nA change to the newest release only.\n');
  const [release, releaseBuilt] = await time(() => buildDocsSite(options));
  const [again, againBuilt] = await time(() => buildDocsSite(options));
  const reused = (built: typeof coldBuilt) => `${built.builds.filter((entry) => entry.reused).length} of ${built.builds.length} release sites from the cache`;
  const speed = { family: 'docs', unit: 'ms', better: 'lower' as const, baseline: one, baselineLabel: "one release's site" };
  const served = await serveStatic(options.outDir);
  try {
    const heavy = await heaviestPages(options.outDir, 8);
    const loads = await Promise.all(heavy.map(async (path) => [path, await firstLoad(browser, `${served.baseUrl}${path}`)] as const));
    const [heaviestPath, heaviest] = loads.reduce((a, b) => (b[1].bytes > a[1].bytes ? b : a));
    const older = coldBuilt.manifest.sites.at(-1)!;
    const [newestPage, olderPage] = [await firstLoad(browser, `${served.baseUrl}${TRY_IT_PAGE}`), await firstLoad(browser, `${served.baseUrl}${older.path}${TRY_IT_PAGE.slice(1)}`)];
    return [
      figure({ ...speed, name: 'npm run docs with three releases, on a new release (older releases from the cache)', ours: release, targets: [{ kind: 'ratio', op: '<=', value: 2 }], notes: [reused(releaseBuilt)] }),
      figure({ ...speed, name: 'npm run docs with three releases, from an empty cache', ours: cold, targets: [{ kind: 'report' }], notes: [reused(coldBuilt)] }),
      figure({ ...speed, name: 'npm run docs with three releases, nothing changed', ours: again, targets: [{ kind: 'report' }], notes: [reused(againBuilt)] }),
      figure({ ...weight, name: 'largest page of the newest of three releases, first load', ours: heaviest.bytes / 1024, targets: budget, notes: [`largest first load: ${heaviestPath} (of the ${heavy.length} largest HTML files of the newest release)`] }),
      figure({ ...weight, name: `${TRY_IT_PAGE} of the oldest release (${older.release}, banner and manifest), first load`, ours: olderPage.bytes / 1024, targets: budget, notes: [`the newest release's: ${(newestPage.bytes / 1024).toFixed(1)} kB gz`] }),
    ];
  } finally {
    await served.close();
  }
}

export async function benchDocs(options: BenchOptions): Promise<Figure[]> {
  const work = await mkdtemp(join(tmpdir(), 'bench-docs-'));
  const site = join(work, 'site');
  const redoc = join(work, 'redoc');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const build = await compareRuns(() => buildSite(site), () => buildRedoc(redoc), { runs: options.quick ? 1 : 3, warmup: 0 });
    const ours = await serveStatic(site);
    const baseline = await serveStatic(redoc);
    try {
      // As every figure: a warm-up load of each (the browser's first page pays its own start-up),
      // then rounds in alternating order (A, B, then B, A, ...), median of the rounds.
      const rounds = options.quick ? 1 : 9;
      const landing: Load[] = [];
      const redocLoads: Load[] = [];
      const loadOurs = async () => landing.push(await firstLoad(browser, `${ours.baseUrl}/`));
      const loadRedoc = async () => redocLoads.push(await firstLoad(browser, `${baseline.baseUrl}/`));
      if (!options.quick) {
        await firstLoad(browser, `${ours.baseUrl}/`);
        await firstLoad(browser, `${baseline.baseUrl}/`);
      }
      for (let round = 0; round < rounds; round++) {
        if (round % 2 === 0) {
          await loadOurs();
          await loadRedoc();
        } else {
          await loadRedoc();
          await loadOurs();
        }
      }
      const heavy = await heaviestPages(site, options.quick ? 2 : 8);
      const heavyLoads = await Promise.all(heavy.map(async (path) => [path, await firstLoad(browser, `${ours.baseUrl}${path}`)] as const));
      const [heaviestPath, heaviest] = heavyLoads.reduce((a, b) => (b[1].bytes > a[1].bytes ? b : a));
      // A page whose Try-it panel (its chunk, its data and its validator) loads with it; the panel
      // looks for a sandbox that is not running here, as on a reader's first visit.
      const panelLoad = await firstLoad(browser, `${ours.baseUrl}${TRY_IT_PAGE}`);
      const redocKb = median(redocLoads.map((load) => load.bytes)) / 1024;
      const weight = { family: 'docs', unit: 'kB gz', better: 'lower' as const, baseline: redocKb, baselineLabel: 'single Redoc page' };
      const budget = [{ kind: 'absolute' as const, op: '<' as const, value: BUDGET_KB, unit: 'kB' }];
      return [
        figure({ ...weight, name: 'landing page, first load', ours: median(landing.map((load) => load.bytes)) / 1024, targets: budget }),
        figure({ ...weight, name: 'largest page, first load', ours: heaviest.bytes / 1024, targets: budget, notes: [`largest first load: ${heaviestPath} (of the ${heavy.length} largest HTML files)`] }),
        figure({ ...weight, name: 'page with the Try-it panel, first load', ours: panelLoad.bytes / 1024, targets: budget, notes: [`${TRY_IT_PAGE}: the page's examples for every APM method`] }),
        figure({
          family: 'docs',
          name: 'first contentful paint, landing page',
          unit: 'ms',
          better: 'lower',
          ours: median(landing.map((load) => load.fcpMs)),
          baseline: median(redocLoads.map((load) => load.fcpMs)),
          baselineLabel: 'single Redoc page',
          targets: [{ kind: 'ratio', op: '<=', value: 1 }],
        }),
        figure({ family: 'docs', name: 'site build', unit: 'ms', better: 'lower', ours: build.ours, baseline: build.baseline, baselineLabel: 'redocly build-docs', targets: [{ kind: 'report' }] }),
        ...(await benchReleases(browser, join(work, 'releases'), weight, budget)),
      ];
    } finally {
      await ours.close();
      await baseline.close();
    }
  } finally {
    await browser.close();
    await rm(work, { recursive: true, force: true });
  }
}
