// `const` and `enum`: comparisons against values written in the spec.
import type { SchemaObject } from '../../../model/json-schema.js';
import type { Code } from '../code.js';
import { literal, type CodeScope } from '../code-scope.js';

const isPrimitive = (value: unknown): boolean => value === null || typeof value !== 'object';
const INLINE_ENUM_LIMIT = 6;

export function emitValueKeywords(schema: SchemaObject, scope: CodeScope): Code {
  const lines: Code[] = [];
  const v = scope.value;
  if (schema.const !== undefined) {
    const test = isPrimitive(schema.const)
      ? `${v} !== ${literal(schema.const)}`
      : `!${scope.runtime('jsonEqual')}(${v}, ${scope.hoistValue(schema.const)})`;
    lines.push(scope.failIf(test, 'const', `must be ${literal(schema.const)}`));
  }
  if (schema.enum !== undefined) {
    const values = schema.enum;
    const listed = values.map((value) => (typeof value === 'string' ? value : literal(value))).join(', ');
    const message = `must be one of: ${values.length === 0 ? '(no value)' : listed}`;
    let test: string;
    if (values.length === 0) {
      test = 'true';
    } else if (!values.every(isPrimitive)) {
      const all = scope.hoistValue(values);
      test = `!${all}.some((item: unknown) => ${scope.runtime('jsonEqual')}(${v}, item))`;
    } else if (values.length <= INLINE_ENUM_LIMIT) {
      test = values.map((value) => `${v} !== ${literal(value)}`).join(' && ');
    } else {
      test = `!${scope.hoistSet(values)}.has(${v})`;
    }
    lines.push(scope.failIf(test, 'enum', message));
  }
  return lines;
}
