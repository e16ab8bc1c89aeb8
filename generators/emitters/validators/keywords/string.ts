// String keywords: lengths in code points, `pattern` with the `u` flag, `format`, and the decimal
// bounds amounts need.
import { ISSUE_WORDS } from '../../../shared/issue-words.js';
import type { KeywordDefinition } from '../keyword.js';

/** Format name → runtime module and export (a module per format). The generator refuses a format not listed here. */
export const FORMAT_FUNCTIONS: Readonly<Record<string, readonly [module: string, name: string]>> = {
  date: ['format-date', 'formatDate'],
  'date-time': ['format-date-time', 'formatDateTime'],
  time: ['format-date-time', 'formatTime'],
  duration: ['format-duration', 'formatDuration'],
  uuid: ['format-uuid', 'formatUuid'],
  email: ['format-email', 'formatEmail'],
  hostname: ['format-hostname', 'formatHostname'],
  uri: ['format-uri', 'formatUri'],
  'uri-reference': ['format-uri', 'formatUriReference'],
  'json-pointer': ['format-json-pointer', 'formatJsonPointer'],
  regex: ['format-regex', 'formatRegex'],
  ipv4: ['format-ip', 'formatIpv4'],
  ipv6: ['format-ip', 'formatIpv6'],
};

/** Amounts are decimal strings; JSON Schema compares numbers only, hence the extensions. */
const decimalBound = (keyword: 'x-decimal-minimum' | 'x-decimal-maximum', failsWhen: string, words: string): KeywordDefinition => ({
  keyword,
  type: 'string',
  code(schema, scope) {
    const limit = schema[keyword];
    if (typeof limit !== 'string' || !/^-?[0-9]+(\.[0-9]+)?$/.test(limit)) throw new Error(`${keyword} must be a decimal string`);
    return scope.failIf(`${scope.runtime('compareDecimal', 'decimal')}(${scope.value}, ${JSON.stringify(limit)}) ${failsWhen}`, keyword, ISSUE_WORDS.bound(words, limit));
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
      // UTF-16 length bounds the code-point count from both sides; count only when it could matter
      // (never for 1: a string of one unit or more has a code point).
      const test = min === 1 ? `${v}.length < 1` : `${v}.length < ${min} || (${v}.length < ${2 * min} && ${scope.runtime('codePointLength')}(${v}) < ${min})`;
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
      return scope.failIf(`${v}.length > ${max} && ${scope.runtime('codePointLength')}(${v}) > ${max}`, 'maxLength', ISSUE_WORDS.maxLength(max, capped));
    },
  },
  {
    keyword: 'pattern',
    type: 'string',
    code: (schema, scope) => scope.failIf(`!${scope.patternTest(schema.pattern!, scope.value)}`, 'pattern', ISSUE_WORDS.pattern(schema.pattern!)),
  },
  {
    keyword: 'format',
    type: 'string',
    code(schema, scope) {
      const check = FORMAT_FUNCTIONS[schema.format!];
      if (!check) throw new Error(`Unsupported format "${schema.format}"; add it to the runtime and to FORMAT_FUNCTIONS`);
      return scope.failIf(`!${scope.runtime(check[1], check[0])}(${scope.value})`, 'format', ISSUE_WORDS.format(schema.format!));
    },
  },
  decimalBound('x-decimal-minimum', '< 0', 'at least'),
  decimalBound('x-decimal-maximum', '> 0', 'at most'),
];
