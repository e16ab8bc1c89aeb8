// The client emitter's files (index.ts is the emitter): one OperationDefinition per S2S action
// and per Checkout endpoint, a standalone function for each (tree-shakable), and the two client
// factories, built as ts-morph statement structures.
import { StructureKind, type Project, type StatementStructures } from 'ts-morph';
import { exportedConst, literal, nameList, objectLiteral, stringLiteral } from '../../shared/code-text.js';
import { codeProject } from '../../shared/ts-project.js';
import { blankLine, type Statements } from './statements.js';
import { methodCatalogue } from '../../model/method-catalogue.js';
import { sensitiveFields } from '../../model/sensitive-fields.js';
import type { SigningModel, SpecModel } from '../../model/spec-model.js';
import type { GeneratedFile } from '../emitter.js';
import { validatorModulePath, webhookNames } from '../../model/names.js';
import { clientOperations, type ClientOperation } from '../../model/operations.js';
import { emitCallbacks } from './callbacks.js';

export function clientFiles(model: SpecModel): readonly GeneratedFile[] {
  const project = codeProject();
  const operations = clientOperations(model);
  assertUniqueNames(operations);
  return [
    file(project, 'client/src/signatures.ts', emitSignatures(model, operations)),
    file(project, 'client/src/sensitive-fields.ts', emitSensitiveFields(model)),
    file(
      project,
      'client/src/s2s.ts',
      emitS2s(
        model,
        operations.filter((operation) => operation.protocol !== 'checkout'),
      ),
    ),
    file(
      project,
      'client/src/checkout.ts',
      emitCheckout(operations.filter((operation) => operation.protocol === 'checkout')),
    ),
    file(project, 'client/src/methods.ts', emitMethods(model)),
    file(project, 'client/src/callbacks.ts', emitCallbacks(model)),
  ];
}

/**
 * Each file is written from its statement structures in one go: ts-morph re-parses a file after
 * every manipulation, which for add-one-at-a-time cost half a second per generation.
 */
function file(project: Project, path: string, statements: Statements): GeneratedFile {
  const source = project.createSourceFile(path, { statements }, { overwrite: true });
  return { path, contents: source.getFullText(), kind: 'typescript', source: 'generators/emitters/client' };
}

/** Two operations must never share an exported name (S2S DEBIT on card vs Checkout debitCard). */
function assertUniqueNames(operations: readonly ClientOperation[]): void {
  const seen = new Map<string, string>();
  for (const operation of operations) {
    for (const name of [
      operation.names.fn,
      operation.names.operation,
      operation.names.input,
      operation.names.signature,
    ]) {
      const owner = seen.get(name);
      if (owner)
        throw new Error(
          `${operation.title} and ${owner} both generate ${name}; rename one in the spec or in generators/model/names.ts`,
        );
      seen.set(name, operation.title);
    }
  }
}

function emitSignatures(model: SpecModel, operations: readonly ClientOperation[]): Statements {
  const recipes = [
    ...operations.flatMap((operation) =>
      operation.signature
        ? [{ name: operation.names.signature, title: operation.title, signature: operation.signature }]
        : [],
    ),
    ...model.webhooks.map((webhook) => ({
      name: webhookNames(webhook.name).signature,
      title: `Webhook ${webhook.name}`,
      signature: webhook.signature,
    })),
  ];
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './runtime/signature.js',
      namedImports: ['SignatureRecipe'],
      isTypeOnly: true,
    },
    blankLine,
    // The description stays in the doc comment: as data it is prose every bundle would carry.
    ...recipes.map(({ name, title, signature: { description, ...recipe } }) =>
      exportedConst({ doc: `${title}: ${description}`, name, type: 'SignatureRecipe', initializer: literal(recipe) }),
    ),
  ];
}

function emitSensitiveFields(model: SpecModel): Statements {
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './runtime/sensitive.js',
      namedImports: ['SensitiveFields'],
      isTypeOnly: true,
    },
    blankLine,
    exportedConst({
      doc: 'Wire fields marked `x-sensitive` in the spec: masked in every error and log event.',
      name: 'SENSITIVE_FIELDS',
      type: 'SensitiveFields',
      initializer: literal(Object.fromEntries(sensitiveFields(model))),
    }),
  ];
}

/** Imports, OperationDefinition constants and standalone functions: the same for both protocols' files. */
function emitOperations(
  operations: readonly ClientOperation[],
  moreImports: readonly StatementStructures[] = [],
): Statements {
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './runtime/pipeline.js',
      namedImports: ['createTransport', 'invoke'],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './runtime/pipeline.js',
      isTypeOnly: true,
      namedImports: ['CallOptions', 'ClientOptions', 'OperationDefinition', 'Transport'],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './signatures.js',
      namedImports: nameList(
        unique(operations.flatMap((operation) => (operation.signature ? [operation.names.signature] : []))),
      ),
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './sensitive-fields.js',
      namedImports: ['SENSITIVE_FIELDS'],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './types.js',
      isTypeOnly: true,
      namedImports: nameList(
        unique([
          ...operations.map((operation) => operation.names.input),
          ...operations.flatMap((operation) => (operation.responseSchemaName ? [operation.responseSchemaName] : [])),
          ...operations.flatMap((operation) => (operation.arrayWhen ? [operation.arrayWhen.itemSchemaName] : [])),
        ]),
      ),
    },
    ...moreImports,
    blankLine,
    // Per operation, its definition then its function.
    ...operations.flatMap((operation): Statements => {
      return [
        exportedConst({
          doc: `${operation.title}: \`POST ${operation.path}\`${operation.action ? ` with \`action=${operation.action}\`` : ''}.`,
          name: operation.names.operation,
          type: `OperationDefinition<${stringLiteral(operation.path)}>`,
          initializer: objectLiteral({
            name: stringLiteral(operation.title),
            path: stringLiteral(operation.path),
            bodyStyle: stringLiteral(operation.bodyStyle),
            ...(operation.action ? { action: stringLiteral(operation.action) } : {}),
            ...(operation.keyField ? { keyField: stringLiteral(operation.keyField) } : {}),
            validator: `() => import(${stringLiteral(`./${validatorModulePath(operation.requestSchemaName)}.js`)})`,
            // The typed openapi-fetch call: tsc checks the path against the spec's `paths`.
            send: `(client, init) => client.POST(${stringLiteral(operation.path)}, init)`,
            ...(operation.signature ? { signature: operation.names.signature } : {}),
            ...(operation.headers.length > 0 ? { headers: literal(operation.headers) } : {}),
            idempotent: String(operation.idempotent),
            sensitive: 'SENSITIVE_FIELDS',
            ...(operation.methodKeyed.length > 0 ? { methodKeyed: literal(operation.methodKeyed) } : {}),
            ...(operation.arrayWhen ? { arrayWhen: stringLiteral(operation.arrayWhen.field) } : {}),
            ...(operation.signingFields.length > 0 ? { signing: literal(operation.signingFields) } : {}),
          }),
        }),
        {
          kind: StructureKind.Function,
          isExported: true,
          name: operation.names.fn,
          docs: [`${operation.title}. ${operation.description}${signingNote(operation)}`],
          parameters: [
            { name: 'transport', type: 'Transport' },
            { name: 'input', type: operation.names.input },
            { name: 'call', type: 'CallOptions', hasQuestionToken: true },
          ],
          returnType: `Promise<${responseType(operation)}>`,
          overloads: overloads(operation).map(({ input, returns }) => ({
            docs: [`${operation.title}. ${operation.description}`],
            parameters: [
              { name: 'transport', type: 'Transport' },
              { name: 'input', type: input },
              { name: 'call', type: 'CallOptions', hasQuestionToken: true },
            ],
            returnType: returns,
          })),
          statements: `return ${invokeCall(operation)};`,
        },
      ];
    }),
  ];
}

const responseType = (operation: ClientOperation) => operation.responseSchemaName ?? 'Record<string, unknown>';

/**
 * An operation's call, the body of its standalone function and of its client method. A method
 * calls `invoke` itself rather than the standalone function: a bundle of a client, which reaches
 * every operation, then carries no wrapper function per operation.
 */
const invokeCall = (operation: ClientOperation) =>
  `invoke<${responseType(operation)}>(transport, ${operation.names.operation}, input, call)`;

/**
 * Call signatures of an operation whose answer's shape follows a request field (`x-array-when`):
 * without the field one object, with it an array, and the general form for a field that may or
 * may not be set. Empty for every other operation (one signature).
 */
function overloads(operation: ClientOperation): { input: string; returns: string }[] {
  if (!operation.arrayWhen) return [];
  const { field, itemSchemaName } = operation.arrayWhen;
  const input = operation.names.input;
  return [
    { input: `${input} & { readonly ${field}?: undefined }`, returns: `Promise<${itemSchemaName}>` },
    { input: `${input} & { readonly ${field}: NonNullable<unknown> }`, returns: `Promise<${itemSchemaName}[]>` },
    { input, returns: `Promise<${operation.responseSchemaName ?? 'Record<string, unknown>'}>` },
  ];
}

/** Local functions for the client methods that have overloads (an arrow function has one signature). */
function overloadedMethods(operations: readonly ClientOperation[]): string[] {
  return operations.flatMap((operation) => {
    const signatures = overloads(operation);
    if (signatures.length === 0) return [];
    const { method } = operation.names;
    return [
      ...signatures.map(({ input, returns }) => `function ${method}(input: ${input}, call?: CallOptions): ${returns};`),
      `function ${method}(input: ${operation.names.input}, call?: CallOptions) { return ${invokeCall(operation)}; }`,
    ];
  });
}

function clientMembers(operations: readonly ClientOperation[]): string[] {
  return operations.map((operation) =>
    overloads(operation).length > 0
      ? `/** ${operation.title} */\n${operation.names.method}`
      : `/** ${operation.title} */\n${operation.names.method}: (input: ${operation.names.input}, call?: CallOptions) => ${invokeCall(operation)}`,
  );
}

/** The configured openapi-fetch client, for a merchant's own middleware (`client.fetchClient.use(...)`). */
const FETCH_CLIENT_MEMBER = `/** The configured openapi-fetch client every call goes through: \`fetchClient.use(middleware)\` adds your own (tracing, headers). */\nfetchClient: transport.fetchClient`;

/** The distinct operation paths of a client, which its `baseUrl` must not already end in. */
const endpoints = (operations: readonly ClientOperation[]) =>
  literal(unique(operations.map((operation) => operation.path)));

/** The lookup that reconciles a payment whose request failed in transit (never resent). */
const RECONCILIATION_ACTION = 'GET_TRANS_STATUS_BY_ORDER';

function reconcileMember(operations: readonly ClientOperation[]): string[] {
  const lookup = operations.find((operation) => operation.action === RECONCILIATION_ACTION);
  if (!lookup) return [];
  const output = responseType(lookup);
  return [
    `/** After a payment request failed in transit, look its order up (${lookup.title}) instead of sending it again: \`{ found: false }\` means it never reached processing. */\nreconcile: (input: ${lookup.names.input}, call?: CallOptions): Promise<Reconciliation<${output}>> => reconcileWith(() => ${invokeCall(lookup)})`,
  ];
}

function emitS2s(model: SpecModel, operations: readonly ClientOperation[]): Statements {
  const path = model.s2sOperation?.path ?? '/post';
  const groups = ['card', 'apm'].map((protocol) => {
    const own = operations.filter((operation) => operation.protocol === protocol);
    return `${protocol}: ${objectLiteral([...clientMembers(own), ...reconcileMember(own)])}`;
  });
  return [
    ...emitOperations(operations, [
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: './runtime/reconcile.js',
        namedImports: ['reconcileWith'],
      },
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: './runtime/reconcile.js',
        isTypeOnly: true,
        namedImports: ['Reconciliation'],
      },
    ]),
    {
      kind: StructureKind.Interface,
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
          docs: [
            `Path of the S2S endpoint (default \`${path}\`); some APM deployments use \`/post-va\`, and \`/\` posts to the base address itself, as some of the document's samples do.`,
          ],
        },
      ],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: 'createS2STransport',
      docs: [
        'The S2S transport alone, for the standalone functions (`saleCard(transport, input)`): a bundle holds only the operations it imports, where `createS2SClient` reaches every action.',
      ],
      parameters: [{ name: 'options', type: 'S2SClientOptions' }],
      returnType: 'Transport',
      statements: [
        `return createTransport(options, options?.postPath ? { ${stringLiteral(path)}: options.postPath } : {}, ${endpoints(operations)});`,
      ],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: 'createS2SClient',
      docs: [
        "An S2S client with one method per action, grouped by protocol (`card`, `apm`). A bundle of it holds every action's validator; `createS2STransport` with the standalone functions holds only those imported.",
      ],
      parameters: [{ name: 'options', type: 'S2SClientOptions' }],
      statements: [
        'const transport = createS2STransport(options);',
        ...overloadedMethods(operations),
        `return ${objectLiteral(['transport', FETCH_CLIENT_MEMBER, ...groups])};`,
      ],
    },
    { kind: StructureKind.TypeAlias, isExported: true, name: 'S2SClient', type: 'ReturnType<typeof createS2SClient>' },
  ];
}

function emitCheckout(operations: readonly ClientOperation[]): Statements {
  return [
    ...emitOperations(operations),
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: 'CheckoutClientOptions',
      type: 'ClientOptions',
      docs: ['Options of a Checkout client. `merchantKey` is the `merchant_key`; `baseUrl` is `{checkout_url}`.'],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: 'createCheckoutTransport',
      docs: [
        'The Checkout transport alone, for the standalone functions (`checkoutCreateSession(transport, input)`): a bundle holds only the operations it imports.',
      ],
      parameters: [{ name: 'options', type: 'CheckoutClientOptions' }],
      returnType: 'Transport',
      statements: [`return createTransport(options, {}, ${endpoints(operations)});`],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: 'createCheckoutClient',
      docs: [
        "A Checkout client with one method per endpoint. A bundle of it holds every endpoint's validator; `createCheckoutTransport` with the standalone functions holds only those imported.",
      ],
      parameters: [{ name: 'options', type: 'CheckoutClientOptions' }],
      statements: [
        'const transport = createCheckoutTransport(options);',
        ...overloadedMethods(operations),
        `return ${objectLiteral(['transport', FETCH_CLIENT_MEMBER, ...clientMembers(operations)])};`,
      ],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: 'CheckoutClient',
      type: 'ReturnType<typeof createCheckoutClient>',
    },
  ];
}

function emitMethods(model: SpecModel): Statements {
  return [
    {
      kind: StructureKind.Interface,
      isExported: true,
      name: 'PaymentMethod',
      docs: ['A payment method of the catalogue (the `x-method` metadata of its parameter schema).'],
      properties: [
        {
          name: 'label',
          type: 'string',
          isReadonly: true,
          docs: ['Neutral label as the interface document writes it (`<pin_voucher>`), or the literal id.'],
        },
        { name: 'title', type: 'string', isReadonly: true },
        {
          name: 'brand',
          type: 'string',
          hasQuestionToken: true,
          isReadonly: true,
          docs: ['The `brand` an S2S APM SALE sends for it, when it has an S2S branch.'],
        },
        {
          name: 'parametersSchema',
          type: 'string',
          isReadonly: true,
          docs: ['Name of its parameter schema (`validate<Name>` checks `parameters`).'],
        },
        { name: 'protocols', type: 'readonly string[]', isReadonly: true },
        {
          name: 'completion',
          type: 'readonly string[]',
          isReadonly: true,
          docs: ['How the payer completes: redirect, qr, one-time-code, external-app, hosted-page-fields, none.'],
        },
        { name: 'currencies', type: 'readonly string[]', hasQuestionToken: true, isReadonly: true },
        { name: 'countries', type: 'readonly string[]', hasQuestionToken: true, isReadonly: true },
        { name: 'notes', type: 'string', hasQuestionToken: true, isReadonly: true },
        {
          name: 'qr',
          type: '{ readonly lifetimeSeconds: number; readonly bankCallback: Readonly<Record<string, string>>; readonly statusLookup: Readonly<Record<string, string>> }',
          hasQuestionToken: true,
          isReadonly: true,
          docs: [
            'The QR method: how long the QR lives, and the state each bank callback code and status-lookup answer leads to.',
          ],
        },
        {
          name: 'completionWindow',
          type: '{ readonly seconds: number; readonly then: string }',
          hasQuestionToken: true,
          isReadonly: true,
          docs: ['A payment the payer does not complete within `seconds` moves to the state `then`.'],
        },
        {
          name: 'paymentPageOnly',
          type: 'true',
          hasQuestionToken: true,
          isReadonly: true,
          docs: [
            "The method exists only on the payment page: list its id in the session's `methods` and send nothing else for it (it has no S2S branch).",
          ],
        },
        {
          name: 'cardFlow',
          type: '{ readonly default: string; readonly requires: readonly string[]; readonly whenMet: string; readonly whenUnmet: Readonly<Record<string, string>>; readonly virtual: string; readonly withoutDecryptedData: string; readonly panOnly3ds: string }',
          hasQuestionToken: true,
          isReadonly: true,
          docs: [
            "A wallet's card flow: what must hold for the platform to keep the card behind the token (`requires`), and per protocol what a payment is when one does not (`whenUnmet`: `virtual`, or `error`).",
          ],
        },
      ],
    },
    exportedConst({
      doc: 'Every payment method of the interface, sorted by label.',
      name: 'PAYMENT_METHODS',
      type: 'readonly PaymentMethod[]',
      initializer: literal(methodCatalogue(model)),
    }),
  ];
}

function signingNote(operation: Pick<SigningModel, 'signingFields'>): string {
  if (operation.signingFields.length === 0) return '';
  return ` The signature also covers ${operation.signingFields.map((field) => `\`${field}\``).join(' and ')} of the original payment: pass them in \`input.signing\`; they are hashed, never sent.`;
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)].sort();
}
