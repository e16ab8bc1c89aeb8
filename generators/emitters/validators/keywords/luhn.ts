// `x-luhn: true`: the string is a card number whose check digit is right (runtime `luhn`).
// The rule is named `luhn`, the name the platform's own test page gives the failure.
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
        'must be a card number whose check digit is right (Luhn check): it is mistyped',
      );
    },
  },
];
