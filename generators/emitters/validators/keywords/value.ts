// `const` and `enum`: comparisons against values written in the spec.
import { literal } from '../code-scope.js';
import type { KeywordDefinition } from '../keyword.js';

const isPrimitive = (value: unknown): boolean => value === null || typeof value !== 'object';
const INLINE_ENUM_LIMIT = 6;

export const VALUE_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'const',
    code(schema, scope) {
      const v = scope.value;
      const test = isPrimitive(schema.const) ? `${v} !== ${literal(schema.const)}` : `!${scope.runtime('jsonEqual', 'json-equal')}(${v}, ${scope.hoistValue(schema.const)})`;
      return scope.failIf(test, 'const', `must be ${literal(schema.const)}`);
    },
  },
  {
    keyword: 'enum',
    code(schema, scope) {
      const v = scope.value;
      const values = schema.enum!;
      const listed = values.map((value) => (typeof value === 'string' ? value : literal(value))).join(', ');
      const message = `must be one of: ${values.length === 0 ? '(no value)' : listed}`;
      let test: string;
      if (values.length === 0) test = 'true';
      else if (!values.every(isPrimitive)) test = `!${scope.hoistValue(values)}.some((item: unknown) => ${scope.runtime('jsonEqual', 'json-equal')}(${v}, item))`;
      else if (values.length <= INLINE_ENUM_LIMIT) test = values.map((value) => `${v} !== ${literal(value)}`).join(' && ');
      else test = `!${scope.hoistSet(values)}.has(${v})`;
      return scope.failIf(test, 'enum', message);
    },
  },
];
