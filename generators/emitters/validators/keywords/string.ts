// String keywords: lengths in code points, `pattern` with the `u` flag, `format`.
import type { SchemaObject } from '../../../model/json-schema.js';
import type { Code } from '../code.js';
import type { CodeScope } from '../code-scope.js';

/** Format name → runtime export. The generator refuses a format not listed here. */
export const FORMAT_FUNCTIONS: Readonly<Record<string, string>> = {
  date: 'formatDate',
  'date-time': 'formatDateTime',
  uuid: 'formatUuid',
  email: 'formatEmail',
  uri: 'formatUri',
  'uri-reference': 'formatUriReference',
  time: 'formatTime',
  duration: 'formatDuration',
  'json-pointer': 'formatJsonPointer',
  regex: 'formatRegex',
  ipv4: 'formatIpv4',
  ipv6: 'formatIpv6',
};

export const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format', 'x-decimal-minimum', 'x-decimal-maximum'] as const;

export function emitStringKeywords(schema: SchemaObject, scope: CodeScope): Code {
  const v = scope.value;
  const lines: Code[] = [];
  const chars = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
  if (schema.minLength !== undefined) {
    const min = schema.minLength;
    // UTF-16 length bounds the code-point count from both sides; count only when it could matter.
    const test = `${v}.length < ${min} || (${v}.length < ${2 * min} && ${scope.runtime('codePointLength')}(${v}) < ${min})`;
    lines.push(scope.failIf(test, 'minLength', `must be at least ${chars(min)}`));
  }
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength;
    const test = `${v}.length > ${max} && ${scope.runtime('codePointLength')}(${v}) > ${max}`;
    lines.push(scope.failIf(test, 'maxLength', `must be at most ${chars(max)}`));
  }
  if (schema.pattern !== undefined) {
    const regex = scope.hoistRegex(schema.pattern);
    lines.push(scope.failIf(`!${regex}.test(${v})`, 'pattern', `must match the pattern ${schema.pattern}`));
  }
  if (schema.format !== undefined) {
    const check = FORMAT_FUNCTIONS[schema.format];
    if (!check) throw new Error(`Unsupported format "${schema.format}"; add it to the runtime and to FORMAT_FUNCTIONS`);
    lines.push(scope.failIf(`!${scope.runtime(check)}(${v})`, 'format', `must be a valid ${schema.format}`));
  }
  // Amounts are decimal strings; JSON Schema compares numbers only, hence the extensions.
  for (const [keyword, failsWhen, words] of [
    ['x-decimal-minimum', '< 0', 'at least'],
    ['x-decimal-maximum', '> 0', 'at most'],
  ] as const) {
    const limit = schema[keyword];
    if (limit === undefined) continue;
    if (typeof limit !== 'string' || !/^-?[0-9]+(\.[0-9]+)?$/.test(limit)) throw new Error(`${keyword} must be a decimal string`);
    lines.push(scope.failIf(`${scope.runtime('compareDecimal')}(${v}, ${JSON.stringify(limit)}) ${failsWhen}`, keyword, `must be ${words} ${limit}`));
  }
  return lines;
}
