// `x-dotted-names: true` on an object schema: its nested fields may also be sent under one key of
// dotted names (the document: S2S CARD "also shows the same names in dotted form",
// `parameters[shipping.street1]` for `parameters[shipping][street1]`). The same limits hold in
// either spelling: at load, every leaf of the schema's properties (through objects, and arrays by
// item index) becomes a `patternProperties` entry for its dotted name with the leaf's own schema,
// so the bundle and every emitter read one rule, written once in the spec.
import { isSchemaObject, refName, type JsonSchema, type SchemaObject } from './json-schema.js';
import type { OpenApiDocument } from './openapi.js';

export const DOTTED_NAMES = 'x-dotted-names';

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function applyDottedNames(document: OpenApiDocument): OpenApiDocument {
  const schemas = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const resolve = (node: JsonSchema, seen = new Set<string>()): JsonSchema => {
    if (!isSchemaObject(node) || node.$ref === undefined) return node;
    const name = refName(node.$ref);
    if (seen.has(name)) throw new Error(`${DOTTED_NAMES}: ${name} refers to itself`);
    return resolve(schemas[name] ?? false, seen.add(name));
  };
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isSchemaObject(schema) || schema[DOTTED_NAMES] === undefined) continue;
    if (schema[DOTTED_NAMES] !== true) throw new Error(`${name}: ${DOTTED_NAMES} must be true (leave it out otherwise)`);
    const patterns: Record<string, JsonSchema> = {};
    const leaves = (node: JsonSchema, prefix: string): void => {
      const resolved = resolve(node);
      if (!isSchemaObject(resolved)) return;
      for (const [key, property] of Object.entries(resolved.properties ?? {})) {
        const target = resolve(property);
        const path = `${prefix}${escape(key)}`;
        if (isSchemaObject(target) && target.properties) leaves(target, `${path}\\.`);
        else if (isSchemaObject(target) && isSchemaObject(target.items)) leaves(target.items, `${path}\\.[0-9]+\\.`);
        else patterns[`^${path}$`] = property;
      }
    };
    leaves(schema, '');
    (schema as { patternProperties?: Record<string, JsonSchema> }).patternProperties = { ...patterns, ...(schema as SchemaObject).patternProperties };
  }
  return document;
}

/**
 * The document without the dotted spellings (a copy of the schemas that had them): a wire form,
 * not a type. openapi-typescript would type them as an index signature every field of the
 * object must also match, so the types keep the nested form only.
 */
export function withoutDottedNames(document: OpenApiDocument): OpenApiDocument {
  const schemas = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const marked = Object.entries(schemas).filter(([, schema]) => isSchemaObject(schema) && schema[DOTTED_NAMES] === true);
  if (marked.length === 0) return document;
  const copy = { ...schemas };
  for (const [name, schema] of marked) {
    const { patternProperties: _dotted, ...rest } = schema as SchemaObject;
    copy[name] = rest;
  }
  return { ...document, components: { ...document.components, schemas: copy } } as OpenApiDocument;
}
