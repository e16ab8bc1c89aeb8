// The published site keeps every recorded release: the newest at the root, each other release
// built on its own under `v/<release>/` (generators/docs-site). One manifest at the root lists
// them with their pages; the version switcher and the old-release banner read it when a page
// loads, so a release's site, built once and cached, learns of the releases made after it.
// The site builder imports the same names, so the layout it writes is the one read here.

/** The manifest's file name, at the site's root. */
export const MANIFEST_FILE = 'versions.json';
/** Where an older release's site lives, under the root: `v/6.7.0/`. */
export const RELEASES_FOLDER = 'v';
/** The upgrade guides' folder at the root: `upgrade/6.7.0-to-7.0.0.html`, and its index. */
export const UPGRADE_FOLDER = 'upgrade';

export interface ReleaseSite {
  /** The packages' version the site documents (`7.0.0`). */
  readonly release: string;
  /** The interface version (`info.version`) of that release. */
  readonly interfaceVersion: string;
  /** The site's base path: `/` for the newest, `/v/6.7.0/` for the others. */
  readonly path: string;
  /** Every page, as its file under the site (`index.html`, `s2s/card-sale.html`, `methods/index.html`). */
  readonly pages: readonly string[];
}

export interface VersionsManifest {
  /** The release at the root. */
  readonly newest: string;
  /** Newest first. */
  readonly sites: readonly ReleaseSite[];
  /** The upgrade guides the root holds, as `<from>-to-<to>` (`6.7.0-to-7.0.0`). */
  readonly guides: readonly string[];
}

/** A release's site path under the root: `/v/6.7.0/`. */
export const releasePath = (root: string, release: string): string => `${root}${RELEASES_FOLDER}/${release}/`;

/** The site root of a page built with `base`: `/v/6.7.0/` → `/`. */
export function siteRoot(base: string): string {
  return base.replace(new RegExp(`${RELEASES_FOLDER}/[^/]+/$`), '');
}

export const guideName = (from: string, to: string): string => `${from}-to-${to}`;

/** An upgrade guide's address, under the root. */
export const guidePath = (root: string, from: string, to: string): string =>
  `${root}${UPGRADE_FOLDER}/${guideName(from, to)}.html`;

/** The guide from `from` to `to` when the root holds it, else the guides' index. */
export function upgradeHref(manifest: VersionsManifest, root: string, from: string, to: string): string {
  return manifest.guides.includes(guideName(from, to)) ? guidePath(root, from, to) : `${root}${UPGRADE_FOLDER}/`;
}

/** The page file of a source page (`s2s/card-sale.md` → `s2s/card-sale.html`). */
export const pageFile = (relativePath: string): string => relativePath.replace(/\.md$/, '.html');

/** A page's address in a site: its file, with `index.html` left to the folder. */
export const pageHref = (site: Pick<ReleaseSite, 'path'>, file: string): string =>
  `${site.path}${file.replace(/(^|\/)index\.html$/, '$1')}`;

/**
 * The page of `pages` closest to `file`, for a page another release does not have: the one
 * sharing the most leading folders, then the longest common start of the rest (`s2s/apm-sale`
 * for `s2s/apm-new-action`), the shortest on a tie; the landing page when no folder matches.
 */
export function closestPage(pages: readonly string[], file: string): string {
  const parts = file.split('/');
  const score = (candidate: string): readonly number[] => {
    const other = candidate.split('/');
    let folders = 0;
    while (folders < parts.length - 1 && folders < other.length - 1 && parts[folders] === other[folders]) folders++;
    const [a, b] = [parts.slice(folders).join('/'), other.slice(folders).join('/')];
    let common = 0;
    while (common < a.length && common < b.length && a[common] === b[common]) common++;
    return [folders, common, -candidate.length];
  };
  const better = (x: readonly number[], y: readonly number[]) => x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  const inFolder = parts.length > 1 ? pages.filter((candidate) => score(candidate)[0]! > 0) : [];
  if (inFolder.length === 0) return 'index.html';
  return inFolder.reduce((best, candidate) => (better(score(candidate), score(best)) > 0 ? candidate : best));
}

/** Where the same page is in `site`, or the closest one it has (and then `missing`). */
export function samePageIn(site: ReleaseSite, file: string): { readonly href: string; readonly missing: boolean } {
  if (site.pages.includes(file)) return { href: pageHref(site, file), missing: false };
  return {
    href: `${pageHref(site, closestPage(site.pages, file))}?missing=${encodeURIComponent(file)}`,
    missing: true,
  };
}

let loading: Promise<VersionsManifest | undefined> | undefined;

/** The manifest of the site rooted at `root`, fetched once per page load; undefined when the site has none. */
export function loadManifest(root: string): Promise<VersionsManifest | undefined> {
  loading ??= fetch(`${root}${MANIFEST_FILE}`)
    .then((response) => (response.ok ? (response.json() as Promise<VersionsManifest>) : undefined))
    .catch(() => undefined);
  return loading;
}
