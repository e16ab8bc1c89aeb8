// `x-luhn: true`: the string is a card number whose check digit is right (runtime `luhn`). A client
// check, not a platform rule: no card network issues a number that fails it (ISO/IEC 7812), so a
// failing number is a typing error caught before sending.
import { ISSUE_WORDS } from '../../../shared/issue-words.js';
import type { KeywordDefinition } from '../keyword.js';

export const LUHN_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'x-luhn',
    type: 'string',
    code(schema, scope) {
      if (schema['x-luhn'] !== true) throw new Error('x-luhn must be true (leave it out otherwise)');
      return scope.failIf(
        `!${scope.runtime('luhn', 'luhn')}(${scope.value})`,
        'luhn',
        ISSUE_WORDS.luhn,
      );
    },
  },
];
