// What generators/shared/regex-dialects.ts says of each pattern of test/corpus/patterns/dialects.yaml
// (given/want): a pattern JavaScript refuses is refused with its reason; one PCRE refuses or reads
// otherwise gets a PCRE problem; one both read alike gets none. The table itself is checked against
// PHP's preg_match by test/php/pattern-dialects.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { javascriptProblem, pcreProblems } from '../../generators/shared/regex-dialects.js';
import { CORPUS_DIR } from '../support/corpus.js';

export interface DialectCase {
  readonly pattern: string;
  readonly javascript: 'compiles' | 'refuses';
  readonly pcre?: 'same' | 'refuses' | 'differs';
  readonly witness?: string;
}

const cases = parse(readFileSync(join(CORPUS_DIR, 'patterns', 'dialects.yaml'), 'utf8')) as DialectCase[];

describe('pattern dialects', () => {
  it.each(cases.map((entry) => [entry.pattern, entry] as const))('%s', (pattern, entry) => {
    expect(javascriptProblem(pattern) === undefined).toBe(entry.javascript === 'compiles');
    if (entry.javascript === 'refuses') return;
    expect(pcreProblems(pattern).length > 0, pcreProblems(pattern).map((problem) => problem.message).join('; ')).toBe(entry.pcre !== 'same');
  });
});
