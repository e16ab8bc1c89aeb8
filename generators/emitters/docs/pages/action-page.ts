// A page per S2S action and protocol (SALE on S2S CARD and on S2S APM are two pages): fields in
// wire names, rules in words, the signature recipe with a worked example, wire examples from
// the runtime's encoder, a TypeScript and a PHP sample, responses and errors.
import type { S2sActionModel } from '../../../model/spec-model.js';
import { errorsTable } from '../errors-table.js';
import { s2sRequestExamples, s2sResponseExamples } from '../../../model/examples.js';
import { fieldList, fieldRows } from '../fields-table.js';
import { code, fence, page, prose, table } from '../markdown.js';
import { ruleTable, ruleTexts } from '../rule-text.js';
import { exampleSigning, signedExample } from '../../../shared/example-signing.js';
import { clientSamples, wireExample } from '../samples.js';
import { clientOperation, paths, PROTOCOL_TITLE, type Site } from '../site.js';
import { signatureSection } from './signature-section.js';
import { tryItTag } from '../try-it.js';

/** APM SALE has an example per method: the action page shows a few, the method pages the rest. */
const MAX_EXAMPLES = 4;

export function actionPage(site: Site, action: S2sActionModel): string {
  const { model } = site;
  const schema = model.schema(action.requestSchemaName);
  const operation = clientOperation(site, action.protocol, action.action);
  const signing = exampleSigning(model, action.signingFields);
  const examples = s2sRequestExamples(model, action.protocol, action.action).map((example) => ({ ...example, value: signedExample(action.signature, example.value, signing) }));
  const first = examples[0];
  const rules = ruleTexts(model, schema, 'form');
  const operatorTable = ruleTable(model, schema, 'form');
  const forbidden = Object.entries(schema.properties ?? {}).filter(([, property]) => property === false).map(([name]) => code(name));
  const other = model.s2sActions.find((candidate) => candidate.action === action.action && candidate.protocol !== action.protocol);
  const responses = s2sResponseExamples(model, action.protocol, action.action);
  return page(
    `# ${action.action} (${PROTOCOL_TITLE[action.protocol]})`,
    prose(schema.description ?? schema.title ?? ''),
    [
      `- **Request:** \`POST {base_url}/post\`, form-encoded, \`action=${action.action}\``,
      `- **Client:** \`s2s.${action.protocol}.${operation.names.method}(input)\`, input type \`${operation.names.input}\``,
      operation.idempotent ? '- **Retried** by the client after a failure (a lookup).' : '- **Never resent** by the client once it may have reached the platform.',
      other ? `- The same action on ${PROTOCOL_TITLE[other.protocol]}: [${other.action} (${PROTOCOL_TITLE[other.protocol]})](${paths.action(other)})` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    '## Try it',
    tryItTag(paths.action(action)),
    '## Fields',
    'Wire names as sent; the client fills in `action`, `client_key` and `hash`.',
    fieldList(fieldRows(model, schema, 'form'), 'form'),
    rules.length > 0 || forbidden.length > 0 ? '## Rules' : undefined,
    rules.map((rule) => `- ${rule}`).join('\n'),
    operatorTable ? `The same rules as a table, one row per rule:\n\n${table(operatorTable.headers, operatorTable.rows)}` : undefined,
    forbidden.length > 0 ? `Not accepted on this action: ${forbidden.join(', ')}.` : undefined,
    action.signingFields.length > 0
      ? `The signature also covers ${action.signingFields.map(code).join(' and ')} of the original payment, which the request does not carry: pass them in \`input.signing\` (hashed, never sent).`
      : undefined,
    signatureSection('## Signature', operation.names.signature, action.signature, first ? { ...first.value, ...signing } : undefined),
    first ? '## Wire examples' : undefined,
    first ? 'The body as the client sends it (`encodeForm`), one field a line with brackets left readable; join the lines with `&` to send it. Each `hash` is computed with the example password above.' : undefined,
    ...examples.slice(0, MAX_EXAMPLES).flatMap((example) => [`**${prose(example.summary ?? example.key)}**`, wireExample(action.requestSchemaName, example.value)]),
    examples.length > MAX_EXAMPLES ? `${examples.length - MAX_EXAMPLES} more examples, one per payment method, are on the [method pages](/methods/).` : undefined,
    first ? '## Sample' : undefined,
    first ? 'The same call in TypeScript and in PHP, with the first example as input.' : undefined,
    first ? clientSamples(operation, first.value, signing) : undefined,
    responses.length > 0 ? '## Responses' : undefined,
    ...responses.flatMap((example) => [`### ${String(example.value['result'] ?? example.key)}${example.summary ? `: ${prose(example.summary)}` : ''}`, fence('json', JSON.stringify(example.value, null, 2))]),
    '## Errors',
    action.errors.length > 0 ? errorsTable(action.errors) : 'The document shows no error specific to this action.',
    `Errors any action may return: [Errors](${paths.guide('errors')}).`,
  );
}

