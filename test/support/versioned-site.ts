// The versioned docs site of the test release history (release-history.ts): 6.7.0, 6.8.0 and
// 7.0.0, the newest at the root, built as `npm run docs` builds the project's own. The bench
// builds it with `historySite`; the tests share one build (shared-builds.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReleaseSources } from '../../generators/docs-site/release-sources.js';
import { recordedReleases } from '../../generators/docs-site/releases.js';
import { buildDocsSite, type DocsSiteOptions } from '../../generators/docs-site/site.js';
import { FIRST_RELEASE, writeReleaseHistory } from './release-history.js';
import { sharedBuild } from './shared-builds.js';
import { PROJECT_ROOT } from './spec-examples.js';

/** Writes the history into `work` (its releases, and the newest one's generated/ as the root's sources) and gives the site's options. */
export async function historySite(work: string, outDir: string, cacheDir = join(work, 'cache')): Promise<DocsSiteOptions> {
  const releasesDir = join(work, 'releases');
  writeReleaseHistory(releasesDir);
  const newest = recordedReleases(releasesDir).at(-1)!;
  // The newest release's own generated/, as `npm run generate` would write it at that release.
  await writeReleaseSources(PROJECT_ROOT, newest, join(work, 'root'));
  return {
    projectRoot: PROJECT_ROOT,
    releasesDir,
    root: { sources: join(work, 'root', 'generated'), release: newest.version, interfaceVersion: newest.interfaceVersion },
    outDir,
    cacheDir,
  };
}

/**
 * Where the history site's builder keeps its cache between runs (outside the shared builds'
 * folder, whose older builds are removed): a test copies it to build the history again.
 */
export const HISTORY_CACHE = join(PROJECT_ROOT, 'test', '.output', 'docs-history-cache');

/** The history's site, built once per content of what makes it and shared by the tests. */
export const builtHistorySite = (): Promise<string> =>
  sharedBuild('docs-history', [`spec/releases/${FIRST_RELEASE}.yaml`, 'spec/deployment.yaml', 'test/support/release-history.ts', 'test/support/versioned-site.ts', 'generators', 'templates', 'generated/client/package.json', 'generated/sandbox/package.json', 'package-lock.json'], async (outDir) => {
    const work = await mkdtemp(join(tmpdir(), 'docs-history-'));
    try {
      await buildDocsSite(await historySite(work, outDir, HISTORY_CACHE));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
