// A page per Checkout endpoint: fields in dotted JSON names, rules, the signature with a worked
// example, the JSON body, a TypeScript and a PHP sample, responses and errors.
import type { CheckoutOperationModel } from '../../../model/spec-model.js';
import { errorsTable } from '../errors-table.js';
import { operationRequestExamples, operationResponseExamples } from '../../../model/examples.js';
import { fieldList, fieldRows } from '../fields-table.js';
import { code, fence, page, prose } from '../markdown.js';
import { ruleTexts } from '../rule-text.js';
import { exampleSigning, signedExample } from '../../../shared/example-signing.js';
import { clientSamples, jsonExample } from '../samples.js';
import { clientOperation, paths, type Site } from '../site.js';
import { signatureSection } from './signature-section.js';
import { tryItTag } from '../try-it.js';

export function checkoutPage(site: Site, endpoint: CheckoutOperationModel): string {
  const { model } = site;
  const schema = model.schema(endpoint.requestSchemaName);
  const operation = clientOperation(site, 'checkout', endpoint.operationId);
  const signing = exampleSigning(model, endpoint.signingFields);
  const examples = operationRequestExamples(endpoint.operation).map((example) => ({ ...example, value: signedExample(endpoint.signature, example.value, signing) }));
  const first = examples[0];
  const rules = ruleTexts(model, schema, 'json');
  return page(
    `# ${prose(endpoint.summary)}`,
    prose(endpoint.operation.description ?? schema.description ?? ''),
    [
      `- **Request:** \`${endpoint.method.toUpperCase()} {checkout_url}${endpoint.path}\`, JSON`,
      `- **Client:** \`checkout.${operation.names.method}(input)\`, input type \`${operation.names.input}\``,
      endpoint.headers.length > 0 ? `- **Headers:** ${endpoint.headers.map(code).join(', ')} (in \`input.headers\`); no \`merchant_key\` and no \`hash\`.` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    '## Try it',
    tryItTag(paths.checkout(endpoint)),
    '## Fields',
    endpoint.signature ? 'The client fills in `merchant_key` and `hash`.' : undefined,
    fieldList(fieldRows(model, schema, 'json'), 'json'),
    rules.length > 0 ? '## Rules' : undefined,
    rules.map((rule) => `- ${rule}`).join('\n'),
    endpoint.signature ? signatureSection('## Signature', operation.names.signature, endpoint.signature, first ? { ...first.value, ...signing } : undefined) : '## Authentication\n\nThis endpoint is not signed: the session token header authenticates it.',
    first ? '## Request examples' : undefined,
    ...examples.flatMap((example) => [`**${prose(example.summary ?? example.key)}**`, jsonExample(endpoint.requestSchemaName, example.value)]),
    first ? '## Sample' : undefined,
    first ? 'The same call in TypeScript and in PHP, with the first example as input.' : undefined,
    first ? clientSamples(operation, first.value, signing) : undefined,
    '## Responses',
    ...operationResponseExamples(endpoint.operation).flatMap(({ status, examples: answers }) =>
      answers.map((example) => `### HTTP ${status}: ${prose(example.summary ?? example.key)}\n\n${fence('json', JSON.stringify(example.value, null, 2))}`),
    ),
    '## Errors',
    endpoint.errors.length > 0 ? errorsTable(endpoint.errors) : 'The document shows no error specific to this endpoint.',
    `Errors any operation may return: [Errors](${paths.guide('errors')}).`,
  );
}
