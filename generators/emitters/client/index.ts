// Emitter: the client. Thin and declarative: one OperationDefinition per S2S action and per
// Checkout endpoint, a standalone function for each (tree-shakable), and the two client
// factories. Every call runs through the hand-written pipeline in templates/runtime.
import { Project, VariableDeclarationKind, type SourceFile } from 'ts-morph';
import { isSchemaObject } from '../../model/json-schema.js';
import { methodCatalogue } from '../../model/method-catalogue.js';
import { sensitiveFields } from '../../model/sensitive-fields.js';
import type { OperationModel, S2sActionModel, SpecModel } from '../../model/spec-model.js';
import type { Emitter, GeneratedFile } from '../emitter.js';
import { functionBase } from '../validators/compile-schema.js';
import { clientMethodName, inputTypeName } from './names.js';
import { recipeConstName, signatureRecipe } from './signature-recipes.js';

const PROTOCOL_TITLE = { card: 'S2S CARD', apm: 'S2S APM' } as const;

export const clientEmitter: Emitter = {
  name: 'client',
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    const project = new Project({ useInMemoryFileSystem: true });
    return [
      file(project, 'client/src/signatures.ts', (source) => emitSignatures(model, source)),
      file(project, 'client/src/sensitive-fields.ts', (source) => emitSensitiveFields(model, source)),
      file(project, 'client/src/s2s.ts', (source) => emitS2s(model, source)),
      file(project, 'client/src/checkout.ts', (source) => emitCheckout(model, source)),
      file(project, 'client/src/methods.ts', (source) => emitMethods(model, source)),
    ];
  },
};

function file(project: Project, path: string, build: (source: SourceFile) => void): GeneratedFile {
  const source = project.createSourceFile(path, '', { overwrite: true });
  build(source);
  return { path, contents: source.getFullText(), kind: 'typescript', source: 'generators/emitters/client' };
}

interface SignedOperation {
  readonly constName: string;
  readonly recipe: unknown;
}

function s2sRecipe(model: SpecModel, action: S2sActionModel): SignedOperation {
  const recipes = model.schema(action.requestSchemaName)['x-signature'];
  const recipe = isSchemaObject(recipes as never) ? (recipes as Record<string, unknown>)[action.protocol] : undefined;
  return { constName: recipeConstName(`${action.action}_${action.protocol}`), recipe: signatureRecipe(recipe, `${action.requestSchemaName} (${action.protocol})`) };
}

function checkoutRecipe(model: SpecModel, operation: OperationModel): SignedOperation {
  const recipe = model.schema(operation.requestSchemaName)['x-signature'];
  return { constName: recipeConstName(operation.operationId), recipe: signatureRecipe(recipe, operation.requestSchemaName) };
}

const checkoutOperations = (model: SpecModel) => model.operations.filter((operation) => operation !== model.s2sOperation);

function emitSignatures(model: SpecModel, source: SourceFile): void {
  source.addImportDeclaration({ moduleSpecifier: './runtime/signature.js', namedImports: ['SignatureRecipe'], isTypeOnly: true });
  const all = [...model.s2sActions.map((action) => s2sRecipe(model, action)), ...checkoutOperations(model).map((operation) => checkoutRecipe(model, operation))];
  for (const { constName, recipe } of all) {
    source.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [String((recipe as { description: string }).description)],
      declarations: [{ name: constName, type: 'SignatureRecipe', initializer: JSON.stringify(recipe) }],
    });
  }
}

function emitSensitiveFields(model: SpecModel, source: SourceFile): void {
  source.addImportDeclaration({ moduleSpecifier: './runtime/sensitive.js', namedImports: ['SensitiveFields'], isTypeOnly: true });
  const fields = Object.fromEntries(sensitiveFields(model));
  source.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Wire fields marked `x-sensitive` in the spec: masked in every error and log event.'],
    declarations: [{ name: 'SENSITIVE_FIELDS', type: 'SensitiveFields', initializer: JSON.stringify(fields) }],
  });
}

function isIdempotent(model: SpecModel, schemaName: string): boolean {
  return model.schema(schemaName)['x-idempotent'] === true;
}

function emitS2s(model: SpecModel, source: SourceFile): void {
  const actions = model.s2sActions;
  const s2sPath = model.s2sOperation?.path ?? '/post';
  addPipelineImports(source);
  source.addImportDeclaration({ moduleSpecifier: './validators.js', namedImports: unique(actions.map((action) => `validate${functionBase(action.requestSchemaName)}`)) });
  source.addImportDeclaration({ moduleSpecifier: './signatures.js', namedImports: unique(actions.map((action) => s2sRecipe(model, action).constName)) });
  source.addImportDeclaration({ moduleSpecifier: './sensitive-fields.js', namedImports: ['SENSITIVE_FIELDS'] });
  source.addImportDeclaration({
    moduleSpecifier: './types.js',
    isTypeOnly: true,
    namedImports: unique([
      ...actions.map((action) => inputTypeName(action.protocol, action.action)),
      ...actions.flatMap((action) => (action.responseSchemaName ? [action.responseSchemaName] : [])),
    ]),
  });

  const protocols = new Map<string, string[]>();
  for (const action of actions) {
    const method = clientMethodName(action.action);
    const fn = `${method}${action.protocol === 'card' ? 'Card' : 'Apm'}`;
    const title = `${PROTOCOL_TITLE[action.protocol]} ${action.action}`;
    const input = inputTypeName(action.protocol, action.action);
    const output = action.responseSchemaName ?? 'Record<string, unknown>';
    source.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`${title}: \`POST ${s2sPath}\` with \`action=${action.action}\`.`],
      declarations: [
        {
          name: `${fn}Operation`,
          type: 'OperationDefinition',
          initializer: objectLiteral({
            name: JSON.stringify(title),
            path: JSON.stringify(s2sPath),
            bodyStyle: '"form"',
            action: JSON.stringify(action.action),
            keyField: '"client_key"',
            validate: `validate${functionBase(action.requestSchemaName)}`,
            signature: s2sRecipe(model, action).constName,
            idempotent: String(isIdempotent(model, action.requestSchemaName)),
            sensitive: 'SENSITIVE_FIELDS',
          }),
        },
      ],
    });
    source.addFunction({
      isExported: true,
      name: fn,
      docs: [`${title}. ${describeSchema(model, action.requestSchemaName)}`],
      parameters: [
        { name: 'transport', type: 'Transport' },
        { name: 'input', type: input },
        { name: 'call', type: 'CallOptions', hasQuestionToken: true },
      ],
      returnType: `Promise<${output}>`,
      statements: `return invoke<${output}>(transport, ${fn}Operation, input, call);`,
    });
    const list = protocols.get(action.protocol) ?? [];
    list.push(`/** ${title} */ ${method}: (input: ${input}, call?: CallOptions) => ${fn}(transport, input, call)`);
    protocols.set(action.protocol, list);
  }

  source.addInterface({
    isExported: true,
    name: 'S2SClientOptions',
    extends: ['ClientOptions'],
    docs: ['Options of an S2S client. `merchantKey` is the `client_key`.'],
    properties: [
      {
        name: 'postPath',
        type: 'string',
        hasQuestionToken: true,
        isReadonly: true,
        docs: [`Path of the S2S endpoint (default \`${s2sPath}\`); some APM deployments use \`/post-va\`.`],
      },
    ],
  });
  source.addFunction({
    isExported: true,
    name: 'createS2SClient',
    docs: ['An S2S client with one method per action, grouped by protocol (`card`, `apm`).'],
    parameters: [{ name: 'options', type: 'S2SClientOptions' }],
    statements: [
      `const transport = createTransport(options, options.postPath ? { ${JSON.stringify(s2sPath)}: options.postPath } : {});`,
      `return { transport, ${[...protocols].map(([protocol, methods]) => `${protocol}: { ${methods.join(', ')} }`).join(', ')} };`,
    ],
  });
  source.addTypeAlias({ isExported: true, name: 'S2SClient', type: 'ReturnType<typeof createS2SClient>' });
}

function emitCheckout(model: SpecModel, source: SourceFile): void {
  const operations = checkoutOperations(model);
  addPipelineImports(source);
  source.addImportDeclaration({ moduleSpecifier: './validators.js', namedImports: unique(operations.map((operation) => `validate${functionBase(operation.requestSchemaName)}`)) });
  source.addImportDeclaration({ moduleSpecifier: './signatures.js', namedImports: unique(operations.map((operation) => checkoutRecipe(model, operation).constName)) });
  source.addImportDeclaration({ moduleSpecifier: './sensitive-fields.js', namedImports: ['SENSITIVE_FIELDS'] });
  source.addImportDeclaration({
    moduleSpecifier: './types.js',
    isTypeOnly: true,
    namedImports: unique([
      ...operations.map((operation) => inputTypeName('checkout', operation.operationId)),
      ...operations.flatMap((operation) => (operation.responseSchemaName ? [operation.responseSchemaName] : [])),
    ]),
  });
  const methods: string[] = [];
  for (const operation of operations) {
    const fn = operation.operationId;
    const input = inputTypeName('checkout', operation.operationId);
    const output = operation.responseSchemaName ?? 'Record<string, unknown>';
    const title = `Checkout ${operation.summary}`;
    source.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`${title}: \`${operation.method.toUpperCase()} ${operation.path}\`.`],
      declarations: [
        {
          name: `${fn}Operation`,
          type: 'OperationDefinition',
          initializer: objectLiteral({
            name: JSON.stringify(`Checkout ${operation.operationId}`),
            path: JSON.stringify(operation.path),
            bodyStyle: '"json"',
            keyField: '"merchant_key"',
            validate: `validate${functionBase(operation.requestSchemaName)}`,
            signature: checkoutRecipe(model, operation).constName,
            idempotent: String(isIdempotent(model, operation.requestSchemaName)),
            sensitive: 'SENSITIVE_FIELDS',
          }),
        },
      ],
    });
    source.addFunction({
      isExported: true,
      name: fn,
      docs: [`${title}. ${describeSchema(model, operation.requestSchemaName)}`],
      parameters: [
        { name: 'transport', type: 'Transport' },
        { name: 'input', type: input },
        { name: 'call', type: 'CallOptions', hasQuestionToken: true },
      ],
      returnType: `Promise<${output}>`,
      statements: `return invoke<${output}>(transport, ${fn}Operation, input, call);`,
    });
    methods.push(`/** ${title} */ ${fn}: (input: ${input}, call?: CallOptions) => ${fn}(transport, input, call)`);
  }
  source.addTypeAlias({ isExported: true, name: 'CheckoutClientOptions', type: 'ClientOptions', docs: ['Options of a Checkout client. `merchantKey` is the `merchant_key`; `baseUrl` is `{checkout_url}`.'] });
  source.addFunction({
    isExported: true,
    name: 'createCheckoutClient',
    docs: ['A Checkout client with one method per endpoint.'],
    parameters: [{ name: 'options', type: 'CheckoutClientOptions' }],
    statements: ['const transport = createTransport(options);', `return { transport, ${methods.join(', ')} };`],
  });
  source.addTypeAlias({ isExported: true, name: 'CheckoutClient', type: 'ReturnType<typeof createCheckoutClient>' });
}

function addPipelineImports(source: SourceFile): void {
  source.addImportDeclaration({ moduleSpecifier: './runtime/pipeline.js', namedImports: ['createTransport', 'invoke'] });
  source.addImportDeclaration({
    moduleSpecifier: './runtime/pipeline.js',
    isTypeOnly: true,
    namedImports: ['CallOptions', 'ClientOptions', 'OperationDefinition', 'Transport'],
  });
}

function describeSchema(model: SpecModel, name: string): string {
  const schema = model.schema(name);
  return (schema.description ?? schema.title ?? '').replace(/\s+/g, ' ').trim();
}

function objectLiteral(fields: Record<string, string>): string {
  return `{ ${Object.entries(fields).map(([key, value]) => `${key}: ${value}`).join(', ')} }`;
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)].sort();
}

function emitMethods(model: SpecModel, source: SourceFile): void {
  const methods = methodCatalogue(model);
  source.addInterface({
    isExported: true,
    name: 'PaymentMethod',
    docs: ['A payment method of the catalogue (the `x-method` metadata of its parameter schema).'],
    properties: [
      { name: 'label', type: 'string', isReadonly: true, docs: ['Neutral label as the interface document writes it (`<pin_voucher>`), or the literal id.'] },
      { name: 'title', type: 'string', isReadonly: true },
      { name: 'brand', type: 'string', hasQuestionToken: true, isReadonly: true, docs: ['The `brand` an S2S APM SALE sends for it, when it has an S2S branch.'] },
      { name: 'parametersSchema', type: 'string', isReadonly: true, docs: ['Name of its parameter schema (`validate<Name>` checks `parameters`).'] },
      { name: 'protocols', type: 'readonly string[]', isReadonly: true },
      { name: 'completion', type: 'readonly string[]', isReadonly: true, docs: ['How the payer completes: redirect, qr, one-time-code, external-app, hosted-page-fields, none.'] },
      { name: 'currencies', type: 'readonly string[]', hasQuestionToken: true, isReadonly: true },
      { name: 'countries', type: 'readonly string[]', hasQuestionToken: true, isReadonly: true },
      { name: 'notes', type: 'string', hasQuestionToken: true, isReadonly: true },
    ],
  });
  source.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Every payment method of the interface, sorted by label.'],
    declarations: [{ name: 'PAYMENT_METHODS', type: 'readonly PaymentMethod[]', initializer: JSON.stringify(methods) }],
  });
}
