// Numeric keywords.
import { ISSUE_WORDS } from '../../../../shared/issue-words.js';
import type { SchemaObject } from '../../../../model/json-schema.js';
import type { KeywordDefinition } from '../keyword.js';

const bound = (keyword: keyof SchemaObject & string, failsWhen: string, words: string): KeywordDefinition => ({
  keyword,
  type: 'number',
  code: (schema, scope) => {
    const limit = schema[keyword] as number;
    return scope.failIf(`${scope.value} ${failsWhen} ${limit}`, keyword, ISSUE_WORDS.bound(words, limit));
  },
});

export const NUMBER_KEYWORDS: readonly KeywordDefinition[] = [
  bound('minimum', '<', 'at least'),
  bound('maximum', '>', 'at most'),
  bound('exclusiveMinimum', '<=', 'greater than'),
  bound('exclusiveMaximum', '>=', 'less than'),
  {
    keyword: 'multipleOf',
    type: 'number',
    code: (schema, scope) => scope.failIf(`!Checks::isMultipleOf(${scope.value}, ${schema.multipleOf})`, 'multipleOf', ISSUE_WORDS.multipleOf(schema.multipleOf!)),
  },
];
