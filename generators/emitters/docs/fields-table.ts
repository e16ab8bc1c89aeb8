// A request or callback schema as the fields a merchant reads: one per wire field (bracket names
// for form bodies, dotted names for JSON), with its type, limits and need. The need is read the
// way the validators read the schema: a field is required when a `required` of any `allOf` part
// names it (wherever its property is declared), or every alternative of a `oneOf`/`anyOf`
// requires it; it is conditional, with the condition in words, when only an alternative, an
// `if`'s consequence or a `dependentRequired` does.
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../../model/json-schema.js';
import type { SpecModel, WirePathStyle } from '../../model/spec-model.js';
import { code, prose } from './markdown.js';
import { ifCondition, list, wirePath } from './rule-text.js';
import { warningOf } from '../../model/warnings.js';

export type Need = 'required' | 'conditional' | 'optional';

export interface FieldRow {
  readonly wireName: string;
  readonly type: string;
  readonly limits: string;
  readonly need: Need;
  /** When a conditional field is required, in words ("when `brand=vcard`"). */
  readonly condition?: string;
  readonly description: string;
}

type Resolver = Pick<SpecModel, 'resolve'>;

/** Deepest nesting drawn; deeper objects are one row of type object. */
const MAX_DEPTH = 6;

const NEED_RANK: Record<Need, number> = { required: 2, conditional: 1, optional: 0 };

/** Every wire field a schema accepts, in schema order; a field reached twice keeps its strongest need. */
export function fieldRows(model: Resolver, schema: JsonSchema, style: WirePathStyle, prefix = ''): FieldRow[] {
  const rows = new Map<string, FieldRow>();
  const add = (row: FieldRow) => {
    const known = rows.get(row.wireName);
    if (!known) rows.set(row.wireName, row);
    else if (NEED_RANK[row.need] > NEED_RANK[known.need]) {
      const { condition: _dropped, ...rest } = known;
      rows.set(row.wireName, { ...rest, need: row.need, ...(row.condition ? { condition: row.condition } : {}) });
    }
  };
  walkLevel(model, collectLevel(model, schema, new Set(), style, prefix), style, prefix, { need: 'required' }, 0, add);
  return [...rows.values()];
}

/** One object level of a schema, its `allOf`, alternatives and consequences merged. */
interface Level {
  /** Each property's declarations in order, with the condition a declaration is under, if any. */
  readonly properties: Map<string, { node: JsonSchema; when?: string }[]>;
  /** Required whatever the rest of the request holds. */
  readonly always: Set<string>;
  /** Required only under conditions, each in words. */
  readonly sometimes: Map<string, string[]>;
}

const emptyLevel = (): Level => ({ properties: new Map(), always: new Set(), sometimes: new Map() });

const both = (outer: string | undefined, inner: string) => (outer ? `${outer} and ${inner.replace(/^when /, '')}` : inner);

/** Merges `from` into `into`; with `when`, what `from` requires is required only under it. */
function merge(into: Level, from: Level, when?: string): void {
  for (const [name, declarations] of from.properties) {
    const known = into.properties.get(name) ?? [];
    into.properties.set(name, [...known, ...declarations.map((declaration) => ({ node: declaration.node, ...(when || declaration.when ? { when: declaration.when ? both(when, declaration.when) : when! } : {}) }))]);
  }
  for (const name of from.always) {
    if (when) into.sometimes.set(name, [...(into.sometimes.get(name) ?? []), when]);
    else into.always.add(name);
  }
  for (const [name, conditions] of from.sometimes) into.sometimes.set(name, [...(into.sometimes.get(name) ?? []), ...conditions.map((condition) => both(when, condition))]);
}

/** What names an alternative: its constant fields (`brand=vcard`), else its title. */
function alternativeLabel(model: Resolver, node: JsonSchema): { field?: string; value: string } {
  const schema = model.resolve(node);
  if (!isSchemaObject(schema)) return { value: '' };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const resolved = model.resolve(property);
    if (isSchemaObject(resolved) && resolved.const !== undefined) return { field: name, value: String(resolved.const) };
  }
  return { value: schema.title ? `the ${schema.title} variant` : '' };
}

function collectLevel(model: Resolver, node: JsonSchema, seen: Set<SchemaObject>, style: WirePathStyle, prefix: string): Level {
  const level = emptyLevel();
  // A `$ref` with siblings (`{$ref: Set, required: [x]}`) applies both, as the validators do.
  if (isSchemaObject(node) && node.$ref !== undefined && Object.keys(node).some((key) => key !== '$ref' && key !== 'description')) {
    const { $ref, ...siblings } = node;
    merge(level, collectLevel(model, { $ref }, seen, style, prefix));
    merge(level, collectLevel(model, siblings, seen, style, prefix));
    return level;
  }
  const schema = model.resolve(node);
  if (!isSchemaObject(schema) || seen.has(schema)) return level;
  const inner = new Set(seen).add(schema);
  for (const [name, property] of Object.entries(schema.properties ?? {})) level.properties.set(name, [{ node: property }]);
  for (const name of schema.required ?? []) level.always.add(name);
  for (const part of schema.allOf ?? []) merge(level, collectLevel(model, part, inner, style, prefix));
  for (const alternatives of [schema.oneOf, schema.anyOf]) {
    if (!alternatives || alternatives.length === 0) continue;
    const levels = alternatives.map((part) => ({ level: collectLevel(model, part, inner, style, prefix), label: alternativeLabel(model, part) }));
    // Required in every alternative: required. In some: required for those.
    const everywhere = [...levels[0]!.level.always].filter((name) => levels.every(({ level: other }) => other.always.has(name)));
    const alternative = emptyLevel();
    for (const name of everywhere) alternative.always.add(name);
    merge(level, alternative);
    const labelled = new Map<string, { field?: string; value: string }[]>();
    for (const { level: part, label } of levels) {
      const own = { ...part, always: new Set([...part.always].filter((name) => !everywhere.includes(name))) };
      for (const name of own.always) labelled.set(name, [...(labelled.get(name) ?? []), label]);
      // A titled alternative whose own alternatives are named by a constant (`brand=vcard`)
      // adds nothing to their condition.
      merge(level, { properties: own.properties, always: new Set(), sometimes: own.sometimes }, label.field ? alternativeText([label], style, prefix) : undefined);
    }
    for (const [name, labels] of labelled) {
      // An alternative with no name is told by what the others require instead: "unless `card_token` is sent".
      const others = [...new Set(levels.filter(({ level: other }) => !other.always.has(name)).flatMap(({ level: other }) => [...other.always].filter((key) => !everywhere.includes(key))))];
      const text = labels.every((label) => label.value !== '')
        ? alternativeText(labels, style, prefix)
        : others.length > 0
          ? `unless ${list(others.map((key) => code(wirePath(style, prefix, key))), 'or')} is sent`
          : 'in one of the alternatives';
      level.sometimes.set(name, [...(level.sometimes.get(name) ?? []), text]);
    }
  }
  if (schema.if !== undefined) {
    const { negated, condition } = ifCondition(model, schema.if, style, prefix);
    const [whenThen, whenElse] = negated ? [`unless ${condition}`, `when ${condition}`] : [`when ${condition}`, `unless ${condition}`];
    if (schema.then !== undefined) merge(level, collectLevel(model, schema.then, inner, style, prefix), whenThen);
    if (schema.else !== undefined) merge(level, collectLevel(model, schema.else, inner, style, prefix), whenElse);
  }
  for (const [name, dependents] of Object.entries(schema.dependentRequired ?? {})) {
    for (const dependent of dependents) level.sometimes.set(dependent, [...(level.sometimes.get(dependent) ?? []), `when ${code(wirePath(style, prefix, name))} is sent`]);
  }
  return level;
}

/** Alternatives in words: "when `brand` is `vcard` or `dl`", "for the Card token variant". */
function alternativeText(labels: readonly { field?: string; value: string }[], style: WirePathStyle, prefix: string): string {
  const byField = new Map<string, string[]>();
  const titles: string[] = [];
  for (const label of labels) {
    if (label.field) byField.set(label.field, [...(byField.get(label.field) ?? []), label.value]);
    else titles.push(label.value);
  }
  const parts = [
    ...[...byField].map(([name, values]) => (values.length === 1 ? `when ${code(`${wirePath(style, prefix, name)}=${values[0]}`)}` : `when ${code(wirePath(style, prefix, name))} is ${list(values.map((value) => code(value)), 'or')}`)),
    ...titles.map((title) => `for ${title}`),
  ];
  return list(parts, 'or');
}

interface Parent {
  readonly need: Need;
  readonly condition?: string;
}

function walkLevel(model: Resolver, level: Level, style: WirePathStyle, prefix: string, parent: Parent, depth: number, add: (row: FieldRow) => void): void {
  for (const [name, declarations] of level.properties) {
    const shown = declarations.find((declaration) => declaration.node !== false && !declaration.when) ?? declarations.find((declaration) => declaration.node !== false);
    if (!shown) continue;
    const path = wirePath(style, prefix, name);
    walkProperty(model, declarations, shown.node, style, path, needOf(level, name, parent, prefix), depth, add);
  }
}

/** A field's need from its level's requirements and its parent object's need. */
function needOf(level: Level, name: string, parent: Parent, prefix: string): Parent {
  const parentSent = parent.need === 'optional' ? `when ${code(prefix)} is sent` : parent.condition;
  if (level.always.has(name)) return parent.need === 'required' ? { need: 'required' } : { need: 'conditional', ...(parentSent ? { condition: parentSent } : {}) };
  const conditions = [...new Set(level.sometimes.get(name) ?? [])];
  if (conditions.length > 0) {
    // "when `a` is sent or when `b` is sent" reads "when `a` or `b` is sent".
    const sent = conditions.flatMap((condition) => /^when (`[^`]+`) is sent$/.exec(condition)?.[1] ?? []);
    const others = conditions.filter((condition) => !/^when `[^`]+` is sent$/.test(condition));
    const condition = list([...(sent.length > 0 ? [`when ${list(sent, 'or')} is sent`] : []), ...others], 'or');
    // A condition on the object's own fields implies the object is sent.
    const outer = parent.need === 'optional' ? undefined : parent.condition;
    return { need: 'conditional', condition: outer ? both(outer, condition) : condition };
  }
  return { need: 'optional' };
}

function walkProperty(
  model: Resolver,
  declarations: readonly { node: JsonSchema; when?: string }[],
  property: JsonSchema,
  style: WirePathStyle,
  path: string,
  need: Parent,
  depth: number,
  add: (row: FieldRow) => void,
): void {
  const own = isSchemaObject(property) ? property : {};
  const schema = model.resolve(property);
  if (!isSchemaObject(schema)) return;
  const describe = (node: JsonSchema) => {
    const resolved = model.resolve(node);
    return (isSchemaObject(node) ? node.description : undefined) ?? (isSchemaObject(resolved) ? (resolved.description ?? resolved.title) : undefined) ?? '';
  };
  // Declared only under conditions, each case its own way (`parameters` per `brand`): no one case's text speaks for all.
  const declared = declarations.filter((declaration) => declaration.node !== false);
  const varies = declared.every((declaration) => declaration.when) && new Set(declared.map((declaration) => describe(declaration.node))).size > 1;
  const description = varies ? 'Its fields depend on the case; each is listed below with when it is required.' : describe(property);
  const row = { wireName: path, need: need.need, ...(need.condition ? { condition: need.condition } : {}), description };
  const nested = isNested(model, schema);
  if (nested === 'object' && depth < MAX_DEPTH && schema['x-keyed-by'] !== 'method') {
    add({ ...row, type: 'object', limits: '' });
    // Every declaration of the object adds its fields, under the condition it is declared in.
    const level = emptyLevel();
    for (const declaration of declarations) if (declaration.node !== false) merge(level, collectLevel(model, declaration.node, new Set(), style, path), declaration.when);
    walkLevel(model, level, style, path, need, depth + 1, add);
    return;
  }
  if (nested === 'array' && depth < MAX_DEPTH && isSchemaObject(schema.items)) {
    add({ ...row, type: 'array', limits: limits(schema) });
    const itemPath = `${path}[n]`;
    // An item's required fields are required in each item sent.
    const item: Parent = need.need === 'optional' ? need : { need: 'conditional', condition: both(need.condition, `in each item of ${code(path)}`) };
    if (isNested(model, schema.items) === 'object') walkLevel(model, collectLevel(model, schema.items, new Set(), style, itemPath), style, itemPath, item, depth + 1, add);
    return;
  }
  if (schema['x-keyed-by'] === 'method') {
    add({ ...row, type: 'object', limits: 'keyed by method id', description: `${row.description} One entry per method: see the method pages.` });
    return;
  }
  add({ ...row, type: typeName(model, schema), limits: limits({ ...schema, ...own }) });
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
