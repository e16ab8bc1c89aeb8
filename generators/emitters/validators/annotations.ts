// What `unevaluatedProperties` and `unevaluatedItems` need to know: which properties or items the
// other keywords of the schema (and of the sub-schemas applied to the same value) evaluated
// (JSON Schema 2020-12, section 11). Known at generation time for properties, patternProperties,
// additionalProperties, prefixItems, items and everything reached through allOf and $ref; only
// anyOf, oneOf, if/then/else, dependentSchemas and contains depend on the value, and only those
// schemas get an annotation collector at run time.
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../../model/json-schema.js';
import { block, indent, type Code } from './code.js';

export interface Evaluated {
  /** Some keyword evaluates every property (or item). */
  readonly all: boolean;
  readonly names: readonly string[];
  readonly patterns: readonly string[];
  /** Items: the length of the evaluated prefix. */
  readonly prefix: number;
  /** Branches whose annotations count only when they pass: a collector runs at run time. */
  readonly dynamic: boolean;
}

export type Kind = 'properties' | 'items';

/** Resolves a `$ref` written in `schema`. */
export type Resolver = (schema: SchemaObject) => JsonSchema;

const NOTHING: Evaluated = { all: false, names: [], patterns: [], prefix: 0, dynamic: false };

/** What `schema` evaluates of a value it accepts, leaving out its own `unevaluated*` when `own` is false. */
export function evaluated(schema: JsonSchema, kind: Kind, resolve: Resolver, own = true, seen = new Set<JsonSchema>()): Evaluated {
  if (!isSchemaObject(schema) || seen.has(schema)) return NOTHING;
  seen.add(schema);
  const names = new Set<string>();
  const patterns = new Set<string>();
  let all = false;
  let prefix = 0;
  let dynamic = false;
  const merge = (part: Evaluated) => {
    all ||= part.all;
    dynamic ||= part.dynamic;
    prefix = Math.max(prefix, part.prefix);
    part.names.forEach((name) => names.add(name));
    part.patterns.forEach((pattern) => patterns.add(pattern));
  };
  if (kind === 'properties') {
    Object.keys(schema.properties ?? {}).forEach((name) => names.add(name));
    Object.keys(schema.patternProperties ?? {}).forEach((pattern) => patterns.add(pattern));
    if (schema.additionalProperties !== undefined || (own && schema.unevaluatedProperties !== undefined)) all = true;
  } else {
    prefix = schema.prefixItems?.length ?? 0;
    if (schema.items !== undefined || (own && schema.unevaluatedItems !== undefined)) all = true;
    if (schema.contains !== undefined) dynamic = true;
  }
  for (const member of schema.allOf ?? []) merge(evaluated(member, kind, resolve, true, seen));
  if (schema.$ref !== undefined) merge(evaluated(resolve(schema), kind, resolve, true, seen));
  if (schema.$dynamicRef !== undefined) merge(evaluated(resolve({ $ref: schema.$dynamicRef }), kind, resolve, true, seen));
  const conditional = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...Object.values(schema.dependentSchemas ?? {})];
  if (schema.if !== undefined) conditional.push(schema.if, ...(schema.then !== undefined ? [schema.then] : []), ...(schema.else !== undefined ? [schema.else] : []));
  if (conditional.some((branch) => contributes(evaluated(branch, kind, resolve, true, new Set(seen))))) dynamic = true;
  return { all, names: [...names], patterns: [...patterns], prefix, dynamic };
}

export const contributes = (part: Evaluated): boolean => part.all || part.dynamic || part.names.length > 0 || part.patterns.length > 0 || part.prefix > 0;

/** Hoisting what a membership test needs: a set of names, a pattern's test. */
export interface Hoist {
  hoistSet(values: readonly unknown[]): string;
  patternTest(source: string, argument: string): string;
}

/** Up to this many names, a key is compared with each (cheaper than hashing it into a Set). */
const INLINE_NAMES_LIMIT = 6;

/**
 * The tests, OR-ed, that a property name (`argument`, for `properties`) or an item index (for
 * `items`) is among what `part` evaluates statically; none when it evaluates nothing.
 */
export function staticallyEvaluated(part: Evaluated, kind: Kind, argument: string, hoist: Hoist): string[] {
  if (part.all) return ['true'];
  if (kind === 'items') return part.prefix > 0 ? [`${argument} < ${part.prefix}`] : [];
  const names =
    part.names.length === 0
      ? []
      : part.names.length <= INLINE_NAMES_LIMIT
        ? part.names.map((name) => `${argument} === ${JSON.stringify(name)}`)
        : [`${hoist.hoistSet(part.names)}.has(${argument})`];
  return [...names, ...part.patterns.map((pattern) => hoist.patternTest(pattern, argument))];
}

/**
 * A walk over the keys of the object `o` that leaves out the names known at generation time
 * before anything else: `for…in` (no array of keys, as `Object.keys` allocates) and a `switch`
 * on the name (V8 compares interned strings by identity: four times faster than `Set#has` over a
 * closed object's few names). `rest` runs for any other key; a key that is no own property with
 * a value (an inherited one, which `for…in` also visits) is skipped first. `hasOwn` names the
 * runtime's ownership test (and marks it used).
 */
export function eachOtherKey(o: string, key: string, names: readonly string[], hasOwn: () => string, rest: Code): Code {
  // With no name to leave out, every key is an own one's: `Object.keys` spares the ownership test.
  if (names.length === 0) return block(`for (const ${key} of Object.keys(${o}))`, [`if (${o}[${key}] === undefined) continue;`, rest]);
  const known = block(`switch (${key})`, [...names.map((name) => `case ${JSON.stringify(name)}:`), indent('continue;')]);
  return block(`for (const ${key} in ${o})`, [known, `if (${o}[${key}] === undefined || !${hasOwn()}(${o}, ${key})) continue;`, rest]);
}
