// Above every page of an older release's site: which release it documents, the newest release,
// the upgrade guide between the two and this page in the newest release. Only the root's manifest
// knows that a newer release exists (versions.ts), so the banner appears once it is read. It also
// says so when the reader arrives from a page this release does not have (`?missing=`).
import { useData } from 'vitepress';
import { defineComponent, h, onMounted, ref } from 'vue';
import {
  loadManifest,
  pageFile,
  samePageIn,
  siteRoot,
  upgradeHref,
  type ReleaseSite,
  type VersionsManifest,
} from './versions.js';

export default defineComponent({
  name: 'ReleaseBanner',
  setup() {
    const { site, page } = useData();
    const manifest = ref<VersionsManifest>();
    const missing = ref<string>();
    onMounted(async () => {
      manifest.value = await loadManifest(siteRoot(site.value.base));
      // Said once the manifest names this site's release.
      missing.value = new URLSearchParams(window.location.search).get('missing') ?? undefined;
    });

    return () => {
      const sites = manifest.value?.sites ?? [];
      const current = sites.find((other) => other.path === site.value.base);
      const newest: ReleaseSite | undefined = sites.find((other) => other.release === manifest.value?.newest);
      const notices = [];
      if (missing.value)
        notices.push(
          h('p', { class: 'release-banner-missing', role: 'status' }, [
            'The page ',
            h('code', missing.value.replace(/\.html$/, '')),
            ` is not in release ${current?.release ?? site.value.base}: this is the closest page it has.`,
          ]),
        );
      if (current && newest && current !== newest) {
        const root = siteRoot(site.value.base);
        const guide = upgradeHref(manifest.value!, root, current.release, newest.release);
        const here = samePageIn(newest, pageFile(page.value.relativePath));
        notices.push(
          h('div', { class: 'release-banner', role: 'note' }, [
            h('p', [
              h('strong', `You are reading release ${current.release}`),
              ` (interface ${current.interfaceVersion}). The newest release is ${newest.release} (interface ${newest.interfaceVersion}). `,
              h('a', { href: guide, target: '_self' }, `Upgrade guide ${current.release} → ${newest.release}`),
              ' · ',
              h(
                'a',
                { href: here.href, target: '_self' },
                here.missing ? `The closest page in ${newest.release}` : `This page in ${newest.release}`,
              ),
            ]),
          ]),
        );
      }
      return notices.length > 0 ? h('div', { class: 'release-notices' }, notices) : null;
    };
  },
});
