// The spec passes the spec check (recommended-strict, the project's conventions and the check's own
// rules, the examples, the example hashes), and each convention rule, run by Redocly's CLI as an
// editor integration would, catches the broken spec of test/corpus/lint that exists to break it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkSpec } from '../../generators/spec-check/check.js';
import { formatProblem } from '../../generators/spec-check/problem.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const run = promisify(execFile);

async function lint(file: string): Promise<{ ruleId: string; message: string }[]> {
  const cli = join(PROJECT_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const { stdout } = await run(process.execPath, [cli, 'lint', file, '--config', join(PROJECT_ROOT, 'redocly.yaml'), '--format=json'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  return (JSON.parse(stdout) as { problems: { ruleId: string; message: string }[] }).problems;
}

describe('redocly lint', () => {
  it('the spec check finds no problem in the spec', async () => {
    const check = await checkSpec({ projectRoot: PROJECT_ROOT });
    expect(check.problems.map(formatProblem)).toEqual([]);
  });

  it.each([
    ['mapping-mismatch', 'conventions/discriminator-mapping-matches-const', 'Mapping key `VOIDD` matches no branch'],
    ['mapping-mismatch', 'conventions/discriminator-mapping-matches-const', 'Branch `const` `VOID` has no mapping key'],
    ['unbounded-string', 'conventions/string-schema-bounded', 'String schema is unbounded'],
    ['stingy-safety-cap', 'conventions/string-schema-bounded', 'a generous `maxLength` (at least 255)'],
    ['missing-example', 'conventions/operation-has-examples', 'Request body `application/json` has no example'],
    ['missing-example', 'conventions/operation-has-examples', 'Response 200 `application/json` has no example'],
    ['action-without-example', 'conventions/every-action-has-example', 'No request example for action=VOID'],
  ])('catches %s with %s', async (name, ruleId, message) => {
    const problems = await lint(join(PROJECT_ROOT, 'test', 'corpus', 'lint', name, 'openapi.yaml'));
    expect(problems).toEqual(expect.arrayContaining([expect.objectContaining({ ruleId, message: expect.stringContaining(message) })]));
  });
});
