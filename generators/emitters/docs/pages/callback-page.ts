// A page per callback (Checkout, S2S CARD, S2S APM) and the payer's signed return: fields,
// the Protocol Mapping additions, the signature recipe with a worked example, and how to verify
// the raw body with the client (template templates/docs/verify-callback.md).
import { webhookNames } from '../../../model/names.js';
import type { WebhookModel } from '../../../model/spec-model.js';
import { webhookExamples, webhookOperation } from '../../../model/examples.js';
import { fieldList, fieldRows } from '../fields-table.js';
import { page, prose } from '../markdown.js';
import { exampleSigning, signedExample } from '../../../shared/example-signing.js';
import { wireExample } from '../samples.js';
import { paths, PROTOCOL_TITLE, type Site } from '../site.js';
import { fillTemplate, type Templates } from '../templates.js';
import { signatureSection } from './signature-section.js';
import { callbackSample } from '../callback-sample.js';
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
    signatureSection('## Signature', names.signature, webhook.signature, first ? { ...first.value, ...signing } : undefined, webhook.context),
    '## Verifying it',
    query
      ? fillTemplate(templates.get('verify-return.md'), { verify: names.verify })
      : fillTemplate(templates.get('verify-callback.md'), {
          protocol: webhook.protocol,
          callbackSample: callbackSample(model, templates, 'ts'),
          signingNote: signingNote(webhook),
        }),
    first ? '## Example' : undefined,
    ...examples.flatMap((example) => [`**${prose(example.summary ?? example.key)}**`, wireExample(webhook.schemaName, example.value)]),
  );
}

/** What of the order this callback's signature needs, which the sample's `signingContext` hands over. */
function signingNote(webhook: WebhookModel): string {
  const context = Object.entries(webhook.context);
  if (context.length === 0) return 'This callback\'s signature covers only what the callback carries: the lookup changes nothing for it, and the same handler serves it.';
  const names = context.map(([field, name]) => (field === name ? `\`${field}\`` : `\`${field}\` (your request's \`${name}\`)`));
  return `This callback's signature also covers ${names.join(' and ')} when the callback does not carry them: the payment's own values, which the platform signs with whether or not it sends them. The sample's \`signingContext\` hands them over from your order; without them the callback fails verification.`;
}
