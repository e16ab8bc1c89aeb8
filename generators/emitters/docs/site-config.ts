// The VitePress configuration (generated/docs/.vitepress/config.mts): navigation from the model,
// built-in local search, and nothing that would load from another host.
import { prose } from './markdown.js';
import { paths, PROTOCOL_TITLE, type Site } from './site.js';

interface Link {
  readonly text: string;
  readonly link: string;
}

const plain = (text: string) => prose(text).replace(/`/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** The site's icon (docs/public/favicon.svg): a card. */
export const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="7" width="28" height="19" rx="3" fill="#3451b2"/><rect x="2" y="11" width="28" height="4" fill="#1d2530"/></svg>\n';

/** `packageVersion`: the packages' own version, shown in the header beside the interface's. */
export function siteConfig(site: Site, packageVersion: string): string {
  const { model } = site;
  const group = (text: string, items: readonly Link[], collapsed: boolean) => ({ text, collapsed, items });
  const actions = (protocol: 'card' | 'apm') => model.s2sActions.filter((action) => action.protocol === protocol).map((action) => ({ text: action.action, link: paths.action(action) }));
  const sidebar = [
    group(
      'Guides',
      [
        { text: 'Getting started', link: paths.guide('getting-started') },
        { text: 'Using the client', link: paths.guide('client') },
        { text: 'Signatures', link: paths.guide('signatures') },
        { text: 'Errors', link: paths.guide('errors') },
        { text: 'Limits', link: paths.guide('limits') },
        { text: 'States and transitions', link: paths.guide('states') },
        { text: 'Testing', link: paths.guide('testing') },
        { text: 'PHP', link: paths.guide('php') },
        { text: 'Conformance', link: paths.guide('conformance') },
        { text: 'Releasing', link: paths.guide('releasing') },
        { text: 'Changing the spec', link: paths.guide('changing-the-spec') },
        { text: 'Changelog', link: paths.guide('changelog') },
        { text: 'API reference', link: '/reference' },
      ],
      false,
    ),
    group(PROTOCOL_TITLE.card, actions('card'), true),
    group(PROTOCOL_TITLE.apm, actions('apm'), true),
    group(PROTOCOL_TITLE.checkout, model.checkoutOperations.map((endpoint) => ({ text: plain(endpoint.summary), link: paths.checkout(endpoint) })), true),
    group('Callbacks', model.webhooks.map((webhook) => ({ text: webhook.name, link: paths.callback(webhook) })), true),
    group('Payment methods', [{ text: 'All methods', link: '/methods/' }, ...site.methods.map((method) => ({ text: plain(method.title), link: paths.method(method) }))], true),
  ];
  const config = {
    title: plain(model.document.info.title),
    description: 'Merchant interface of the payment gateway: S2S CARD, S2S APM, Checkout and callbacks.',
    lang: 'en-US',
    // An icon of its own, so no browser asks for a /favicon.ico the site does not have.
    head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
    // Links are checked at build time; the spec download is a file VitePress does not know.
    ignoreDeadLinks: ['/openapi.yaml'],
    lastUpdated: false,
    // Shiki's high-contrast GitHub themes: the default ones colour some tokens below WCAG AA's 4.5:1.
    markdown: { theme: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } },
    themeConfig: {
      // detailedView: each result shows the matching text, not only the section title.
      search: { provider: 'local', options: { detailedView: true } },
      nav: [
        { text: 'Getting started', link: paths.guide('getting-started') },
        { text: 'Using the client', link: paths.guide('client') },
        { text: 'Signatures', link: paths.guide('signatures') },
        { text: 'Methods', link: '/methods/' },
        { text: 'Reference', link: '/reference' },
        // The release this site documents (the packages' version, beside the interface's: both
        // move, for different reasons) and the other releases' sites (templates/docs/theme).
        { component: 'VersionSwitcher', props: { release: packageVersion, interfaceVersion: model.specVersion, releasing: paths.guide('releasing') } },
      ],
      sidebar,
      outline: { level: [2, 3] },
    },
  };
  return [
    "import { copyFileSync, readFileSync } from 'node:fs';",
    "import { join } from 'node:path';",
    "import { fileURLToPath } from 'node:url';",
    "import { defineConfig } from 'vitepress';",
    '',
    '// The bundled spec, offered for download beside the pages.',
    "const SPEC = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));",
    '// The links VitePress writes in every page head.',
    "const ICONS_LINK = /<link rel=\"preload stylesheet\" href=\"[^\"]*vp-icons\\.css\" as=\"style\">/;",
    "// A release's site is built under its version's path (/v/6.7.0/): the link starts with that base.",
    "const STYLESHEET_LINK = /<link rel=\"preload stylesheet\" href=\"[^\"]*\\/(assets\\/style\\.[\\w-]+\\.css)\" as=\"style\">/;",
    '',
    'export default defineConfig({',
    `  ...${JSON.stringify(config, null, 2).replace(/\n/g, '\n  ')},`,
    "  // Vite's cache outside generated/, which holds only what the generator writes.",
    "  cacheDir: fileURLToPath(new URL('../../../node_modules/.cache/docs-vitepress', import.meta.url)),",
    "  outDir: fileURLToPath(new URL('../../../dist/docs', import.meta.url)),",
    '  vite: {',
    '    resolve: {',
    "      // The Try-it panel runs the client package's browser-safe code from its sources, and the",
    "      // signature interpreter with a browser digest (theme/browser-crypto.ts) for node:crypto.",
    '      alias: {',
    "        '@payment-gateway/merchant-client/validate': fileURLToPath(new URL('../../client/src/validate', import.meta.url)),",
    "        '@payment-gateway/merchant-client/form-codec': fileURLToPath(new URL('../../client/src/runtime/form-codec.ts', import.meta.url)),",
    "        '@payment-gateway/merchant-client/signature': fileURLToPath(new URL('../../client/src/runtime/signature.ts', import.meta.url)),",
    "        'node:crypto': fileURLToPath(new URL('./theme/browser-crypto.ts', import.meta.url)),",
    '      },',
    '    },',
    '  },',
    '  // The landing page paints with nothing to fetch first: a first visit starts there, so its',
    "  // stylesheet is inlined (the other pages link it, and a reader's cache keeps that one copy).",
    '  // No page links the social-icon stylesheet, empty without social links (buildEnd checks).',
    '  transformHtml(html, _path, { page, siteConfig }) {',
    '    const [iconsLink] = ICONS_LINK.exec(html) ?? [];',
    '    const stylesheet = STYLESHEET_LINK.exec(html);',
    '    if (!iconsLink || !stylesheet) throw new Error(`${page}: VitePress changed the stylesheet links of its page head`);',
    "    const withoutIcons = html.replace(iconsLink, '');",
    "    if (page !== 'index.md') return withoutIcons;",
    "    const css = readFileSync(join(siteConfig.outDir, stylesheet[1]!), 'utf8');",
    '    // Inlined, a relative url() would resolve against the page instead of assets/.',
    "    if (/url\\((?![\"']?data:)/.test(css) || css.includes('</style')) throw new Error(`${stylesheet[1]} cannot be inlined: it has a relative url() or a </style>`);",
    '    return withoutIcons.replace(stylesheet[0], () => `<style>${css}</style>`);',
    '  },',
    '  buildEnd(siteConfig) {',
    "    copyFileSync(SPEC, join(siteConfig.outDir, 'openapi.yaml'));",
    "    if (readFileSync(join(siteConfig.outDir, 'vp-icons.css'), 'utf8').trim() !== '') throw new Error('vp-icons.css has icons: link it again (transformHtml)');",
    '  },',
    '});',
    '',
  ].join('\n');
}
