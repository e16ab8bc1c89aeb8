// `npm run typecheck` checks every hand-written TypeScript file where it is written: each tracked
// .ts file outside generated/ is a root of tsconfig.json's program, so an error injected into any
// of them (a template included) fails `npm run check`. The generated copies are checked too, and
// built with the same options by test/package/pack.test.ts.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/spec-examples.js';

function programFiles(): Set<string> {
  const path = join(PROJECT_ROOT, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(path, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, PROJECT_ROOT, undefined, path);
  expect(parsed.errors).toEqual([]);
  return new Set(parsed.fileNames);
}

describe('npm run typecheck', () => {
  it('has every tracked hand-written TypeScript file as a root of its program', () => {
    const tracked = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.mts', '*.cts'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((path) => path !== '' && !path.startsWith('generated/'));
    expect(tracked.filter((path) => path.startsWith('templates/')).length).toBeGreaterThan(40);
    const roots = programFiles();
    expect(tracked.filter((path) => !roots.has(join(PROJECT_ROOT, path)))).toEqual([]);
  });
});
