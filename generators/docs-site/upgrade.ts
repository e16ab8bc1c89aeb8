// The upgrade guides of the published site: one page per pair of recorded releases (older to
// newer), each written from the breaking-change gate's comparison of the two bundles as the gate
// reads them (`specAt`: the bundle and the deployment settings recorded beside it), and the index
// page. A guide is cached by the bundles it compares, where each release's site is, and the
// toolchain: the gate takes seconds per pair.
import { readFileSync } from 'node:fs';
import { guideName, UPGRADE_FOLDER } from '../../templates/docs/theme/versions.js';
import { upgradeIndexPage, upgradePage, type GuideRelease } from '../emitters/docs/pages/upgrade-page.js';
import { buildSpecModel } from '../model/spec-model.js';
import { compareSurfaces } from '../spec-diff/compare.js';
import { specAt } from '../spec-diff/main.js';
import { merchantSurface, type SpecInput, type Surface } from '../spec-diff/surface.js';
import { contentKey, type ContentCache } from './cache.js';
import type { RecordedRelease } from './releases.js';

/** Page path (under the site, `upgrade/6.7.0-to-7.0.0.md`) → Markdown. */
export type Pages = ReadonlyMap<string, string>;

export async function upgradeGuides(options: {
  readonly releases: readonly RecordedRelease[];
  /** Where each release's site is (`/`, `/v/6.7.0/`). */
  readonly sitePath: (version: string) => string;
  readonly cache: ContentCache;
  /** The toolchain's fingerprint: a guide is written again when the code that writes it changes. */
  readonly toolchain: string;
}): Promise<Pages> {
  const { releases, sitePath, cache } = options;
  const inputs = new Map<string, Promise<SpecInput>>();
  const input = (release: RecordedRelease) => inputs.get(release.version) ?? inputs.set(release.version, specAt(release.bundle)).get(release.version)!;
  const sides = new Map<string, Promise<{ side: GuideRelease; surface: Surface }>>();
  const side = (release: RecordedRelease) =>
    sides.get(release.version) ??
    sides
      .set(
        release.version,
        input(release).then((spec) => ({
          side: { version: release.version, interfaceVersion: release.interfaceVersion, model: buildSpecModel(spec.document, [release.bundle]), site: sitePath(release.version) },
          surface: merchantSurface(spec),
        })),
      )
      .get(release.version)!;
  const recorded = (release: RecordedRelease) => [readFileSync(release.bundle), release.deployment ? readFileSync(release.deployment) : ''];

  const pages = new Map<string, string>();
  pages.set(`${UPGRADE_FOLDER}/index.md`, upgradeIndexPage(releases));
  for (const [index, from] of releases.entries()) {
    for (const to of releases.slice(index + 1)) {
      const key = contentKey(options.toolchain, from.version, sitePath(from.version), ...recorded(from), to.version, sitePath(to.version), ...recorded(to));
      const text = await cache.text('upgrade', key, async () => {
        const [older, newer] = await Promise.all([side(from), side(to)]);
        return upgradePage(older.side, newer.side, compareSurfaces(older.surface, newer.surface));
      });
      pages.set(`${UPGRADE_FOLDER}/${guideName(from.version, to.version)}.md`, text);
    }
  }
  return pages;
}
