// The switcher's and the banner's page arithmetic (templates/docs/theme/versions.ts), given/want:
// where the same page is in another release, the closest page when that release lacks it, the
// site root of a release's base, and the guide or the guides' index.
import { describe, expect, it } from 'vitest';
import { closestPage, pageHref, releasePath, samePageIn, siteRoot, upgradeHref, type ReleaseSite } from '../../templates/docs/theme/versions.js';

const older: ReleaseSite = {
  release: '6.7.0',
  interfaceVersion: '6.7.0',
  path: releasePath('/', '6.7.0'),
  pages: ['index.html', 'methods/index.html', 'methods/ar-transfer.html', 's2s/apm-capture.html', 's2s/apm-sale.html', 's2s/card-sale.html', 'guide/errors.html', 'guide/signatures.html'],
};

describe('versions.ts', () => {
  it.each([
    ['s2s/apm-new-action.html', 's2s/apm-sale.html'],
    ['s2s/card-refund.html', 's2s/card-sale.html'],
    ['guide/limits.html', 'guide/errors.html'],
    ['methods/mx-transfer.html', 'methods/index.html'],
    ['upgrade/6.7.0-to-7.0.0.html', 'index.html'],
    ['reference.html', 'index.html'],
  ])('the closest page to %s is %s', (file, want) => {
    expect(closestPage(older.pages, file)).toBe(want);
  });

  it('keeps the reader on the same page when the release has it, and says when it does not', () => {
    expect(samePageIn(older, 's2s/card-sale.html')).toEqual({ href: '/v/6.7.0/s2s/card-sale.html', missing: false });
    expect(samePageIn(older, 'methods/index.html')).toEqual({ href: '/v/6.7.0/methods/', missing: false });
    expect(samePageIn(older, 'guide/limits.html')).toEqual({ href: '/v/6.7.0/guide/errors.html?missing=guide%2Flimits.html', missing: true });
    expect(pageHref({ path: '/' }, 'index.html')).toBe('/');
  });

  it('finds the site root from a base, and the guide or the index', () => {
    expect([siteRoot('/'), siteRoot('/v/6.7.0/'), siteRoot('/docs/v/6.7.0/')]).toEqual(['/', '/', '/docs/']);
    const manifest = { newest: '7.0.0', sites: [older], guides: ['6.7.0-to-7.0.0'] };
    expect(upgradeHref(manifest, '/', '6.7.0', '7.0.0')).toBe('/upgrade/6.7.0-to-7.0.0.html');
    expect(upgradeHref(manifest, '/', '6.8.0', '7.0.0')).toBe('/upgrade/');
  });
});
