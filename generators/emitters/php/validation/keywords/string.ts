// String keywords: lengths in code points, `pattern` (ECMAScript with the `u` flag, read as PCRE
// with /u), `format`, and the decimal bounds amounts need.
import { ISSUE_WORDS } from '../../../../shared/issue-words.js';
import { phpString } from '../../../../shared/php-literal.js';
import { pcreProblems } from '../../../../shared/regex-dialects.js';
import { ifElse } from '../code.js';
import type { KeywordDefinition } from '../keyword.js';

/** The formats templates/php's Formats checks, each by its method; the generator refuses a schema with another. */
const FORMATS = new Map([
  ['date', 'date'],
  ['date-time', 'dateTime'],
  ['email', 'email'],
  ['uuid', 'uuid'],
  ['uri', 'uri'],
  ['ipv4', 'ipv4'],
  ['ipv6', 'ipv6'],
]);

/** Amounts are decimal strings; JSON Schema compares numbers only, hence the extensions. */
const decimalBound = (keyword: 'x-decimal-minimum' | 'x-decimal-maximum', failsWhen: string, words: string): KeywordDefinition => ({
  keyword,
  type: 'string',
  code(schema, scope) {
    const limit = schema[keyword];
    if (typeof limit !== 'string' || !/^-?[0-9]+(\.[0-9]+)?$/.test(limit)) throw new Error(`${keyword} must be a decimal string`);
    // null (not a plain decimal) is left to `pattern`, as NaN is in TypeScript.
    return scope.failIf(`Checks::compareDecimal(${scope.value}, ${phpString(limit)}) ${failsWhen}`, keyword, ISSUE_WORDS.bound(words, limit));
  },
});

export const STRING_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'minLength',
    type: 'string',
    code(schema, scope) {
      const v = scope.value;
      const min = schema.minLength!;
      if (min === 0) return [];
      // A code point is 1 to 4 bytes: the byte length bounds the count, so mb_strlen runs only where it could matter.
      const test = min === 1 ? `${v} === ''` : `strlen(${v}) < ${4 * min} && mb_strlen(${v}, 'UTF-8') < ${min}`;
      return scope.failIf(test, 'minLength', ISSUE_WORDS.minLength(min));
    },
  },
  {
    keyword: 'maxLength',
    type: 'string',
    code(schema, scope) {
      const v = scope.value;
      const max = schema.maxLength!;
      const capped = (schema as { 'x-safety-cap'?: unknown })['x-safety-cap'] === true;
      return scope.failIf(`strlen(${v}) > ${max} && mb_strlen(${v}, 'UTF-8') > ${max}`, 'maxLength', ISSUE_WORDS.maxLength(max, capped));
    },
  },
  {
    keyword: 'pattern',
    type: 'string',
    code(schema, scope) {
      // What PCRE2 would not compile (or would read otherwise) fails generation rather than every
      // value at run time; the spec check reports it first, at the pattern's line.
      const problem = pcreProblems(schema.pattern!)[0];
      if (problem) throw new Error(`pattern ${schema.pattern}: ${problem.message}`);
      return scope.failIf(`preg_match(${scope.regex(schema.pattern!)}, ${scope.value}) !== 1`, 'pattern', ISSUE_WORDS.pattern(schema.pattern!));
    },
  },
  {
    keyword: 'format',
    type: 'string',
    code(schema, scope) {
      const format = schema.format!;
      const method = FORMATS.get(format);
      if (method === undefined) throw new Error(`Unsupported format "${format}" in PHP; add it to templates/php/src/Validation/Formats.php and to FORMATS`);
      return scope.failIf(`!Formats::${method}(${scope.value})`, 'format', ISSUE_WORDS.format(format));
    },
  },
  decimalBound('x-decimal-minimum', '< 0', 'at least'),
  decimalBound('x-decimal-maximum', '> 0', 'at most'),
  {
    // A client check, not a platform rule: no card network issues a number that fails it (ISO/IEC 7812).
    keyword: 'x-luhn',
    type: 'string',
    code(schema, scope) {
      if (schema['x-luhn'] !== true) throw new Error('x-luhn must be true (leave it out otherwise)');
      return scope.failIf(`!Checks::luhn(${scope.value})`, 'luhn', ISSUE_WORDS.luhn);
    },
  },
  {
    // The string's JSON document, validated at the field's wire path followed by a JSON pointer
    // (`parameters[paymentToken]#/paymentData/header`). A message never repeats the content (wallet tokens are secrets).
    keyword: 'contentSchema',
    with: ['contentMediaType', 'contentEncoding'],
    type: 'string',
    code(schema, scope) {
      if (schema.contentMediaType !== 'application/json') throw new Error('contentSchema is supported with contentMediaType: application/json only');
      if ((schema as { contentEncoding?: unknown }).contentEncoding !== undefined) throw new Error('contentSchema with a contentEncoding is not supported');
      const content = scope.local('content');
      return [
        `${content} = Checks::jsonContent(${scope.value});`,
        ifElse(
          `${content} === Checks::notJson()`,
          scope.fail('contentMediaType', ISSUE_WORDS.jsonDocument),
          `if (!Checks::inContent(${content}, $ctx, self::${scope.validator(schema.contentSchema!, ['contentSchema'])}(...))) {\n    return false;\n}`,
        ),
      ];
    },
  },
];
