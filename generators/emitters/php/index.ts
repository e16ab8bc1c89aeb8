// Emitter: the PHP client (`generated/php`, composer package payment-gateway/merchant-client).
// Thin, as the TypeScript client is: the hand-written runtime in templates/php is copied as it
// is, and this writes only data the runtime interprets (operation tables, signature recipes,
// error catalogue, sensitive fields) plus code: the validators, compiled per schema
// (./validation), and the typed surface (operation groups with PHPDoc array shapes, response and
// callback event classes).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fieldsOf, schemaFields, type FieldModel } from '../../model/fields.js';
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../../model/json-schema.js';
import { clientOperations, type ClientOperation } from '../../model/operations.js';
import { sensitiveFields } from '../../model/sensitive-fields.js';
import type { SignatureRecipeData } from '../../model/signature-recipes.js';
import type { SpecModel } from '../../model/spec-model.js';
import { type EmitContext, type Emitter, type GeneratedFile, withoutFieldProse } from '../emitter.js';
import { phpLiteral, phpString } from '../../shared/php-literal.js';
import { validatorsClass } from './validation/index.js';

const NAMESPACE = 'PaymentGateway\\MerchantClient';
const SOURCE = 'generators/emitters/php';
const GROUPS = { card: 'Card', apm: 'Apm', checkout: 'Checkout' } as const;

export const phpEmitter: Emitter = withoutFieldProse({
  name: 'php',
  async emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]> {
    const operations = clientOperations(model);
    const project = JSON.parse(await readFile(join(context.projectRoot, 'package.json'), 'utf8')) as {
      clientPackage: { version: string; license: string };
    };
    return [
      ...(await runtimeFiles(context.projectRoot)),
      composerJson(project.clientPackage),
      phpFile('src/Generated/Version.php', `namespace ${NAMESPACE}\\Generated;\n\n/** The interface version (\`info.version\`) this client was generated from, and the package's own version. */\nfinal class Version\n{\n    public const SPEC = ${phpString(model.specVersion)};\n    public const PACKAGE = ${phpString(project.clientPackage.version)};\n}\n`),
      phpFile('src/Generated/Operations.php', tableClass('Operations', 'Every S2S action and Checkout operation: what the runtime needs to validate, sign, encode and send it.', 'OPERATIONS', operationTable(model, operations))),
      phpFile('src/Generated/Webhooks.php', tableClass('Webhooks', 'Every callback and signed return query: its recipe, schema, required fields and signing-context names.', 'WEBHOOKS', webhookTable(model))),
      phpFile('src/Generated/SensitiveFields.php', tableClass('SensitiveFields', 'Wire fields marked `x-sensitive` in the spec: masked in every exception and log line.', 'FIELDS', Object.fromEntries(sensitiveFields(model)))),
      phpFile('src/Generated/ErrorCatalogue.php', tableClass('ErrorCatalogue', 'Errors any operation may return (`info.x-errors`); each operation lists its own in Operations.', 'GENERIC', model.genericErrors)),
      phpFile('src/Generated/Validators.php', validatorsClass(model, NAMESPACE)),
      ...(['card', 'apm', 'checkout'] as const).map((protocol) =>
        phpFile(`src/${GROUPS[protocol]}.php`, groupClass(model, protocol, operations.filter((operation) => operation.protocol === protocol))),
      ),
      ...responseClasses(model, operations),
      ...eventClasses(model),
    ];
  },
});

function phpFile(path: string, contents: string): GeneratedFile {
  return { path: `php/${path}`, contents, kind: 'php', source: SOURCE };
}

/** templates/php copied as it is: the runtime, autoloader, README and phpunit-free package files. */
async function runtimeFiles(root: string): Promise<GeneratedFile[]> {
  const base = join(root, 'templates/php');
  const files: GeneratedFile[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const inside = relative(base, path);
        const source = `templates/php/${inside}`;
        const kind = entry.name.endsWith('.php') ? 'php' : entry.name.endsWith('.md') ? 'markdown' : 'json';
        files.push({ path: `php/${inside}`, contents: await readFile(path, 'utf8'), kind, source, laidOut: true });
      }
    }
  };
  await walk(base);
  return files;
}

function composerJson(clientPackage: { version: string; license: string }): GeneratedFile {
  const composer = {
    name: 'payment-gateway/merchant-client',
    description: "The payment gateway's merchant client for PHP: S2S CARD, S2S APM and Checkout, signatures and callbacks, generated from the same spec as the TypeScript client.",
    type: 'library',
    version: clientPackage.version,
    license: 'proprietary',
    require: { php: '>=8.1', 'ext-curl': '*', 'ext-json': '*', 'ext-mbstring': '*' },
    autoload: { 'psr-4': { [`${NAMESPACE}\\`]: 'src/' } },
  };
  return { path: 'php/composer.json', contents: JSON.stringify(composer), kind: 'json', source: SOURCE };
}

function tableClass(name: string, doc: string, constant: string, data: unknown): string {
  return `namespace ${NAMESPACE}\\Generated;\n\n/** ${doc} */\nfinal class ${name}\n{\n    public const ${constant} = ${phpLiteral(data, '    ')};\n}\n`;
}

const responseClassName = (schemaName: string) => schemaName;
const eventClassName = (webhookName: string) => `${webhookName.charAt(0).toUpperCase()}${webhookName.slice(1)}Event`;

function operationTable(model: SpecModel, operations: readonly ClientOperation[]): Record<string, unknown> {
  const errorsOf = (operation: ClientOperation) =>
    operation.protocol === 'checkout'
      ? model.checkoutOperations.find((entry) => entry.requestSchemaName === operation.requestSchemaName)?.errors ?? []
      : model.s2sActions.find((entry) => entry.protocol === operation.protocol && entry.action === operation.action)?.errors ?? [];
  return Object.fromEntries(
    operations.map((operation) => [
      operation.title,
      {
        protocol: operation.protocol,
        path: operation.path,
        bodyStyle: operation.bodyStyle,
        action: operation.action ?? null,
        keyField: operation.keyField ?? null,
        requestSchema: operation.requestSchemaName,
        response: operation.responseSchemaName ? `${NAMESPACE}\\Response\\${responseClassName(operation.responseSchemaName)}` : null,
        arrayWhen: operation.arrayWhen
          ? { field: operation.arrayWhen.field, item: `${NAMESPACE}\\Response\\${responseClassName(operation.arrayWhen.itemSchemaName)}` }
          : null,
        idempotent: operation.idempotent,
        signature: operation.signature ? recipeData(operation.signature) : null,
        signing: operation.signingFields,
        headers: operation.headers,
        fields: operation.fields ?? null,
        // Body fields keyed by method label (`x-keyed-by: method`, Checkout `parameters`): brandValues renames their keys.
        methodKeyed: operation.methodKeyed,
        errors: errorsOf(operation),
      },
    ]),
  );
}

/** A recipe without its description (prose: it stays in the spec and the docs). */
function recipeData({ description: _description, ...recipe }: SignatureRecipeData): Omit<SignatureRecipeData, 'description'> {
  return recipe;
}

function webhookTable(model: SpecModel): Record<string, unknown> {
  return Object.fromEntries(
    model.webhooks.map((webhook) => [
      webhook.name,
      {
        kind: webhook.kind,
        protocol: webhook.protocol,
        schema: webhook.schemaName,
        event: `${NAMESPACE}\\Callback\\${eventClassName(webhook.name)}`,
        signature: recipeData(webhook.signature),
        required: webhook.required,
        context: webhook.context,
      },
    ]),
  );
}

// PHPDoc types (PHPStan / Psalm array shapes) from the schemas.

function phpDocType(model: SpecModel, node: JsonSchema, depth = 0): string {
  const schema = model.resolve(node);
  if (!isSchemaObject(schema)) return 'mixed';
  if (schema.const !== undefined && typeof schema.const === 'string') return phpString(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string'))
    return (schema.enum as string[]).map(phpString).join('|');
  const parts = [...(schema.allOf ?? [])];
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
      return 'int';
    case 'number':
      return 'int|float';
    case 'boolean':
      return 'bool';
    case 'array':
      return schema.items !== undefined && depth < 3 ? `list<${phpDocType(model, schema.items as JsonSchema, depth + 1)}>` : 'list<mixed>';
    case 'object':
      return depth < 2 && schema.properties && !schema.additionalProperties && parts.length === 0 ? objectShape(model, schema, depth + 1) : 'array<string, mixed>';
  }
  if (parts.length === 1) return phpDocType(model, parts[0]!, depth);
  return 'mixed';
}

/** An array shape entry: a field the validators require everywhere has no `?`; one declared per case (`parameters` per `brand`) is any array. */
const shapeEntry = (model: SpecModel, name: string, field: FieldModel, need: FieldModel['need'], depth: number) =>
  `${phpString(name)}${need === 'required' ? '' : '?'}: ${field.perCase && field.shape !== 'value' ? 'array<string, mixed>' : phpDocType(model, field.schema, depth)}`;

function objectShape(model: SpecModel, schema: SchemaObject, depth: number): string {
  const fields = fieldsOf(model, schema).top;
  if (fields.size === 0) return 'array<string, mixed>';
  return `array{${[...fields].map(([name, field]) => shapeEntry(model, name, field, field.within, depth)).join(', ')}}`;
}

function inputShape(model: SpecModel, operation: ClientOperation): string {
  // Filled by the client: the operation's action and merchant key; the hash is computed.
  const fields = [...schemaFields(model, operation.requestSchemaName).top].filter(([name]) => !operation.clientFilled.includes(name));
  const lines = fields.map(([name, field]) => shapeEntry(model, name, field, field.need, 1));
  if (operation.signingFields.length > 0) lines.push(`'signing': array{${operation.signingFields.map((field) => `${phpString(field)}: string`).join(', ')}}`);
  const variantSigning = Object.values(operation.signature?.variants ?? {}).flatMap((variant) => variant.signing ?? []);
  if (operation.signingFields.length === 0 && variantSigning.length > 0)
    lines.push(`'signing'?: array{${[...new Set(variantSigning)].map((field) => `${phpString(field)}?: string`).join(', ')}}`);
  if (operation.headers.length > 0) lines.push(`'headers': array{${operation.headers.map((header) => `${phpString(header)}: string`).join(', ')}}`);
  return `array{\n     *     ${lines.join(',\n     *     ')}\n     * }`;
}

function groupClass(model: SpecModel, protocol: 'card' | 'apm' | 'checkout', operations: readonly ClientOperation[]): string {
  const methods = operations.map((operation) => {
    const response = operation.responseSchemaName ? `Response\\${responseClassName(operation.responseSchemaName)}` : 'Response\\Response';
    const returns = operation.arrayWhen ? `${response}|list<Response\\${responseClassName(operation.arrayWhen.itemSchemaName)}>` : response;
    const nativeReturn = operation.arrayWhen ? `${response}|array` : response;
    const description = operation.description.replace(/\*\//g, '* /');
    return `    /**
     * ${operation.title}: \`POST ${operation.path}\`${operation.action ? ` with \`action=${operation.action}\`` : ''}. ${description}
     *
     * @param ${inputShape(model, operation)} $input
     * @return ${returns}
     * @throws Exception\\GatewayException
     */
    public function ${operation.names.method}(array $input, ?CallOptions $call = null): ${nativeReturn}
    {
        return $this->client->invoke(${phpString(operation.title)}, $input, $call);
    }
`;
  });
  const title = { card: 'S2S CARD', apm: 'S2S APM', checkout: 'Checkout' }[protocol];
  return `namespace ${NAMESPACE};

/** The ${title} operations: \`$gateway->${protocol}()->...\`. Each validates, signs, encodes and sends through the Client. */
final class ${GROUPS[protocol]}
{
    public function __construct(private readonly Client $client)
    {
    }

${methods.join('\n')}}
`;
}

/** The fields a response or callback schema may carry, with their doc types. */
function propertyTags(model: SpecModel, schemaName: string): string[] {
  return [...schemaFields(model, schemaName).top]
    .filter(([name]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    .map(([name, field]) => ` * @property-read ${phpDocType(model, field.schema, 2)}|null $${name}`);
}

function responseClasses(model: SpecModel, operations: readonly ClientOperation[]): GeneratedFile[] {
  const names = new Set<string>();
  for (const operation of operations) {
    if (operation.responseSchemaName) names.add(operation.responseSchemaName);
    if (operation.arrayWhen) names.add(operation.arrayWhen.itemSchemaName);
  }
  return [...names].sort().map((name) =>
    phpFile(
      `src/Response/${responseClassName(name)}.php`,
      `namespace ${NAMESPACE}\\Response;\n\n/**\n * The platform's answer (\`${name}\`): every field as received, read as properties or array keys.\n *\n${propertyTags(model, name).join('\n')}\n */\nfinal class ${responseClassName(name)} extends Response\n{\n}\n`,
    ),
  );
}

function eventClasses(model: SpecModel): GeneratedFile[] {
  return model.webhooks.map((webhook) =>
    phpFile(
      `src/Callback/${eventClassName(webhook.name)}.php`,
      `namespace ${NAMESPACE}\\Callback;\n\n/**\n * A verified \`${webhook.name}\` (${webhook.protocol}): \`$fields\` as received, \`$signed\` the fields its hash covers.\n *\n${propertyTags(model, webhook.schemaName).join('\n')}\n */\nfinal class ${eventClassName(webhook.name)} extends CallbackEvent\n{\n}\n`,
    ),
  );
}
