// The published docs site: the newest release at the root (the project's generated/docs, with the
// upgrade guides), and every other recorded release under `v/<version>/`, each its own VitePress
// build with its own base, so each keeps its own pages, search index and Try-it data, and grows
// no page of another. A manifest at the root (templates/docs/theme/versions.ts) lists the
// releases and their pages for the switcher and the banner, which read it in the browser: a
// release's build never changes when a newer release is made, so it comes from the cache.
//
// Why one build per release and not one site with a folder (or a VitePress locale) per release,
// as vitepress-versioning-plugin and @viteplus/versions do: VitePress writes the whole site's
// config and page map into every page, so each release would make every page of every release
// heavier; and a new release would rebuild them all. @lando/vitepress-theme-default-plus builds
// one site per version too, but from git tags and with its own theme: ours come from
// spec/releases/ and extend the default theme.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { MANIFEST_FILE, releasePath, type ReleaseSite, type VersionsManifest } from '../../templates/docs/theme/versions.js';
import { compareVersions } from '../release/semver.js';
import { digestFiles, TOOLCHAIN_INPUTS } from '../emitter-cache.js';
import { ContentCache, contentKey } from './cache.js';
import { recordedReleases, type RecordedRelease } from './releases.js';
import { releaseManifests, writeReleaseSources } from './release-sources.js';
import { upgradeGuides } from './upgrade.js';

export interface DocsSiteOptions {
  /** The toolchain: templates, node_modules, the generated package manifests. */
  readonly projectRoot: string;
  /** The recorded releases (spec/releases/). */
  readonly releasesDir: string;
  /** The newest release's sources, laid out as generated/ (`docs/`, `client/src/`, `openapi.yaml`), and its versions. */
  readonly root: { readonly sources: string; readonly release: string; readonly interfaceVersion: string };
  readonly outDir: string;
  readonly cacheDir: string;
  readonly log?: (line: string) => void;
}

export interface BuiltSite {
  readonly manifest: VersionsManifest;
  /** Each site's build: reused from the cache or made now, and how long it took. */
  readonly builds: readonly { readonly release: string; readonly reused: boolean; readonly ms: number }[];
}

/** What decides what the generators write: their code, the templates, the configs and the locked packages (as `npm run generate`'s cache keys them). */
export const toolchainFingerprint = (projectRoot: string): Promise<string> => digestFiles(projectRoot, ['generators', ...TOOLCHAIN_INPUTS]);

/** A site's sources as its build reads them: the pages, config and theme, the validators the panels run, the spec offered for download. */
const sourcesDigest = (generated: string): Promise<string> => digestFiles(generated, ['docs', 'client/src', 'openapi.yaml']);

const run = promisify(execFile);

/**
 * Builds `generated/docs` of a staged folder (which links the project's node_modules) with `base`,
 * in a process of its own: VitePress keeps its Markdown renderer, and the base its links were
 * written with, from one build to the next in a process.
 */
async function vitepressBuild(projectRoot: string, stage: string, base: string, outDir: string): Promise<void> {
  const cli = join(projectRoot, 'node_modules', 'vitepress', 'bin', 'vitepress.js');
  try {
    await run(process.execPath, [cli, 'build', join(stage, 'generated', 'docs'), '--base', base, '--outDir', outDir], { cwd: stage, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`vitepress build of ${base} failed:\n${`${stdout ?? ''}${stderr ?? ''}`.slice(-3000)}`, { cause: error });
  }
}

/** Every page of a built site, as its file (`s2s/card-sale.html`). */
function builtPages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html') && !(entry.parentPath === dir && entry.name === '404.html'))
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1).replace(/\\/g, '/'))
    .sort();
}

export async function buildDocsSite(options: DocsSiteOptions): Promise<BuiltSite> {
  const { projectRoot, root } = options;
  const log = options.log ?? (() => {});
  const releases = recordedReleases(options.releasesDir);
  const newer = releases.filter((release) => compareVersions(release.version, root.release) > 0);
  if (newer.length > 0) throw new Error(`The site's newest release is ${root.release} (the packages' version), but ${newer.map((release) => release.version).join(', ')} is recorded in ${options.releasesDir}`);
  const older = releases.filter((release) => release.version !== root.release).reverse();
  const sitePath = (version: string) => (version === root.release ? '/' : releasePath('/', version));
  const cache = new ContentCache(options.cacheDir);
  const toolchain = await toolchainFingerprint(projectRoot);
  const lockfile = readFileSync(join(projectRoot, 'package-lock.json'));
  const work = await mkdtemp(join(tmpdir(), 'docs-site-'));
  const builds: { release: string; reused: boolean; ms: number }[] = [];
  try {
    /** Stages a generated/ folder beside the project's node_modules and builds it, or takes its build from the cache. */
    const site = async (release: string, generated: string, stageGenerated: (into: string) => void): Promise<string> => {
      const started = performance.now();
      const stage = join(work, release);
      mkdirSync(stage, { recursive: true });
      symlinkSync(join(projectRoot, 'node_modules'), join(stage, 'node_modules'), 'dir');
      stageGenerated(join(stage, 'generated'));
      const base = sitePath(release);
      const key = contentKey(base, lockfile, await sourcesDigest(join(stage, 'generated')));
      let reused = true;
      const built = await cache.folder('site', key, async (into) => {
        reused = false;
        log(`docs ${release}: building ${base} from ${generated}`);
        await vitepressBuild(projectRoot, stage, base, into);
      });
      builds.push({ release, reused, ms: performance.now() - started });
      log(`docs ${release}: ${reused ? 'reused from the cache' : 'built'} in ${Math.round(performance.now() - started)} ms`);
      return built;
    };

    const sites: { release: ReleaseSite; built: string }[] = [];
    for (const release of older) {
      const sources = await releaseSources(projectRoot, release, cache, toolchain, log);
      const built = await site(release.version, join(sources, 'generated'), (into) => cpSync(join(sources, 'generated'), into, { recursive: true, verbatimSymlinks: true }));
      sites.push({ release: { release: release.version, interfaceVersion: release.interfaceVersion, path: sitePath(release.version), pages: builtPages(built) }, built });
    }

    const guides = await upgradeGuides({ releases, sitePath, cache, toolchain });
    const rootBuilt = await site(root.release, root.sources, (into) => {
      mkdirSync(into, { recursive: true });
      cpSync(join(root.sources, 'docs'), join(into, 'docs'), { recursive: true });
      for (const [path, text] of guides) {
        mkdirSync(dirname(join(into, 'docs', path)), { recursive: true });
        writeFileSync(join(into, 'docs', path), text);
      }
      symlinkSync(join(root.sources, 'client'), join(into, 'client'), 'dir');
      cpSync(join(root.sources, 'openapi.yaml'), join(into, 'openapi.yaml'));
    });
    sites.unshift({ release: { release: root.release, interfaceVersion: root.interfaceVersion, path: '/', pages: builtPages(rootBuilt) }, built: rootBuilt });

    const manifest: VersionsManifest = {
      newest: root.release,
      sites: sites.map((entry) => entry.release),
      guides: [...guides.keys()].map((path) => /([^/]+)\.md$/.exec(path)![1]!).filter((name) => name !== 'index'),
    };
    rmSync(options.outDir, { recursive: true, force: true });
    for (const { release, built } of sites) cpSync(built, join(options.outDir, release.path), { recursive: true });
    writeFileSync(join(options.outDir, MANIFEST_FILE), `${JSON.stringify(manifest)}\n`);
    cache.prune();
    return { manifest, builds };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A recorded release's generated sources, from the cache while its bundle and the toolchain are the same. */
async function releaseSources(projectRoot: string, release: RecordedRelease, cache: ContentCache, toolchain: string, log: (line: string) => void): Promise<string> {
  const deployment = release.deployment ?? join(projectRoot, 'spec', 'deployment.yaml');
  const manifests = [...releaseManifests(projectRoot, release.version).values()].map((file) => file.contents);
  const key = contentKey(toolchain, release.version, readFileSync(release.bundle), existsSync(deployment) ? readFileSync(deployment) : '', ...manifests);
  return cache.folder('release', key, async (into) => {
    log(`docs ${release.version}: generating its pages from ${release.bundle}`);
    await writeReleaseSources(projectRoot, release, into);
  });
}
