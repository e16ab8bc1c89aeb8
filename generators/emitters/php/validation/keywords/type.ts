// `type`: the guard every other keyword of a schema sits behind. JSON's types in PHP: an object is
// a stdClass or a string-keyed array, an array a list (Checks says how `[]` reads).
import { ISSUE_WORDS } from '../../../../shared/issue-words.js';
import type { SchemaObject } from '../../../../model/json-schema.js';
import { ifElse, isEmpty, type Code } from '../code.js';
import type { PhpScope } from '../keyword.js';

export function typeTest(type: string, value: string): string {
  switch (type) {
    case 'string':
      return `is_string(${value})`;
    case 'boolean':
      return `is_bool(${value})`;
    // Written out rather than called: a call to a PHP function costs more than these tests.
    case 'number':
      return `(is_int(${value}) || is_float(${value}) && is_finite(${value}))`;
    case 'integer':
      return `(is_int(${value}) || is_float(${value}) && is_finite(${value}) && floor(${value}) === ${value})`;
    case 'object':
      return `(is_array(${value}) ? (${value} === [] ? !Checks::$strictJson : !array_is_list(${value})) : ${value} instanceof \\stdClass)`;
    case 'array':
      return `(is_array(${value}) && array_is_list(${value}))`;
    case 'null':
      return `${value} === null`;
    default:
      throw new Error(`Unsupported type ${type}`);
  }
}

export function declaredTypes(schema: SchemaObject): readonly string[] {
  if (schema.type === undefined) return [];
  return typeof schema.type === 'string' ? [schema.type] : schema.type;
}

/** Wraps `body` so it runs only when the value has one of the declared types. */
export function emitTypeGuard(types: readonly string[], scope: PhpScope, body: Code): Code {
  if (types.length === 0) return body;
  const message = ISSUE_WORDS.type(types);
  const test = types.length === 1 ? `!${typeTest(types[0]!, scope.value)}`.replace(/^!(\$\w+) === null$/, '$1 !== null') : `!(${types.map((type) => typeTest(type, scope.value)).join(' || ')})`;
  if (isEmpty(body)) return scope.failIf(test, 'type', message);
  // A value of the wrong type is not checked any further.
  return ifElse(test, scope.fail('type', message), body);
}
