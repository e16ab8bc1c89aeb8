// The pattern dialect table (test/corpus/patterns/dialects.yaml) against PHP's own preg_match, as
// the PHP client runs a spec pattern (between slashes, /uD, a bare `/` escaped): a pattern the
// table says PCRE refuses does not compile there, one it reads alike compiles, and one it reads
// otherwise compiles and matches the witness where JavaScript does not, or the other way round.
// So generators/shared/regex-dialects.ts, which the spec check runs with Node alone, is checked
// against the engine it stands in for.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CORPUS_DIR } from '../support/corpus.js';
import type { DialectCase } from '../spec/regex-dialects.test.js';

const cases = (parse(readFileSync(join(CORPUS_DIR, 'patterns', 'dialects.yaml'), 'utf8')) as DialectCase[]).filter((entry) => entry.javascript === 'compiles');

/** preg_match of each pattern on its witness (or ''): 1, 0, or false when it does not compile. */
function pcre(entries: readonly DialectCase[]): (number | false)[] {
  const script = `$cases = json_decode(stream_get_contents(STDIN), true);
echo json_encode(array_map(fn ($case) => @preg_match('/' . preg_replace_callback('~\\\\\\\\.|/~', fn ($m) => $m[0] === '/' ? '\\\\/' : $m[0], $case['pattern']) . '/uD', $case['witness'] ?? ''), $cases));`;
  return JSON.parse(execFileSync('php', ['-r', script], { input: JSON.stringify(entries), encoding: 'utf8' })) as (number | false)[];
}

describe("PHP's preg_match agrees with the dialect table", () => {
  const results = pcre(cases);
  it.each(cases.map((entry, index) => [entry.pattern, entry, results[index]] as const))('%s', (pattern, entry, result) => {
    if (entry.pcre === 'refuses') expect(result).toBe(false);
    else expect(result).not.toBe(false);
    if (entry.pcre === 'differs') expect(result === 1).not.toBe(new RegExp(pattern, 'u').test(entry.witness!));
  });
});
