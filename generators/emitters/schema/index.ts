// Emitter: schema.ts, openapi-typescript's output (what openapi-fetch is typed by), from the
// bundled spec with the few rewrites openapi-typescript needs to type it as the validators check it.
// An emitter of its own, apart from types.ts: the package's emitter reads the client's modules for
// the runtime they import, and schema.ts imports nothing, so the package (and the sandbox and docs
// after it) need not wait for openapi-typescript's worker.
import type { OpenAPITSOptions } from 'openapi-typescript';
import { withoutDottedNames } from '../../model/dotted-names.js';
import { fieldsOf } from '../../model/fields.js';
import type { SchemaObject } from '../../model/json-schema.js';
import type { SpecModel } from '../../model/spec-model.js';
import type { Emitter, GeneratedFile } from '../emitter.js';
import { openapiTypescript } from './openapi-typescript.js';

export const SCHEMA_TYPES_PATH = 'client/src/schema.ts';

export const schemaEmitter: Emitter = {
  name: 'schema',
  warmUp() {
    openapiTypescript.warmUp();
  },
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    // emptyObjectsUnknown: an object schema without properties (custom_data) takes any keys, not none.
    // defaultNonNullable off: a field with a JSON Schema `default` (Checkout `auth: false`) stays
    // optional in the types; the platform applies the default when the field is absent.
    const options: OpenAPITSOptions = { silent: true, emptyObjectsUnknown: true, defaultNonNullable: false };
    return [
      {
        path: SCHEMA_TYPES_PATH,
        contents: await openapiTypescript.run({ document: withRequiredPropertiesOwned(withoutBooleanAllOfMembers(withoutDottedNames(model.document)), model), options }),
        kind: 'typescript',
        source: 'generators/emitters/schema (openapi-typescript)',
      },
    ];
  },
};

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
