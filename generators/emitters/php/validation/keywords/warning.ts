// `x-warning` (generators/model/warnings.ts), as the TypeScript validators have it: checks that
// refuse nothing. The predicate body notes that the value has a warning (`Checks::$warned`), and
// Validator runs the reporting body for it, where the checks report into the context's warnings
// with the marker's message.
import { warningOf } from '../../../../model/warnings.js';
import { phpString } from '../../../../shared/php-literal.js';
import { ifElse } from '../code.js';
import type { KeywordDefinition } from '../keyword.js';

export const WARNING_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'x-warning',
    code(schema, scope) {
      const { checks, message } = warningOf(schema)!;
      const check = `self::${scope.validator(checks, ['x-warning'])}`;
      const value = scope.value;
      return ifElse(`!${check}(${value})`, scope.predicate ? 'Checks::$warned = true;' : `${check}(${value}, $ctx->warning(${phpString(message)}));`);
    },
  },
];
