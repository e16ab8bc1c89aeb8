// `npm run generate` runs generators/run.mjs, which bundles the generators with esbuild and runs
// the bundle: it bundles again only when a file the bundle was built from (or run.mjs) changed, or
// a file of the bundle is gone. Run on a copy of generators/ with `--help`, which stops as soon
// as the bundle has loaded.
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const copy = mkdtempSync(join(tmpdir(), 'generators-bundle-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));
// The generators and the templates they import (the bundle takes in both).
cpSync(join(PROJECT_ROOT, 'generators'), join(copy, 'generators'), {
  recursive: true,
  filter: (source) => !source.includes('/.bundle'),
});
cpSync(join(PROJECT_ROOT, 'templates'), join(copy, 'templates'), { recursive: true });
cpSync(join(PROJECT_ROOT, 'package.json'), join(copy, 'package.json'));
symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');

const bundleDir = join(copy, 'generators', '.bundle');
const record = () =>
  JSON.parse(readFileSync(join(bundleDir, 'inputs.json'), 'utf8')) as {
    inputs: string[];
    outputs: string[];
    digest: string;
  };
/** When the bundle was last recorded: only a build writes the record. */
const lastBuilt = () => statSync(join(bundleDir, 'inputs.json')).mtimeMs;
/** Runs `node generators/run.mjs --help` in the copy; returns when the bundle was last recorded. */
function generateHelp(): number {
  const usage = execFileSync(process.execPath, [join('generators', 'run.mjs'), '--help'], {
    cwd: copy,
    encoding: 'utf8',
  });
  expect(usage).toMatch(/^usage: npm run generate/);
  return lastBuilt();
}

describe('the generators bundle', () => {
  it('records the files it was built from: every module main.ts reaches, templates included', () => {
    generateHelp();
    const { inputs, outputs } = record();
    expect(inputs).toEqual(
      expect.arrayContaining(['generators/main.ts', 'generators/pipeline.ts', 'templates/runtime/signature.ts']),
    );
    expect(outputs).toContain('main.mjs');
  });

  it('is built again when a template it took in changes', () => {
    const built = lastBuilt();
    appendFileSync(join(copy, 'templates', 'runtime', 'signature.ts'), '\n// an edit\n');
    expect(generateHelp()).not.toBe(built);
  });

  it('is used again while those files are unchanged', () => {
    const built = lastBuilt();
    expect(generateHelp()).toBe(built);
  });

  it('is built again when one of them changes, and records the new contents', () => {
    const before = record();
    appendFileSync(join(copy, 'generators', 'locations.ts'), '\n// an edit\n');
    const built = generateHelp();
    expect(record().digest).not.toBe(before.digest);
    expect(generateHelp()).toBe(built);
  });

  it('is built again when a file of the bundle is gone', () => {
    const built = lastBuilt();
    const chunk = record().outputs.find((path) => path.startsWith('chunks/'))!;
    rmSync(join(bundleDir, chunk));
    expect(generateHelp()).not.toBe(built);
    expect(statSync(join(bundleDir, chunk)).isFile()).toBe(true);
  });

  it('is built again when its record cannot be read', () => {
    const built = lastBuilt();
    writeFileSync(join(bundleDir, 'inputs.json'), '{');
    expect(generateHelp()).not.toBe(built);
  });
});
