// The landing page and the API reference page: links to every operation, callback and method.
import { page, prose } from '../markdown.js';
import { paths, PROTOCOL_TITLE, type Site } from '../site.js';
import { fillTemplate, type Templates } from '../templates.js';
import { methodsTable } from './method-page.js';

function operationLinks(site: Site) {
  const { model } = site;
  const action = (protocol: 'card' | 'apm') =>
    model.s2sActions.filter((candidate) => candidate.protocol === protocol).map((candidate) => `[${candidate.action}](${paths.action(candidate)})`);
  return {
    card: action('card'),
    apm: action('apm'),
    checkout: model.checkoutOperations.map((endpoint) => `[${prose(endpoint.summary)}](${paths.checkout(endpoint)})`),
    callbacks: model.webhooks.map((webhook) => `[${webhook.name}](${paths.callback(webhook)})`),
  };
}

export function landingPage(site: Site, templates: Templates): string {
  const links = operationLinks(site);
  const info = site.model.document.info;
  return fillTemplate(templates.get('index.md'), {
    title: prose(info.title),
    version: info.version,
    cardActions: links.card.join(', '),
    apmActions: links.apm.join(', '),
    checkoutEndpoints: links.checkout.join(', '),
    callbacks: links.callbacks.join(', '),
    methods: methodsTable(site),
  });
}

export function referencePage(site: Site, templates: Templates): string {
  const links = operationLinks(site);
  return fillTemplate(templates.get('reference.md'), {
    operations: page(
      `**${PROTOCOL_TITLE.card}:** ${links.card.join(', ')}`,
      `**${PROTOCOL_TITLE.apm}:** ${links.apm.join(', ')}`,
      `**${PROTOCOL_TITLE.checkout}:** ${links.checkout.join(', ')}`,
      `**Callbacks:** ${links.callbacks.join(', ')}`,
    ),
  });
}

/** The methods index page (`/methods/`). */
export function methodsIndexPage(site: Site): string {
  return page('# Payment methods', 'Every method of the interface, Checkout-only ones too. Each page gives its parameters and examples.', methodsTable(site));
}
