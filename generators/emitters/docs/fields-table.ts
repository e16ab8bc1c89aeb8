// A request or callback schema as the rows a merchant reads: one per wire field (bracket names
// for form bodies, dotted names for JSON), with its type, limits and whether it is required.
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../../model/json-schema.js';
import type { SpecModel, WirePathStyle } from '../../model/spec-model.js';
import { cell, code, table } from './markdown.js';

export type Need = 'required' | 'conditional' | 'optional';

export interface FieldRow {
  readonly wireName: string;
  readonly type: string;
  readonly limits: string;
  readonly need: Need;
  readonly description: string;
}

/** Deepest nesting drawn; deeper objects are one row of type object. */
const MAX_DEPTH = 6;

export function wirePath(style: WirePathStyle, prefix: string, name: string): string {
  if (prefix === '') return name;
  return style === 'form' ? `${prefix}[${name}]` : `${prefix}.${name}`;
}

const NEED_RANK: Record<Need, number> = { required: 2, conditional: 1, optional: 0 };

/** Every wire field a schema accepts, in schema order; a field reached twice keeps its strongest need. */
export function fieldRows(model: Pick<SpecModel, 'resolve'>, schema: JsonSchema, style: WirePathStyle, prefix = ''): FieldRow[] {
  const rows = new Map<string, FieldRow>();
  const add = (row: FieldRow) => {
    const known = rows.get(row.wireName);
    if (!known) rows.set(row.wireName, row);
    else if (NEED_RANK[row.need] > NEED_RANK[known.need]) rows.set(row.wireName, { ...known, need: row.need });
  };
  walkObject(model, schema, style, prefix, 'required', 0, new Set(), add);
  return [...rows.values()];
}

function walkObject(
  model: Pick<SpecModel, 'resolve'>,
  node: JsonSchema,
  style: WirePathStyle,
  prefix: string,
  need: Need,
  depth: number,
  seen: Set<JsonSchema>,
  add: (row: FieldRow) => void,
): void {
  const schema = model.resolve(node);
  if (!isSchemaObject(schema) || seen.has(schema)) return;
  const inner = new Set(seen).add(schema);
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property === false) continue;
    // A required field of an optional object is required once the object is sent.
    const own: Need = required.has(name) ? (need === 'optional' ? 'conditional' : need) : 'optional';
    walkProperty(model, property, style, wirePath(style, prefix, name), own, depth, inner, add);
  }
  for (const part of schema.allOf ?? []) walkObject(model, part, style, prefix, need, depth, inner, add);
  // A field of one alternative, or of a rule's consequence, is required only under a condition.
  const weaker: Need = need === 'optional' ? 'optional' : 'conditional';
  for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) walkObject(model, part, style, prefix, weaker, depth, inner, add);
  for (const part of [schema.then, schema.else]) if (part !== undefined) walkObject(model, part, style, prefix, weaker, depth, inner, add);
  for (const [name, parts] of Object.entries(schema.dependentRequired ?? {})) {
    for (const dependent of parts) add({ wireName: wirePath(style, prefix, dependent), type: '', limits: '', need: 'conditional', description: `Required with \`${name}\`.` });
    void name;
  }
}

function walkProperty(
  model: Pick<SpecModel, 'resolve'>,
  property: JsonSchema,
  style: WirePathStyle,
  path: string,
  need: Need,
  depth: number,
  seen: Set<JsonSchema>,
  add: (row: FieldRow) => void,
): void {
  const own = isSchemaObject(property) ? property : {};
  const schema = model.resolve(property);
  if (!isSchemaObject(schema)) return;
  const description = own.description ?? schema.description ?? schema.title ?? '';
  const nested = isNested(model, schema);
  if (nested === 'object' && depth < MAX_DEPTH && schema['x-keyed-by'] !== 'method') {
    add({ wireName: path, type: 'object', limits: '', need, description });
    walkObject(model, schema, style, path, need === 'required' ? 'required' : need, depth + 1, seen, add);
    return;
  }
  if (nested === 'array' && depth < MAX_DEPTH && isSchemaObject(schema.items)) {
    add({ wireName: path, type: 'array', limits: limits(schema), need, description });
    const items = model.resolve(schema.items);
    const itemPath = style === 'form' ? `${path}[n]` : `${path}[n]`;
    if (isNested(model, items) === 'object') walkObject(model, items, style, itemPath, need === 'optional' ? 'optional' : 'conditional', depth + 1, seen, add);
    return;
  }
  if (schema['x-keyed-by'] === 'method') {
    add({ wireName: path, type: 'object', limits: 'keyed by method id', need, description: `${description} One entry per method: see the method pages.` });
    return;
  }
  add({ wireName: path, type: typeName(model, schema), limits: limits({ ...schema, ...own }), need, description });
}

/** Whether a schema is drawn as nested rows: an object with properties, or an array of such. */
function isNested(model: Pick<SpecModel, 'resolve'>, node: JsonSchema): 'object' | 'array' | undefined {
  const schema = model.resolve(node);
  if (!isSchemaObject(schema)) return undefined;
  if (schema.type === 'array' || schema.items !== undefined) return 'array';
  const hasProperties = (candidate: JsonSchema, depth: number): boolean => {
    const resolved = model.resolve(candidate);
    if (!isSchemaObject(resolved) || depth > 4) return false;
    if (Object.keys(resolved.properties ?? {}).length > 0) return true;
    return [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])].some((part) => hasProperties(part, depth + 1));
  };
  return hasProperties(schema, 0) ? 'object' : undefined;
}

function typeName(model: Pick<SpecModel, 'resolve'>, schema: SchemaObject): string {
  if (schema.const !== undefined) return `= ${JSON.stringify(schema.const)}`;
  if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type);
  const alternatives = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map((part) => model.resolve(part));
  const types = new Set(alternatives.flatMap((part) => (isSchemaObject(part) && part.type ? [String(part.type)] : [])));
  if (types.size > 0) return [...types].join(' or ');
  if (schema.properties || schema.additionalProperties !== undefined) return 'object';
  return 'any';
}

/** The bounds of a field in words: lengths, pattern, values, decimal and numeric bounds, format. */
export function limits(schema: SchemaObject): string {
  const parts: string[] = [];
  const cap = schema['x-safety-cap'] === true;
  if (schema.minLength !== undefined && schema.maxLength !== undefined) parts.push(schema.minLength === schema.maxLength ? `exactly ${schema.maxLength} chars` : `${schema.minLength}–${schema.maxLength} chars`);
  else if (schema.maxLength !== undefined) parts.push(`max ${schema.maxLength} chars${cap ? ' (safety cap)' : ''}`);
  else if (schema.minLength !== undefined) parts.push(`min ${schema.minLength} chars`);
  if (schema.enum) parts.push(`one of ${schema.enum.map((value) => code(String(value))).join(', ')}`);
  if (schema.pattern) parts.push(`pattern ${code(schema.pattern)}`);
  if (schema.format) parts.push(`format ${schema.format}`);
  const low = schema['x-decimal-minimum'] ?? schema.minimum;
  const high = schema['x-decimal-maximum'] ?? schema.maximum;
  if (low !== undefined && high !== undefined) parts.push(`${String(low)} to ${String(high)}`);
  else if (low !== undefined) parts.push(`at least ${String(low)}`);
  else if (high !== undefined) parts.push(`at most ${String(high)}`);
  if (schema.exclusiveMinimum !== undefined) parts.push(`above ${schema.exclusiveMinimum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) parts.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '∞'} items`);
  return parts.join('; ');
}

const NEED_TEXT: Record<Need, string> = { required: '**required**', conditional: 'conditional', optional: 'optional' };

export function fieldsTable(rows: readonly FieldRow[]): string {
  return table(
    ['Field', 'Type', 'Limits', 'Need', 'Description'],
    rows.map((row) => [code(row.wireName), cell(row.type), cell(row.limits), NEED_TEXT[row.need], cell(row.description)]),
  );
}
