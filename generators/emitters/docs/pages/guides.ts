// The guides: prose from templates/docs with the parts the model knows filled in (every recipe,
// every error, the limits, the state table, the test data, the release history).
import { MAX_ADVANCE_SECONDS } from '../../../../templates/sandbox/core/clock.js';
import { DECLINE_REASONS } from '../../../../templates/sandbox/core/decline-reasons.js';
import { isSchemaObject } from '../../../model/json-schema.js';
import { renderChangelog, UNRELEASED } from '../../../model/releases.js';
import type { SignatureRecipeData } from '../../../model/signature-recipes.js';
import type { StateTable } from '../../../model/states.js';
import { testCardsTable, testData, testIdentifiersTable } from '../../../model/test-data.js';
import { errorsTable, releaseName, warningsTable } from '../errors-table.js';

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
import { s2sRequestExamples, webhookExamples, operationRequestExamples } from '../../../model/examples.js';
import { fieldRows, limits } from '../fields-table.js';
import { currencyExamples, ruleTable, ruleTexts } from '../rule-text.js';
import { currencyExponents, isoMinorUnits, isoPublished } from '../../../model/currency-exponents.js';
import { limitRows, type LimitSource } from '../../../model/limits.js';
import { cell, code, page, prose, slug, table } from '../markdown.js';
import { EXAMPLE_PASSWORD, exampleSigning, signedExample } from '../../../shared/example-signing.js';
import { settingsNote, typescriptSample } from '../samples.js';
import { clientOperation, paths, PROTOCOL_TITLE, type Site } from '../site.js';
import { fillTemplate, type Templates } from '../templates.js';
import { warningSites } from '../../../model/warnings.js';
import { signatureSection } from './signature-section.js';
import { webhookNames } from '../../../model/names.js';
import { callbackSample } from '../callback-sample.js';

/** The first SALE's follow-up: `result` narrows the answer, so `trans_id` is a string where it is used. */
const FIRST_SALE_THEN = [
  "if (response.result === 'SUCCESS') {",
  '  // trans_id names the payment in lookups and follow-ups (CAPTURE, REFUND, ...).',
  '  const status = await s2s.card.getTransStatus({ trans_id: response.trans_id });',
  '  console.log(status.status);',
  '} else console.log(response);',
];

export function gettingStartedPage(site: Site, templates: Templates): string {
  const sale = site.model.s2sActions.find((action) => action.protocol === 'card' && action.action === 'SALE');
  const example = sale ? s2sRequestExamples(site.model, 'card', 'SALE')[0] : undefined;
  return fillTemplate(templates.get('getting-started.md'), {
    firstSale: sale && example ? typescriptSample(clientOperation(site, 'card', 'SALE'), example.value, exampleSigning(site.model, sale.signingFields), undefined, FIRST_SALE_THEN) : 'This spec has no S2S CARD SALE.',
    salePage: sale ? paths.action(sale) : '/',
    sendPayerOn: templates.sample('send-payer-on.ts'),
    settings: settingsNote('GATEWAY_URL', 'CLIENT_KEY'),
    callbackSample: callbackSample(site.model, templates, 'ts'),
  });
}

interface RecipeUse {
  readonly title: string;
  readonly link: string;
  readonly constant: string;
  readonly recipe: SignatureRecipeData;
  readonly fields: Readonly<Record<string, unknown>> | undefined;
  /** A callback's values the platform signs with from the payment. */
  readonly context?: Readonly<Record<string, string>>;
}

/** Every recipe once, with the operations that use it and a worked example over the first one's example. */
export function signaturesPage(site: Site, templates: Templates): string {
  const { model } = site;
  const uses: RecipeUse[] = [];
  const signingOf = (fields: readonly string[]) => exampleSigning(model, fields);
  for (const action of model.s2sActions) {
    const example = s2sRequestExamples(model, action.protocol, action.action)[0];
    const signing = signingOf(action.signingFields);
    uses.push({ title: `${action.action} (${PROTOCOL_TITLE[action.protocol]})`, link: paths.action(action), constant: clientOperation(site, action.protocol, action.action).names.signature, recipe: action.signature, fields: example ? { ...signedExample(action.signature, example.value, signing), ...signing } : undefined });
  }
  for (const endpoint of model.checkoutOperations) {
    if (!endpoint.signature) continue;
    const example = operationRequestExamples(endpoint.operation)[0];
    const signing = signingOf(endpoint.signingFields);
    uses.push({ title: prose(endpoint.summary), link: paths.checkout(endpoint), constant: clientOperation(site, 'checkout', endpoint.operationId).names.signature, recipe: endpoint.signature, fields: example ? { ...example.value, ...signing } : undefined });
  }
  for (const webhook of model.webhooks) {
    const example = webhookExamples(model, webhook.name)[0];
    uses.push({ title: prose(webhook.name), link: paths.callback(webhook), constant: webhookNames(webhook.name).signature, recipe: webhook.signature, fields: example?.value, context: webhook.context });
  }
  const groups = new Map<string, RecipeUse[]>();
  for (const use of uses) {
    const key = JSON.stringify({ digests: use.recipe.digests, input: use.recipe.input, cases: use.recipe.cases ?? [], context: use.context ?? {} });
    groups.set(key, [...(groups.get(key) ?? []), use]);
  }
  const sections = [...groups.values()].map((group) =>
    signatureSection(`## ${group.map((use) => `[${use.title}](${use.link})`).join(', ')}`, group[0]!.constant, group[0]!.recipe, group.find((use) => use.fields)?.fields, group[0]!.context),
  );
  return page(fillTemplate(templates.get('signatures.md'), { recipeCount: String(groups.size), operationCount: String(uses.length), examplePassword: EXAMPLE_PASSWORD }), ...sections);
}

export function errorsPage(site: Site, templates: Templates): string {
  const { model } = site;
  return page(
    fillTemplate(templates.get('errors.md'), {
      generic: model.genericErrors.length > 0 ? errorsTable(model.genericErrors) : 'None listed.',
      warnings: warningsTable(warningSites(model)) || 'None.',
    }),
    ...model.s2sActions.filter((action) => action.errors.length > 0).map((action) => `## [${action.action} (${PROTOCOL_TITLE[action.protocol]})](${paths.action(action)})\n\n${errorsTable(action.errors)}`),
    ...model.checkoutOperations.filter((endpoint) => endpoint.errors.length > 0).map((endpoint) => `## [${prose(endpoint.summary)}](${paths.checkout(endpoint)})\n\n${errorsTable(endpoint.errors)}`),
  );
}

/**
 * Every row of the document's Limits table, each value rendered from where the spec states it
 * (`info.x-limits` names the place), then the shared field shapes and the method amount bounds.
 */
export function limitsPage(site: Site, templates: Templates): string {
  const { model } = site;
  const details: string[] = [];
  const rows = limitRows(model).map((row) => {
    const values = row.sources.map((source) => {
      const { text, detail } = limitValue(site, row.limit, source);
      if (detail) details.push(detail);
      return text;
    });
    return [prose(row.limit), cell(row.appliesTo), cell(values.join(' '))];
  });
  const shapes = [...model.schemas]
    .filter(([, schema]) => isSchemaObject(schema) && !schema.properties && !schema.allOf && !schema.oneOf && limits(schema) !== '' && !schema['x-method'])
    .map(([name, schema]) => [code(name), cell(limits(schema)), cell(schema.description ?? '')]);
  const amounts = site.methods.flatMap((method) => {
    const parameters = model.schema(method.parametersSchema);
    return Object.entries(parameters.properties ?? {}).flatMap(([name, property]) => {
      const resolved = model.resolve(property);
      return isSchemaObject(resolved) && (resolved['x-decimal-minimum'] !== undefined || resolved['x-decimal-maximum'] !== undefined)
        ? [[`[${cell(method.title)}](${paths.method(method)})`, code(name), cell(limits(resolved)), cell(resolved.description ?? '')]]
        : [];
    });
  });
  return fillTemplate(templates.get('limits.md'), {
    limits: page(table(['Limit', 'Applies to', 'Value'], rows), ...details),
    shapes: table(['Shape', 'Limits', 'Meaning'], shapes),
    amounts: amounts.length > 0 ? table(['Method', 'Field', 'Bounds', 'Meaning'], amounts) : 'None listed.',
    amountDecimals: amountDecimalsSection(model),
  });
}

/**
 * The decimals an amount takes per currency: ISO 4217's minor unit, the platform's exceptions
 * marked, every currency that takes other than two listed (the model's table, as the validators check it).
 */
function amountDecimalsSection(model: Site['model']): string {
  const exponents = currencyExponents(model);
  if (exponents.size === 0) return 'No rule: an amount may carry any number of decimals.';
  const iso = isoMinorUnits();
  const exceptions = [...exponents].filter(([currency, count]) => iso.get(currency) !== count);
  const byCount = new Map<number, string[]>();
  for (const [currency, count] of exponents) if (count !== 2 && iso.get(currency) === count) byCount.set(count, [...(byCount.get(count) ?? []), currency]);
  const rows = [...byCount].sort(([a], [b]) => a - b).map(([count, codes]) => [String(count), codes.map(code).join(', '), 'ISO 4217']);
  for (const [currency, count] of exceptions) rows.push([String(count), code(currency), `the platform (ISO 4217: ${iso.get(currency) ?? 'none'})`]);
  return page(
    `An amount (\`order_amount\`, Checkout's \`order.amount\`, ...) carries at most as many decimals as its currency takes, and the client's validators and the sandbox refuse one more: ${currencyExamples(exponents)} are the most. The number is the currency's minor unit in ISO 4217 (list one, ${isoPublished()}), except where the platform takes another. Fewer decimals are accepted; a currency the table does not list (a crypto currency, a metal) has no rule. Every other listed currency takes 2.`,
    table(['Decimals', 'Currencies', 'Source'], rows),
  );
}

const duration = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`);

/** One source of a Limits row in words; a table it needs goes under the main table. */
function limitValue(site: Site, limit: string, source: LimitSource): { text: string; detail?: string } {
  const { model } = site;
  if (source.kind === 'method') {
    const method = site.methods.find((candidate) => candidate.label === source.label);
    if (!method) throw new Error(`Limits: no method ${source.label}`);
    const link = `[${method.title}](${paths.method(method)})`;
    if (method.qr) return { text: `${link}: the QR is valid ${duration(method.qr.lifetimeSeconds)}.` };
    if (method.completionWindow) return { text: `${link}: ${duration(method.completionWindow.seconds)}, then ${code(method.completionWindow.then)}.` };
    throw new Error(`Limits: method ${source.label} has no timing`);
  }
  if (source.kind === 'fields') {
    const rows = fieldRows(model, model.schema(source.schema), 'form', ['parameters']).filter((row) => row.limits !== '' && !row.limits.includes('safety cap'));
    const heading = `### ${limit}`;
    return {
      text: `${rows.length} bounded fields, listed [below](#${slug(limit)}).`,
      detail: page(heading, table(['Field', 'Limits'], rows.map((row) => [code(row.wireName), cell(row.limits)]))),
    };
  }
  const schema = model.resolve(source.node);
  if (!isSchemaObject(schema)) throw new Error(`Limits: ${source.pointer} is not a schema`);
  const name = source.pointer.match(/\/properties\/([^/]+)$/)?.[1];
  const label = name ? `${code(name)}: ` : '';
  switch (source.show) {
    case 'description':
      return { text: `${label}${prose(schema.description ?? (isSchemaObject(source.node) ? source.node.description : undefined) ?? '')}` };
    case 'rules':
      return { text: ruleTexts(model, source.node, source.style).join(' ') };
    case 'table': {
      const rules = ruleTable(model, source.node, source.style);
      if (!rules) throw new Error(`Limits: ${source.pointer} has no family of rules`);
      const action = model.s2sActions.find((candidate) => candidate.requestSchemaName === source.pointer);
      return {
        text: `One row per rule, listed [below](#${slug(limit)})${action ? ` and on [${action.action}](${paths.action(action)})` : ''}.`,
        detail: page(`### ${limit}`, table(rules.headers, rules.rows)),
      };
    }
    default:
      return { text: `${label}${cell(limits({ ...schema, ...(isSchemaObject(source.node) ? source.node : {}) }))}.` };
  }
}

export function statesPage(table_: StateTable, templates: Templates): string {
  // A row that moves nothing is a refusal: the state stays and the operation answers its error.
  const protocols = (move: StateTable['transitions'][number]) => (move.protocols ? ` (${move.protocols.map((protocol) => (PROTOCOL_TITLE as Readonly<Record<string, string>>)[protocol] ?? protocol).join(', ')})` : '');
  return fillTemplate(templates.get('states.md'), {
    moves: table(
      ['From', 'To', 'Moved by', 'Answer'],
      table_.transitions.map((move) => [code(move.from), move.to === move.from ? 'unchanged' : code(move.to), cell(`${move.by}${protocols(move)}`), move.error ? `Error ${code(move.error)}` : '']),
    ),
  });
}

/** The two packages a shop installs, as the toolchain names and versions them. */
export interface PackageNames {
  readonly client: string;
  readonly sandbox: string;
  readonly sandboxBin: string;
  readonly clientVersion: string;
  readonly sandboxVersion: string;
}

/** `npm pack`'s file name for a package: `@scope/name` 1.0.0 → `scope-name-1.0.0.tgz`. */
const tarball = (name: string, version: string) => `${name.replace(/^@/, '').replace(/\//g, '-')}-${version}.tgz`;

/** The test data as the sandbox README renders it too (one table, one renderer). */
export function testingPage(site: Site, templates: Templates, packages: PackageNames): string {
  const data = testData(site.model);
  const timings = site.methods.flatMap((method) => {
    const link = `[${method.title}](${paths.method(method)})`;
    return [
      ...(method.qr ? [`A QR code of ${link} expires ${method.qr.lifetimeSeconds} seconds after it is shown.`] : []),
      ...(method.completionWindow ? [`A ${link} payment the payer does not complete within ${method.completionWindow.seconds / 60} minutes becomes ${code(method.completionWindow.then)}.`] : []),
    ];
  });
  return fillTemplate(templates.get('testing.md'), {
    clientPackage: packages.client,
    sandboxPackage: packages.sandbox,
    sandboxBin: packages.sandboxBin,
    clientTarball: tarball(packages.client, packages.clientVersion),
    sandboxTarball: tarball(packages.sandbox, packages.sandboxVersion),
    timings: timings.join(' '),
    maxAdvance: String(MAX_ADVANCE_SECONDS),
    expiredReason: DECLINE_REASONS.expired,
    cards: testCardsTable(data),
    vcard: testIdentifiersTable(data),
  });
}

/** Using the client: prose only, its samples type-checked with the other pages'. */
export function clientPage(site: Site, templates: Templates): string {
  return fillTemplate(templates.get('client.md'), { callbackSample: callbackSample(site.model, templates, 'ts'), settings: settingsNote('GATEWAY_URL', 'CLIENT_KEY') });
}

export function changelogPage(site: Site): string {
  // Breaking items are marked where a reader scans for them, besides their own heading.
  return renderChangelog('Changelog', site.model.releases)
    .replace(/^### Breaking$/gm, '### Breaking <Badge type="danger" text="breaking" />')
    .replace(new RegExp(`^## ${UNRELEASED}$`, 'm'), `## ${capitalized(releaseName(UNRELEASED))}`);
}
