// Every generated file is exactly what prettier makes of it with the project's config: the
// emitters that write prettier's style themselves (the YAML bundle) and the chunked formatting
// of large modules must never drift from it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const FORMATTED = /\.(ts|ya?ml|json|md)$/;
/** Emitted laid out by their emitter (`laidOut`), not formatted: the validators module. */
const LAID_OUT = new Set([join(PROJECT_ROOT, 'generated', 'client', 'src', 'validators.ts')]);
const files = readdirSync(join(PROJECT_ROOT, 'generated'), { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && FORMATTED.test(entry.name) && !entry.parentPath.includes('dist') && !entry.parentPath.includes('node_modules'))
  .filter((entry) => !LAID_OUT.has(join(entry.parentPath, entry.name)))
  .map((entry) => join(entry.parentPath, entry.name));

const named = (paths: readonly string[]) => paths.map((file) => [relative(PROJECT_ROOT, file), file] as const);
async function isFormatted(name: string, file: string): Promise<void> {
  const options = { ...((await prettier.resolveConfig(file)) ?? {}), filepath: file };
  expect(
    await prettier.check(readFileSync(file, 'utf8'), options),
    `${name} is not what prettier prints. Generated validators, types and client modules are printed by generators/output/subset-format: fix its printer (or drop \`subset: true\` in the emitter meanwhile, and prettier formats the file).`,
  ).toBe(true);
}

// The package emitter copies templates without formatting them again.
const templates = readdirSync(join(PROJECT_ROOT, 'templates'), { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && FORMATTED.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));

describe('templates are prettier-formatted (run `npx prettier --write templates` after editing one)', () => {
  it.each(named(templates))('%s', isFormatted);
});

describe('generated files are prettier-formatted', () => {
  it.each(named(files))('%s', isFormatted);
});
