// The platform team's mistakes, each made on a copy of the project and refused by
// `npm run generate`: it exits non-zero, the first line of its error output names the file and the
// line of the mistake, and nothing under generated/ changes. Then the edit loop, `npm run dev`, on
// the same copy: a save regenerates, a mistake is reported at its file and line and writes
// nothing. The cheap table of mistakes against the check itself is
// test/spec/spec-check-cases.test.ts (fast tier).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXAMPLE_PASSWORD } from '../../generators/shared/example-signing.js';
import { computeSignature, type SignatureRecipe } from '../../templates/runtime/signature.js';
import { npm } from '../support/npm.js';
import { copyProject } from '../support/project-copy.js';

const root = mkdtempSync(join(tmpdir(), 'spec-mistakes-'));
beforeAll(() => copyProject(root), 10 * 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** generated/ as content hashes, to find any file written. */
function snapshot(dir = join(root, 'generated')): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), createHash('sha1').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return files;
}

/** The S2S APM SALE example of upi_b signed with the wrong password (its recipe, read from the spec). */
function wronglySignedHash(): string {
  const recipe = (parse(readFileSync(join(root, 'spec', 's2s', 'actions', 'sale-apm.yaml'), 'utf8')) as { SaleApmRequest: { 'x-signature': { apm: SignatureRecipe } } }).SaleApmRequest['x-signature'].apm;
  const fields = { identifier: 'payer-40028', order_id: 'ORDER-40028', order_amount: '1500.00', order_currency: 'INR' };
  const hash = computeSignature(recipe, fields, `not-${EXAMPLE_PASSWORD}`);
  expect(hash).not.toBe(computeSignature(recipe, fields, EXAMPLE_PASSWORD));
  return hash;
}

interface Mistake {
  readonly name: string;
  readonly file: string;
  /** The text replaced (its first occurrence), and with what: the mistake is on the line the edit starts. */
  readonly find: string;
  readonly replace: () => string;
}

const MISTAKES: readonly Mistake[] = [
  { name: 'an unclosed pattern', file: 'spec/components/card.yaml', find: '  pattern: ^(0[1-9]|1[0-2])$', replace: () => '  pattern: ^[0-9{4}$' },
  { name: "an example without its method's required upi_id", file: 'spec/s2s/post.yaml', find: 'parameters: { upi_id: payer@okbank }', replace: () => 'parameters: {}' },
  { name: 'example: on a field', file: 'spec/components/card.yaml', find: "  examples: ['01']", replace: () => "  example: '01'" },
  { name: 'x-sensitve on card_cvv2', file: 'spec/components/card.yaml', find: '  x-sensitive: secret\n  examples: [\'123\']', replace: () => "  x-sensitve: secret\n  examples: ['123']" },
  { name: 'maxLenght', file: 'spec/components/card.yaml', find: '  maxLength: 2\n', replace: () => '  maxLenght: 2\n' },
  { name: 'a bad $ref', file: 'spec/s2s/actions/sale.yaml', find: "card_cvv2: {$ref: '../../components/card.yaml#/CardCvv2'}", replace: () => "card_cvv2: {$ref: '../../components/card.yaml#/CardCvv'}" },
  { name: 'a YAML indentation error', file: 'spec/s2s/actions/sale.yaml', find: '    auth:\n', replace: () => '   auth:\n' },
  { name: 'an example hash computed with the wrong password', file: 'spec/s2s/post.yaml', find: 'hash: 43307bae6157f929128c2b77ba47245f', replace: () => `hash: ${wronglySignedHash()}` },
];

describe('npm run generate refuses a spec mistake at its file and line, writing nothing', () => {
  it.each(MISTAKES.map((mistake) => [mistake.name, mistake] as const))('%s', { timeout: 10 * 60_000 }, async (_name, mistake) => {
    const path = join(root, mistake.file);
    const original = readFileSync(path, 'utf8');
    const at = original.indexOf(mistake.find);
    expect(at, `${mistake.file} holds ${mistake.find}`).toBeGreaterThanOrEqual(0);
    const line = original.slice(0, at).split('\n').length;
    const before = snapshot();
    writeFileSync(path, `${original.slice(0, at)}${mistake.replace()}${original.slice(at + mistake.find.length)}`);
    try {
      const started = performance.now();
      const failure = await npm(['run', 'generate'], { cwd: root }).then(
        () => undefined,
        (error: { stderr?: string; stdout?: string; code?: number }) => error,
      );
      const seconds = (performance.now() - started) / 1000;
      expect(failure, 'npm run generate exits non-zero').toBeDefined();
      const first = failure!.stderr!.split('\n').find((text) => text.trim() !== '');
      expect(first).toMatch(new RegExp(`^${mistake.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:[0-9]+: error: `));
      expect(failure!.stdout).not.toMatch(/Generated [0-9]+ files/);
      expect(snapshot()).toEqual(before);
      console.log(`${mistake.name}: refused in ${seconds.toFixed(1)} s: ${first}`);
    } finally {
      writeFileSync(path, original);
    }
  });
});

describe('npm run dev, the edit loop, on the same copy', () => {
  it('regenerates on a save, refuses a mistake at its file and line writing nothing, and regenerates once it is mended', { timeout: 10 * 60_000 }, async () => {
    const watcher = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join('generators', 'watch.ts'), '--no-tests'], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    watcher.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    watcher.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    /** Waits until `output()` matches `pattern` past `from`, or the watcher exits. */
    const seen = async (output: () => string, from: number, pattern: RegExp): Promise<string> => {
      for (;;) {
        const match = pattern.exec(output().slice(from));
        if (match) return match[0];
        if (watcher.exitCode !== null) throw new Error(`npm run dev exited (${watcher.exitCode}):\n${stderr}`);
        await sleep(100);
      }
    };
    const edit = (file: string, find: string, replace: string) => {
      const path = join(root, file);
      const text = readFileSync(path, 'utf8');
      expect(text, `${file} holds ${find}`).toContain(find);
      writeFileSync(path, text.replace(find, replace));
    };
    try {
      await seen(() => stdout, 0, /start: regenerated in/);
      // A description a merchant reads on the docs page and in the client's types.
      const description = 'Looks a transaction up by its `trans_id`.';
      let from = stdout.length;
      edit('spec/s2s/actions/get-trans-status.yaml', description, `${description} Edited on a save.`);
      expect(await seen(() => stdout, from, /spec\/s2s\/actions\/get-trans-status\.yaml: regenerated in \d+ ms, [1-9]\d* generated file\(s\) changed/)).toBeTruthy();
      const reached = Object.entries(Object.fromEntries(snapshotText())).filter(([, text]) => text.includes('Edited on a save.'));
      expect(reached.map(([path]) => path.split('/')[0])).toEqual(expect.arrayContaining(['client', 'docs']));

      const mistake = MISTAKES.find((candidate) => candidate.name === 'a YAML indentation error')!;
      const original = readFileSync(join(root, mistake.file), 'utf8');
      const line = original.slice(0, original.indexOf(mistake.find)).split('\n').length;
      const before = snapshot();
      from = stderr.length;
      edit(mistake.file, mistake.find, mistake.replace());
      await seen(() => stderr, from, new RegExp(`${mistake.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:[0-9]+: error: `));
      expect(snapshot()).toEqual(before);

      from = stdout.length;
      writeFileSync(join(root, mistake.file), original);
      await seen(() => stdout, from, /sale\.yaml: regenerated in/);
    } finally {
      watcher.kill();
    }
  });
});

/** generated/ file → text (for what an edit reached). */
function snapshotText(dir = join(root, 'generated')): Map<string, string> {
  const files = new Map<string, string>();
  for (const path of snapshot(dir).keys()) if (/\.(ts|md|php|json)$/.test(path)) files.set(path, readFileSync(join(dir, path), 'utf8'));
  return files;
}
