// What a keyword emitter needs to write code: the value under test, how to fail in the current
// mode, and access to hoisted helpers. The same keyword code serves both modes:
// `check` (a boolean predicate that stops at the first failure) and `collect` (records every
// issue with its wire path).
import type { JsonSchema } from '../../model/json-schema.js';
import type { Condition } from './condition-text.js';

export type ValidatorMode = 'check' | 'collect';

export interface CodeScope {
  readonly mode: ValidatorMode;
  /** JavaScript expression (a local name) holding the value under test. */
  readonly value: string;
  /** Why the current rules apply, inside a then/else branch: appended to messages as ` (when auth is "Y")`. */
  readonly condition: Condition | undefined;
  /** A statement that fails the current value. */
  fail(rule: string, message: string): string;
  /** A statement that fails a property of the current object (missing or forbidden); `keyExpr` is code. */
  failAt(keyExpr: string, rule: string, message: string): string;
  /** Inline code that validates `valueExpr` against `schema` one path segment down. */
  child(schema: JsonSchema, valueExpr: string, segmentExpr: string): string;
  /** Inline code that validates the current value against `schema` (allOf members, then/else). */
  same(schema: JsonSchema, condition?: Condition): string;
  /** The base name of the `check_`/`collect_` pair that validates `schema` when it needs no inline code (a bare `$ref`). */
  callable(schema: JsonSchema): string | undefined;
  /** Name of a hoisted `(value: unknown) => boolean` for `schema`. */
  predicate(schema: JsonSchema): string;
  /** Name of a hoisted `(value: unknown, ctx) => void` that records issues for `schema`. */
  collector(schema: JsonSchema): string;
  /** A fresh local variable name. */
  local(prefix: string): string;
  hoistRegex(source: string): string;
  hoistSet(values: readonly unknown[]): string;
  hoistValue(value: unknown): string;
  /** Marks a runtime helper (from runtime/validation) as used and returns its name. */
  runtime(name: string): string;
  /** Label of a schema for messages: its title, its component name, or what it checks. */
  label(schema: JsonSchema, index: number): string;
  resolve(schema: JsonSchema): JsonSchema;
}

export const literal = (value: unknown): string => JSON.stringify(value);
