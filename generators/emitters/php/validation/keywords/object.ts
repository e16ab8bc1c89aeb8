// Object keywords, over the object's fields as a PHP array (`$fields`: a stdClass from
// json_decode is read through its array view). A field with a null value is present, as a JSON
// null is; PHP has no `undefined`.
import { ISSUE_WORDS } from '../../../../shared/issue-words.js';
import { isSchemaObject, type SchemaObject } from '../../../../model/json-schema.js';
import { phpString } from '../../../../shared/php-literal.js';
import { block, ifElse, type Code } from '../code.js';
import type { KeywordDefinition, PhpScope } from '../keyword.js';

/** A required key with a property schema is checked where that property is read (one lookup). */
const readWithProperty = (schema: SchemaObject, key: string): boolean =>
  schema.properties !== undefined && Object.hasOwn(schema.properties, key) && isSchemaObject(schema.properties[key]);

const has = (scope: PhpScope, key: string) => `array_key_exists(${phpString(key)}, ${scope.fields})`;

/** `foreach` over the fields, each name as a string (PHP turns a numeric name into an int key). */
function eachKey(scope: PhpScope, body: (key: string, item: string) => Code): Code {
  const key = scope.local('key');
  const item = scope.local('item');
  return block(`foreach (${scope.fields} as ${key} => ${item})`, [`${key} = (string) ${key};`, body(key, item)]);
}

export const OBJECT_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'required',
    type: 'object',
    code: (schema, scope) =>
      schema.required!.filter((key) => !readWithProperty(schema, key)).map((key) => scope.failAtIf(`!${has(scope, key)}`, phpString(key), 'required', ISSUE_WORDS.required)),
  },
  {
    keyword: 'dependentRequired',
    type: 'object',
    code(schema, scope) {
      const rules = Object.entries(schema.dependentRequired!).filter(([, needed]) => needed.length > 0);
      return rules.map(([trigger, needed]) =>
        ifElse(has(scope, trigger), needed.map((key) => scope.failAtIf(`!${has(scope, key)}`, phpString(key), 'dependentRequired', ISSUE_WORDS.dependentRequired(trigger)))),
      );
    },
  },
  {
    keyword: 'properties',
    type: 'object',
    code(schema, scope) {
      const required = new Set(schema.required ?? []);
      return Object.entries(schema.properties!).map(([key, property]) => {
        if (property === true) return [];
        if (property === false) return scope.failAtIf(has(scope, key), phpString(key), 'false', ISSUE_WORDS.forbidden);
        const otherwise = required.has(key) ? scope.failAt(phpString(key), 'required', ISSUE_WORDS.required) : [];
        return ifElse(has(scope, key), scope.child(property, `${scope.fields}[${phpString(key)}]`, phpString(key), ['properties', key]), otherwise);
      });
    },
  },
  {
    keyword: 'patternProperties',
    type: 'object',
    code: (schema, scope) =>
      eachKey(scope, (key, item) =>
        Object.entries(schema.patternProperties!).map(([pattern, sub]) =>
          ifElse(`preg_match(${scope.regex(pattern)}, ${key}) === 1`, scope.child(sub, item, key, ['patternProperties', pattern])),
        ),
      ),
  },
  {
    keyword: 'additionalProperties',
    type: 'object',
    code(schema, scope) {
      const extra = schema.additionalProperties!;
      if (extra === true) return [];
      const known = Object.keys(schema.properties ?? {});
      return eachKey(scope, (key, item) => {
        const tests = [
          ...(known.length > 0 ? [`isset(${scope.constant('SET', Object.fromEntries(known.map((name) => [name, true])))}[${key}])`] : []),
          ...Object.keys(schema.patternProperties ?? {}).map((pattern) => `preg_match(${scope.regex(pattern)}, ${key}) === 1`),
        ];
        const check = extra === false ? scope.failAt(key, 'additionalProperties', 'is not allowed') : scope.child(extra, item, key, ['additionalProperties']);
        return tests.length > 0 ? ifElse(tests.join(' || '), [], check) : check;
      });
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
    code: (schema, scope) => Object.entries(schema.dependentSchemas!).map(([trigger, sub]) => ifElse(has(scope, trigger), scope.same(sub, ['dependentSchemas', trigger]))),
  },
  {
    keyword: 'minProperties',
    type: 'object',
    code: (schema, scope) => scope.failIf(`count(${scope.fields}) < ${schema.minProperties}`, 'minProperties', ISSUE_WORDS.minProperties(schema.minProperties!)),
  },
  {
    keyword: 'maxProperties',
    type: 'object',
    code: (schema, scope) =>
      scope.failIf(`count(${scope.fields}) > ${schema.maxProperties}`, 'maxProperties', ISSUE_WORDS.maxProperties(schema.maxProperties!)),
  },
];
