// The client emitter's files (index.ts is the emitter): one OperationDefinition per S2S action
// and per Checkout endpoint, a standalone function for each (tree-shakable), and the two client
// factories, written as laid-out text (generators/shared/code-text).
import {
  blankLine,
  exportedConst,
  exportedFunction,
  exportedInterface,
  exportedType,
  importDeclaration,
  literal,
  objectLiteral,
  statementsText,
  stringLiteral,
  type Member,
  type Statement,
} from '../../shared/code-text.js';
import { methodCatalogue } from '../../model/method-catalogue.js';
import { sensitiveFields } from '../../model/sensitive-fields.js';
import type { SigningModel, SpecModel } from '../../model/spec-model.js';
import type { GeneratedFile } from '../emitter.js';
import { validatorModulePath, webhookNames } from '../../model/names.js';
import { clientOperations, type ClientOperation } from '../../model/operations.js';
import { emitCallbacks } from './callbacks.js';

export function clientFiles(model: SpecModel): readonly GeneratedFile[] {
  const operations = clientOperations(model);
  assertUniqueNames(operations);
  return [
    file('client/src/signatures.ts', emitSignatures(model, operations)),
    file('client/src/sensitive-fields.ts', emitSensitiveFields(model)),
    file(
      'client/src/s2s.ts',
      emitS2s(
        model,
        operations.filter((operation) => operation.protocol !== 'checkout'),
      ),
    ),
    file('client/src/checkout.ts', emitCheckout(operations.filter((operation) => operation.protocol === 'checkout'))),
    file('client/src/methods.ts', emitMethods(model)),
    file('client/src/callbacks.ts', emitCallbacks(model)),
  ];
}

/** A file's text: its statements, then a final line break. */
function file(path: string, statements: readonly Statement[]): GeneratedFile {
  return {
    path,
    contents: `${statementsText(statements)}\n`,
    kind: 'typescript',
    source: 'generators/emitters/client',
  };
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

function emitSignatures(model: SpecModel, operations: readonly ClientOperation[]): Statement[] {
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
    importDeclaration('./runtime/signature.js', ['SignatureRecipe'], { typeOnly: true }),
    blankLine,
    // The description stays in the doc comment: as data it is prose every bundle would carry.
    ...recipes.map(({ name, title, signature: { description, ...recipe } }) =>
      exportedConst({ doc: `${title}: ${description}`, name, type: 'SignatureRecipe', initializer: literal(recipe) }),
    ),
  ];
}

function emitSensitiveFields(model: SpecModel): Statement[] {
  return [
    importDeclaration('./runtime/sensitive.js', ['SensitiveFields'], { typeOnly: true }),
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
function emitOperations(operations: readonly ClientOperation[], moreImports: readonly string[] = []): Statement[] {
  return [
    importDeclaration('./runtime/pipeline.js', ['createTransport', 'invoke']),
    importDeclaration('./runtime/pipeline.js', ['CallOptions', 'ClientOptions', 'OperationDefinition', 'Transport'], {
      typeOnly: true,
    }),
    importDeclaration(
      './signatures.js',
      unique(operations.flatMap((operation) => (operation.signature ? [operation.names.signature] : []))),
    ),
    importDeclaration('./sensitive-fields.js', ['SENSITIVE_FIELDS']),
    importDeclaration(
      './types.js',
      unique([
        ...operations.map((operation) => operation.names.input),
        ...operations.flatMap((operation) => (operation.responseSchemaName ? [operation.responseSchemaName] : [])),
        ...operations.flatMap((operation) => (operation.arrayWhen ? [operation.arrayWhen.itemSchemaName] : [])),
      ]),
      { typeOnly: true },
    ),
    ...moreImports,
    blankLine,
    // Per operation, its definition then its function.
    ...operations.flatMap((operation): Statement[] => {
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
        exportedFunction({
          name: operation.names.fn,
          doc: `${operation.title}. ${operation.description}${signingNote(operation)}`,
          parameters: functionParameters(operation.names.input),
          returnType: `Promise<${responseType(operation)}>`,
          overloads: overloads(operation).map(({ input, returns }) => ({
            doc: `${operation.title}. ${operation.description}`,
            parameters: functionParameters(input),
            returnType: returns,
          })),
          statements: [`return ${invokeCall(operation)};`],
        }),
      ];
    }),
  ];
}

/** A standalone function's parameters: the transport, the input, and the call's options. */
const functionParameters = (input: string): Member[] => [
  { name: 'transport', type: 'Transport' },
  { name: 'input', type: input },
  { name: 'call', type: 'CallOptions', optional: true },
];

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

function emitS2s(model: SpecModel, operations: readonly ClientOperation[]): Statement[] {
  const path = model.s2sOperation?.path ?? '/post';
  const groups = ['card', 'apm'].map((protocol) => {
    const own = operations.filter((operation) => operation.protocol === protocol);
    return `${protocol}: ${objectLiteral([...clientMembers(own), ...reconcileMember(own)])}`;
  });
  return [
    ...emitOperations(operations, [
      importDeclaration('./runtime/reconcile.js', ['reconcileWith']),
      importDeclaration('./runtime/reconcile.js', ['Reconciliation'], { typeOnly: true }),
    ]),
    exportedInterface({
      name: 'S2SClientOptions',
      extends: ['ClientOptions'],
      doc: 'Options of an S2S client. `merchantKey` is the `client_key`.',
      properties: [
        {
          name: 'postPath',
          type: 'string',
          optional: true,
          doc: `Path of the S2S endpoint (default \`${path}\`); some APM deployments use \`/post-va\`, and \`/\` posts to the base address itself, as some of the document's samples do.`,
        },
      ],
    }),
    exportedFunction({
      name: 'createS2STransport',
      doc: 'The S2S transport alone, for the standalone functions (`saleCard(transport, input)`): a bundle holds only the operations it imports, where `createS2SClient` reaches every action.',
      parameters: [{ name: 'options', type: 'S2SClientOptions' }],
      returnType: 'Transport',
      statements: [
        `return createTransport(options, options?.postPath ? { ${stringLiteral(path)}: options.postPath } : {}, ${endpoints(operations)});`,
      ],
    }),
    exportedFunction({
      name: 'createS2SClient',
      doc: "An S2S client with one method per action, grouped by protocol (`card`, `apm`). A bundle of it holds every action's validator; `createS2STransport` with the standalone functions holds only those imported.",
      parameters: [{ name: 'options', type: 'S2SClientOptions' }],
      statements: [
        'const transport = createS2STransport(options);',
        ...overloadedMethods(operations),
        `return ${objectLiteral(['transport', FETCH_CLIENT_MEMBER, ...groups])};`,
      ],
    }),
    exportedType({ name: 'S2SClient', type: 'ReturnType<typeof createS2SClient>' }),
  ];
}

function emitCheckout(operations: readonly ClientOperation[]): Statement[] {
  return [
    ...emitOperations(operations),
    exportedType({
      name: 'CheckoutClientOptions',
      type: 'ClientOptions',
      doc: 'Options of a Checkout client. `merchantKey` is the `merchant_key`; `baseUrl` is `{checkout_url}`.',
    }),
    exportedFunction({
      name: 'createCheckoutTransport',
      doc: 'The Checkout transport alone, for the standalone functions (`checkoutCreateSession(transport, input)`): a bundle holds only the operations it imports.',
      parameters: [{ name: 'options', type: 'CheckoutClientOptions' }],
      returnType: 'Transport',
      statements: [`return createTransport(options, {}, ${endpoints(operations)});`],
    }),
    exportedFunction({
      name: 'createCheckoutClient',
      doc: "A Checkout client with one method per endpoint. A bundle of it holds every endpoint's validator; `createCheckoutTransport` with the standalone functions holds only those imported.",
      parameters: [{ name: 'options', type: 'CheckoutClientOptions' }],
      statements: [
        'const transport = createCheckoutTransport(options);',
        ...overloadedMethods(operations),
        `return ${objectLiteral(['transport', FETCH_CLIENT_MEMBER, ...clientMembers(operations)])};`,
      ],
    }),
    exportedType({ name: 'CheckoutClient', type: 'ReturnType<typeof createCheckoutClient>' }),
  ];
}

function emitMethods(model: SpecModel): Statement[] {
  return [
    exportedInterface({
      name: 'PaymentMethod',
      doc: 'A payment method of the catalogue (the `x-method` metadata of its parameter schema).',
      properties: [
        {
          name: 'label',
          type: 'string',
          doc: 'Neutral label as the interface document writes it (`<pin_voucher>`), or the literal id.',
        },
        { name: 'title', type: 'string' },
        {
          name: 'brand',
          type: 'string',
          optional: true,
          doc: 'The `brand` an S2S APM SALE sends for it, when it has an S2S branch.',
        },
        {
          name: 'parametersSchema',
          type: 'string',
          doc: 'Name of its parameter schema (`validate<Name>` checks `parameters`).',
        },
        { name: 'protocols', type: 'readonly string[]' },
        {
          name: 'completion',
          type: 'readonly string[]',
          doc: 'How the payer completes: redirect, qr, one-time-code, external-app, hosted-page-fields, none.',
        },
        { name: 'currencies', type: 'readonly string[]', optional: true },
        { name: 'countries', type: 'readonly string[]', optional: true },
        { name: 'notes', type: 'string', optional: true },
        {
          name: 'qr',
          type: '{ readonly lifetimeSeconds: number; readonly bankCallback: Readonly<Record<string, string>>; readonly statusLookup: Readonly<Record<string, string>> }',
          optional: true,
          doc: 'The QR method: how long the QR lives, and the state each bank callback code and status-lookup answer leads to.',
        },
        {
          name: 'completionWindow',
          type: '{ readonly seconds: number; readonly then: string }',
          optional: true,
          doc: 'A payment the payer does not complete within `seconds` moves to the state `then`.',
        },
        {
          name: 'paymentPageOnly',
          type: 'true',
          optional: true,
          doc: "The method exists only on the payment page: list its id in the session's `methods` and send nothing else for it (it has no S2S branch).",
        },
        {
          name: 'cardFlow',
          type: '{ readonly default: string; readonly requires: readonly string[]; readonly whenMet: string; readonly whenUnmet: Readonly<Record<string, string>>; readonly virtual: string; readonly withoutDecryptedData: string; readonly panOnly3ds: string }',
          optional: true,
          doc: "A wallet's card flow: what must hold for the platform to keep the card behind the token (`requires`), and per protocol what a payment is when one does not (`whenUnmet`: `virtual`, or `error`).",
        },
      ],
    }),
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
