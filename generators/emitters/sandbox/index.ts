// Emitter: the @payment-gateway/sandbox package. A thin generated table (`spec-tables.ts`) names,
// per S2S action and Checkout endpoint, the client package's operation definition (its validator
// and signature recipe), the response validator and the error catalogue; the hand-written server
// in templates/sandbox does the rest. It depends on the client emitter's OUTPUT: every name the
// table imports is checked against what the client package exports.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { callbackDelivery } from '../../model/callback-delivery.js';
import { schemaFields } from '../../model/fields.js';
import { methodCatalogue } from '../../model/method-catalogue.js';
import { operationNames, validatorName, webhookNames } from '../../model/names.js';
import type { SpecModel } from '../../model/spec-model.js';
import { stateTable } from '../../model/states.js';
import { testCardsTable, testData, testIdentifiersTable } from '../../model/test-data.js';
import { DECLINE_REASONS } from '../../../templates/sandbox/core/decline-reasons.js';
import { buildConfigs, buildScript, dualPackageFields } from '../../shared/build-options.js';
import { exportedNames, generatedManifest } from '../../shared/package-exports.js';
import { SHEBANG_SCRIPT, templateTree } from '../../shared/template-tree.js';
import { type EmitContext, type Emitter, type GeneratedFile, withoutFieldProse } from '../emitter.js';

const TEMPLATES = 'templates/sandbox';
/** Templates that are the package's own entry points; the rest is its runtime. */
const ENTRY_POINTS = new Set(['index.ts', 'cli.ts']);
/** The package's runtime dependencies besides the client (versions from the toolchain's lock). */
const RUNTIME_DEPENDENCIES = ['qrcode'];

export const sandboxEmitter: Emitter = withoutFieldProse({
  name: 'sandbox',
  dependsOn: ['client', 'validators', 'package'],
  async emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]> {
    const root = context.projectRoot;
    const files: GeneratedFile[] = [];
    // The folder tree as it is: entry points at the top, the layers (core/, handlers/) under runtime/.
    for (const name of await templateTree(root, TEMPLATES)) {
      const source = `${TEMPLATES}/${name}`;
      const path = ENTRY_POINTS.has(name) ? `sandbox/src/${name}` : `sandbox/src/runtime/${name}`;
      files.push({ path, contents: await readFile(join(root, source), 'utf8'), kind: 'typescript', source });
    }
    const clientFiles = ['client', 'validators', 'package'].flatMap((name) => context.filesOf(name));
    files.push({ path: 'sandbox/src/spec-tables.ts', contents: specTables(model, exportedNames(clientFiles)), kind: 'typescript', source: 'generators/emitters/sandbox' });
    files.push({ path: 'sandbox/README.md', contents: readme(model, await readFile(join(root, TEMPLATES, 'README.md'), 'utf8')), kind: 'markdown', source: `${TEMPLATES}/README.md`, laidOut: true });
    for (const { name, config } of await buildConfigs(root)) {
      files.push({ path: `sandbox/${name}`, contents: JSON.stringify(config), kind: 'json', source: 'generators/shared/build-options.ts' });
    }
    files.push({ path: 'sandbox/package.json', contents: manifest(model, await readFile(join(root, 'package.json'), 'utf8'), clientFiles), kind: 'json', source: 'generators/emitters/sandbox' });
    return files;
  },
});

function specTables(model: SpecModel, exported: ReadonlySet<string>): string {
  const imports = new Set<string>();
  const use = (name: string): string => {
    if (!exported.has(name)) throw new Error(`sandbox: the client package exports no ${name}; the sandbox imports every operation, validator and callback from it`);
    imports.add(name);
    return name;
  };
  const responseValidator = (schemaName: string | undefined) => (schemaName ? `validateResponse: ${use(validatorName(schemaName))},` : '');
  const s2s = model.s2sActions.map((action) => {
    const names = operationNames(action.protocol, action.action);
    return `{ protocol: '${action.protocol}', action: '${action.action}', operation: ${use(names.operation)}, signingFields: ${JSON.stringify(action.signingFields)}, errors: ${JSON.stringify(action.errors)}, alternatives: ${JSON.stringify(schemaFields(model, action.requestSchemaName).alternatives)}, ${responseValidator(action.responseSchemaName)} },`;
  });
  const checkout = model.checkoutOperations.map((operation) => {
    const names = operationNames('checkout', operation.operationId);
    return `{ operationId: '${operation.operationId}', path: '${operation.path}', operation: ${use(names.operation)}, signingFields: ${JSON.stringify(operation.signingFields)}, errors: ${JSON.stringify(operation.errors)}, alternatives: ${JSON.stringify(schemaFields(model, operation.requestSchemaName).alternatives)}, ${responseValidator(operation.responseSchemaName)} },`;
  });
  const webhook = (kind: string, protocol: string) => {
    const found = model.webhooks.find((candidate) => candidate.kind === kind && candidate.protocol === protocol);
    if (!found) throw new Error(`sandbox: the spec has no ${protocol} ${kind} webhook`);
    return use(webhookNames(found.name).definition);
  };
  // The behaviour data of each method with an S2S APM brand: how the payer completes, the QR's
  // lifetime and bank codes, the completion window.
  const methods = methodCatalogue(model).flatMap((method) =>
    method.brand === undefined
      ? []
      : [{ brand: method.brand, completion: method.completion, ...(method.qr ? { qr: { lifetimeSeconds: method.qr.lifetimeSeconds, bankCallback: method.qr.bankCallback } } : {}), ...(method.completionWindow ? { completionWindow: method.completionWindow } : {}) }],
  );
  const callbacks = `{ checkout: ${webhook('callback', 'checkout')}, card: ${webhook('callback', 'card')}, apm: ${webhook('callback', 'apm')}, paymentReturn: ${webhook('return-query', 'checkout')} }`;
  return [
    `import { ${[...imports].sort().join(', ')} } from '@payment-gateway/merchant-client';`,
    `import type { SandboxTables } from './runtime/core/tables.js';`,
    '',
    `/** What the sandbox serves, from spec ${model.specVersion}: every S2S action per protocol and every Checkout endpoint. */`,
    `export const TABLES: SandboxTables = {`,
    `specVersion: ${JSON.stringify(model.specVersion)},`,
    `s2s: [${s2s.join('\n')}],`,
    `checkout: [${checkout.join('\n')}],`,
    `genericErrors: ${JSON.stringify(model.genericErrors)},`,
    `callbacks: ${callbacks},`,
    `methods: ${JSON.stringify(methods)},`,
    `transitions: ${JSON.stringify(stateTable(model).transitions)},`,
    `testData: ${JSON.stringify(testData(model))},`,
    `delivery: ${JSON.stringify(callbackDelivery(model))},`,
    `};`,
  ].join('\n');
}

/** The README template with the parts the spec states filled in (`%%name%%`). */
function readme(model: SpecModel, template: string): string {
  const data = testData(model);
  const methods = methodCatalogue(model);
  const delivery = callbackDelivery(model);
  const qr = methods.find((method) => method.qr);
  const windows = methods.filter((method) => method.completionWindow);
  const values: Record<string, string> = {
    testCards: testCardsTable(data, 'aligned'),
    testIdentifiers: testIdentifiersTable(data, 'aligned'),
    qrLifetimeSeconds: String(qr?.qr?.lifetimeSeconds ?? ''),
    qrBrand: qr?.brand ?? qr?.label ?? '',
    qrBankCodes: Object.entries(qr?.qr?.bankCallback ?? {}).map(([code, state]) => `\`${code}\` → ${state}`).join(', '),
    completionWindows: windows.map((method) => `${method.title} (\`${method.brand ?? method.label}\`): ${method.completionWindow!.seconds} seconds`).join('; '),
    retrySeconds: String(delivery.retry.intervalSeconds),
    retryAttempts: String(delivery.retry.attempts),
    blockTimeouts: String(delivery.block.timeouts),
    blockWithinSeconds: String(delivery.block.withinSeconds),
    blockForSeconds: String(delivery.block.forSeconds),
    expiredReason: DECLINE_REASONS.expired,
  };
  return template.replace(/%%([A-Za-z]+)%%/g, (_match, name: string) => {
    if (!(name in values)) throw new Error(`${TEMPLATES}/README.md: no value for %%${name}%%`);
    return values[name]!;
  });
}

function manifest(model: SpecModel, toolchainText: string, clientFiles: readonly GeneratedFile[]): string {
  const toolchain = JSON.parse(toolchainText) as { version: string; devDependencies: Record<string, string>; clientPackage: { name: string; version: string; license: string } };
  const clientManifest = generatedManifest(clientFiles, 'client/package.json', 'sandbox');
  return JSON.stringify(
    {
      name: '@payment-gateway/sandbox',
      version: toolchain.clientPackage.version,
      description: `Local sandbox of the payment platform (${model.document.info.title} ${model.specVersion}): states, test cards, 3DS and hosted pages, signed callbacks, time control.`,
      license: toolchain.clientPackage.license,
      // Dual like the client, so a CommonJS test set-up (Jest) can require() it.
      ...dualPackageFields(),
      bin: { 'payment-gateway-sandbox': './dist/cli.js' },
      files: ['dist', 'README.md'],
      scripts: {
        // The generated sources open with their banner, so the bin's shebang is added after the build.
        build: buildScript(`node -e "${SHEBANG_SCRIPT}"`),
        // The client is a workspace of this repository (root package.json): its types must be built
        // before the sandbox's build can import it by name.
        prepack: `npm run build --workspace ${clientManifest.name} && npm run build`,
      },
      dependencies: {
        [clientManifest.name]: clientManifest.version,
        ...Object.fromEntries(RUNTIME_DEPENDENCIES.map((name) => [name, toolchain.devDependencies[name]])),
      },
      'x-generated-from': { specVersion: model.specVersion, generatorVersion: toolchain.version },
    },
    null,
    2,
  );
}
