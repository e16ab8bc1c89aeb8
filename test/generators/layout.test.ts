// How generated files are laid out. Code is written laid out by its emitter (generators/shared/
// code-text, openapi-typescript for schema.ts, yaml for the bundle) and no
// formatter runs over it: every module must parse and be indented cleanly (it is type-checked by
// `npm run typecheck` and by the package build in test/package). The small hand-shaped files
// (package.json, READMEs) and the templates are exactly what prettier prints.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/spec-examples.js';

function filesUnder(dir: string, pattern: RegExp): (readonly [string, string])[] {
  return readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name) && !entry.parentPath.includes('dist') && !entry.parentPath.includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((file) => [relative(PROJECT_ROOT, file), file] as const);
}

async function isPrettierFormatted(_name: string, file: string): Promise<void> {
  const options = { ...((await prettier.resolveConfig(file)) ?? {}), filepath: file };
  expect(await prettier.check(readFileSync(file, 'utf8'), options)).toBe(true);
}

// The package emitter copies templates as they are.
describe('templates are prettier-formatted (run `npx prettier --write templates` after editing one)', () => {
  it.each(filesUnder('templates', /\.(ts|ya?ml|json|md)$/))('%s', isPrettierFormatted);
});

// Finalize lays JSON out without prettier (generators/output/json-layout.ts): every JSON file,
// the docs' Try-it data included, must be what prettier prints.
describe('generated small files are prettier-formatted', () => {
  it.each(filesUnder('generated', /\.(json|md)$/).filter(([name]) => !name.startsWith('generated/docs/') || name.endsWith('.json')))('%s', isPrettierFormatted);
});

// The docs pages are written laid out by the docs emitter (finalize gives them no prettier pass).
describe('generated docs pages are laid out as written', () => {
  it.each(filesUnder('generated/docs', /\.md$/))('%s has no trailing spaces or tabs and ends in one newline', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const badLines = text.split('\n').flatMap((line, index) => (/[ \t]$|\t/.test(line) ? [`${index + 1}: ${JSON.stringify(line.slice(0, 80))}`] : []));
    expect(badLines).toEqual([]);
    expect(text.endsWith('\n') && !text.endsWith('\n\n')).toBe(true);
  });
});

describe('generated TypeScript is laid out as written', () => {
  it.each(filesUnder('generated', /\.ts$/))('%s parses, is indented with spaces and has no trailing spaces', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const { diagnostics } = ts.transpileModule(text, { reportDiagnostics: true, fileName: file });
    expect((diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
    const badLines = text.split('\n').flatMap((line, index) => (/[ \t]$|^\t/.test(line) ? [`${index + 1}: ${JSON.stringify(line.slice(0, 80))}`] : []));
    expect(badLines).toEqual([]);
    expect(text.endsWith('\n') && !text.endsWith('\n\n')).toBe(true);
  });
});
