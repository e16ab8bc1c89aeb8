// `x-amount-decimals: {order_amount: order_currency}` on an object, as the TypeScript validators
// check it (generators/emitters/validators/keywords/amount.ts): each amount carries at most as
// many decimals as its currency takes (the model's currencyExponents, one class constant).
import { amountCurrencies } from '../../../../model/currency-exponents.js';
import { ISSUE_WORDS } from '../../../../shared/issue-words.js';
import { phpString } from '../../../../shared/php-literal.js';
import { line, type Code } from '../code.js';
import type { KeywordDefinition } from '../keyword.js';

export const AMOUNT_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'x-amount-decimals',
    type: 'object',
    code(schema, scope) {
      const exponents = scope.facts.currencyExponents;
      if (exponents.size === 0) throw new Error('x-amount-decimals needs the currency table (info.x-currency-exponents)');
      const table = scope.constant('CURRENCY_DECIMALS', Object.fromEntries(exponents));
      const counts = [...new Set(exponents.values())].sort();
      return Object.entries(amountCurrencies(schema['x-amount-decimals'], 'x-amount-decimals')).flatMap(([amount, currency]): Code[] => {
        const [a, e] = [scope.local('amount'), scope.local('decimals')];
        return [
          line(`${a} = ${scope.fields}[${phpString(amount)}] ?? null;`),
          line(`${e} = is_string(${a}) ? Checks::currencyDecimals(${table}, ${scope.fields}[${phpString(currency)}] ?? null) : -1;`),
          ...counts.map((count) =>
            scope.failAtIf(`${e} === ${count} && Checks::fractionDigits(${a}) > ${count}`, phpString(amount), 'decimals', ISSUE_WORDS.amountDecimals(count, currency)),
          ),
        ];
      });
    },
  },
];
