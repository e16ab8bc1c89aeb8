// A page per callback (Checkout, S2S CARD, S2S APM) and the payer's signed return: fields,
// the Protocol Mapping additions, the signature recipe with a worked example, and how to verify
// the raw body with the client (template templates/docs/verify-callback.md).
import { webhookNames } from '../../../model/names.js';
import type { WebhookModel } from '../../../model/spec-model.js';
import { webhookExamples, webhookOperation } from '../../../model/examples.js';
import { fieldList, fieldRows } from '../fields-table.js';
import { page, prose } from '../markdown.js';
import { exampleSigning, signedExample } from '../../../model/example-signing.js';
import { wireExample } from '../samples.js';
import { paths, PROTOCOL_TITLE, type Site } from '../site.js';
import { fillTemplate, type Templates } from '../templates.js';
import { signatureSection } from './signature-section.js';
import { tryItTag } from '../try-it.js';

export function callbackPage(site: Site, templates: Templates, webhook: WebhookModel): string {
  const { model } = site;
  const schema = model.schema(webhook.schemaName);
  const operation = webhookOperation(model, webhook.name);
  const names = webhookNames(webhook.name);
  const signing = exampleSigning(model, webhook.signingFields, webhook.context);
  const examples = webhookExamples(model, webhook.name).map((example) => ({ ...example, value: signedExample(webhook.signature, example.value, signing) }));
  const first = examples[0];
  const rows = fieldRows(model, schema, 'form');
  const mapping = rows.filter((row) => /Protocol Mapping/i.test(row.description));
  const query = webhook.kind === 'return-query';
  return page(
    `# ${prose(operation?.summary ?? schema.title ?? webhook.name)}`,
    prose(operation?.description ?? schema.description ?? ''),
    `- **Protocol:** ${PROTOCOL_TITLE[webhook.protocol]}\n- **Arrives as:** ${query ? 'a GET to your `success_url` or `cancel_url`, the fields in the query' : 'a form-encoded POST to your notification URL'}\n- **Always carries:** ${webhook.required.map((name) => `\`${name}\``).join(', ')}`,
    '## Try it',
    tryItTag(paths.callback(webhook)),
    '## Fields',
    'Every value arrives as a string. Fields the operator adds through Protocol Mapping are sent only when their option is on.',
    fieldList(rows, 'form'),
    mapping.length > 0 ? '## Protocol Mapping additions' : undefined,
    mapping.length > 0 ? fieldList(mapping, 'form') : undefined,
    // The worked signature uses the same signing-only values the example's hash was computed with.
    signatureSection('## Signature', names.signature, webhook.signature, first ? { ...first.value, ...signing } : undefined),
    '## Verifying it',
    fillTemplate(templates.get(query ? 'verify-return.md' : 'verify-callback.md'), {
      protocol: webhook.protocol,
      verify: names.verify,
      signingContext: webhook.signingFields.length > 0 ? `, signingContext: { ${webhook.signingFields.map((name) => `${name}: order.${name}`).join(', ')} }` : '',
    }),
    first ? '## Example' : undefined,
    ...examples.flatMap((example) => [`**${prose(example.summary ?? example.key)}**`, wireExample(webhook.schemaName, example.value)]),
  );
}
