// What a keyword emitter needs to write code: the value under test, how to fail, and access to
// hoisted helpers. Each schema compiles to one function `v_X(value, ctx?)` that serves two
// modes: without `ctx` it is a predicate that returns false at the first failure; with `ctx` it
// records every issue with its wire path and walks on. Emitted code therefore never returns early
// while `ctx` is set, and `ctx` is the only name it uses for the context.
import type { JsonSchema } from '../../model/json-schema.js';
import type { Evaluated, Kind } from './annotations.js';
import type { Code } from './code.js';
import type { Condition } from '../../shared/condition-text.js';
import type { ValidatorFacts } from '../../shared/validator-facts.js';

/** Where a sub-schema sits below the schema being compiled: `['allOf', 1, 'if']`. */
export type SchemaPath = readonly (string | number)[];

export interface CodeScope {
  /** JavaScript expression (a local name) holding the value under test. */
  readonly value: string;
  /** The instance type already established by an enclosing `type` (allOf members, then/else share it). */
  readonly knownType: string | undefined;
  /** This scope, where `type` is known to be the value's type. */
  withKnownType(type: string | undefined): CodeScope;
  /** Why the current rules apply, inside a then/else branch: appended to messages as ` (when auth is "Y")`. */
  readonly condition: Condition | undefined;
  /** Facts of the model some keywords read (`x-amount-decimals`: the currency table). */
  readonly facts: ValidatorFacts;
  /**
   * False in a function that only answers (an `if`, a `not`): it has no `ctx`, a failure returns
   * false at once, and nothing is recorded (`record` throws).
   */
  readonly reports: boolean;
  /** A property of the value known to be present with this value (a discriminated branch's tag): its checks are left out. */
  readonly known: KnownProperty | undefined;
  /** A statement that fails the current value when `test` holds. */
  failIf(test: string, rule: string, message: string): Code;
  /** A statement that fails a property of the current object when `test` holds (missing or forbidden); `keyExpr` is code. */
  failAtIf(test: string, keyExpr: string, rule: string, message: string): Code;
  /** A statement that fails the current value. */
  fail(rule: string, message: string): Code;
  /** A statement that fails a property of the current object. */
  failAt(keyExpr: string, rule: string, message: string): Code;
  /** A statement that records an issue where `ctx` is known to be set (reporting code of combinators). */
  record(rule: string, message: string): Code;
  /** As `record`, one level below the current path. */
  recordAt(keyExpr: string, rule: string, message: string): Code;
  /** Code that validates `valueExpr` against `schema` (found at `path`) one wire-path segment down. */
  child(schema: JsonSchema, valueExpr: string, segmentExpr: string, path: SchemaPath): Code;
  /** An expression that runs the compiled `v_${callee}` on `valueExpr` one wire-path segment down: false only when it fails without a context. */
  visit(callee: string, valueExpr: string, segmentExpr: string): string;
  /** Code that validates the current value against `schema` (allOf members, then/else). */
  same(schema: JsonSchema, path: SchemaPath, condition?: Condition): Code;
  /** The base name of the `v_X` function that validates `schema` (found at `path`) when it needs no inline code (a bare `$ref`, a shared leaf). */
  callable(schema: JsonSchema, path: SchemaPath): string | undefined;
  /** Name of the hoisted `v_X(value, ctx?)` for `schema` (found at `path`): called without `ctx` it is a predicate, with `ctx` it reports. */
  validator(schema: JsonSchema, path: SchemaPath): string;
  /** Name of a `v_X(value)` for `schema` (found at `path`) that is only ever tested, never reported on: `if`, `not`, `contains`. */
  predicate(schema: JsonSchema, path: SchemaPath): string;
  /** As `validator`, for a branch a discriminator chose: the value's tag property holds `known.value`. */
  branch(schema: JsonSchema, path: SchemaPath, known: KnownProperty): string;
  /** Name of the function of the schema a `$ref` written here names. */
  reference(ref: string): string;
  /** As `reference`, for a `$dynamicRef` that resolves statically (the generator refuses one that does not). */
  dynamicReference(ref: string): string;
  /** Name of the run-time check `(value, key or index) => evaluated?` of `schema` (leaving out its own `unevaluated*`). */
  collector(schema: JsonSchema, kind: Kind): string;
  /** What `schema`'s keywords other than its own `unevaluated*` evaluate, as far as known at generation time. */
  evaluated(schema: JsonSchema, kind: Kind): Evaluated;
  /** A fresh local variable name. */
  local(prefix: string): string;
  /** The test of `argument` against a spec pattern, as an expression (see pattern-test.ts). */
  patternTest(source: string, argument: string): string;
  hoistSet(values: readonly unknown[]): string;
  /** A `Map` from each key of `record` to its value: a lookup by a key read from the input hashes it once, where an object's keyed load and `Object.hasOwn` each look it up again. */
  hoistMap(record: Readonly<Record<string, number>>): string;
  hoistValue(value: unknown): string;
  /** Marks a runtime helper as used and returns its name: from runtime/validation, or the runtime `module` that holds it (`format-email`). */
  runtime(name: string, module?: string): string;
  /** Label of a schema for messages: its title, its component name, or what it checks. */
  label(schema: JsonSchema, index: number): string;
  resolve(schema: JsonSchema): JsonSchema;
}

/** A property the value is known to carry, with its value: the tag of a discriminated branch. */
export interface KnownProperty {
  readonly property: string;
  readonly value: string;
}

export const literal = (value: unknown): string => JSON.stringify(value);

/** `object.key` where the key is an identifier, `object["key"]` otherwise. */
export const member = (object: string, key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${object}.${key}` : `${object}[${literal(key)}]`);

/**
 * Names every object inherits from Object.prototype by itself (`constructor`, `toString`,
 * `__proto__`, ...): only a property with one of these names needs an ownership test. A key
 * planted on Object.prototype at run time is the runtime's concern: a validation run that finds
 * one validates a copy of the value's own data instead (`validator` and `guard` in
 * runtime/validation), so a plain read never sees it.
 */
const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Code that is true when `read` (the value of `object[key]`) is an own property with a value
 * (`undefined` is absent, as on the wire). For a name Object.prototype has, the inherited value
 * never counts: a value that differs from Object.prototype's is own on a plain object, so
 * `hasOwnProperty` (seven times the cost of the read) runs only when they are the same.
 */
export const ownValue = (scope: Pick<CodeScope, 'runtime'>, object: string, key: string, read = member(object, key)): string => {
  if (!INHERITED_NAMES.has(key)) return `${read} !== undefined`;
  // `__proto__` is an accessor on Object.prototype: reading it gives the object's prototype.
  return key === '__proto__'
    ? `${scope.runtime('hasOwn')}(${object}, ${literal(key)}) && ${read} !== undefined`
    : `${read} !== undefined && (${read} !== ${member(scope.runtime('inherited'), key)} || ${scope.runtime('hasOwn')}(${object}, ${literal(key)}))`;
};

/** The negation of `ownValue`: code that is true when the property is absent. */
export const noOwnValue = (scope: Pick<CodeScope, 'runtime'>, object: string, key: string, read = member(object, key)): string =>
  INHERITED_NAMES.has(key) ? `!(${ownValue(scope, object, key, read)})` : `${read} === undefined`;

/** An expression of the own value of `object[key]`, or `undefined` when it has none. */
export const ownRead = (scope: Pick<CodeScope, 'runtime'>, object: string, key: string): string =>
  INHERITED_NAMES.has(key) ? `(${ownValue(scope, object, key)} ? ${object}[${literal(key)}] : undefined)` : member(object, key);
