// `npm run docs [-- --out DIR]`: builds the published docs site into dist/docs/ (site.ts): the
// project's generated/docs at the root as the packages' release, every other release recorded in
// spec/releases/ under v/<version>/, and the upgrade guides between them. Builds are cached by
// content in node_modules/.cache/docs-site/, so a release's site is built once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { TOOLCHAIN_ROOT } from '../locations.js';
import { buildDocsSite, type DocsSiteOptions } from './site.js';

/** The site of a project as it stands: its generated/ at the root, at the version its client package carries. */
export function projectSite(projectRoot: string, outDir: string, cacheDir = join(projectRoot, 'node_modules', '.cache', 'docs-site')): DocsSiteOptions {
  const client = JSON.parse(readFileSync(join(projectRoot, 'generated', 'client', 'package.json'), 'utf8')) as { version: string; 'x-generated-from': { specVersion: string } };
  return {
    projectRoot,
    releasesDir: join(projectRoot, 'spec', 'releases'),
    root: { sources: join(projectRoot, 'generated'), release: client.version, interfaceVersion: client['x-generated-from'].specVersion },
    outDir,
    cacheDir,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const started = performance.now();
  const outDir = values.out ?? join(TOOLCHAIN_ROOT, 'dist', 'docs');
  const { manifest, builds } = await buildDocsSite({ ...projectSite(TOOLCHAIN_ROOT, outDir), log: (line) => console.log(line) });
  console.log(
    `Built ${manifest.sites.length} release site(s) (${builds.filter((build) => build.reused).length} from the cache) and ${manifest.guides.length} upgrade guide(s) into ${outDir} in ${Math.round(performance.now() - started)} ms.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
