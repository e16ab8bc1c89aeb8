// Emitter: the @payment-gateway/conformance package, the spec as an executable contract. A thin
// generated table (`scenarios.ts`) lists, from the model, every request example per S2S action and
// Checkout endpoint with its operation definition and response validator, every `x-errors` entry
// with its code and message, the state table, the test data and each callback's definition,
// validator and examples; the hand-written suites in templates/conformance run them. Like the
// sandbox it depends on the client emitter's OUTPUT: every name the table imports is checked
// against what the client package exports.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { s2sRequestExamples, operationRequestExamples, webhookExamples } from '../../model/examples.js';
import { methodCatalogue } from '../../model/method-catalogue.js';
import { operationNames, validatorName, webhookNames } from '../../model/names.js';
import { identifierAliases, identifierFields, schemaFields } from '../../model/fields.js';
import type { SpecModel } from '../../model/spec-model.js';
import { stateTable } from '../../model/states.js';
import { testData } from '../../model/test-data.js';
import { buildConfigs, buildScript, dualPackageFields } from '../../shared/build-options.js';
import { SHEBANG_SCRIPT, templateTree } from '../../shared/template-tree.js';
import { exportedNames, generatedManifest, importChecker } from '../../shared/package-exports.js';
import { type EmitContext, type Emitter, type GeneratedFile, withoutFieldProse } from '../emitter.js';

const TEMPLATES = 'templates/conformance';

export const conformanceEmitter: Emitter = withoutFieldProse({
  name: 'conformance',
  dependsOn: ['client', 'validators', 'package', 'sandbox'],
  async emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]> {
    const root = context.projectRoot;
    const files: GeneratedFile[] = [];
    // The template tree as it is, under src/: the generated table sits next to it.
    for (const name of await templateTree(root, TEMPLATES)) {
      const source = `${TEMPLATES}/${name}`;
      files.push({
        path: `conformance/src/${name}`,
        contents: await readFile(join(root, source), 'utf8'),
        kind: 'typescript',
        source,
      });
    }
    const clientFiles = ['client', 'validators', 'package'].flatMap((name) => context.filesOf(name));
    files.push({
      path: 'conformance/src/scenarios.ts',
      contents: scenarioTables(model, exportedNames(clientFiles)),
      kind: 'typescript',
      source: 'generators/emitters/conformance',
    });
    files.push({
      path: 'conformance/README.md',
      contents: await readFile(join(root, TEMPLATES, 'README.md'), 'utf8'),
      kind: 'markdown',
      source: `${TEMPLATES}/README.md`,
      // A template, kept prettier-formatted.
      laidOut: true,
    });
    for (const { name, config } of await buildConfigs(root)) {
      files.push({
        path: `conformance/${name}`,
        contents: JSON.stringify(config),
        kind: 'json',
        source: 'generators/shared/build-options.ts',
      });
    }
    files.push({
      path: 'conformance/package.json',
      contents: manifest(model, await readFile(join(root, 'package.json'), 'utf8'), [
        ...clientFiles,
        ...context.filesOf('sandbox'),
      ]),
      kind: 'json',
      source: 'generators/emitters/conformance',
    });
    return files;
  },
});

function scenarioTables(model: SpecModel, exported: ReadonlySet<string>): string {
  const names = importChecker(exported, 'conformance');
  const validator = (schemaName: string | undefined) =>
    schemaName ? `validateResponse: ${names.use(validatorName(schemaName))},` : '';
  const examples = (list: readonly { key: string; value: unknown }[]) =>
    JSON.stringify(list.map(({ key, value }) => ({ key, body: value })));
  const s2s = model.s2sActions.map((action) => {
    const operation = names.use(operationNames(action.protocol, action.action).operation);
    return `{ protocol: '${action.protocol}', action: '${action.action}', operation: ${operation}, signingFields: ${JSON.stringify(action.signingFields)}, errors: ${JSON.stringify(action.errors)}, examples: ${examples(s2sRequestExamples(model, action.protocol, action.action))}, ${validator(action.responseSchemaName)} },`;
  });
  const checkout = model.checkoutOperations.map((operation) => {
    const definition = names.use(operationNames('checkout', operation.operationId).operation);
    return `{ operationId: '${operation.operationId}', path: '${operation.path}', operation: ${definition}, signed: ${operation.signature !== undefined}, errors: ${JSON.stringify(operation.errors)}, examples: ${examples(operationRequestExamples(operation.operation))}, ${validator(operation.responseSchemaName)} },`;
  });
  const callbacks = model.webhooks
    .filter((webhook) => webhook.kind === 'callback')
    .map(
      (webhook) =>
        `{ protocol: '${webhook.protocol}', name: '${webhook.name}', definition: ${names.use(webhookNames(webhook.name).definition)}, validate: ${names.use(validatorName(webhook.schemaName))}, context: ${JSON.stringify(webhook.context)}, examples: ${examples(webhookExamples(model, webhook.name))} },`,
    );
  // Per operation (as the report titles it): the identifier fields of its request and answer, and the
  // names one identifier may take, for chaining an example after what it names.
  const identifiers = (requestSchema: string, responseSchema: string | undefined) => ({
    request: identifierFields(schemaFields(model, requestSchema)),
    answer: responseSchema ? identifierFields(schemaFields(model, responseSchema)) : {},
    answerFields: responseSchema ? [...schemaFields(model, responseSchema).top.keys()].sort() : [],
    aliases: identifierAliases(schemaFields(model, requestSchema)),
  });
  const chains = Object.fromEntries([
    ...model.s2sActions.map((action) => [
      `S2S ${action.protocol.toUpperCase()} ${action.action}`,
      identifiers(action.requestSchemaName, action.responseSchemaName),
    ]),
    ...model.checkoutOperations.map((operation) => [
      `Checkout ${operation.operationId}`,
      identifiers(operation.requestSchemaName, operation.responseSchemaName),
    ]),
  ]);
  const methodMoves = methodCatalogue(model).flatMap((method) =>
    method.brand !== undefined && (method.qr || method.completionWindow)
      ? [
          {
            brand: method.brand,
            title: method.title,
            ...(method.qr ? { bankCallback: method.qr.bankCallback } : {}),
            ...(method.completionWindow ? { completionWindow: method.completionWindow } : {}),
          },
        ]
      : [],
  );
  return [
    `import { ${names.imports().join(', ')} } from '@payment-gateway/merchant-client';`,
    `import type { IdentifierTables } from './platform/operations.js';`,
    `import type { MethodMoves } from './platform/flows.js';`,
    `import type { ConformanceTables } from './tables.js';`,
    '',
    `/** What the kit checks, from spec ${model.specVersion}: examples, error catalogues, the state table, test data and callbacks. */`,
    `export const TABLES: ConformanceTables = {`,
    `specVersion: ${JSON.stringify(model.specVersion)},`,
    `s2s: [${s2s.join('\n')}],`,
    `checkout: [${checkout.join('\n')}],`,
    `genericErrors: ${JSON.stringify(model.genericErrors)},`,
    `transitions: ${JSON.stringify(stateTable(model).transitions)},`,
    `testData: ${JSON.stringify(testData(model))},`,
    `callbacks: [${callbacks.join('\n')}],`,
    `};`,
    '',
    `/** Per operation: the fields that name an earlier answer's identifiers (by the spec's identifier schema), the answer's own and its declared fields, and each identifier's other names. */`,
    `export const IDENTIFIERS: IdentifierTables = ${JSON.stringify(chains)};`,
    '',
    `/** The S2S APM methods whose payments wait for the bank or a window: what moves them (the state table's method rows). */`,
    `export const METHODS: MethodMoves = ${JSON.stringify(methodMoves)};`,
  ].join('\n');
}

/** The manifest of a package the kit depends on by version (the client, the sandbox), from its emitter's output. */
function manifest(model: SpecModel, toolchainText: string, packageFiles: readonly GeneratedFile[]): string {
  const toolchain = JSON.parse(toolchainText) as {
    version: string;
    clientPackage: { name: string; version: string; license: string };
  };
  const clientManifest = generatedManifest(packageFiles, 'client/package.json', 'conformance');
  // The merchant suite delivers callbacks with the sandbox's engine and its faults.
  const sandboxManifest = generatedManifest(packageFiles, 'sandbox/package.json', 'conformance');
  return JSON.stringify(
    {
      name: '@payment-gateway/conformance',
      version: toolchain.clientPackage.version,
      description: `Conformance kit for ${model.document.info.title} ${model.specVersion}: runs the spec against a platform (examples, error catalogue, state flows, signatures, callbacks) and against a merchant's callback endpoint.`,
      license: toolchain.clientPackage.license,
      ...dualPackageFields(),
      bin: { conformance: './dist/cli.js', 'payment-gateway-conformance': './dist/cli.js' },
      files: ['dist', 'README.md'],
      scripts: {
        build: buildScript(`node -e "${SHEBANG_SCRIPT}"`),
        // The client and the sandbox are workspaces of this repository: they are built before this package's build imports them by name.
        prepack: `npm run build --workspace ${clientManifest.name} && npm run build --workspace ${sandboxManifest.name} && npm run build`,
      },
      dependencies: { [clientManifest.name]: clientManifest.version, [sandboxManifest.name]: sandboxManifest.version },
      'x-generated-from': { specVersion: model.specVersion, generatorVersion: toolchain.version },
    },
    null,
    2,
  );
}
