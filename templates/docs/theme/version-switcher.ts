// The version switcher in the nav bar: names the release this site documents (and its interface
// version), and opens a list of every release's site with the reader's page in it, or the closest
// page a release has when it lacks this one (said beside the release). The list comes from the
// root's manifest (versions.ts); the links leave this site's app (each release is its own build),
// so they carry a target and VitePress's router lets the browser load them.
import { useData, withBase } from 'vitepress';
import { computed, defineComponent, h, onBeforeUnmount, onMounted, ref } from 'vue';
import {
  loadManifest,
  pageFile,
  pageHref,
  samePageIn,
  siteRoot,
  UPGRADE_FOLDER,
  upgradeHref,
  type VersionsManifest,
} from './versions.js';

export default defineComponent({
  name: 'VersionSwitcher',
  props: {
    release: { type: String, required: true },
    interfaceVersion: { type: String, required: true },
    /** The guide that says how versions work. */
    releasing: { type: String, required: true },
    /** Set by VitePress when rendered in the small screens' menu. */
    screenMenu: { type: Boolean, default: false },
  },
  setup(props) {
    const { site, page } = useData();
    const open = ref(false);
    const manifest = ref<VersionsManifest>();
    const root = computed(() => siteRoot(site.value.base));
    const element = ref<HTMLElement>();
    const id = computed(() => `version-switcher${props.screenMenu ? '-screen' : ''}`);

    const closeOutside = (event: Event) => {
      if (open.value && element.value && !element.value.contains(event.target as Node)) open.value = false;
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') open.value = false;
    };
    onMounted(async () => {
      document.addEventListener('click', closeOutside);
      document.addEventListener('keydown', closeOnEscape);
      manifest.value = await loadManifest(root.value);
    });
    onBeforeUnmount(() => {
      document.removeEventListener('click', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    });

    const link = (href: string, text: string, current = false) =>
      h(
        'a',
        {
          class: ['version-switcher-link', current ? 'current' : ''],
          href,
          target: '_self',
          'aria-current': current ? 'page' : undefined,
        },
        text,
      );

    function entries() {
      const file = pageFile(page.value.relativePath);
      const found = manifest.value;
      const sites = found?.sites ?? [];
      const current = sites.find((other) => other.path === site.value.base);
      const items = sites.map((other) => {
        const label = `${other.release}${other.release === found?.newest ? ' (newest)' : ''} · interface ${other.interfaceVersion}`;
        if (other === current) return h('li', [link(pageHref(other, file), label, true)]);
        const target = samePageIn(other, file);
        return h('li', [
          link(target.href, label),
          target.missing
            ? h('span', { class: 'version-switcher-note' }, 'This page is not in this release: opens the closest one.')
            : null,
        ]);
      });
      const upgrades =
        found && current && current.release !== found.newest
          ? [
              h('li', [
                link(
                  upgradeHref(found, root.value, current.release, found.newest),
                  `Upgrade guide ${current.release} → ${found.newest}`,
                ),
              ]),
            ]
          : [];
      const guides =
        found && found.guides.length > 0 ? [h('li', [link(`${root.value}${UPGRADE_FOLDER}/`, 'Upgrade guides')])] : [];
      return [
        ...items,
        ...upgrades,
        ...guides,
        h('li', [link(withBase(`${props.releasing}.html`), 'How releases are versioned')]),
      ];
    }

    return () =>
      h('div', { ref: element, class: ['version-switcher', props.screenMenu ? 'screen' : ''] }, [
        h(
          'button',
          {
            type: 'button',
            class: 'version-switcher-button',
            'aria-expanded': String(open.value),
            'aria-controls': id.value,
            onClick: () => (open.value = !open.value),
          },
          `Release ${props.release} · interface ${props.interfaceVersion}`,
        ),
        h('ul', { id: id.value, class: 'version-switcher-list', hidden: !open.value }, entries()),
      ]);
  },
});
