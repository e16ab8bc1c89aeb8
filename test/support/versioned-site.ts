// The versioned docs site of the test release history (release-history.ts): 6.7.0, 6.8.0 and
// 7.0.0, the newest at the root, built as `npm run docs` builds the project's own. The one build
// step of the tests of the versioned site (and of the bench): a cache shared between runs can be
// handed in.
import { join } from 'node:path';
import { writeReleaseSources } from '../../generators/docs-site/release-sources.js';
import { recordedReleases } from '../../generators/docs-site/releases.js';
import { buildDocsSite, type BuiltSite, type DocsSiteOptions } from '../../generators/docs-site/site.js';
import { writeReleaseHistory } from './release-history.js';
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

export async function buildHistorySite(work: string, outDir: string, cacheDir?: string): Promise<BuiltSite> {
  return buildDocsSite(await historySite(work, outDir, cacheDir));
}
