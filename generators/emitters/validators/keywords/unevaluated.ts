// `unevaluatedProperties` and `unevaluatedItems`: what no other keyword of the schema (or of a
// sub-schema applied to the same value) evaluated. Known at generation time unless a branch
// decides it (annotations.ts); then a collector gathers the annotations at run time.
import { block, ifElse } from '../code.js';
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
      const known = [
        ...(info.names.length > 0 ? [`${scope.hoistSet(info.names)}.has(${key})`] : []),
        ...info.patterns.map((pattern) => `${scope.hoistRegex(pattern)}.test(${key})`),
      ];
      const skip = `if (${[`${o}[${key}] === undefined`, ...known].join(' || ')}) continue;`;
      if (!info.dynamic) return block(`for (const ${key} of Object.keys(${o}))`, [skip, check]);
      // What a branch evaluates is collected only when a key is not known statically.
      const seen = scope.local('seen');
      return [
        `let ${seen}: Set<string> | undefined;`,
        block(`for (const ${key} of Object.keys(${o}))`, [
          skip,
          ifElse(`${seen} === undefined`, [`${seen} = new Set<string>();`, `if (${scope.collector(schema, 'properties')}(${o}, ${seen})) break;`]),
          `if (${seen}.has(${key})) continue;`,
          check,
        ]),
      ];
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
      if (!info.dynamic) return block(`for (let ${index} = ${info.prefix}; ${index} < ${v}.length; ${index}++)`, check);
      const seen = scope.local('seen');
      return [
        `const ${seen} = new Set<number>();`,
        block(`for (let ${index} = ${scope.collector(schema, 'items')}(${v}, ${seen}); ${index} < ${v}.length; ${index}++)`, [`if (${seen}.has(${index})) continue;`, check]),
      ];
    },
  },
];

