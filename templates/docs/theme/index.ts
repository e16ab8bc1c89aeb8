// The docs site's theme: VitePress's default theme without its bundled Inter font (68 kB
// gzipped, preloaded on every page: system fonts instead), with the colours and markup its
// defaults get wrong for WCAG 2.1 AA mended (custom.css for the colours and the layout).
import type { Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme-without-fonts';
import { defineAsyncComponent, h, onMounted } from 'vue';
import ReleaseBanner from './release-banner.js';
import UpgradeForm from './upgrade-form.js';
import VersionSwitcher from './version-switcher.js';
import './custom.css';

/**
 * Markup the default theme renders that fails WCAG 2.1, mended in place after it renders:
 * - a collapsible sidebar group is itself a `role="button"` and holds its chevron as a second,
 *   focusable button (nested interactive controls): the group is the one button, and says
 *   whether it is expanded; the chevron is decoration;
 * - the search button's accessible name must contain its visible text: it is named by its text,
 *   and the shortcut keys beside it are decoration.
 */
export function mendThemeMarkup(root: ParentNode): void {
  root.querySelectorAll('.VPSidebarItem > .item[role="button"] > .caret').forEach((caret) => {
    caret.removeAttribute('role');
    caret.removeAttribute('tabindex');
    caret.removeAttribute('aria-label');
    caret.setAttribute('aria-hidden', 'true');
  });
  root.querySelectorAll('.VPSidebarItem.collapsible > .item[role="button"]').forEach((item) => {
    const expanded = String(!item.parentElement?.classList.contains('collapsed'));
    if (item.getAttribute('aria-expanded') !== expanded) item.setAttribute('aria-expanded', expanded);
  });
  root.querySelectorAll('.DocSearch-Button').forEach((button) => {
    // Named by its own text ("Search"), not by an aria-label that leaves out what is shown.
    button.removeAttribute('aria-label');
    button.querySelector('.DocSearch-Button-Keys')?.setAttribute('aria-hidden', 'true');
  });
}

const theme: Theme = {
  extends: DefaultTheme,
  // An older release's pages open with a banner naming the newest release (release-banner.ts).
  Layout: () => h(DefaultTheme.Layout, null, { 'doc-before': () => h(ReleaseBanner) }),
  enhanceApp({ app }) {
    // The nav's release item (site-config.ts) and the upgrade guides' picker.
    app.component('VersionSwitcher', VersionSwitcher);
    app.component('UpgradeForm', UpgradeForm);
    // The Try-it panel is its own chunk, fetched only by pages that carry `<TryIt data="…"/>`.
    app.component(
      'TryIt',
      defineAsyncComponent(() => import('./try-it-panel.js')),
    );
  },
  setup() {
    onMounted(() => {
      mendThemeMarkup(document);
      // The sidebar and the nav re-render on navigation and on a group's toggle.
      new MutationObserver(() => mendThemeMarkup(document)).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class'],
      });
    });
  },
};

export default theme;
