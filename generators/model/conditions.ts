// A condition a rule or a requirement applies under, as a structure, and the one way it is put
// into words. An `if` schema, an alternative's tag, a `dependentRequired` trigger and an
// `x-required-when` all become a Condition; the validator messages (TypeScript and PHP), the
// docs' need marks and rules and the breaking-change gate's report render it with
// `conditionText`, so one rule reads the same in each: Markdown marks field names and values as
// code (`` `auth` is `Y` ``), plain text is the same words without the marks (`auth is Y`).
import { isSchemaObject, type JsonSchema } from './json-schema.js';

/** A field by its segments from the object the condition is read at; `ITEM` stands for any array item. */
export type FieldPath = readonly string[];
export const ITEM = '[n]';

export type WirePathStyle = 'form' | 'json';

export type Condition =
  | { readonly kind: 'always' }
  | { readonly kind: 'never' }
  | { readonly kind: 'present'; readonly field: FieldPath }
  | { readonly kind: 'absent'; readonly field: FieldPath }
  /** The field is present with one of these values (a `const` is one value). */
  | { readonly kind: 'equals'; readonly field: FieldPath; readonly values: readonly unknown[] }
  /** The field is absent or has none of these values. */
  | { readonly kind: 'differs'; readonly field: FieldPath; readonly values: readonly unknown[] }
  /** The field is absent or matches the pattern. */
  | { readonly kind: 'matches'; readonly field: FieldPath; readonly pattern: string }
  | { readonly kind: 'all'; readonly of: readonly Condition[] }
  | { readonly kind: 'any'; readonly of: readonly Condition[] }
  | { readonly kind: 'not'; readonly of: Condition }
  /**
   * An alternative no field value tells (a titled `oneOf` branch), named as the docs name it (`the
   * Card token variant`); `by` is what tells it from the others (the fields only it requires).
   */
  | { readonly kind: 'variant'; readonly name: string; readonly by?: Condition }
  /** Something the request does not show (`x-required-when: {connector: ERS}`): never known from a body. */
  | { readonly kind: 'context'; readonly name: string; readonly value: string }
  /** A test the words cannot spell out: its description, else its schema as JSON. */
  | { readonly kind: 'rule'; readonly text: string };

export const ALWAYS: Condition = { kind: 'always' };

/**
 * `a and b`, flattened and simplified as a reader would: `always` parts dropped, two value tests
 * of one field merged (`brand` is one of x, y and `brand` is y: `brand` is y), and a part a
 * sibling implies dropped (`a` and (`a` or `b`): `a`).
 */
export function allOf(parts: readonly Condition[]): Condition {
  const flat = parts.flatMap((part) => (part.kind === 'all' ? part.of : part.kind === 'always' ? [] : [part]));
  const merged = mergeValueTests(flat, (a, b) => a.filter((value) => b.some((other) => sameValue(value, other))));
  if (merged.some((part) => part.kind === 'never' || (part.kind === 'equals' && part.values.length === 0))) return { kind: 'never' };
  const kept = withoutRedundant(uniqueConditions(merged), (part, other) => implies(other, part));
  return kept.length === 0 ? ALWAYS : kept.length === 1 ? kept[0]! : { kind: 'all', of: kept };
}

/**
 * `a or b`, flattened and simplified: one `always` part makes it always, value tests of one field
 * merged (`brand` is x or `brand` is y: `brand` is one of x, y), a part that implies a sibling
 * dropped (`a` or (`a` and `b`): `a`), and what every part requires said once (`a` and `b`, or
 * `a` and `c`: `a` and (`b` or `c`)).
 */
export function anyOf(parts: readonly Condition[]): Condition {
  const flat = parts.flatMap((part) => (part.kind === 'any' ? part.of : part.kind === 'never' ? [] : [part]));
  if (flat.some((part) => part.kind === 'always')) return ALWAYS;
  const merged = mergeValueTests(flat, (a, b) => [...a, ...b.filter((value) => !a.some((other) => sameValue(value, other)))]);
  const kept = withoutRedundant(uniqueConditions(merged), (part, other) => implies(part, other));
  if (kept.length === 0) return { kind: 'never' };
  if (kept.length === 1) return kept[0]!;
  const common = conjuncts(kept[0]!).filter((conjunct) => kept.every((part) => conjuncts(part).some((other) => sameCondition(other, conjunct))));
  if (common.length === 0) return { kind: 'any', of: kept };
  const rest = kept.map((part) => allOf(conjuncts(part).filter((conjunct) => !common.some((other) => sameCondition(other, conjunct)))));
  return allOf([...common, anyOf(rest)]);
}

/** The parts without those another part makes redundant (of two that make each other so, the first stays). */
function withoutRedundant(parts: readonly Condition[], redundant: (part: Condition, other: Condition) => boolean): Condition[] {
  return parts.filter((part, index) =>
    !parts.some((other, at) => at !== index && redundant(part, other) && (!redundant(other, part) || at < index)),
  );
}

/** Whether `a` holding makes `b` hold, as far as the structure shows. */
function implies(a: Condition, b: Condition): boolean {
  if (sameCondition(a, b) || b.kind === 'always' || a.kind === 'never') return true;
  if (b.kind === 'all') return b.of.every((part) => implies(a, part));
  if (a.kind === 'any') return a.of.every((part) => implies(part, b));
  if (a.kind === 'all') return a.of.some((part) => implies(part, b));
  if (b.kind === 'any') return b.of.some((part) => implies(a, part));
  if (a.kind === 'equals' && b.kind === 'equals') return sameField(a.field, b.field) && a.values.every((value) => b.values.some((other) => sameValue(value, other)));
  if (a.kind === 'equals' && b.kind === 'present') return sameField(a.field, b.field);
  return false;
}

const sameField = (a: FieldPath, b: FieldPath) => a.length === b.length && a.every((segment, index) => segment === b[index]);
const conjuncts = (condition: Condition): readonly Condition[] => (condition.kind === 'all' ? condition.of : [condition]);
/** Equal as JSON values (the spec's `const` and `enum` values). */
const sameValue = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** Value tests (`equals`) of one field combined into one, at the place of the first. */
function mergeValueTests(parts: readonly Condition[], combine: (a: readonly unknown[], b: readonly unknown[]) => unknown[]): Condition[] {
  const out: Condition[] = [];
  const byField = new Map<string, number>();
  for (const part of parts) {
    if (part.kind !== 'equals') {
      out.push(part);
      continue;
    }
    const field = JSON.stringify(part.field);
    const at = byField.get(field);
    if (at === undefined) {
      byField.set(field, out.length);
      out.push(part);
    } else out[at] = { kind: 'equals', field: part.field, values: combine((out[at] as { values: readonly unknown[] }).values, part.values) };
  }
  return out;
}

export function negate(condition: Condition): Condition {
  switch (condition.kind) {
    case 'always':
      return { kind: 'never' };
    case 'never':
      return ALWAYS;
    case 'not':
      return condition.of;
    case 'present':
      return { kind: 'absent', field: condition.field };
    case 'absent':
      return { kind: 'present', field: condition.field };
    default:
      return { kind: 'not', of: condition };
  }
}

/**
 * A condition's text, which two equal conditions share: conditions are never changed, so each is
 * written once, and a compound one from its parts' texts (they are parts of many).
 */
const keys = new WeakMap<Condition, string>();
function key(condition: Condition): string {
  let text = keys.get(condition);
  if (text === undefined) {
    text = condition.kind === 'all' || condition.kind === 'any' ? `{"kind":"${condition.kind}","of":[${condition.of.map(key).join(',')}]}` : JSON.stringify(condition);
    keys.set(condition, text);
  }
  return text;
}

function uniqueConditions(parts: readonly Condition[]): Condition[] {
  return [...new Map(parts.map((part) => [key(part), part])).values()];
}

export function sameCondition(a: Condition, b: Condition): boolean {
  return key(a) === key(b);
}

type Resolve = (node: JsonSchema) => JsonSchema;
const itself: Resolve = (node) => node;

/**
 * An `if` schema (or an alternative's fixed values) as a condition on the object it applies to,
 * read as a validator reads it: a property's `const` or `enum` holds for an absent field too, so
 * a value test on a field the schema does not also require reads "absent or ...". `prefix` is the
 * path of that object from where the words are read.
 */
export function conditionOf(node: JsonSchema, resolve: Resolve = itself, prefix: FieldPath = []): Condition {
  const schema = resolve(node);
  if (!isSchemaObject(schema)) return schema ? ALWAYS : { kind: 'never' };
  const parts: Condition[] = [];
  const required = new Set(schema.required ?? []);
  const tested = new Set<string>();
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const field = [...prefix, name];
    const test = propertyTest(resolve(property), field, resolve);
    if (!test) continue;
    tested.add(name);
    // An absent field passes a value test: one the schema does not also require holds when the field is absent.
    const holdsWhenAbsent = test.kind === 'absent' || test.kind === 'differs' || test.kind === 'matches';
    parts.push(required.has(name) || holdsWhenAbsent ? test : anyOf([{ kind: 'absent', field }, test]));
  }
  for (const name of required) if (!tested.has(name)) parts.push({ kind: 'present', field: [...prefix, name] });
  for (const [name, needs] of Object.entries(schema.dependentRequired ?? {})) {
    parts.push(anyOf([{ kind: 'absent', field: [...prefix, name] }, allOf(needs.map((need) => ({ kind: 'present', field: [...prefix, need] }) as const))]));
  }
  for (const part of schema.allOf ?? []) parts.push(conditionOf(part, resolve, prefix));
  for (const alternatives of [schema.anyOf, schema.oneOf]) if (alternatives) parts.push(anyOf(alternatives.map((part) => conditionOf(part, resolve, prefix))));
  if (schema.not !== undefined) parts.push(negate(conditionOf(schema.not, resolve, prefix)));
  const tests = new Set(['properties', 'required', 'dependentRequired', 'allOf', 'anyOf', 'oneOf', 'not', 'description', 'title', '$comment', 'type']);
  const untold = Object.keys(schema).filter((name) => !tests.has(name) && !name.startsWith('x-'));
  if (untold.length > 0) parts.push({ kind: 'rule', text: schema.description ?? stableJson(schema) });
  return allOf(parts);
}

/** What a property's schema in an `if` tests of its field, or undefined when it tests nothing told in words. */
function propertyTest(schema: JsonSchema, field: FieldPath, resolve: Resolve): Condition | undefined {
  if (schema === false) return { kind: 'absent', field };
  if (!isSchemaObject(schema)) return undefined;
  if (schema.const !== undefined) return { kind: 'equals', field, values: [schema.const] };
  if (schema.enum) return { kind: 'equals', field, values: schema.enum };
  const excluded = isSchemaObject(schema.not) ? resolve(schema.not) : undefined;
  if (isSchemaObject(excluded) && excluded.const !== undefined) return { kind: 'differs', field, values: [excluded.const] };
  if (isSchemaObject(excluded) && excluded.enum) return { kind: 'differs', field, values: excluded.enum };
  if (schema.pattern !== undefined) return { kind: 'matches', field, pattern: schema.pattern };
  if (schema.properties || schema.required || schema.allOf || schema.anyOf || schema.oneOf) {
    const nested = conditionOf(schema, resolve, field);
    return nested.kind === 'always' ? undefined : nested;
  }
  return undefined;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).filter(([name]) => name !== 'description' && name !== 'title').sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

// Words.

/** `text`: plain words (validator messages); `markdown`: field names and values as code (docs, the gate's report). */
export type Marks = 'text' | 'markdown';

export interface Wording {
  readonly marks: Marks;
  /** How a nested field is written: bracket keys (`parameters[pin]`) or dotted (`order.amount`). */
  readonly style: WirePathStyle;
}

export const PLAIN: Wording = { marks: 'text', style: 'json' };

/** A field's wire name: `parameters[pin]` in a form body, `order.amount` in JSON; an array item is `[n]` in both. */
export function wirePath(path: FieldPath, style: WirePathStyle): string {
  return path.reduce((written, segment) => {
    if (written === '') return segment;
    if (segment === ITEM) return `${written}[n]`;
    return style === 'form' ? `${written}[${segment}]` : `${written}.${segment}`;
  }, '');
}

export const list = (items: readonly string[], joiner = 'and') =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1)}`;

const mark = (text: string, wording: Wording) => (wording.marks === 'markdown' ? `\`${text}\`` : text);
const shownValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The condition as a phrase: "`auth` is `Y`", "`a` or `b` is present", "`brand` is one of `x`, `y`". */
export function conditionText(condition: Condition, wording: Wording): string {
  const field = (path: FieldPath) => mark(wirePath(path, wording.style), wording);
  const value = (item: unknown) => mark(shownValue(item), wording);
  const values = (items: readonly unknown[]) => (items.length === 1 ? value(items[0]) : `one of ${items.map(value).join(', ')}`);
  switch (condition.kind) {
    case 'always':
      return 'always';
    case 'never':
      return 'never';
    case 'present':
      return condition.field.at(-1) === ITEM ? `${field(condition.field.slice(0, -1))} has items` : `${field(condition.field)} is present`;
    case 'absent':
      return `${field(condition.field)} is absent`;
    case 'equals':
      return `${field(condition.field)} is ${values(condition.values)}`;
    case 'differs':
      return condition.values.length === 1 ? `${field(condition.field)} is not ${value(condition.values[0])}` : `${field(condition.field)} is not one of ${condition.values.map(value).join(', ')}`;
    case 'matches':
      return `${field(condition.field)} matches ${value(condition.pattern)}`;
    case 'variant':
      return `${condition.name} applies`;
    case 'context':
      return `the ${condition.name} is ${value(condition.value)}`;
    case 'rule':
      return condition.text;
    case 'not':
      return `not (${conditionText(condition.of, wording)})`;
    case 'all':
      return list(grouped(condition.of, 'and', wording));
    case 'any':
      return list(grouped(condition.of, 'or', wording), 'or');
  }
}

/**
 * Parts of an `and` or an `or` in words: the fields several parts test for presence (absence)
 * alike are said once ("`a` and `b` are present", "`a` or `b` is present"); a nested list of the
 * other joiner is put in brackets.
 */
function grouped(parts: readonly Condition[], joiner: 'and' | 'or', wording: Wording): string[] {
  const words: string[] = [];
  const items = (part: Condition) => part.kind === 'present' && part.field.at(-1) === ITEM;
  for (const kind of ['present', 'absent'] as const) {
    const fields = parts.flatMap((part) => (part.kind === kind && !items(part) ? [mark(wirePath(part.field, wording.style), wording)] : []));
    if (fields.length > 0) words.push(`${list(fields, joiner)} ${fields.length > 1 && joiner === 'and' ? 'are' : 'is'} ${kind}`);
  }
  for (const part of parts) {
    if ((part.kind === 'present' || part.kind === 'absent') && !items(part)) continue;
    const text = conditionText(part, wording);
    words.push((part.kind === 'all' || part.kind === 'any') && part.kind !== (joiner === 'and' ? 'all' : 'any') ? `(${text})` : text);
  }
  return words;
}

/**
 * The condition as a clause a requirement or a message ends with: "when `auth` is `Y`",
 * "unless `card_token` is present", "for the Card token variant", "in each item of `items`"; an `or` of clauses reads
 * "when …, when … or for …".
 */
export function conditionClause(condition: Condition, wording: Wording): string {
  if (condition.kind === 'any' && condition.of.some((part) => part.kind === 'variant' || part.kind === 'not' || part.kind === 'all'))
    return list(condition.of.map((part) => conditionClause(part, wording)), 'or');
  if (condition.kind === 'variant') return `for ${condition.name}`;
  // A field of an array's items: required in each item sent.
  if (condition.kind === 'present' && condition.field.at(-1) === ITEM) return `in each item of ${mark(wirePath(condition.field.slice(0, -1), wording.style), wording)}`;
  if (condition.kind === 'not') return `unless ${conditionText(condition.of, wording)}`;
  return `when ${conditionText(condition, wording)}`;
}

// Evaluation: whether a condition holds for a value (a request, a callback), where the body tells.

/** True or false where the value tells; undefined for what a body cannot show (`context`, `variant`, `rule`). */
export function holds(condition: Condition, value: unknown): boolean | undefined {
  const at = (path: FieldPath): unknown[] => {
    let nodes: unknown[] = [value];
    for (const segment of path) {
      nodes = nodes.flatMap((node) => {
        if (segment === ITEM) return Array.isArray(node) ? node : typeof node === 'object' && node !== null ? Object.values(node) : [];
        return typeof node === 'object' && node !== null && segment in node ? [(node as Record<string, unknown>)[segment]] : [];
      });
    }
    return nodes;
  };
  const same = (a: unknown, b: unknown) => a === b || (typeof a !== 'object' && String(a) === String(b));
  switch (condition.kind) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'present':
      return at(condition.field).length > 0;
    case 'absent':
      return at(condition.field).length === 0;
    case 'equals': {
      const found = at(condition.field);
      return found.length > 0 && found.every((item) => condition.values.some((wanted) => same(item, wanted)));
    }
    case 'differs':
      return at(condition.field).every((item) => !condition.values.some((wanted) => same(item, wanted)));
    case 'matches':
      return at(condition.field).every((item) => typeof item === 'string' && new RegExp(condition.pattern, 'u').test(item));
    case 'not': {
      const inner = holds(condition.of, value);
      return inner === undefined ? undefined : !inner;
    }
    case 'all': {
      const results = condition.of.map((part) => holds(part, value));
      if (results.includes(false)) return false;
      return results.includes(undefined) ? undefined : true;
    }
    case 'any': {
      const results = condition.of.map((part) => holds(part, value));
      if (results.includes(true)) return true;
      return results.includes(undefined) ? undefined : false;
    }
    case 'variant':
      return condition.by ? holds(condition.by, value) : undefined;
    default:
      return undefined;
  }
}

/** The fields a condition reads. */
export function conditionFields(condition: Condition): FieldPath[] {
  switch (condition.kind) {
    case 'present':
    case 'absent':
    case 'equals':
    case 'differs':
    case 'matches':
      return [condition.field];
    case 'not':
      return conditionFields(condition.of);
    case 'all':
    case 'any':
      return condition.of.flatMap(conditionFields);
    case 'variant':
      return condition.by ? conditionFields(condition.by) : [];
    default:
      return [];
  }
}

