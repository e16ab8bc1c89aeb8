// Array keywords.
import type { SchemaObject } from '../../../model/json-schema.js';
import { block, type Code } from '../code.js';
import type { CodeScope } from '../code-scope.js';

export const ARRAY_KEYWORDS = ['items', 'minItems', 'maxItems', 'uniqueItems'] as const;

export function emitArrayKeywords(schema: SchemaObject, scope: CodeScope): Code {
  const v = scope.value;
  const lines: Code[] = [];
  const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
  if (schema.minItems !== undefined) {
    lines.push(scope.failIf(`${v}.length < ${schema.minItems}`, 'minItems', `must have at least ${items(schema.minItems)}`));
  }
  if (schema.maxItems !== undefined) {
    lines.push(scope.failIf(`${v}.length > ${schema.maxItems}`, 'maxItems', `must have at most ${items(schema.maxItems)}`));
  }
  if (schema.uniqueItems === true) {
    lines.push(scope.failIf(`!${scope.runtime('hasUniqueItems')}(${v})`, 'uniqueItems', 'must not repeat an item'));
  }
  if (schema.items === false) {
    lines.push(scope.failIf(`${v}.length > 0`, 'items', 'must have no items'));
  } else if (schema.items !== undefined && schema.items !== true) {
    const index = scope.local('i');
    const item = scope.local('item');
    const body = scope.child(schema.items, item, index, ['items']);
    lines.push(block(`for (let ${index} = 0; ${index} < ${v}.length; ${index}++)`, [`const ${item} = ${v}[${index}];`, body]));
  }
  return lines;
}
