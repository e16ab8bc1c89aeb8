// `x-amount-decimals: {order_amount: order_currency}` on an object: each amount field carries at
// most as many decimals as the currency the other field names takes (ISO 4217's minor unit with
// the platform's exceptions: the model's currencyExponents, one table hoisted for every module).
// A currency the table lacks, or a value of another type, is left to the other keywords. The
// table is a Map: every valid request looks its currency up, and a Map hashes the input's string
// once (about 10 ns) where a 180-key object's keyed load plus Object.hasOwn cost about 40.
import { amountCurrencies } from '../../../model/currency-exponents.js';
import { ISSUE_WORDS } from '../../../shared/issue-words.js';
import type { Code } from '../code.js';
import { literal, ownRead } from '../code-scope.js';
import type { KeywordDefinition } from '../keyword.js';

export const AMOUNT_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'x-amount-decimals',
    type: 'object',
    code(schema, scope) {
      const exponents = scope.facts.currencyExponents;
      if (exponents.size === 0) throw new Error('x-amount-decimals needs the currency table (info.x-currency-exponents)');
      const table = scope.hoistMap(Object.fromEntries(exponents));
      // One test per number of decimals the table knows, each with its own words.
      const counts = [...new Set(exponents.values())].sort();
      return Object.entries(amountCurrencies(schema['x-amount-decimals'], 'x-amount-decimals')).flatMap(([amount, currency]): Code[] => {
        const [a, c, e] = [scope.local('amount'), scope.local('currency'), scope.local('decimals')];
        return [
          `const ${a} = ${ownRead(scope, scope.value, amount)}, ${c} = ${ownRead(scope, scope.value, currency)};`,
          `const ${e} = typeof ${a} === 'string' ? (${table}.get(${c}) ?? -1) : -1;`,
          ...counts.map((count) =>
            scope.failAtIf(`${e} === ${count} && ${scope.runtime('fractionDigits', 'decimal')}(${a} as string) > ${count}`, literal(amount), 'decimals', ISSUE_WORDS.amountDecimals(count, currency)),
          ),
        ];
      });
    },
  },
];
