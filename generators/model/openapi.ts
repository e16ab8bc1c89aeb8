// The OpenAPI 3.1 document shape the model reads (only what the emitters need).
import type { JsonSchema, SchemaObject } from './json-schema.js';

export interface MediaTypeObject {
  readonly schema?: JsonSchema;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, { readonly summary?: string; readonly value?: unknown }>>;
}

export interface OperationObject {
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly requestBody?: { readonly content?: Readonly<Record<string, MediaTypeObject>> };
  readonly responses?: Readonly<Record<string, { readonly content?: Readonly<Record<string, MediaTypeObject>> }>>;
  readonly [extension: `x-${string}`]: unknown;
}

export type PathItemObject = Readonly<Partial<Record<HttpMethod, OperationObject>>>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly [extension: `x-${string}`]: unknown };
  readonly paths?: Readonly<Record<string, PathItemObject>>;
  readonly webhooks?: Readonly<Record<string, PathItemObject>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, SchemaObject>> };
}
