// `unevaluatedProperties` and `unevaluatedItems`: what no other keyword of the schema (or of a
// sub-schema applied to the same value) evaluated. Known at generation time unless a branch
// decides it (annotations.ts); then a generated check answers for each key (or index) left.
import { eachOtherKey, staticallyEvaluated } from '../annotations.js';
import { block } from '../code.js';
import type { KeywordDefinition } from '../keyword.js';

export const UNEVALUATED_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'unevaluatedProperties',
    type: 'object',
    code(schema, scope) {
      const rest = schema.unevaluatedProperties!;
      const info = scope.evaluated(schema, 'properties');
      if (rest === true || info.all) return [];
      const o = scope.value;
      const key = scope.local('key');
      const check = rest === false ? scope.failAt(key, 'unevaluatedProperties', 'is not allowed') : scope.child(rest, `${o}[${key}]`, key, ['unevaluatedProperties']);
      // The names known statically first (no read of the value), then an absent value, and the
      // patterns and what a branch evaluates only for a key left by both.
      const patterns = staticallyEvaluated({ ...info, names: [] }, 'properties', key, scope);
      const dynamic = info.dynamic ? [`${scope.collector(schema, 'properties')}(${o}, ${key})`] : [];
      const tests = [...patterns, ...dynamic];
      return eachOtherKey(o, key, info.names, () => scope.runtime('hasOwn'), tests.length > 0 ? [`if (${tests.join(' || ')}) continue;`, check] : check);
    },
  },
  {
    keyword: 'unevaluatedItems',
    type: 'array',
    code(schema, scope) {
      const rest = schema.unevaluatedItems!;
      const info = scope.evaluated(schema, 'items');
      if (rest === true || info.all) return [];
      const v = scope.value;
      const index = scope.local('i');
      const check = rest === false ? scope.failAt(index, 'unevaluatedItems', 'is not allowed') : scope.child(rest, `${v}[${index}]`, index, ['unevaluatedItems']);
      const loop = `for (let ${index} = ${info.prefix}; ${index} < ${v}.length; ${index}++)`;
      if (!info.dynamic) return block(loop, check);
      return block(loop, [`if (${scope.collector(schema, 'items')}(${v}, ${index})) continue;`, check]);
    },
  },
];

