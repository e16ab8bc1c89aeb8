// One definition per keyword, as ajv has them (and as the TypeScript validators do): the keyword,
// the instance type it applies to, and the PHP code it emits. compile.ts runs the definitions in
// the order of KEYWORDS, which is the TypeScript validators' order, so issues come in that order.
import type { JsonSchema, SchemaObject } from '../../../model/json-schema.js';
import type { Code } from './code.js';
import type { Condition } from '../../../shared/condition-text.js';
import type { ValidatorFacts } from '../../../shared/validator-facts.js';

export type InstanceType = 'string' | 'number' | 'object' | 'array';

/** Where a sub-schema sits below the schema being compiled: `['allOf', 1, 'if']`. */
export type SchemaPath = readonly (string | number)[];

/**
 * What a keyword emitter needs. Each schema compiles to one static method `v_X($value, $ctx)`:
 * without a context it is a predicate that returns false at the first failure; with one it
 * records every issue at its wire path and walks on (emitted code never returns early then).
 */
export interface PhpScope {
  /** PHP expression (a local) holding the value under test. */
  readonly value: string;
  /** Local holding the object's fields as an array (object keywords only: a stdClass is read through it). */
  readonly fields: string;
  readonly knownType: string | undefined;
  readonly condition: Condition | undefined;
  /** Facts of the model some keywords read (`x-amount-decimals`: the currency table), as the TypeScript validators have them. */
  readonly facts: ValidatorFacts;
  /** Code of the predicate body (`$ctx` is null: stop at the first failure) rather than the reporting one (`$ctx` is set). */
  readonly predicate: boolean;
  failIf(test: string, rule: string, message: string): Code;
  failAtIf(test: string, keyExpr: string, rule: string, message: string): Code;
  fail(rule: string, message: string): Code;
  failAt(keyExpr: string, rule: string, message: string): Code;
  /** Records an issue (reporting body only). */
  record(rule: string, message: string): Code;
  recordAt(keyExpr: string, rule: string, message: string): Code;
  /** Code that validates `valueExpr` against `schema` one wire-path segment (`segmentExpr`, PHP) down. */
  child(schema: JsonSchema, valueExpr: string, segmentExpr: string, path: SchemaPath): Code;
  /** Code that validates the current value against `schema` (allOf members, then/else). */
  same(schema: JsonSchema, path: SchemaPath, condition?: Condition): Code;
  /** The method (`v_X`) that validates `schema` as a whole: a predicate without `$ctx`, reporting with it. */
  validator(schema: JsonSchema, path: SchemaPath): string;
  /** A fresh local variable (`$name3`). */
  local(prefix: string): string;
  /** A class constant holding the PCRE form of an ECMAScript pattern of the spec. */
  regex(source: string): string;
  /** A class constant holding a value. */
  constant(prefix: string, value: unknown): string;
  /** Label of a schema for messages: its title, its component name, or what it checks (as the TypeScript validators label it). */
  label(schema: JsonSchema, index: number): string;
  resolve(schema: JsonSchema): JsonSchema;
}

export interface KeywordDefinition {
  readonly keyword: string;
  /** Keywords read only together with this one (`then`/`else` with `if`). */
  readonly with?: readonly string[];
  /** Values of other types pass the keyword untouched. */
  readonly type?: InstanceType;
  code(schema: SchemaObject, scope: PhpScope): Code;
}
