// The callbacks part of the client: one CallbackDefinition per webhook, `parseCallback` over the
// form-encoded callbacks, a signed test-callback builder, and a verifier per signed return query.
import type { SpecModel } from '../../model/spec-model.js';
import { validatorName, webhookNames } from '../../model/names.js';
import {
  arrayLiteral,
  blankLine,
  exportedConst,
  exportedFunction,
  exportedType,
  importDeclaration,
  literal,
  objectLiteral,
  stringLiteral,
  type Statement,
} from '../../shared/code-text.js';
import { signingContextType, webhookTypes } from './callback-types.js';

export function emitCallbacks(model: SpecModel): Statement[] {
  const callbacks = model.webhooks.filter((webhook) => webhook.kind === 'callback');
  const queries = model.webhooks.filter((webhook) => webhook.kind === 'return-query');
  const definitions = arrayLiteral(callbacks.map((webhook) => webhookNames(webhook.name).definition));
  const event = (webhook: (typeof callbacks)[number]) => {
    const names = webhookNames(webhook.name);
    return `CallbackEvent<${stringLiteral(webhook.protocol)}, ${webhook.schemaName}, ${names.signedFields}, ${names.unsignedFields}>`;
  };
  const contextOf = (webhook: (typeof callbacks)[number]) =>
    signingContextType(webhook) ? webhookNames(webhook.name).signingContext : undefined;
  const callbackContexts = callbacks.flatMap((webhook) => contextOf(webhook) ?? []);
  return [
    importDeclaration('./runtime/callbacks.js', ['buildCallbackWith', 'parseCallbackWith', 'verifySignedQueryWith']),
    importDeclaration('./runtime/callbacks.js', ['CallbackDefinition', 'CallbackEvent', 'CallbackProtocol', 'ParseCallbackOptions'], { typeOnly: true }),
    importDeclaration('./runtime/form-codec.js', ['FormObject'], { typeOnly: true }),
    importDeclaration('./runtime/errors.js', ['ConfigurationError']),
    importDeclaration('./runtime/types.js', ['OmitFields', 'PickFields'], { typeOnly: true }),
    importDeclaration('./validators.js', model.webhooks.map((webhook) => validatorName(webhook.schemaName)).sort()),
    importDeclaration('./signatures.js', model.webhooks.map((webhook) => webhookNames(webhook.name).signature).sort()),
    importDeclaration('./types.js', [...new Set(model.webhooks.map((webhook) => webhook.schemaName))].sort(), { typeOnly: true }),
    blankLine,
    ...model.webhooks.map((webhook) =>
      exportedConst({
        doc: `The \`${webhook.name}\` webhook (${webhook.schemaName}).`,
        name: webhookNames(webhook.name).definition,
        type: 'CallbackDefinition',
        initializer: objectLiteral({
          name: stringLiteral(webhook.name),
          protocol: stringLiteral(webhook.protocol),
          signature: webhookNames(webhook.name).signature,
          validate: validatorName(webhook.schemaName),
          required: literal(webhook.required),
          ...(Object.keys(webhook.context).length > 0 ? { context: literal(webhook.context) } : {}),
        }),
      }),
    ),
    blankLine,
    ...model.webhooks.flatMap(webhookTypes),
    exportedType({
      name: 'CallbackSigningContext',
      doc: 'The signing context `parseCallback` takes: the values a callback may not carry, by your request\'s names.',
      type: callbackContexts.join(' | ') || 'never',
    }),
    exportedType({
      name: 'GatewayCallback',
      doc: 'A verified callback, discriminated by `protocol`; its `fields` are typed by the callback schema, split into `signed` (covered by the hash) and `unsigned`.',
      type: callbacks.map(event).join(' | ') || 'never',
    }),
    exportedFunction({
      name: 'parseCallback',
      doc: [
        'Verifies and parses a callback from its raw form-encoded body (string or bytes, exactly as received).',
        'Throws SignatureError when the body is not raw, unsigned, or its hash does not match.',
      ],
      parameters: [
        { name: 'rawBody', type: 'string | Uint8Array' },
        { name: 'options', type: 'ParseCallbackOptions<CallbackSigningContext>' },
      ],
      returnType: 'GatewayCallback',
      statements: [`return parseCallbackWith(${definitions}, rawBody, options) as GatewayCallback;`],
    }),
    exportedFunction({
      name: 'buildTestCallback',
      doc: "A correctly signed callback body of the given protocol, for merchants' own tests.",
      parameters: [
        { name: 'protocol', type: 'CallbackProtocol' },
        { name: 'fields', type: 'FormObject' },
        { name: 'options', type: "Omit<ParseCallbackOptions<CallbackSigningContext>, 'protocol'>" },
      ],
      returnType: 'string',
      statements: [
        `const definition = ${definitions}.find((candidate) => candidate.protocol === protocol);`,
        `if (!definition) throw new ConfigurationError('buildTestCallback', \`protocol must be one of ${callbacks.map((webhook) => `'${webhook.protocol}'`).join(', ')}\`);`,
        'return buildCallbackWith(definition, fields, options);',
      ],
    }),
    ...queries.map((webhook) =>
      exportedFunction({
        name: webhookNames(webhook.name).verify,
        doc: `Verifies the \`${webhook.name}\` query (${webhook.schemaName}); throws SignatureError when its hash does not match.`,
        parameters: [
          { name: 'query', type: 'string | URLSearchParams | Readonly<Record<string, string>>' },
          {
            name: 'options',
            type: contextOf(webhook)
              ? `Omit<ParseCallbackOptions<${contextOf(webhook)}>, 'protocol' | 'signingContext'> & { readonly signingContext: ${contextOf(webhook)} }`
              : "Omit<ParseCallbackOptions<never>, 'protocol'>",
          },
        ],
        returnType: event(webhook),
        statements: [`return verifySignedQueryWith(${webhookNames(webhook.name).definition}, query, options) as ${event(webhook)};`],
      }),
    ),
  ];
}
