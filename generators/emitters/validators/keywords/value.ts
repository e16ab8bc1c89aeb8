// `const` and `enum`: comparisons against values written in the spec.
import { ISSUE_WORDS } from '../../../shared/issue-words.js';
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
      return scope.failIf(test, 'const', ISSUE_WORDS.const(schema.const));
    },
  },
  {
    keyword: 'enum',
    code(schema, scope) {
      const v = scope.value;
      const values = schema.enum!;
      const message = ISSUE_WORDS.enum(values);
      let test: string;
      if (values.length === 0) test = 'true';
      else if (!values.every(isPrimitive)) test = `!${scope.hoistValue(values)}.some((item: unknown) => ${scope.runtime('jsonEqual', 'json-equal')}(${v}, item))`;
      else if (values.length <= INLINE_ENUM_LIMIT) test = values.map((value) => `${v} !== ${literal(value)}`).join(' && ');
      else test = `!${scope.hoistSet(values)}.has(${v})`;
      return scope.failIf(test, 'enum', message);
    },
  },
];
