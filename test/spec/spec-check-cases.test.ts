// The spec check's given/want table: each mistake of test/corpus/spec-check/cases.yaml made on the
// tiny base spec, and the whole report the check gives (file:line:col, the rule, the name meant),
// which is only the first stage's errors. Tiny specs: the fast tier. The same mistakes on a copy of
// the real project, through `npm run generate`, are test/recipes/spec-mistakes.test.ts. Each mistake
// is checked as `npm run generate` checks it, with the record of the base's examples having passed
// (spec-check/passed-examples.ts): a remembered pass never hides a mistake.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkSpec } from '../../generators/spec-check/check.js';
import { formatProblem } from '../../generators/spec-check/problem.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

interface SpecCheckCase {
  readonly name: string;
  readonly edits: readonly { readonly find: string; readonly replace: string }[];
  readonly want: readonly string[];
}

const folder = join(CORPUS_DIR, 'spec-check');
const base = readFileSync(join(folder, 'base.yaml'), 'utf8');
const cases = parse(readFileSync(join(folder, 'cases.yaml'), 'utf8')) as SpecCheckCase[];
const work = mkdtempSync(join(tmpdir(), 'spec-check-cases-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Where the base's check records that its examples passed; each case starts from a copy of it. */
const basePassed = join(work, 'base-passed');
const TOOLCHAIN = 'a toolchain digest';

async function check(text: string, name: string, passedFrom?: string): Promise<string[]> {
  const dir = mkdtempSync(join(work, `${name.replace(/\W+/g, '-').slice(0, 40)}-`));
  writeFileSync(join(dir, 'openapi.yaml'), text);
  const passed = join(dir, 'passed');
  if (passedFrom !== undefined) cpSync(passedFrom, passed, { recursive: true });
  const result = await checkSpec({ projectRoot: dir, rootFile: 'openapi.yaml', redoclyConfig: join(PROJECT_ROOT, 'redocly.yaml'), passedExamples: { dir: passed, toolchain: TOOLCHAIN } });
  if (name === 'base') cpSync(passed, basePassed, { recursive: true });
  return result.problems.map(formatProblem);
}

describe('the spec check', () => {
  it('passes the base spec', async () => {
    expect(await check(base, 'base')).toEqual([]);
    expect(readdirSync(basePassed).filter((name) => name.startsWith('passed-examples-')), 'the pass is on record').toHaveLength(1);
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    let text = base;
    for (const { find, replace } of entry.edits) {
      expect(text, `the edit's text is in the base: ${find}`).toContain(find);
      text = text.replace(find, () => replace);
    }
    expect(await check(text, entry.name, basePassed)).toEqual(entry.want);
  });
});
