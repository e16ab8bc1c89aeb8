// What a merchant feels of a spec, per unit: each S2S action on each protocol (not the one `/post`
// path), each Checkout operation and each callback, with the shape of what the merchant sends
// (request) and reads (response, callback), the body encoding, the signature recipe and the error
// catalogue; and, for the account as a whole, the MID settings and the deployment settings.
import { allOf, conditionOf, conditionText, ITEM, negate, type Condition as ModelCondition, type FieldPath } from '../model/conditions.js';
import type { DeploymentSettings } from '../model/deployment.js';
import { fieldsOf, type Need } from '../model/fields.js';
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../model/json-schema.js';
import type { OpenApiDocument } from '../model/openapi.js';
import { midSettings, type MidSetting } from '../model/operator-settings.js';
import {
  buildSpecModel,
  FORM_MEDIA_TYPE,
  type ErrorCaseModel,
  type ReleaseModel,
  type SpecModel,
} from '../model/spec-model.js';
import type { SignatureRecipeData } from '../model/signature-recipes.js';
import type { Side } from './kinds.js';

export type Requiredness = 'always' | 'sometimes' | 'never';

/** The rules one field carries, merged over every place the unit's schema states them. */
export interface FieldRules {
  /** Relative to the enclosing object: `always` when required wherever that object is sent. */
  required: Requiredness;
  types: string[];
  enum?: string[];
  const?: string;
  format?: string;
  patterns: string[];
  /** Patterns and values a `not` excludes (`not: {pattern}`, `not: {const}`, `not: {enum}`). */
  excludedPatterns: string[];
  excludedValues: string[];
  maxLength?: number;
  minLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /** minimum, exclusiveMinimum, x-decimal-minimum, maximum, ...: each compared as its own bound. */
  bounds: Partial<Record<NumericBound, number>>;
  multipleOf?: number;
  default?: string;
  safetyCap: boolean;
  /** `false`, or a `not` that excludes every value, stated unconditionally. */
  rejectsAll: boolean;
  /** Some place gives the field a schema other than `false` (a field only required, or only forbidden, is not declared). */
  declared: boolean;
}

export const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'x-decimal-minimum'] as const;
export const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'x-decimal-maximum'] as const;
export type NumericBound = (typeof LOWER_BOUNDS)[number] | (typeof UPPER_BOUNDS)[number];

/** A field required only under a condition (`if`/`then`, `dependentRequired`, a `oneOf`/`anyOf` branch). */
export interface Condition {
  readonly field: string;
  readonly when: string;
  /** The alternatives (`<place>=<branch or tag>`) the condition selects: a new one is reported as such. */
  readonly variants: readonly string[];
}

/** One clause of a condition, and the alternative it selects, if it is one. */
interface Clause {
  readonly condition: ModelCondition;
  readonly variant?: string;
}

/** The field's rules when it is declared and not rejected whatever its value. */
export function usable(shape: Shape, path: string): FieldRules | undefined {
  const rules = shape.fields.get(path);
  return rules && rules.declared && !rules.rejectsAll ? rules : undefined;
}

/** The paths of the fields that select a variant: their values are reported as variants, not as enum values. */
export function tagPaths(shape: Shape): Set<string> {
  return new Set(
    [...shape.discriminators].map(([place, { property }]) => (place === '(body)' ? property : `${place}.${property}`)),
  );
}

/** The alternatives a shape offers, as `<place>=<branch or tag>`. */
export function variantsOf(shape: Shape): Set<string> {
  const found = new Set<string>();
  for (const [place, names] of shape.branches) for (const name of names) found.add(`${place}=${name}`);
  for (const [place, { values }] of shape.discriminators) for (const value of values) found.add(`${place}=${value}`);
  return found;
}

/** One side of a unit: the fields with their rules, and the rules between fields. */
export interface Shape {
  readonly fields: ReadonlyMap<string, FieldRules>;
  /** `<field> when <condition>` → the requirement. */
  readonly conditions: ReadonlyMap<string, Condition>;
  /**
   * `<field> when <condition>` → the field's rules under a condition that restates it (a `then`
   * branch, a `oneOf` alternative), its unconditional rules included.
   */
  readonly conditionalRules: ReadonlyMap<
    string,
    { readonly field: string; readonly when: string; readonly variants: readonly string[]; readonly rules: FieldRules }
  >;
  /** Alternatives without a discriminator (`oneOf`/`anyOf`), by place: the branches' names. */
  readonly branches: ReadonlyMap<string, readonly string[]>;
  /** Discriminated alternatives, by place: the tag property and its mapped values. */
  readonly discriminators: ReadonlyMap<string, { readonly property: string; readonly values: readonly string[] }>;
  /**
   * Objects by place: the `patternProperties` keys that hold other keys to a schema, and whether the
   * object refuses a key nothing declares (`additionalProperties`/`unevaluatedProperties: false`).
   */
  readonly patternKeys: ReadonlyMap<string, PatternKeys>;
  /** `x-amount-decimals`: each amount field's path with the path of the currency field that bounds its decimals. */
  readonly amountDecimals: ReadonlyMap<string, string>;
}

export interface PatternKeys {
  readonly patterns: readonly string[];
  readonly closed: boolean;
}

export interface UnitLocation {
  readonly protocol: 'card' | 'apm' | 'checkout' | 'account';
  readonly action?: string;
  readonly operation?: string;
  readonly callback?: string;
}

export interface Unit {
  readonly id: string;
  readonly kind: 'action' | 'endpoint' | 'callback' | 'generic';
  readonly location: UnitLocation;
  /** The names a release note may use for the unit (the action, the operationId, the path, the webhook). */
  readonly names: readonly string[];
  readonly sides: Partial<Record<Side, Shape>>;
  /** The media type and each property's encoding (`style`, `explode`) of the body the merchant sends or receives. */
  readonly encoding?: Readonly<Record<string, string>>;
  readonly signature?: SignatureRecipeData;
  readonly errors: readonly ErrorCaseModel[];
}

export interface Surface {
  readonly version: string;
  readonly releases: readonly ReleaseModel[];
  readonly units: ReadonlyMap<string, Unit>;
  /** undefined when the spec predates `info.x-mid-settings` (not compared). */
  readonly midSettings?: readonly MidSetting[];
  /** undefined when the deployment settings are not known (not compared). */
  readonly deployment?: DeploymentSettings;
}

/** A spec to compare: a bundled document, and the deployment settings it is generated with, when known. */
export interface SpecInput {
  readonly document: OpenApiDocument;
  readonly deployment?: DeploymentSettings;
}

/** The field layer's need within the enclosing object, as the gate compares it. */
const REQUIREDNESS: Record<Need, Requiredness> = { required: 'always', conditional: 'sometimes', optional: 'never' };
const PROTOCOL_TITLE = { card: 'S2S CARD', apm: 'S2S APM', checkout: 'Checkout' } as const;

export function merchantSurface(input: SpecInput | OpenApiDocument): Surface {
  const { document, deployment } = 'document' in input ? input : { document: input, deployment: undefined };
  const model = buildSpecModel(withEmptyCatalogues(document), []);
  const units = new Map<string, Unit>();
  const add = (unit: Unit) => units.set(unit.id, unit);
  const s2sEncoding = model.s2sOperation ? encodingOf(model.s2sOperation.operation.requestBody?.content) : undefined;
  for (const action of model.s2sActions) {
    add({
      id: `${PROTOCOL_TITLE[action.protocol]} ${action.action}`,
      kind: 'action',
      location: { protocol: action.protocol, action: action.action },
      names: [action.action],
      sides: {
        request: shape(model, action.requestSchemaName),
        ...(action.responseSchemaName ? { response: shape(model, action.responseSchemaName) } : {}),
      },
      ...(s2sEncoding ? { encoding: s2sEncoding } : {}),
      signature: action.signature,
      errors: action.errors,
    });
  }
  for (const operation of model.checkoutOperations) {
    add({
      id: `Checkout ${operation.operationId}`,
      kind: 'endpoint',
      location: { protocol: 'checkout', operation: operation.operationId },
      names: [operation.operationId, operation.path],
      sides: {
        request: shape(model, operation.requestSchemaName),
        ...(operation.responseSchemaName ? { response: shape(model, operation.responseSchemaName) } : {}),
      },
      encoding: encodingOf(operation.operation.requestBody?.content)!,
      ...(operation.signature ? { signature: operation.signature } : {}),
      errors: operation.errors,
    });
  }
  for (const webhook of model.webhooks) {
    const content = (document.webhooks?.[webhook.name]?.post?.requestBody?.content ?? undefined) as
      Record<string, unknown> | undefined;
    const encoding = encodingOf(content);
    add({
      id: `Callback ${webhook.name}`,
      kind: 'callback',
      location: { protocol: webhook.protocol, callback: webhook.name },
      names: [webhook.name],
      sides: { callback: shape(model, webhook.schemaName) },
      ...(encoding ? { encoding } : {}),
      signature: webhook.signature,
      errors: [],
    });
  }
  add({
    id: 'Every operation',
    kind: 'generic',
    location: { protocol: 'account' },
    names: [],
    sides: {},
    errors: model.genericErrors,
  });
  const mid =
    (document.info as Record<string, unknown>)['x-mid-settings'] === undefined ? undefined : midSettings(document);
  return {
    version: model.specVersion,
    releases: model.releases,
    units,
    ...(mid ? { midSettings: mid } : {}),
    ...(deployment ? { deployment } : {}),
  };
}

/** The media type and each property's encoding, as comparable text. */
function encodingOf(content: Readonly<Record<string, unknown>> | undefined): Record<string, string> | undefined {
  const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
  if (!mediaType) return undefined;
  const out: Record<string, string> = { '(media type)': mediaType };
  const encoding =
    (media as { encoding?: Record<string, { style?: string; explode?: boolean; contentType?: string }> }).encoding ??
    {};
  for (const [property, entry] of Object.entries(encoding)) {
    const style = entry.style ?? (mediaType === FORM_MEDIA_TYPE ? 'form' : 'default');
    out[property] =
      `${style}${entry.explode === false ? '' : ', exploded'}${entry.contentType ? `, ${entry.contentType}` : ''}`;
  }
  return out;
}

/** A base older than the error catalogue reads as one with empty catalogues. */
function withEmptyCatalogues(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  const schemas =
    (copy as unknown as { components?: { schemas?: Record<string, Record<string, unknown>> } }).components?.schemas ??
    {};
  const requests = new Set<string>();
  for (const item of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(
      item as Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>,
    )) {
      for (const media of Object.values(operation?.requestBody?.content ?? {}))
        if (media.schema?.$ref) requests.add(media.schema.$ref.split('/').pop()!);
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

interface ShapeBuilder {
  readonly fields: Map<string, FieldRules>;
  /** The schemas that state each field's rules: unconditionally, and under each condition. */
  readonly statements: Map<string, JsonSchema[]>;
  readonly conditionalStatements: Map<string, { field: string; when: string; variants: string[]; nodes: JsonSchema[] }>;
  readonly conditions: Map<string, Condition>;
  readonly branches: Map<string, string[]>;
  readonly discriminators: Map<string, { property: string; values: string[] }>;
  readonly patternKeys: Map<string, PatternKeys>;
  readonly amountDecimals: Map<string, string>;
}

/** The shape of a schema: fields by dotted path (`[]` for array items), merged over allOf/oneOf/anyOf/if. */
export function shape(model: SpecModel, schemaName: string): Shape {
  const out: ShapeBuilder = {
    fields: new Map(),
    statements: new Map(),
    conditionalStatements: new Map(),
    conditions: new Map(),
    branches: new Map(),
    discriminators: new Map(),
    patternKeys: new Map(),
    amountDecimals: new Map(),
  };
  walk(model, { $ref: `#/components/schemas/${schemaName}` }, '', [], out, new Set(), new Set());
  // Whether a field is required is the field layer's reading, the validators' own.
  for (const field of fieldsOf(model, model.schema(schemaName)).fields) {
    const rules = out.fields.get(gatePath(field.path));
    if (rules) rules.required = REQUIREDNESS[field.within];
  }
  for (const [path, nodes] of out.statements)
    for (const node of nodes) collectRules(model, node, fieldAt(out, path), false);
  const conditionalRules = new Map<string, { field: string; when: string; variants: string[]; rules: FieldRules }>();
  for (const [key, { field, when, variants, nodes }] of out.conditionalStatements) {
    // Under its condition a restated rule holds as if unconditional (a branch's const is the value);
    // the field is required there at least where it is required anyway.
    const rules: FieldRules = { ...emptyRules(), required: out.fields.get(field)?.required ?? 'never' };
    for (const node of [...(out.statements.get(field) ?? []), ...nodes]) collectRules(model, node, rules, false);
    conditionalRules.set(key, { field, when, variants, rules });
  }
  return {
    fields: out.fields,
    conditions: out.conditions,
    conditionalRules,
    branches: out.branches,
    discriminators: out.discriminators,
    patternKeys: out.patternKeys,
    amountDecimals: out.amountDecimals,
  };
}

/**
 * `when`: the conditions the current subschema applies under (empty: wherever its object is sent).
 * `above`: names an enclosing schema requires, whose properties an allOf part declares.
 */
function walk(
  model: SpecModel,
  node: JsonSchema,
  prefix: string,
  when: readonly Clause[],
  out: ShapeBuilder,
  seen: ReadonlySet<unknown>,
  above: ReadonlySet<string>,
): void {
  const schema = model.resolve(node);
  if (!isSchemaObject(schema) || seen.has(schema)) return;
  const inner = new Set(seen).add(schema);
  const required = new Set([...above, ...(schema.required ?? [])]);
  const at = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const requireUnder = (path: string, conditions: readonly Clause[]) => {
    fieldAt(out, path);
    if (conditions.length > 0) {
      const condition = { field: path, ...underClauses(conditions) };
      out.conditions.set(`${path} when ${condition.when}`, condition);
    }
  };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = at(name);
    const rules = fieldAt(out, path);
    const resolved = model.resolve(property);
    if (resolved !== false) rules.declared = true;
    if (when.length === 0) out.statements.set(path, [...(out.statements.get(path) ?? []), property]);
    else {
      const condition = underClauses(when);
      const key = `${path} when ${condition.when}`;
      const entry = out.conditionalStatements.get(key) ?? { field: path, ...condition, nodes: [] };
      entry.nodes.push(property);
      out.conditionalStatements.set(key, entry);
    }

    if (!isSchemaObject(resolved)) continue;
    if (
      resolved.properties ||
      resolved.allOf ||
      resolved.oneOf ||
      resolved.anyOf ||
      resolved.if ||
      resolved.dependentRequired
    )
      walk(model, property, path, when, out, inner, new Set());
    if (isSchemaObject(resolved.items as JsonSchema))
      walk(model, resolved.items as JsonSchema, `${path}[]`, when, out, inner, new Set());
  }
  for (const name of required) requireUnder(at(name), when);
  for (const [trigger, names] of Object.entries(schema.dependentRequired ?? {}))
    for (const name of names) requireUnder(at(name), [...when, { condition: { kind: 'present', field: segments(at(trigger)) } }]);
  for (const [trigger, part] of Object.entries(schema.dependentSchemas ?? {}))
    walk(model, part, prefix, [...when, { condition: { kind: 'present', field: segments(at(trigger)) } }], out, inner, new Set());
  for (const part of schema.allOf ?? []) walk(model, part, prefix, when, out, inner, required);
  const place = prefix || '(body)';
  const amounts = (schema as { 'x-amount-decimals'?: Readonly<Record<string, string>> })['x-amount-decimals'];
  for (const [amount, currency] of Object.entries(amounts ?? {})) out.amountDecimals.set(at(amount), at(currency));
  const patterns = Object.keys(schema.patternProperties ?? {});
  const closed = schema.additionalProperties === false || schema.unevaluatedProperties === false;
  if (schema.properties || patterns.length > 0 || closed) {
    const known = out.patternKeys.get(place);
    out.patternKeys.set(place, {
      patterns: [...new Set([...(known?.patterns ?? []), ...patterns])].sort(),
      closed: (known?.closed ?? false) || closed,
    });
  }
  const alternatives = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (alternatives.length > 0) {
    const tags = discriminatorTags(model, schema);
    const names = alternatives.map((part, index) => tags.get(part) ?? branchName(model, part, index));
    if (schema.discriminator)
      out.discriminators.set(place, {
        property: schema.discriminator.propertyName,
        values: [...new Set([...(out.discriminators.get(place)?.values ?? []), ...names])].sort(),
      });
    else out.branches.set(place, [...new Set([...(out.branches.get(place) ?? []), ...names])].sort());
    alternatives.forEach((part, index) => {
      const condition: ModelCondition = schema.discriminator
        ? { kind: 'equals', field: segments(at(schema.discriminator.propertyName)), values: [names[index]] }
        : { kind: 'variant', name: `the ${names[index]} variant` };
      walk(model, part, prefix, [...when, { condition, variant: `${place}=${names[index]}` }], out, inner, new Set());
    });
  }
  if (schema.if !== undefined) {
    const condition = conditionOf(schema.if, (part) => model.resolve(part), segments(prefix));
    if (schema.then !== undefined) walk(model, schema.then, prefix, [...when, { condition }], out, inner, new Set());
    if (schema.else !== undefined)
      walk(model, schema.else, prefix, [...when, { condition: negate(condition) }], out, inner, new Set());
  }
}

const emptyRules = (): FieldRules => ({
  required: 'never',
  types: [],
  patterns: [],
  excludedPatterns: [],
  excludedValues: [],
  bounds: {},
  safetyCap: false,
  rejectsAll: false,
  declared: false,
});

/** A gate path (`a.b`, `a[].c`) as the segments of a field path. */
function segments(path: string): FieldPath {
  return path === '' ? [] : path.split('.').flatMap((segment) => (segment.endsWith('[]') ? [segment.slice(0, -2), ITEM] : [segment]));
}

/** A field path as the gate writes it. */
function gatePath(path: FieldPath): string {
  return path.reduce((written, segment) => (segment === ITEM ? `${written}[]` : written ? `${written}.${segment}` : segment), '');
}

/** A list of clauses as one condition: its reader text (the model's words) and the alternatives it selects. */
function underClauses(clauses: readonly Clause[]): { when: string; variants: string[] } {
  return {
    when: conditionText(allOf(clauses.map((clause) => clause.condition)), { marks: 'markdown', style: 'json' }),
    variants: clauses.flatMap((clause) => (clause.variant ? [clause.variant] : [])),
  };
}

function fieldAt(out: Pick<ShapeBuilder, 'fields'>, path: string): FieldRules {
  let rules = out.fields.get(path);
  if (!rules) out.fields.set(path, (rules = emptyRules()));
  return rules;
}

/** A branch's tag value, for a discriminated union: mapping value → key. */
function discriminatorTags(model: SpecModel, schema: SchemaObject): Map<JsonSchema, string> {
  const tags = new Map<JsonSchema, string>();
  const mapping = schema.discriminator?.mapping ?? {};
  for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    const key = Object.entries(mapping).find(([, ref]) => isSchemaObject(part) && part.$ref === ref)?.[0];
    if (key !== undefined) tags.set(part, key);
    else if (schema.discriminator) {
      const branch = model.resolve(part);
      const tag = isSchemaObject(branch)
        ? model.resolve(branch.properties?.[schema.discriminator.propertyName] ?? false)
        : false;
      if (isSchemaObject(tag) && tag.const !== undefined) tags.set(part, String(tag.const));
    }
  }
  return tags;
}

/** A branch's name: its component, its title, its fixed values, else its place in the list. */
function branchName(model: SpecModel, part: JsonSchema, index: number): string {
  if (isSchemaObject(part) && part.$ref) return part.$ref.split('/').pop()!;
  const resolved = model.resolve(part);
  if (!isSchemaObject(resolved)) return `#${index + 1} (${String(resolved)})`;
  const fixed = Object.entries(resolved.properties ?? {}).flatMap(([name, property]) =>
    isSchemaObject(property) && property.const !== undefined ? [`${name}=${String(property.const)}`] : [],
  );
  if (fixed.length > 0) return fixed.join(', ');
  if (resolved.required?.length) return `with ${resolved.required.join(', ')}`;
  return resolved.title ?? `#${index + 1}`;
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
  rules.types.sort();
  if (Array.isArray(s.enum)) rules.enum = [...new Set([...(rules.enum ?? []), ...s.enum.map(String)])].sort();
  // A fixed value under a condition (a branch's tag) is one of the values the field may take.
  if (s.const !== undefined && conditional) rules.enum = [...new Set([...(rules.enum ?? []), String(s.const)])].sort();
  else if (s.const !== undefined) rules.const = String(s.const);
  if (typeof s.format === 'string') rules.format = s.format;
  if (typeof s.pattern === 'string' && !rules.patterns.includes(s.pattern)) rules.patterns.push(s.pattern);
  const not = s.not === undefined ? undefined : model.resolve(s.not);
  if (isSchemaObject(not)) {
    if (typeof not.pattern === 'string' && !rules.excludedPatterns.includes(not.pattern))
      rules.excludedPatterns.push(not.pattern);
    const values = [...(not.const !== undefined ? [not.const] : []), ...(not.enum ?? [])].map(String);
    rules.excludedValues = [...new Set([...rules.excludedValues, ...values])].sort();
  }
  // Merged over the places that state them: the strictest applies.
  if (typeof s.maxLength === 'number') rules.maxLength = Math.min(rules.maxLength ?? Infinity, s.maxLength);
  if (typeof s.minLength === 'number') rules.minLength = Math.max(rules.minLength ?? 0, s.minLength);
  if (typeof s.maxItems === 'number') rules.maxItems = Math.min(rules.maxItems ?? Infinity, s.maxItems);
  if (typeof s.minItems === 'number') rules.minItems = Math.max(rules.minItems ?? 0, s.minItems);
  if (s.uniqueItems === true) rules.uniqueItems = true;
  for (const bound of LOWER_BOUNDS)
    if (s[bound] !== undefined) rules.bounds[bound] = Math.max(rules.bounds[bound] ?? -Infinity, Number(s[bound]));
  for (const bound of UPPER_BOUNDS)
    if (s[bound] !== undefined) rules.bounds[bound] = Math.min(rules.bounds[bound] ?? Infinity, Number(s[bound]));
  if (typeof s.multipleOf === 'number') rules.multipleOf = s.multipleOf;
  if (s.default !== undefined) rules.default = typeof s.default === 'string' ? s.default : JSON.stringify(s.default);
  if (s['x-safety-cap'] === true) rules.safetyCap = true;
  for (const part of s.allOf ?? []) collectRules(model, part, rules, conditional);
  // A value may take any branch's type.
  for (const part of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    const branch = model.resolve(part);
    if (isSchemaObject(branch))
      for (const type of [branch.type ?? []].flat() as string[])
        if (!rules.types.includes(type)) rules.types.push(type);
  }
  rules.types.sort();
}

/** A `not` with nothing but annotations inside excludes every value. */
function excludesEverything(node: JsonSchema): boolean {
  if (node === true) return true;
  if (!isSchemaObject(node)) return false;
  return Object.keys(node).every((key) => key === 'description' || key === 'title' || key === '$comment');
}
