// Emitter: the docs site's sources under generated/docs/ (Markdown pages, the VitePress config,
// the state diagram), one page per S2S action and protocol, Checkout endpoint, callback and
// payment method, plus the guides. `npm run docs` builds them into dist/docs/; generation never
// runs the site build. The single Redoc page is gone: the per-operation pages replace it, and
// the API reference page offers openapi.yaml for download.
import { EXAMPLE_PASSWORD } from '../../shared/example-signing.js';
import { stateTable } from '../../model/states.js';
import type { SpecModel } from '../../model/spec-model.js';
import type { EmitContext, Emitter, GeneratedFile } from '../emitter.js';
import { actionPage } from './pages/action-page.js';
import { callbackPage } from './pages/callback-page.js';
import { checkoutPage } from './pages/checkout-page.js';
import { changelogPage, clientPage, errorsPage, gettingStartedPage, limitsPage, signaturesPage, statesPage, testingPage } from './pages/guides.js';
import { landingPage, methodsIndexPage, referencePage } from './pages/landing.js';
import { methodPage } from './pages/method-page.js';
import { buildSite, paths } from './site.js';
import { FAVICON, siteConfig } from './site-config.js';
import { stateDiagramSvg } from './state-diagram.js';
import { fillTemplate, loadTemplates } from './templates.js';
import { actionTryIt, callbackTryIt, checkoutTryIt, tryItPath, type TryItData } from './try-it.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackageNames } from './pages/guides.js';
import { callbackSample } from './callback-sample.js';
import { settingsNote } from './samples.js';

const SOURCE = 'generators/emitters/docs';
const THEME_DIR = 'templates/docs/theme';


/** The two packages a shop installs, read from the manifests the client and sandbox emitters write. */
function packageNames(context: EmitContext): PackageNames {
  const manifest = (emitter: string, path: string) => {
    const file = context.filesOf(emitter).find((candidate) => candidate.path === path);
    if (!file) throw new Error(`The ${emitter} emitter wrote no ${path}`);
    return JSON.parse(file.contents) as { name: string; version: string; bin?: Record<string, string> };
  };
  const client = manifest('package', 'client/package.json');
  const sandbox = manifest('sandbox', 'sandbox/package.json');
  const sandboxBin = Object.keys(sandbox.bin ?? {})[0];
  if (!sandboxBin) throw new Error('The sandbox package has no command');
  return { client: client.name, sandbox: sandbox.name, sandboxBin, clientVersion: client.version, sandboxVersion: sandbox.version };
}

export const docsEmitter: Emitter = {
  name: 'docs',
  // The testing guide names the packages as their manifests do.
  dependsOn: ['package', 'sandbox'],
  async emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]> {
    const site = buildSite(model);
    const templates = loadTemplates(context.projectRoot);
    const states = stateTable(model);
    const packages = packageNames(context);
    const markdown = (path: string, contents: string, source = SOURCE): GeneratedFile => ({
      path: `docs${path}.md`,
      // Pages are joined from parts; each ends in exactly one newline.
      contents: contents.replace(/\n*$/, '\n'),
      kind: 'markdown',
      source,
      laidOut: true,
    });
    const template = (name: string) => `templates/docs/${name}.md`;
    // The panel says how to start the sandbox as the testing guide does, by the package's own name.
    const start = `npx ${packageNames(context).sandbox} --port 8080 --callback-url http://127.0.0.1:3000/callbacks`;
    const tryIt = (data: TryItData): GeneratedFile => ({ path: `docs/public${tryItPath(data.page)}`, contents: `${JSON.stringify({ ...data, start }, null, 2)}\n`, kind: 'json', source: SOURCE });
    return [
      markdown('/index', landingPage(site, templates), template('index')),
      markdown('/reference', referencePage(site, templates), template('reference')),
      markdown('/methods/index', methodsIndexPage(site)),
      ...model.s2sActions.map((action) => markdown(paths.action(action), actionPage(site, action))),
      ...model.checkoutOperations.map((endpoint) => markdown(paths.checkout(endpoint), checkoutPage(site, endpoint))),
      ...model.webhooks.map((webhook) => markdown(paths.callback(webhook), callbackPage(site, templates, webhook))),
      ...site.methods.map((method) => markdown(paths.method(method), methodPage(site, method))),
      markdown(paths.guide('getting-started'), gettingStartedPage(site, templates), template('getting-started')),
      markdown(paths.guide('client'), clientPage(site, templates), template('client')),
      markdown(paths.guide('signatures'), signaturesPage(site, templates), template('signatures')),
      markdown(paths.guide('errors'), errorsPage(site, templates), template('errors')),
      markdown(paths.guide('limits'), limitsPage(site, templates), template('limits')),
      markdown(paths.guide('states'), statesPage(states, templates), template('states')),
      markdown(paths.guide('testing'), testingPage(site, templates, packages), template('testing')),
      markdown(paths.guide('php'), fillTemplate(templates.get('php.md'), { callbackSample: callbackSample(model, templates, 'php'), settings: settingsNote('GATEWAY_URL', 'CLIENT_KEY') }), template('php')),
      markdown(paths.guide('conformance'), fillTemplate(templates.get('conformance.md'), {}), template('conformance')),
      markdown(paths.guide('releasing'), fillTemplate(templates.get('releasing.md'), { packageVersion: packages.clientVersion, interfaceVersion: model.specVersion }), template('releasing')),
      markdown(paths.guide('changing-the-spec'), fillTemplate(templates.get('changing-the-spec.md'), { examplePassword: EXAMPLE_PASSWORD }), template('changing-the-spec')),
      markdown(paths.guide('changelog'), changelogPage(site)),
      ...model.s2sActions.map((action) => tryIt(actionTryIt(site, action.protocol, action.action))),
      ...model.checkoutOperations.map((endpoint) => tryIt(checkoutTryIt(site, endpoint.operationId))),
      ...model.webhooks.map((webhook) => tryIt(callbackTryIt(site, webhook))),
      { path: 'docs/public/states.svg', contents: stateDiagramSvg(states), kind: 'html', source: SOURCE },
      { path: 'docs/public/favicon.svg', contents: FAVICON, kind: 'html', source: SOURCE },
      { path: 'docs/.vitepress/config.mts', contents: siteConfig(site, packages.clientVersion), kind: 'typescript', source: SOURCE },
      // The theme is hand-written (templates/docs/theme): copied as it is.
      ...readdirSync(join(context.projectRoot, THEME_DIR)).map((name): GeneratedFile => ({
        path: `docs/.vitepress/theme/${name}`,
        contents: readFileSync(join(context.projectRoot, THEME_DIR, name), 'utf8'),
        kind: name.endsWith('.ts') ? 'typescript' : 'css',
        source: `${THEME_DIR}/${name}`,
      })),
    ];
  },
};
