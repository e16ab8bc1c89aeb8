// Array keywords.
import { ISSUE_WORDS } from '../../../shared/issue-words.js';
import { block, ifElse, type Code } from '../code.js';
import type { CodeScope } from '../code-scope.js';
import type { KeywordDefinition } from '../keyword.js';

/** `for` over the items from `from`, with the item in a local. */
function eachItem(scope: CodeScope, from: number, body: (item: string, index: string) => Code): Code {
  const index = scope.local('i');
  const item = scope.local('item');
  return block(`for (let ${index} = ${from}; ${index} < ${scope.value}.length; ${index}++)`, [`const ${item} = ${scope.value}[${index}];`, body(item, index)]);
}

export const ARRAY_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'minItems',
    type: 'array',
    code: (schema, scope) => scope.failIf(`${scope.value}.length < ${schema.minItems}`, 'minItems', ISSUE_WORDS.minItems(schema.minItems!)),
  },
  {
    keyword: 'maxItems',
    type: 'array',
    code: (schema, scope) => scope.failIf(`${scope.value}.length > ${schema.maxItems}`, 'maxItems', ISSUE_WORDS.maxItems(schema.maxItems!)),
  },
  {
    keyword: 'uniqueItems',
    type: 'array',
    code: (schema, scope) => (schema.uniqueItems === true ? scope.failIf(`!${scope.runtime('hasUniqueItems', 'json-equal')}(${scope.value})`, 'uniqueItems', ISSUE_WORDS.uniqueItems) : []),
  },
  {
    keyword: 'prefixItems',
    type: 'array',
    code: (schema, scope) =>
      schema.prefixItems!.map((sub, index) => ifElse(`${scope.value}.length > ${index}`, scope.child(sub, `${scope.value}[${index}]`, String(index), ['prefixItems', index]))),
  },
  {
    keyword: 'items',
    type: 'array',
    code(schema, scope) {
      const from = schema.prefixItems?.length ?? 0;
      if (schema.items === true) return [];
      if (schema.items === false) return scope.failIf(`${scope.value}.length > ${from}`, 'items', ISSUE_WORDS.itemsBeyond(from));
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
      const matches = `${scope.predicate(schema.contains!, ['contains'])}`;
      const lines: Code[] = [`let ${count} = 0;`, eachItem(scope, 0, (item) => `if (${matches}(${item})) ${count}++;`)];
      if (min > 0) lines.push(scope.failIf(`${count} < ${min}`, 'contains', ISSUE_WORDS.minContains(min)));
      if (max !== undefined) lines.push(scope.failIf(`${count} > ${max}`, 'maxContains', ISSUE_WORDS.maxContains(max)));
      return lines;
    },
  },
];
