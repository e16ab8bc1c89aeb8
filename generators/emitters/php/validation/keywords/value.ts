// `const` and `enum`: comparisons against values written in the spec. Strings compare with
// `!==`; anything else through Checks::equal (JSON equality: 1 equals 1.0, objects by keys).
import { ISSUE_WORDS } from '../../../../shared/issue-words.js';
import { phpLiteral, phpString } from '../../../../shared/php-literal.js';
import type { KeywordDefinition } from '../keyword.js';

const INLINE_ENUM_LIMIT = 6;

export const VALUE_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'const',
    code(schema, scope) {
      const value = schema.const;
      const test = typeof value === 'string' ? `${scope.value} !== ${phpString(value)}` : `!Checks::equal(${scope.value}, ${scope.constant('VALUE', value)})`;
      return scope.failIf(test, 'const', ISSUE_WORDS.const(value));
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
      else if (!values.every((value) => typeof value === 'string')) test = `!Checks::inEnum(${v}, ${scope.constant('VALUE', values)})`;
      else if (values.length <= INLINE_ENUM_LIMIT) test = values.map((value) => `${v} !== ${phpLiteral(value)}`).join(' && ');
      // A string-keyed set: one hash lookup (a numeric-looking string is an int key, found as well).
      else test = `!(is_string(${v}) && isset(${scope.constant('SET', Object.fromEntries(values.map((value) => [value, true])))}[${v}]))`;
      return scope.failIf(test, 'enum', message);
    },
  },
];
