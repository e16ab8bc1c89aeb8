// Object keywords. Own properties only: an inherited `constructor` is never present (nor a key
// planted on Object.prototype: the runtime validates a copy then), and a property whose value is
// `undefined` is absent (as on the wire).
import { ISSUE_WORDS } from '../../../shared/issue-words.js';
import { isSchemaObject, type SchemaObject } from '../../../model/json-schema.js';
import { ifElse, isEmpty, type Code } from '../code.js';
import { literal, member, noOwnValue, ownValue, type CodeScope } from '../code-scope.js';
import { eachOtherKey } from '../annotations.js';
import type { KeywordDefinition } from '../keyword.js';

/** A required key with a property schema is checked where that property is read (one read). */
const readWithProperty = (schema: SchemaObject, key: string): boolean =>
  schema.properties !== undefined && Object.hasOwn(schema.properties, key) && isSchemaObject(schema.properties[key]);

/** A walk over the keys with a value, each but those named in `names` (see eachOtherKey). */
function eachKey(scope: CodeScope, body: (key: string) => Code, names: readonly string[] = []): Code {
  const key = scope.local('key');
  return eachOtherKey(scope.value, key, names, () => scope.runtime('hasOwn'), body(key));
}

export const OBJECT_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'required',
    type: 'object',
    code: (schema, scope) =>
      schema.required!.filter((key) => !readWithProperty(schema, key)).map((key) => scope.failAtIf(noOwnValue(scope, scope.value, key), literal(key), 'required', ISSUE_WORDS.required)),
  },
  {
    keyword: 'dependentRequired',
    type: 'object',
    code(schema, scope) {
      // Each key's presence is computed once: a test per pair would repeat it for every rule.
      const rules = Object.entries(schema.dependentRequired!).filter(([, needed]) => needed.length > 0);
      const has = new Map([...new Set(rules.flatMap(([trigger, needed]) => [trigger, ...needed]))].map((key) => [key, scope.local('has')]));
      return [
        ...[...has].map(([key, local]) => `const ${local} = ${ownValue(scope, scope.value, key)};`),
        ...rules.map(([trigger, needed]) =>
          ifElse(has.get(trigger)!, needed.map((key) => scope.failAtIf(`!${has.get(key)}`, literal(key), 'dependentRequired', ISSUE_WORDS.dependentRequired(trigger)))),
        ),
      ];
    },
  },
  {
    keyword: 'properties',
    type: 'object',
    code(schema, scope) {
      const o = scope.value;
      const required = new Set(schema.required ?? []);
      const lines: Code[] = [];
      // One local holds each property's value in turn: every block then has the same shape,
      // which a minified, gzipped bundle stores once (a local per property costs a fifth more).
      const local = scope.local('p');
      let reads = 0;
      for (const [key, property] of Object.entries(schema.properties!)) {
        // The tag a discriminator chose this branch by: present, and accepted by its schema.
        if (property === true || key === scope.known?.property) continue;
        if (property === false) {
          lines.push(scope.failAtIf(ownValue(scope, o, key), literal(key), 'false', ISSUE_WORDS.forbidden));
          continue;
        }
        const read = `${local} = ${member(o, key)};`;
        const present = ownValue(scope, o, key, local);
        const otherwise = required.has(key) ? scope.failAt(literal(key), 'required', ISSUE_WORDS.required) : [];
        const base = scope.callable(property, ['properties', key]);
        if (base !== undefined) {
          // The most common property by far (a $ref or a shared leaf): one call, no nested block.
          const call = scope.visit(base, local, literal(key));
          reads++;
          lines.push(read, isEmpty(otherwise) ? `if (${present} && !${call}) return false;` : ifElse(present, `if (!${call}) return false;`, otherwise));
          continue;
        }
        const body = scope.child(property, local, literal(key), ['properties', key]);
        if (isEmpty(body) && isEmpty(otherwise)) continue;
        reads++;
        lines.push(read, ifElse(present, body, otherwise));
      }
      return reads > 0 ? [`let ${local}: unknown;`, ...lines] : lines;
    },
  },
  {
    keyword: 'patternProperties',
    type: 'object',
    code: (schema, scope) =>
      eachKey(scope, (key) =>
        Object.entries(schema.patternProperties!).map(([pattern, sub], index) =>
          ifElse(scope.patternTest(pattern, key), scope.child(sub, `${scope.value}[${key}]`, key, ['patternProperties', pattern ?? index])),
        ),
      ),
  },
  {
    keyword: 'additionalProperties',
    type: 'object',
    code(schema, scope) {
      const extra = schema.additionalProperties!;
      if (extra === true) return [];
      return eachKey(
        scope,
        (key) => {
          const tests = Object.keys(schema.patternProperties ?? {}).map((pattern) => scope.patternTest(pattern, key));
          const check = extra === false ? scope.failAt(key, 'additionalProperties', 'is not allowed') : scope.child(extra, `${scope.value}[${key}]`, key, ['additionalProperties']);
          return tests.length > 0 ? [`if (${tests.join(' || ')}) continue;`, check] : check;
        },
        Object.keys(schema.properties ?? {}),
      );
    },
  },
  {
    keyword: 'propertyNames',
    type: 'object',
    code: (schema, scope) => {
      const names = schema.propertyNames!;
      if (names === true) return [];
      return eachKey(scope, (key) => scope.child(names, key, key, ['propertyNames']));
    },
  },
  {
    keyword: 'dependentSchemas',
    type: 'object',
    code: (schema, scope) =>
      Object.entries(schema.dependentSchemas!).map(([trigger, sub]) => ifElse(ownValue(scope, scope.value, trigger), scope.same(sub, ['dependentSchemas', trigger]))),
  },
  {
    keyword: 'minProperties',
    type: 'object',
    code: (schema, scope) =>
      scope.failIf(`${scope.runtime('propertyCount')}(${scope.value}) < ${schema.minProperties}`, 'minProperties', ISSUE_WORDS.minProperties(schema.minProperties!)),
  },
  {
    keyword: 'maxProperties',
    type: 'object',
    code: (schema, scope) =>
      scope.failIf(
        `${scope.runtime('propertyCount')}(${scope.value}) > ${schema.maxProperties}`,
        'maxProperties',
        ISSUE_WORDS.maxProperties(schema.maxProperties!),
      ),
  },
];
