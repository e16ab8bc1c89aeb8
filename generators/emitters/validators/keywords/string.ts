// String keywords: lengths in code points, `pattern` with the `u` flag, `format`, and the decimal
// bounds amounts need.
import type { KeywordDefinition } from '../keyword.js';

/** Format name → runtime export. The generator refuses a format not listed here. */
export const FORMAT_FUNCTIONS: Readonly<Record<string, string>> = {
  date: 'formatDate',
  'date-time': 'formatDateTime',
  time: 'formatTime',
  duration: 'formatDuration',
  uuid: 'formatUuid',
  email: 'formatEmail',
  hostname: 'formatHostname',
  uri: 'formatUri',
  'uri-reference': 'formatUriReference',
  'json-pointer': 'formatJsonPointer',
  regex: 'formatRegex',
  ipv4: 'formatIpv4',
  ipv6: 'formatIpv6',
};

const chars = (n: number) => `${n} character${n === 1 ? '' : 's'}`;

/** Amounts are decimal strings; JSON Schema compares numbers only, hence the extensions. */
const decimalBound = (keyword: 'x-decimal-minimum' | 'x-decimal-maximum', failsWhen: string, words: string): KeywordDefinition => ({
  keyword,
  type: 'string',
  code(schema, scope) {
    const limit = schema[keyword];
    if (typeof limit !== 'string' || !/^-?[0-9]+(\.[0-9]+)?$/.test(limit)) throw new Error(`${keyword} must be a decimal string`);
    return scope.failIf(`${scope.runtime('compareDecimal')}(${scope.value}, ${JSON.stringify(limit)}) ${failsWhen}`, keyword, `must be ${words} ${limit}`);
  },
});

export const STRING_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'minLength',
    type: 'string',
    code(schema, scope) {
      const v = scope.value;
      const min = schema.minLength!;
      // UTF-16 length bounds the code-point count from both sides; count only when it could matter.
      const test = `${v}.length < ${min} || (${v}.length < ${2 * min} && ${scope.runtime('codePointLength')}(${v}) < ${min})`;
      return scope.failIf(test, 'minLength', `must be at least ${chars(min)}`);
    },
  },
  {
    keyword: 'maxLength',
    type: 'string',
    code(schema, scope) {
      const v = scope.value;
      const max = schema.maxLength!;
      return scope.failIf(`${v}.length > ${max} && ${scope.runtime('codePointLength')}(${v}) > ${max}`, 'maxLength', `must be at most ${chars(max)}`);
    },
  },
  {
    keyword: 'pattern',
    type: 'string',
    code: (schema, scope) => scope.failIf(`!${scope.hoistRegex(schema.pattern!)}.test(${scope.value})`, 'pattern', `must match the pattern ${schema.pattern}`),
  },
  {
    keyword: 'format',
    type: 'string',
    code(schema, scope) {
      const check = FORMAT_FUNCTIONS[schema.format!];
      if (!check) throw new Error(`Unsupported format "${schema.format}"; add it to the runtime and to FORMAT_FUNCTIONS`);
      return scope.failIf(`!${scope.runtime(check)}(${scope.value})`, 'format', `must be a valid ${schema.format}`);
    },
  },
  decimalBound('x-decimal-minimum', '< 0', 'at least'),
  decimalBound('x-decimal-maximum', '> 0', 'at most'),
];
