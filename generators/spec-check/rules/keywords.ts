// Every key of a schema is a JSON Schema 2020-12 keyword, an OpenAPI 3.1 one or an `x-` extension:
// JSON Schema ignores a key it does not know, so a typo (`maxLenght`) would silently drop a rule
// and an OpenAPI 3.0 habit (`nullable`, `example`) would mean nothing. The generators refuse them
// later with no file named; this names the line, with the keyword meant.
import type { NodeCheck } from './every-node.js';
import { didYouMean } from '../did-you-mean.js';

/** JSON Schema 2020-12 (core, applicator, unevaluated, validation, meta-data, format, content vocabularies). */
const JSON_SCHEMA_2020_12 = [
  '$schema', '$id', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', '$defs',
  'prefixItems', 'items', 'contains', 'additionalProperties', 'properties', 'patternProperties', 'dependentSchemas', 'propertyNames',
  'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not', 'unevaluatedItems', 'unevaluatedProperties',
  'type', 'const', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired',
  'title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema',
];
/** The Schema Object's own keywords in OpenAPI 3.1 (`example` is deprecated there, and refused below). */
const OPENAPI_3_1 = ['discriminator', 'xml', 'externalDocs'];

export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([...JSON_SCHEMA_2020_12, ...OPENAPI_3_1]);

/** Keywords of other dialects with what to write instead. */
const INSTEAD: Readonly<Record<string, string>> = {
  example: '`example` is deprecated in OpenAPI 3.1 and is no JSON Schema keyword (strict validators refuse it); write `examples: [<value>]`.',
  nullable: "`nullable` is OpenAPI 3.0; in 3.1 add 'null' to the type: `type: [string, 'null']`.",
  definitions: '`definitions` is an older draft; JSON Schema 2020-12 names it `$defs`.',
  dependencies: '`dependencies` is an older draft; JSON Schema 2020-12 splits it into `dependentRequired` and `dependentSchemas`.',
};

export const checkKeywords: NodeCheck = (node, typeName, location, report) => {
  if (typeName !== 'Schema') return;
  for (const key of Object.keys(node)) {
    if (key.startsWith('x-') || SCHEMA_KEYWORDS.has(key)) continue;
    report({
      message: INSTEAD[key] || `\`${key}\` is not a JSON Schema 2020-12 or OpenAPI 3.1 keyword.${didYouMean(key, SCHEMA_KEYWORDS) || ' An extension is written `x-...` (the list is in spec/README.md).'}`,
      location: { ...location.child([key]), reportOnKey: true },
    });
  }
};
