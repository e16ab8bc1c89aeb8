// Array keywords (JSON arrays are PHP lists).
import { ISSUE_WORDS } from '../../../../shared/issue-words.js';
import { block, ifElse, type Code } from '../code.js';
import type { KeywordDefinition, PhpScope } from '../keyword.js';

/** `foreach` over the items from `from`. */
function eachItem(scope: PhpScope, from: number, body: (item: string, index: string) => Code): Code {
  const index = scope.local('i');
  const item = scope.local('item');
  return block(`foreach (${scope.value} as ${index} => ${item})`, from === 0 ? body(item, index) : ifElse(`${index} >= ${from}`, body(item, index)));
}

export const ARRAY_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'minItems',
    type: 'array',
    code: (schema, scope) => scope.failIf(`count(${scope.value}) < ${schema.minItems}`, 'minItems', ISSUE_WORDS.minItems(schema.minItems!)),
  },
  {
    keyword: 'maxItems',
    type: 'array',
    code: (schema, scope) => scope.failIf(`count(${scope.value}) > ${schema.maxItems}`, 'maxItems', ISSUE_WORDS.maxItems(schema.maxItems!)),
  },
  {
    keyword: 'uniqueItems',
    type: 'array',
    code: (schema, scope) => (schema.uniqueItems === true ? scope.failIf(`!Checks::hasUniqueItems(${scope.value})`, 'uniqueItems', ISSUE_WORDS.uniqueItems) : []),
  },
  {
    keyword: 'prefixItems',
    type: 'array',
    code: (schema, scope) =>
      schema.prefixItems!.map((sub, index) => ifElse(`count(${scope.value}) > ${index}`, scope.child(sub, `${scope.value}[${index}]`, String(index), ['prefixItems', index]))),
  },
  {
    keyword: 'items',
    type: 'array',
    code(schema, scope) {
      const from = schema.prefixItems?.length ?? 0;
      if (schema.items === true) return [];
      if (schema.items === false) return scope.failIf(`count(${scope.value}) > ${from}`, 'items', ISSUE_WORDS.itemsBeyond(from));
      return eachItem(scope, from, (item, index) => scope.child(schema.items!, item, index, ['items']));
    },
  },
  {
    keyword: 'contains',
    with: ['minContains', 'maxContains'],
    type: 'array',
    code(schema, scope) {
      const min = schema.minContains ?? 1;
      const max = schema.maxContains;
      const count = scope.local('contains');
      const matches = scope.validator(schema.contains!, ['contains']);
      const lines: Code[] = [`${count} = 0;`, eachItem(scope, 0, (item) => ifElse(`self::${matches}(${item})`, `${count}++;`))];
      if (min > 0) lines.push(scope.failIf(`${count} < ${min}`, 'contains', ISSUE_WORDS.minContains(min)));
      if (max !== undefined) lines.push(scope.failIf(`${count} > ${max}`, 'maxContains', ISSUE_WORDS.maxContains(max)));
      return lines;
    },
  },
];
