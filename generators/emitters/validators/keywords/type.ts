// `type`: the guard every other keyword of a schema sits behind.
import { ISSUE_WORDS } from '../../../shared/issue-words.js';
import type { SchemaObject } from '../../../model/json-schema.js';
import { ifElse, isEmpty, type Code } from '../code.js';
import type { CodeScope } from '../code-scope.js';

export function typeTest(type: string, value: string, scope: CodeScope): string {
  switch (type) {
    case 'string':
    case 'boolean':
      return `typeof ${value} === "${type}"`;
    case 'number':
      return `(typeof ${value} === "number" && Number.isFinite(${value}))`;
    case 'integer':
      return `(typeof ${value} === "number" && Number.isInteger(${value}))`;
    case 'object':
      return `${scope.runtime('isPlainObject')}(${value})`;
    case 'array':
      return `Array.isArray(${value})`;
    case 'null':
      return `${value} === null`;
    default:
      throw new Error(`Unsupported type ${type}`);
  }
}

/** The negation of the type test: `typeof v !== "string"` rather than `!(typeof v === "string")`. */
export function notTypeTest(types: readonly string[], value: string, scope: CodeScope): string {
  if (types.length === 1 && (types[0] === 'string' || types[0] === 'boolean')) return `typeof ${value} !== "${types[0]}"`;
  if (types.length === 1 && types[0] === 'array') return `!Array.isArray(${value})`;
  if (types.length === 1 && types[0] === 'object') return `!${typeTest('object', value, scope)}`;
  if (types.length === 1 && types[0] === 'null') return `${value} !== null`;
  return `!(${types.map((type) => typeTest(type, value, scope)).join(' || ')})`;
}

export function declaredTypes(schema: SchemaObject): readonly string[] {
  if (schema.type === undefined) return [];
  return typeof schema.type === 'string' ? [schema.type] : schema.type;
}

/** Wraps `body` so it runs only when the value has one of the declared types. */
export function emitTypeGuard(types: readonly string[], scope: CodeScope, body: Code): Code {
  if (types.length === 0) return body;
  const message = ISSUE_WORDS.type(types);
  const test = notTypeTest(types, scope.value, scope);
  if (isEmpty(body)) return scope.failIf(test, 'type', message);
  // A value of the wrong type is not checked any further.
  return ifElse(test, scope.fail('type', message), body);
}
