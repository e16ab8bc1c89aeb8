// Emitter: types.ts, which gives every component schema a readable name and every client method
// its input, over schema.ts (the schema emitter's openapi-typescript output). Written as text laid
// out as ts-morph would print it (a list of aliases needs no syntax tree, and loading ts-morph took
// a sixth of a regeneration after a description edit).
import type { SpecModel } from '../../model/spec-model.js';
import type { SignatureRecipeData } from '../../model/signature-recipes.js';
import { docComment, propertyKey, stringLiteral } from '../../shared/code-text.js';
import type { Emitter, GeneratedFile } from '../emitter.js';
import { signingType } from '../../model/names.js';
import { clientFilledFields, clientOperations } from '../../model/operations.js';

export const NAMED_TYPES_PATH = 'client/src/types.ts';

/** Names that would shadow a global inside a consumer's module; the spec must pick another. */
const RESERVED = new Set(['Date', 'Error', 'Object', 'String', 'Number', 'Boolean', 'Array', 'Map', 'Set', 'Promise', 'Record', 'Response', 'Request', 'URL', 'Symbol']);

export const typesEmitter: Emitter = {
  name: 'types',
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    return [namedTypes(model)];
  },
};

/** A type alias of types.ts. */
interface TypeAlias {
  readonly name: string;
  readonly type: string;
  readonly isExported?: boolean;
  readonly typeParameters?: readonly string[];
  readonly docs?: readonly [string];
}

/** An alias as a statement: its doc comment, then `export type Name<T> = type;`. */
function typeAliasText({ name, type, isExported, typeParameters, docs }: TypeAlias): string {
  const parameters = typeParameters ? `<${typeParameters.join(', ')}>` : '';
  return `${docs ? `${docComment(docs[0])}\n` : ''}${isExported ? 'export ' : ''}type ${name}${parameters} = ${type};`;
}

function namedTypes(model: SpecModel): GeneratedFile {
  const imports = [`import type { components } from './schema.js';`, `import type { DistributiveOmit, SigningInput } from './runtime/types.js';`];
  const operations = clientOperations(model);
  const aliases: TypeAlias[] = [
    {
      isExported: true,
      name: 'ClientFilledField',
      type: clientFilledFields(operations).map(stringLiteral).join(' | '),
      docs: ['Fields the client fills in itself: the action name, the merchant key and the signature.'],
    },
    {
      name: 'RequestInput',
      typeParameters: ['T'],
      type: 'DistributiveOmit<T, ClientFilledField>',
      docs: ['What a client method takes: the wire request without the fields the client fills in.'],
    },
  ];
  for (const name of model.schemas.keys()) {
    if (RESERVED.has(name)) throw new Error(`Schema name ${name} shadows a global type; rename it in the spec`);
    const schema = model.schema(name);
    aliases.push({
      isExported: true,
      name,
      type: `components['schemas'][${stringLiteral(name)}]`,
      ...(schema.description || schema.title ? { docs: [(schema.description ?? schema.title ?? '').trim()] } : {}),
    });
  }
  for (const operation of operations) {
    const variantFields = variantSigning(operation);
    const extras = [
      ...(operation.signingFields.length > 0
        ? [`readonly signing: ${signingType(operation.signingFields)}`]
        : variantFields.length > 0
          ? [`readonly signing?: ${signingType(variantFields)}`]
          : []),
      ...(operation.headers.length > 0 ? [`readonly headers: { ${operation.headers.map((name) => `readonly ${propertyKey(name)}: string`).join('; ')} }`] : []),
    ];
    const input = `RequestInput<${operation.requestSchemaName}>`;
    aliases.push({
      isExported: true,
      name: operation.names.input,
      type: extras.length > 0 ? `${input} & { ${extras.join('; ')} }` : input,
      docs: [
        `What \`${operation.names.fn}\` (${operation.title}) takes: ${operation.requestSchemaName} without the fields the client fills in (action, key, hash)${
          operation.signingFields.length > 0 ? ', plus the signing-only values of the original payment' : ''
        }.`,
      ],
    });
  }
  const contents = `${imports.join('\n')}\n\n${aliases.map(typeAliasText).join('\n')}\n`;
  return { path: NAMED_TYPES_PATH, contents, kind: 'typescript', source: 'generators/emitters/types' };
}

/** Signing-only fields a formula variant needs (`vendor`): optional, required at run time when the client selects it. */
function variantSigning(operation: { readonly signature?: SignatureRecipeData }): string[] {
  return [...new Set(Object.values(operation.signature?.variants ?? {}).flatMap((variant) => variant.signing ?? []))].sort();
}
