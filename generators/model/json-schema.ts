// The slice of JSON Schema 2020-12 / OpenAPI 3.1 that the spec uses, as plain data.

export type JsonSchema = boolean | SchemaObject;

export interface SchemaObject {
  readonly $ref?: string;
  readonly $id?: string;
  readonly $anchor?: string;
  readonly $dynamicAnchor?: string;
  readonly $dynamicRef?: string;
  readonly $schema?: string;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
  readonly type?: string | readonly string[];
  readonly title?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: JsonSchema;
  readonly dependentRequired?: Readonly<Record<string, readonly string[]>>;
  readonly patternProperties?: Readonly<Record<string, JsonSchema>>;
  readonly propertyNames?: JsonSchema;
  readonly dependentSchemas?: Readonly<Record<string, JsonSchema>>;
  readonly unevaluatedProperties?: JsonSchema;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly items?: JsonSchema;
  readonly prefixItems?: readonly JsonSchema[];
  readonly contains?: JsonSchema;
  readonly minContains?: number;
  readonly maxContains?: number;
  readonly unevaluatedItems?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly allOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly not?: JsonSchema;
  readonly if?: JsonSchema;
  readonly then?: JsonSchema;
  readonly else?: JsonSchema;
  readonly discriminator?: { readonly propertyName: string; readonly mapping?: Readonly<Record<string, string>> };
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: string;
  readonly contentMediaType?: string;
  readonly contentSchema?: JsonSchema;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly [extension: `x-${string}`]: unknown;
}

/** JSON Schema 2020-12's keywords whose value is a schema: where the schemas inside a schema stand, with the two below. */
export const SUBSCHEMA_KEYWORDS = ['additionalProperties', 'items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'] as const;
/** Its keywords whose value is a list of schemas. */
export const SUBSCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
/** Its keywords whose value is a map of schemas. */
export const SUBSCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const;

export const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';

export function refName(ref: string): string {
  if (!ref.startsWith(COMPONENT_SCHEMA_PREFIX)) {
    throw new Error(`Only component schema references are supported, got ${ref}`);
  }
  return ref.slice(COMPONENT_SCHEMA_PREFIX.length);
}

export function isSchemaObject(schema: JsonSchema | undefined): schema is SchemaObject {
  return typeof schema === 'object' && schema !== null;
}
