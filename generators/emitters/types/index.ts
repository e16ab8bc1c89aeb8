// Emitter: the type layer. schema.ts is openapi-typescript's output (what openapi-fetch is typed
// by); types.ts gives every component schema a readable name and every client method its input,
// written as text laid out as ts-morph would print it (a list of aliases needs no syntax tree, and
// loading ts-morph took a sixth of a regeneration after a description edit).
import { fieldsOf } from '../../model/fields.js';
import type { SchemaObject } from '../../model/json-schema.js';
import type { SpecModel } from '../../model/spec-model.js';
import type { SignatureRecipeData } from '../../model/signature-recipes.js';
import { docComment, propertyKey, stringLiteral } from '../../shared/code-text.js';
import type { Emitter, GeneratedFile } from '../emitter.js';
import { signingType } from '../../model/names.js';
import { clientFilledFields, clientOperations } from '../../model/operations.js';
import { withoutDottedNames } from '../../model/dotted-names.js';
import { openapiTypescript } from './openapi-typescript.js';
import type { OpenAPITSOptions } from 'openapi-typescript';

export const SCHEMA_TYPES_PATH = 'client/src/schema.ts';
export const NAMED_TYPES_PATH = 'client/src/types.ts';

/** Names that would shadow a global inside a consumer's module; the spec must pick another. */
const RESERVED = new Set(['Date', 'Error', 'Object', 'String', 'Number', 'Boolean', 'Array', 'Map', 'Set', 'Promise', 'Record', 'Response', 'Request', 'URL', 'Symbol']);

export const typesEmitter: Emitter = {
  name: 'types',
  warmUp() {
    openapiTypescript.warmUp();
  },
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    // emptyObjectsUnknown: an object schema without properties (custom_data) takes any keys, not none.
    // defaultNonNullable off: a field with a JSON Schema `default` (Checkout `auth: false`) stays
    // optional in the types; the platform applies the default when the field is absent.
    const options: OpenAPITSOptions = { silent: true, emptyObjectsUnknown: true, defaultNonNullable: false };
    const schemaTypes: GeneratedFile = {
      path: SCHEMA_TYPES_PATH,
      contents: await openapiTypescript.run({ document: withRequiredPropertiesOwned(withoutBooleanAllOfMembers(withoutDottedNames(model.document)), model), options }),
      kind: 'typescript',
      source: 'generators/emitters/types (openapi-typescript)',
    };
    return [schemaTypes, namedTypes(model)];
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

/**
 * openapi-typescript 7 reads `$ref` off every `allOf` member and crashes on a boolean one: `true`
 * becomes `{}` and `false` the `never` of `oneOf: [false]`. Copies only the nodes it changes.
 */
function withoutBooleanAllOfMembers<T>(node: T): T {
  if (Array.isArray(node)) {
    const items = node.map(withoutBooleanAllOfMembers);
    return items.some((item, i) => item !== node[i]) ? (items as T) : node;
  }
  if (typeof node !== 'object' || node === null) return node;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    let next = withoutBooleanAllOfMembers(value);
    if (key === 'allOf' && Array.isArray(next) && next.some((member) => typeof member === 'boolean')) {
      next = next.map((member: unknown) => (member === true ? {} : member === false ? { oneOf: [false] } : member));
    }
    if (next !== value) (copy ??= { ...(node as Record<string, unknown>) })[key] = next;
  }
  return (copy as T | undefined) ?? node;
}

/**
 * openapi-typescript marks a property required only where the same schema object declares it: a
 * `required` name whose property stands in an `allOf` part (`trans_id` of SaleSuccess, from
 * S2sResponseFields) would stay optional in the types though the validators require it. Each such
 * property is copied into the schema that requires it, as the field layer declares it, so the
 * need the types state is the layer's. Copies only the nodes it changes.
 */
function withRequiredPropertiesOwned<T>(document: T, model: SpecModel): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const items = node.map(walk);
      return items.some((item, i) => item !== node[i]) ? items : node;
    }
    if (typeof node !== 'object' || node === null) return node;
    let copy: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const next = walk(value);
      if (next !== value) (copy ??= { ...(node as Record<string, unknown>) })[key] = next;
    }
    const record = (copy ?? node) as SchemaObject;
    if (!Array.isArray(record.required) || !Array.isArray(record.allOf)) return copy ?? node;
    const fields = fieldsOf(model, record).top;
    const owned: Record<string, unknown> = {};
    for (const name of record.required) {
      const field = fields.get(name);
      if (record.properties?.[name] === undefined && field?.need === 'required') owned[name] = field.node;
    }
    if (Object.keys(owned).length === 0) return copy ?? node;
    return { ...record, properties: { ...record.properties, ...owned } };
  };
  return walk(document) as T;
}

/** Signing-only fields a formula variant needs (`vendor`): optional, required at run time when the client selects it. */
function variantSigning(operation: { readonly signature?: SignatureRecipeData }): string[] {
  return [...new Set(Object.values(operation.signature?.variants ?? {}).flatMap((variant) => variant.signing ?? []))].sort();
}
