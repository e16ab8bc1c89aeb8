// The field layer: every wire field a request, response or callback schema takes, read once, the
// way the validators read the keywords, with what every face asks of a field: its path and type,
// its need (required, optional, or required under a condition kept as a structure), its limits,
// whether it carries card data, the other names it may take and the identifier it names. The
// docs' need marks, the PHP array shapes, the gate's view of a requirement, the conformance
// kit's identifier table, the sandbox's alternative names, the client's sensitive-field list and
// the Try-it panel read it; none walks a schema for these facts itself.
//
// Need, as the validators read it: a field is required when a `required` of its object or of any
// `allOf` part names it (wherever its property is declared), or when every alternative of a
// `oneOf`/`anyOf` requires it; required under a condition when only an alternative (named by its
// tag's value, its title, or the names the others require), an `if`'s consequence (or its
// `else`), a `dependentRequired` or a `dependentSchemas` trigger does, or when the spec says so of
// a condition the request does not show (`x-required-when`). A required field of an object that
// is itself optional is required when that object is present.
import { allOf, anyOf, conditionOf, ITEM, negate, type Condition, type FieldPath } from './conditions.js';
import { isSchemaObject, refName, type JsonSchema, type SchemaObject } from './json-schema.js';

export type Need = 'required' | 'conditional' | 'optional';
export type Sensitivity = 'pan' | 'secret';

/** The identifier components: what an answer hands out and a later request refers to. */
export const IDENTIFIER_SCHEMAS = ['TransId', 'PaymentId', 'ScheduleId', 'OrderId', 'Token', 'CardToken'] as const;
export type IdentifierSchema = (typeof IDENTIFIER_SCHEMAS)[number];

export interface FieldModel {
  /** Segments from the schema's root (`['parameters', 'pin']`, `ITEM` for an array's items). */
  readonly path: FieldPath;
  /** In the whole body: required, optional, or required when `when` holds. */
  readonly need: Need;
  readonly when?: Condition;
  /** Within the object that holds it (what a validator of that object requires), with its condition. */
  readonly within: Need;
  readonly withinWhen?: Condition;
  /** How the field is read: a value, an object of fields, an array of objects, an object keyed by method id (its entries follow it). */
  readonly shape: 'value' | 'object' | 'array' | 'keyed';
  /** `string`, `integer or string`, `= "SALE"` (a fixed value), `object`, `array`. */
  readonly type: string;
  /** The declaration shown: the first made wherever the object is sent, else the first made under a condition. */
  readonly node: JsonSchema;
  /** The schema of the declaration shown, resolved. */
  readonly schema: SchemaObject;
  /** The declaration shown: its own keywords over the schema it references (limits, format, pattern, enum). */
  readonly rules: SchemaObject;
  /** Every declaration of the field, with the condition it is declared under. */
  readonly declarations: readonly { readonly node: JsonSchema; readonly when?: Condition }[];
  readonly description: string;
  /** Declared only under conditions, each case with a schema of its own (`parameters` per `brand`): no one declaration's shape speaks for all. */
  readonly perCase: boolean;
  /** Declared only under conditions, and the cases describe it differently (`description` is the one most give). */
  readonly varies: boolean;
  readonly sensitive?: Sensitivity;
  /** The identifier component the field's schema is (`TransId`, `ScheduleId`, ...). */
  readonly identifier?: IdentifierSchema;
  /** The names one field may take, this one among them (`recurring_first_trans_id`, `recurring_init_trans_id`). */
  readonly names?: readonly string[];
}

export interface SchemaFields {
  /** Every field, in schema order; a nested field follows its object. */
  readonly fields: readonly FieldModel[];
  /** Top-level fields by name. */
  readonly top: ReadonlyMap<string, FieldModel>;
  /** Groups of names one top-level field may take, in the spec's order. */
  readonly alternatives: readonly (readonly string[])[];
  /** Whether the top-level fields named are all the schema takes (no additional or pattern properties in place). */
  readonly closed: boolean;
}

type Resolver = { resolve(schema: JsonSchema): JsonSchema };

/** Deepest nesting read; deeper objects are one field of type object. */
const MAX_DEPTH = 6;

const cache = new WeakMap<Resolver, WeakMap<object, SchemaFields>>();

/** The fields of a schema (a component by `{ $ref }`, or any node), read once per model. */
export function fieldsOf(model: Resolver, node: JsonSchema, prefix: FieldPath = []): SchemaFields {
  const memo = prefix.length === 0 && isSchemaObject(node) ? cache.get(model)?.get(node) : undefined;
  if (memo) return memo;
  const fields: FieldModel[] = [];
  const level = collectLevel(model, node, new Set(), prefix);
  walkLevel(model, level, prefix, { need: 'required' }, 0, fields);
  const top = new Map(fields.filter((field) => field.path.length === prefix.length + 1).map((field) => [field.path.at(-1)!, field]));
  const result: SchemaFields = { fields, top, alternatives: level.alternatives, closed: isClosed(model, node, new Set()) };
  if (prefix.length === 0 && isSchemaObject(node)) {
    if (!cache.has(model)) cache.set(model, new WeakMap());
    cache.get(model)!.set(node, result);
  }
  return result;
}

/** A component schema's fields. */
export function schemaFields(model: Resolver & { schema(name: string): SchemaObject }, name: string): SchemaFields {
  return fieldsOf(model, model.schema(name));
}

/** One object level of a schema, its `allOf`, alternatives and consequences merged. */
interface Level {
  /** Each property's declarations in order, with the condition a declaration is under, if any. */
  readonly properties: Map<string, { node: JsonSchema; when?: Condition }[]>;
  /** Required whatever the rest of the object holds. */
  readonly always: Set<string>;
  /** Required only under conditions. */
  readonly sometimes: Map<string, Condition[]>;
  /** Names of one field (an `anyOf` whose branches each require one of them). */
  readonly alternatives: string[][];
}

const emptyLevel = (): Level => ({ properties: new Map(), always: new Set(), sometimes: new Map(), alternatives: [] });

const under = (outer: Condition | undefined, inner: Condition): Condition => (outer ? allOf([outer, inner]) : inner);

function addSometimes(level: Level, name: string, condition: Condition): void {
  level.sometimes.set(name, [...(level.sometimes.get(name) ?? []), condition]);
}

/** Merges `from` into `into`; with `when`, what `from` requires is required only under it. */
function merge(into: Level, from: Level, when?: Condition): void {
  for (const [name, declarations] of from.properties) {
    // A level owns its lists (each is made here or in collectLevel), so they grow in place.
    let known = into.properties.get(name);
    if (!known) into.properties.set(name, (known = []));
    for (const declaration of declarations) {
      const condition = declaration.when ? under(when, declaration.when) : when;
      known.push(condition ? { node: declaration.node, when: condition } : { node: declaration.node });
    }
  }
  for (const name of from.always) {
    if (when) addSometimes(into, name, when);
    else into.always.add(name);
  }
  for (const [name, conditions] of from.sometimes) for (const condition of conditions) addSometimes(into, name, under(when, condition));
  if (!when) into.alternatives.push(...from.alternatives);
}

/** The test an alternative makes of the tag property: a fixed value, or the values it excludes (the redirect-only brands). */
function tagOf(model: Resolver, schema: JsonSchema, field: FieldPath): Condition | undefined {
  const property = isSchemaObject(schema) ? model.resolve(schema.properties?.[field.at(-1)!] ?? true) : undefined;
  if (!isSchemaObject(property)) return undefined;
  if (property.const !== undefined) return { kind: 'equals', field, values: [property.const] };
  const excluded = property.not === undefined ? undefined : model.resolve(property.not);
  if (isSchemaObject(excluded) && excluded.enum) return { kind: 'differs', field, values: excluded.enum };
  if (isSchemaObject(excluded) && excluded.const !== undefined) return { kind: 'differs', field, values: [excluded.const] };
  return undefined;
}

/**
 * The property that tells a union's alternatives apart: its discriminator's, else the first one
 * every alternative tests for a value of its own, else the first one any alternative tests.
 */
function tagProperty(model: Resolver, schema: SchemaObject, alternatives: readonly JsonSchema[]): string | undefined {
  if (schema.discriminator) return schema.discriminator.propertyName;
  const tested = alternatives.map((part) => {
    const resolved = model.resolve(part);
    const names = isSchemaObject(resolved) ? Object.keys(resolved.properties ?? {}) : [];
    return new Map(names.flatMap((name) => {
      const tag = tagOf(model, resolved, [name]);
      return tag ? [[name, JSON.stringify(tag)] as const] : [];
    }));
  });
  const candidates = [...new Set(tested.flatMap((tags) => [...tags.keys()]))];
  const telling = candidates.find((name) => tested.every((tags) => tags.has(name)) && new Set(tested.map((tags) => tags.get(name))).size === tested.length);
  return telling ?? candidates[0];
}

function collectLevel(model: Resolver, node: JsonSchema, seen: ReadonlySet<SchemaObject>, prefix: FieldPath): Level {
  const level = emptyLevel();
  // A `$ref` with siblings (`{$ref: Set, required: [x]}`) applies both, as the validators do.
  if (isSchemaObject(node) && node.$ref !== undefined && Object.keys(node).some((key) => key !== '$ref' && key !== 'description')) {
    const { $ref, ...siblings } = node;
    merge(level, collectLevel(model, { $ref }, seen, prefix));
    merge(level, collectLevel(model, siblings, seen, prefix));
    return level;
  }
  const schema = model.resolve(node);
  if (!isSchemaObject(schema) || seen.has(schema)) return level;
  const inner = new Set(seen).add(schema);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    level.properties.set(name, [{ node: property }]);
    const context = isSchemaObject(property) ? property['x-required-when'] : undefined;
    if (context !== undefined) for (const condition of contextConditions(context, name)) addSometimes(level, name, condition);
  }
  for (const name of schema.required ?? []) level.always.add(name);
  for (const part of schema.allOf ?? []) merge(level, collectLevel(model, part, inner, prefix));
  for (const alternatives of [schema.oneOf, schema.anyOf]) if (alternatives && alternatives.length > 0) mergeAlternatives(model, level, schema, alternatives, inner, prefix);
  if (schema.if !== undefined) {
    const condition = conditionOf(schema.if, (part) => model.resolve(part), prefix);
    if (schema.then !== undefined) merge(level, collectLevel(model, schema.then, inner, prefix), condition);
    if (schema.else !== undefined) merge(level, collectLevel(model, schema.else, inner, prefix), negate(condition));
  }
  for (const [name, dependents] of Object.entries(schema.dependentRequired ?? {})) {
    for (const dependent of dependents) addSometimes(level, dependent, { kind: 'present', field: [...prefix, name] });
  }
  for (const [name, part] of Object.entries(schema.dependentSchemas ?? {})) merge(level, collectLevel(model, part, inner, prefix), { kind: 'present', field: [...prefix, name] });
  return level;
}

/** `x-required-when: {connector: ERS}`: required when something the request does not show holds. */
function contextConditions(context: unknown, name: string): Condition[] {
  if (typeof context !== 'object' || context === null || Array.isArray(context)) throw new Error(`x-required-when on ${name} must map a condition's name to its value`);
  return Object.entries(context).map(([key, value]) => ({ kind: 'context', name: key, value: String(value) }));
}

/** A `oneOf`/`anyOf`: required in every alternative is required; in some, required for those. */
function mergeAlternatives(model: Resolver, level: Level, schema: SchemaObject, alternatives: readonly JsonSchema[], seen: ReadonlySet<SchemaObject>, prefix: FieldPath): void {
  const isAnyOf = alternatives === schema.anyOf;
  const tagged = tagProperty(model, schema, alternatives);
  const levels = alternatives.map((part) => {
    const resolved = model.resolve(part);
    const title = isSchemaObject(resolved) ? resolved.title : undefined;
    const tag = tagged === undefined ? undefined : tagOf(model, resolved, [...prefix, tagged]);
    return { level: collectLevel(model, part, seen, prefix), ...(tag ? { tag } : {}), ...(title ? { title } : {}) };
  });
  const everywhere = [...levels[0]!.level.always].filter((name) => levels.every(({ level: other }) => other.always.has(name)));
  for (const name of everywhere) level.always.add(name);
  // One field, several names: an anyOf whose branches each require exactly one property.
  const single = alternatives.map((part) => model.resolve(part)).map((part) => (isSchemaObject(part) && part.required?.length === 1 ? part.required[0] : undefined));
  if (isAnyOf && single.length > 1 && single.every((name) => name !== undefined)) level.alternatives.push(single as string[]);
  const own = (part: Level) => [...part.always].filter((name) => !everywhere.includes(name));
  const identities = levels.map(({ level: part, tag, title }, index): Condition | undefined => {
    if (tag) return tag;
    // Told by what it requires that the others do not; named by its title where it has one.
    const by = allOf(own(part).map((name) => ({ kind: 'present', field: [...prefix, name] }) as const));
    const others = levels.filter((_, other) => other !== index).flatMap(({ level: other }) => own(other).filter((name) => !part.always.has(name)));
    if (title) return { kind: 'variant', name: `the ${title} variant`, ...(by.kind === 'always' ? {} : { by }) };
    if (others.length > 0) return allOf([...new Set(others)].map((name) => ({ kind: 'absent', field: [...prefix, name] }) as const));
    return { kind: 'variant', name: `alternative ${index + 1}`, ...(by.kind === 'always' ? {} : { by }) };
  });
  levels.forEach(({ level: part, tag }, index) => {
    // What an alternative declares, and what it requires beyond the rest, holds under its tag; a
    // titled alternative whose own alternatives are tagged (`brand` is `vcard`) adds nothing to theirs.
    const rest: Level = { properties: part.properties, always: new Set(), sometimes: part.sometimes, alternatives: [] };
    merge(level, rest, tag);
    for (const name of own(part)) addSometimes(level, name, identities[index]!);
  });
}

interface Parent {
  readonly need: Need;
  readonly when?: Condition;
}

function walkLevel(model: Resolver, level: Level, prefix: FieldPath, parent: Parent, depth: number, out: FieldModel[]): void {
  const names = new Map(level.alternatives.flatMap((group) => group.map((name) => [name, group] as const)));
  for (const [name, declarations] of level.properties) {
    const shown = declarations.find((declaration) => declaration.node !== false && !declaration.when) ?? declarations.find((declaration) => declaration.node !== false);
    if (!shown) continue;
    const path = [...prefix, name];
    const within = withinNeed(level, name);
    walkProperty(model, declarations, shown.node, path, absoluteNeed(within, parent, prefix), within, depth, names.get(name), out);
  }
}

/** The need within the object: required, optional, or required under any of its conditions. */
function withinNeed(level: Level, name: string): Parent {
  if (level.always.has(name)) return { need: 'required' };
  const conditions = level.sometimes.get(name) ?? [];
  return conditions.length > 0 ? { need: 'conditional', when: anyOf(conditions) } : { need: 'optional' };
}

/** The need in the whole body, from the need within the object and the object's own. */
function absoluteNeed(within: Parent, parent: Parent, prefix: FieldPath): Parent {
  if (within.need === 'optional') return within;
  // A condition on the object's own fields implies the object is present.
  const parentPresent: Condition | undefined = parent.need === 'optional' ? { kind: 'present', field: prefix } : parent.when;
  if (within.need === 'required') return parent.need === 'required' ? within : { need: 'conditional', ...(parentPresent ? { when: parentPresent } : {}) };
  const outer = parent.need === 'conditional' ? parent.when : undefined;
  return { need: 'conditional', when: under(outer, within.when!) };
}

function walkProperty(
  model: Resolver,
  declarations: readonly { node: JsonSchema; when?: Condition }[],
  property: JsonSchema,
  path: FieldPath,
  need: Parent,
  within: Parent,
  depth: number,
  names: readonly string[] | undefined,
  out: FieldModel[],
): void {
  const own = isSchemaObject(property) ? property : {};
  const schema = model.resolve(property);
  if (!isSchemaObject(schema)) return;
  const declared = declarations.filter((declaration) => declaration.node !== false);
  const conditional = declared.every((declaration) => declaration.when);
  const perCase = conditional && declared.some((declaration) => declaration.node !== declared[0]!.node) && new Set(declared.map((declaration) => declarationText(model, declaration.node))).size > 1;
  const descriptions = declared.map((declaration) => describe(model, declaration.node));
  const varies = conditional && new Set(descriptions).size > 1;
  const count = (text: string) => descriptions.filter((other) => other === text).length;
  const sensitivity = own['x-sensitive'] ?? schema['x-sensitive'];
  if (sensitivity !== undefined && sensitivity !== 'pan' && sensitivity !== 'secret') throw new Error(`x-sensitive on ${path.join('.')} must be pan or secret`);
  const reference = isSchemaObject(property) && typeof property.$ref === 'string' ? refName(property.$ref) : undefined;
  const identifier = reference && (IDENTIFIER_SCHEMAS as readonly string[]).includes(reference) ? (reference as IdentifierSchema) : undefined;
  // An object some of whose declarations give fields is read as one, whichever declaration is shown.
  const nested = declared.some((declaration) => nestedShape(model, declaration.node) === 'object') ? 'object' : isNested(model, schema);
  const keyed = schema['x-keyed-by'] === 'method';
  const shape = keyed ? 'keyed' : nested === 'object' && depth < MAX_DEPTH ? 'object' : nested === 'array' && depth < MAX_DEPTH && isSchemaObject(schema.items) ? 'array' : 'value';
  out.push({
    path,
    need: need.need,
    ...(need.when ? { when: need.when } : {}),
    within: within.need,
    ...(within.when ? { withinWhen: within.when } : {}),
    shape,
    type: shape === 'value' ? valueType(model, schema) : shape === 'array' ? 'array' : 'object',
    node: property,
    schema,
    rules: declarationRules(model, property),
    declarations,
    // Of the cases' descriptions, the one most give (the first of those).
    description: varies ? descriptions.reduce((best, text) => (count(text) > count(best) ? text : best)) : describe(model, property),
    perCase,
    varies,
    ...(sensitivity ? { sensitive: sensitivity } : {}),
    ...(identifier ? { identifier } : {}),
    ...(names ? { names } : {}),
  });
  if (shape === 'object' || (shape === 'keyed' && depth < MAX_DEPTH)) {
    // Every declaration of the object adds its fields, under the condition it is declared in (an
    // object keyed by method id: each method's entry, then its fields).
    const level = emptyLevel();
    for (const declaration of declared) merge(level, collectLevel(model, declaration.node, new Set(), path), declaration.when);
    walkLevel(model, level, path, need, depth + 1, out);
  } else if (shape === 'array' && isNested(model, schema.items!) === 'object') {
    // An item's required fields are required in each item present.
    const itemPath = [...path, ITEM];
    const item: Parent = need.need === 'optional' ? need : { need: 'conditional', when: under(need.when, { kind: 'present', field: itemPath }) };
    walkLevel(model, collectLevel(model, schema.items!, new Set(), itemPath), itemPath, item, depth + 1, out);
  }
}

/**
 * A fact of a model's schema nodes, computed once per node object: walkProperty asks it of the same
 * declarations for every schema that holds them (a request's `parameters` under each alternative).
 */
function perNode<T>(compute: (model: Resolver, node: JsonSchema) => T): (model: Resolver, node: JsonSchema) => T {
  const byModel = new WeakMap<Resolver, WeakMap<object, T>>();
  return (model, node) => {
    if (!isSchemaObject(node)) return compute(model, node);
    let known = byModel.get(model);
    if (!known) byModel.set(model, (known = new WeakMap()));
    if (known.has(node)) return known.get(node)!;
    const value = compute(model, node);
    known.set(node, value);
    return value;
  };
}

/** A declaration's description (else its schema's description or title), white space collapsed. */
const describe = perNode((model, node) => {
  const resolved = model.resolve(node);
  return ((isSchemaObject(node) ? node.description : undefined) ?? (isSchemaObject(resolved) ? (resolved.description ?? resolved.title) : undefined) ?? '').replace(/\s+/g, ' ').trim();
});
/** A declaration's content, to tell declarations apart. */
const declarationText = perNode((_, node) => JSON.stringify(node));
const nestedShape = perNode((model, node) => isNested(model, node));
/** A declaration's own keywords over those of the schema it references. */
const declarationRules = perNode((model, node): SchemaObject => ({ ...(model.resolve(node) as SchemaObject), ...(isSchemaObject(node) ? node : {}) }));
const valueType = perNode((model, schema) => typeName(model, schema as SchemaObject));

/** Whether a schema is read as nested fields: an object with properties, or an array of such. */
function isNested(model: Resolver, node: JsonSchema): 'object' | 'array' | undefined {
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

function typeName(model: Resolver, schema: SchemaObject): string {
  if (schema.const !== undefined) return `= ${JSON.stringify(schema.const)}`;
  if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type);
  const alternatives = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map((part) => model.resolve(part));
  const types = new Set(alternatives.flatMap((part) => (isSchemaObject(part) && part.type ? [String(part.type)] : [])));
  if (types.size > 0) return [...types].join(' or ');
  if (schema.properties || schema.additionalProperties !== undefined) return 'object';
  return 'any';
}

/** The subschemas that apply to the same object as their parent. */
function inPlace(schema: SchemaObject): JsonSchema[] {
  return [
    ...(schema.allOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.anyOf ?? []),
    ...[schema.if, schema.then, schema.else].filter((part): part is JsonSchema => part !== undefined),
    ...Object.values(schema.dependentSchemas ?? {}),
  ];
}

/** Whether the fields a schema names are all it takes (no additional or pattern properties anywhere in place). */
function isClosed(model: Resolver, node: JsonSchema, seen: Set<JsonSchema>): boolean {
  const resolved = model.resolve(node);
  if (!isSchemaObject(resolved) || seen.has(resolved)) return true;
  seen.add(resolved);
  const open = (schema: JsonSchema | undefined) => schema !== undefined && schema !== false;
  if (open(resolved.additionalProperties) || resolved.patternProperties || open(resolved.unevaluatedProperties)) return false;
  return inPlace(resolved).every((part) => isClosed(model, part, seen));
}

/** Whether a field may be left out of a body: not required, or required under a condition the body does not meet. */
export function mayOmit(field: Pick<FieldModel, 'need' | 'when'>, meets: (condition: Condition) => boolean | undefined): boolean | undefined {
  if (field.need === 'required') return false;
  if (field.need === 'optional') return true;
  const met = meets(field.when!);
  return met === undefined ? undefined : !met;
}

/** Top-level field → the identifier component it names (`trans_id` → `TransId`): what chains a request after the one that created it. */
export function identifierFields(fields: SchemaFields): Record<string, IdentifierSchema> {
  return Object.fromEntries([...fields.top].flatMap(([name, field]) => (field.identifier ? [[name, field.identifier]] : [])));
}

/** The names one identifier may take in a request: alternative names that all name the same identifier. */
export function identifierAliases(fields: SchemaFields): (readonly string[])[] {
  const named = identifierFields(fields);
  return fields.alternatives.filter((group) => named[group[0]!] !== undefined && group.every((name) => named[name] === named[group[0]!]));
}
