// The versioned docs site of the test release history (release-history.ts): 6.7.0, 6.8.0 and
// 7.0.0, the newest at the root, built as `npm run docs` builds the project's own. The one build
// step of the tests of the versioned site: a cache shared between runs can be handed in.
import { join } from 'node:path';
import { writeReleaseSources } from '../../generators/docs-site/release-sources.js';
import { recordedReleases } from '../../generators/docs-site/releases.js';
import { buildDocsSite, type BuiltSite } from '../../generators/docs-site/site.js';
import { writeReleaseHistory } from './release-history.js';
import { PROJECT_ROOT } from './spec-examples.js';

export async function buildHistorySite(work: string, outDir: string, cacheDir = join(work, 'cache'), log?: (line: string) => void): Promise<BuiltSite> {
  const releasesDir = join(work, 'releases');
  writeReleaseHistory(releasesDir);
  const newest = recordedReleases(releasesDir).at(-1)!;
  // The newest release's own generated/, as `npm run generate` would write it at that release.
  await writeReleaseSources(PROJECT_ROOT, newest, join(work, 'root'));
  return buildDocsSite({
    projectRoot: PROJECT_ROOT,
    releasesDir,
    root: { sources: join(work, 'root', 'generated'), release: newest.version, interfaceVersion: newest.interfaceVersion },
    outDir,
    cacheDir,
    ...(log ? { log } : {}),
  });
}
