// `npm run generate` runs generators/run.mjs, which bundles the generators with esbuild and runs
// the bundle: it bundles again only when a file the bundle was built from (or run.mjs) changed, or
// a file of the bundle is gone, and runs it from V8's code cache of that very bundle only. Run on
// a copy of generators/ with `--help`, which stops as soon as the bundle has loaded.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
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
    expect(outputs).toEqual(expect.arrayContaining(['main.cjs', 'examples.worker.cjs']));
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
    const worker = record().outputs.find((path) => path.endsWith('.worker.cjs'))!;
    rmSync(join(bundleDir, worker));
    expect(generateHelp()).not.toBe(built);
    expect(statSync(join(bundleDir, worker)).isFile()).toBe(true);
  });

  it('built again, leaves nothing an earlier build wrote that it does not', () => {
    mkdirSync(join(bundleDir, 'chunks'), { recursive: true });
    writeFileSync(join(bundleDir, 'chunks', 'chunk-OLD.mjs'), '');
    writeFileSync(join(bundleDir, 'renamed.worker.cjs'), '');
    appendFileSync(
      join(copy, 'generators', 'locations.ts'),
      "\nif (process.env['BUNDLE_EDIT']) console.log('a third edit');\n",
    );
    generateHelp();
    expect(readdirSync(bundleDir).sort()).toEqual([...record().outputs, 'inputs.json', 'main.cjs.v8-cache'].sort());
  });

  it('is built again when its record cannot be read', () => {
    const built = lastBuilt();
    writeFileSync(join(bundleDir, 'inputs.json'), '{');
    expect(generateHelp()).not.toBe(built);
  });
});

describe("the bundle's code cache", () => {
  const script = join(bundleDir, 'main.cjs');
  const cacheFile = `${script}.v8-cache`;
  const sourceDigest = () => createHash('sha256').update(readFileSync(script)).digest();
  /** The digest the cache says it was made from, and the cached code. */
  const cache = () => {
    const bytes = readFileSync(cacheFile);
    return { madeFrom: bytes.subarray(0, 32), code: bytes.subarray(32) };
  };

  it('is written by a run that found none, for the bundle as it is', () => {
    generateHelp();
    rmSync(cacheFile, { force: true });
    generateHelp();
    expect(cache().madeFrom.equals(sourceDigest())).toBe(true);
    expect(cache().code.length).toBeGreaterThan(1000);
  });

  it('is kept while it is of the bundle as it is', () => {
    generateHelp();
    const written = statSync(cacheFile).mtimeMs;
    generateHelp();
    expect(statSync(cacheFile).mtimeMs).toBe(written);
  });

  it('is made again for a bundle built anew', () => {
    const before = cache().madeFrom;
    // Code, not a comment: esbuild leaves comments out, so an edit of one builds the same bundle.
    appendFileSync(
      join(copy, 'generators', 'locations.ts'),
      "\nif (process.env['BUNDLE_EDIT']) console.log('an edit');\n",
    );
    generateHelp();
    expect(cache().madeFrom.equals(before)).toBe(false);
    expect(cache().madeFrom.equals(sourceDigest())).toBe(true);
  });

  it('made from other source is not used, however it came there: the run compiles and caches again', () => {
    writeFileSync(cacheFile, Buffer.concat([createHash('sha256').update('other source').digest(), cache().code]));
    generateHelp();
    expect(cache().madeFrom.equals(sourceDigest())).toBe(true);
  });

  it('that V8 refuses for this source is replaced, and the run goes on', () => {
    writeFileSync(cacheFile, Buffer.concat([sourceDigest(), Buffer.from('not code V8 made')]));
    generateHelp();
    expect(cache().code.toString()).not.toBe('not code V8 made');
    expect(cache().code.length).toBeGreaterThan(1000);
  });
});
