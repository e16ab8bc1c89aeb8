// Numeric keywords.
import type { SchemaObject } from '../../../model/json-schema.js';
import type { Code } from '../code.js';
import type { CodeScope } from '../code-scope.js';

export const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;

export function emitNumberKeywords(schema: SchemaObject, scope: CodeScope): Code {
  const v = scope.value;
  const lines: Code[] = [];
  const bound = (keyword: string, limit: number | undefined, failsWhen: string, words: string) => {
    if (limit !== undefined) lines.push(scope.failIf(`${v} ${failsWhen} ${limit}`, keyword, `must be ${words} ${limit}`));
  };
  bound('minimum', schema.minimum, '<', 'at least');
  bound('maximum', schema.maximum, '>', 'at most');
  bound('exclusiveMinimum', schema.exclusiveMinimum, '<=', 'greater than');
  bound('exclusiveMaximum', schema.exclusiveMaximum, '>=', 'less than');
  if (schema.multipleOf !== undefined) {
    // 0.07 / 0.01 is 7.000000000000001 in binary floating point: a quotient within rounding
    // error of an integer is a multiple (a spec's steps are decimals). An overflow is not.
    lines.push(scope.failIf(`!${scope.runtime('isMultipleOf')}(${v}, ${schema.multipleOf})`, 'multipleOf', `must be a multiple of ${schema.multipleOf}`));
  }
  return lines;
}
