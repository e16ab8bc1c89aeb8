// `x-warning` (generators/model/warnings.ts): checks that are no platform rule, so they refuse
// nothing. Without a context a failure only notes that the value has a warning (runtime
// `noteWarning`), and the validator runs the reporting pass for it; with one the checks report
// into the context's warnings, with the marker's message, at the current wire path.
import { warningOf } from '../../../model/warnings.js';
import { ifElse } from '../code.js';
import { literal } from '../code-scope.js';
import type { KeywordDefinition } from '../keyword.js';

export const WARNING_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'x-warning',
    code(schema, scope) {
      // A function that only answers (an `if`, a `not`): a warning changes no answer.
      if (!scope.reports) return [];
      const { checks, message } = warningOf(schema)!;
      const check = scope.validator(checks, ['x-warning']);
      const value = scope.value;
      return ifElse(`!${check}(${value})`, ifElse('ctx', `${check}(${value}, ctx.warning(${literal(message)}));`, `${scope.runtime('noteWarning')}();`));
    },
  },
];
