// What a merchant feels of a spec, per unit: each S2S action on each protocol (not the one `/post`
// path), each Checkout operation and each callback, with the request fields and their rules, the
// response (or callback) fields, the signature recipe and the error catalogue.
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../model/json-schema.js';
import type { OpenApiDocument } from '../model/openapi.js';
import { buildSpecModel, type ReleaseModel, type SpecModel } from '../model/spec-model.js';

export type Requiredness = 'always' | 'sometimes' | 'never';

/** The rules one field carries, merged over every place the unit's schema states them. */
export interface FieldRules {
  required: Requiredness;
  types: string[];
  enum?: string[];
  const?: string;
  maxLength?: number;
  minLength?: number;
  patterns: string[];
  format?: string;
  /** `false`, or a `not` that excludes every value, stated unconditionally. */
  rejectsAll: boolean;
}

export interface Unit {
  readonly id: string;
  /** The names a release note may use for the unit (the action, the operationId). */
  readonly names: readonly string[];
  readonly request: ReadonlyMap<string, FieldRules>;
  /** Response or callback fields: what the platform sends. */
  readonly sent: ReadonlyMap<string, FieldRules>;
  readonly signature: string;
  readonly errors: readonly { readonly key: string; readonly code: string | undefined }[];
}

export interface Surface {
  readonly version: string;
  readonly releases: readonly ReleaseModel[];
  readonly units: ReadonlyMap<string, Unit>;
}

const RANK: Record<Requiredness, number> = { never: 0, sometimes: 1, always: 2 };

export function merchantSurface(document: OpenApiDocument): Surface {
  const model = buildSpecModel(withEmptyCatalogues(document), []);
  const units = new Map<string, Unit>();
  const add = (unit: Unit) => units.set(unit.id, unit);
  for (const action of model.s2sActions) {
    add({
      id: `S2S ${action.protocol.toUpperCase()} ${action.action}`,
      names: [action.action],
      request: fields(model, action.requestSchemaName),
      sent: action.responseSchemaName ? fields(model, action.responseSchemaName) : new Map(),
      signature: recipeKey(action.signature),
      errors: action.errors.map((entry) => ({ key: `${entry.field ?? ''}: ${entry.message ?? entry.when}`, code: entry.code })),
    });
  }
  for (const operation of model.checkoutOperations) {
    add({
      id: `Checkout ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path})`,
      names: [operation.operationId, operation.path],
      request: fields(model, operation.requestSchemaName),
      sent: operation.responseSchemaName ? fields(model, operation.responseSchemaName) : new Map(),
      signature: recipeKey(operation.signature),
      errors: operation.errors.map((entry) => ({ key: `${entry.field ?? ''}: ${entry.message ?? entry.when}`, code: entry.code })),
    });
  }
  for (const webhook of model.webhooks) {
    add({ id: `Callback ${webhook.name}`, names: [webhook.name], request: new Map(), sent: fields(model, webhook.schemaName), signature: recipeKey(webhook.signature), errors: [] });
  }
  return { version: model.specVersion, releases: model.releases, units };
}

/** A base older than the error catalogue reads as one with empty catalogues. */
function withEmptyCatalogues(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  const schemas = (copy as unknown as { components?: { schemas?: Record<string, Record<string, unknown>> } }).components?.schemas ?? {};
  const requests = new Set<string>();
  for (const item of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>)) {
      for (const media of Object.values(operation?.requestBody?.content ?? {})) if (media.schema?.$ref) requests.add(media.schema.$ref.split('/').pop()!);
    }
  }
  for (const [name, schema] of Object.entries(schemas)) {
    if (schema['x-errors'] !== undefined) continue;
    const protocols = schema['x-protocols'];
    if (Array.isArray(protocols)) schema['x-errors'] = Object.fromEntries(protocols.map((protocol) => [protocol, []]));
    else if (requests.has(name)) schema['x-errors'] = [];
  }
  return copy;
}

/** The fields of a schema, dotted paths for nested objects, merged over allOf/oneOf/anyOf/if. */
function fields(model: SpecModel, schemaName: string): Map<string, FieldRules> {
  const out = new Map<string, FieldRules>();
  walk(model, { $ref: `#/components/schemas/${schemaName}` }, '', false, out, new Set(), new Set());
  return out;
}

/** `above`: names an enclosing schema requires, whose properties an allOf part declares. */
function walk(model: SpecModel, node: JsonSchema, prefix: string, conditional: boolean, out: Map<string, FieldRules>, seen: Set<unknown>, above: ReadonlySet<string>): void {
  const schema = model.resolve(node);
  if (!isSchemaObject(schema) || seen.has(schema)) return;
  const inner = new Set(seen).add(schema);
  const required = new Set([...above, ...(schema.required ?? [])]);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const rules = out.get(path) ?? { required: 'never', types: [], patterns: [], rejectsAll: false };
    const need: Requiredness = required.has(name) ? (conditional ? 'sometimes' : 'always') : 'never';
    if (RANK[need] > RANK[rules.required]) rules.required = need;
    out.set(path, rules);
    collectRules(model, property, rules, conditional);
    const resolved = model.resolve(property);
    if (isSchemaObject(resolved) && (resolved.properties || resolved.allOf || resolved.oneOf || resolved.anyOf)) walk(model, property, path, conditional || need !== 'always', out, inner, new Set());
    if (isSchemaObject(resolved) && isSchemaObject(resolved.items as JsonSchema)) walk(model, resolved.items as JsonSchema, `${path}[]`, conditional || need !== 'always', out, inner, new Set());
  }
  for (const part of schema.allOf ?? []) walk(model, part, prefix, conditional, out, inner, required);
  for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) walk(model, part, prefix, true, out, inner, new Set());
  for (const part of [schema.then, schema.else]) if (part !== undefined) walk(model, part as JsonSchema, prefix, true, out, inner, new Set());
}

function collectRules(model: SpecModel, node: JsonSchema, rules: FieldRules, conditional: boolean): void {
  if (node === false) {
    if (!conditional) rules.rejectsAll = true;
    return;
  }
  const schema = model.resolve(node);
  if (!isSchemaObject(schema)) return;
  const s = schema as SchemaObject & Record<string, unknown>;
  if (s.not !== undefined && !conditional && excludesEverything(s.not)) rules.rejectsAll = true;
  for (const type of [s.type ?? []].flat() as string[]) if (!rules.types.includes(type)) rules.types.push(type);
  if (Array.isArray(s.enum)) rules.enum = [...new Set([...(rules.enum ?? []), ...s.enum.map(String)])].sort();
  if (s.const !== undefined) rules.const = String(s.const);
  if (typeof s.maxLength === 'number') rules.maxLength = Math.min(rules.maxLength ?? Infinity, s.maxLength);
  if (typeof s.minLength === 'number') rules.minLength = Math.max(rules.minLength ?? 0, s.minLength);
  if (typeof s.pattern === 'string' && !rules.patterns.includes(s.pattern)) rules.patterns.push(s.pattern);
  if (typeof s.format === 'string') rules.format = s.format;
  for (const part of s.allOf ?? []) collectRules(model, part, rules, conditional);
}

/** A `not` with nothing but annotations inside excludes every value. */
function excludesEverything(node: JsonSchema): boolean {
  if (node === true) return true;
  if (!isSchemaObject(node)) return false;
  return Object.keys(node).every((key) => key === 'description' || key === 'title' || key === '$comment');
}

/** What a signature computes (digests, input, cases): its reader description may change freely. */
/** What a recipe computes by default: its wording and its opt-in variants (`vendor`, by a deployment setting or a client option) change nothing a merchant signs. */
function recipeKey(recipe: { readonly description?: string; readonly variants?: unknown } | undefined): string {
  if (!recipe) return JSON.stringify(null);
  const { description: _description, variants: _variants, ...computed } = recipe;
  return JSON.stringify(computed);
}
