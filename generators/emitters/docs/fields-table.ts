// A request or callback schema as the fields a merchant reads: one per wire field (bracket names
// for form bodies, dotted names for JSON), with its type, limits and need, as the model's field
// layer gives them (generators/model/fields.ts): the need is the validators' reading, the
// condition of a conditional one in the model's words.
import { conditionClause, list, wirePath, type FieldPath } from '../../model/conditions.js';
import { fieldsOf, type Need } from '../../model/fields.js';
import type { JsonSchema, SchemaObject } from '../../model/json-schema.js';
import type { SpecModel, WirePathStyle } from '../../model/spec-model.js';
import { code, prose } from './markdown.js';
import { warningOf } from '../../model/warnings.js';

export type { Need } from '../../model/fields.js';

export interface FieldRow {
  readonly wireName: string;
  readonly type: string;
  readonly limits: string;
  readonly need: Need;
  /** When a conditional field is required, in words ("when `brand` is `vcard`"). */
  readonly condition?: string;
  readonly description: string;
}

/** Every wire field a schema accepts, in schema order; the entries of an object keyed by method id are on the method pages. */
export function fieldRows(model: Pick<SpecModel, 'resolve'>, schema: JsonSchema, style: WirePathStyle, prefix: FieldPath = []): FieldRow[] {
  const { fields } = fieldsOf(model, schema, prefix);
  const keyed = fields.filter((field) => field.shape === 'keyed').map((field) => field.path);
  const underKeyed = (path: FieldPath) => keyed.some((parent) => path.length > parent.length && parent.every((segment, index) => path[index] === segment));
  return fields.filter((field) => !underKeyed(field.path)).map((field) => {
    const row = {
      wireName: wirePath(field.path, style),
      need: field.need,
      ...(field.when ? { condition: conditionClause(field.when, { marks: 'markdown', style }) } : {}),
      // An object declared per case, each its own way: its fields tell the cases apart.
      description: field.varies && field.shape !== 'value' ? 'Its fields depend on the case; each is listed below with when it is required.' : field.description,
    };
    switch (field.shape) {
      case 'object':
        return { ...row, type: 'object', limits: '' };
      case 'array':
        return { ...row, type: 'array', limits: limits(field.schema) };
      case 'keyed':
        return { ...row, type: 'object', limits: 'keyed by method id', description: `${row.description} One entry per method: see the method pages.` };
      default:
        return { ...row, type: field.type, limits: limits(field.rules) };
    }
  });
}

/**
 * The bounds of a field in words: lengths, pattern, values, decimal and numeric bounds, format,
 * and what its warning checks (`x-warning`: reported, never refused).
 */
export function limits(schema: SchemaObject): string {
  const parts = boundWords(schema);
  const warning = warningOf(schema);
  const checks = warning ? checkWords(warning.checks) : '';
  if (checks) parts.push(`warning only (sent anyway): ${checks}`);
  return parts.join('; ');
}

/** What a warning's checks look at, in words: the bounds of a value, or the fields it expects absent. */
export function checkWords(checks: SchemaObject): string {
  const absent = Object.entries(checks.properties ?? {}).filter(([, property]) => property === false).map(([name]) => code(name));
  return [...boundWords(checks), ...(absent.length > 0 ? [`${list(absent)} not sent`] : [])].join('; ');
}

function boundWords(schema: SchemaObject): string[] {
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
  if (schema['x-luhn'] === true) parts.push('Luhn check digit');
  return parts;
}

/**
 * Fields as a parameter list, as Stripe's API reference lays them out: the wire name, type and
 * need on one line, the condition, description and limits under it. Nothing is wider than the
 * text column, so a page never scrolls sideways. The marker lets the tests pair each field's
 * need with the page's own examples.
 */
export function fieldList(rows: readonly FieldRow[], style: WirePathStyle): string {
  if (rows.length === 0) return '';
  const items = rows.map((row) => {
    const lines = [
      `- **${code(row.wireName)}** <span class="field-type">${prose(row.type)}</span> <span class="field-need need-${row.need}">${row.need}</span>`,
      row.need === 'conditional' && row.condition ? `Required ${prose(row.condition)}.` : '',
      prose(row.description),
      row.limits ? `<span class="field-limits">${prose(row.limits)}</span>` : '',
    ].filter(Boolean);
    // A backslash at a line's end is a line break inside the item.
    return lines.join('\\\n  ');
  });
  return [`<!-- fields: ${style} -->`, '', '<div class="field-list">', '', ...items, '', '</div>'].join('\n');
}
