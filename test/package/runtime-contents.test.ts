// The client package ships only what the spec uses: its runtime is the modules its code reaches,
// so the format checkers are those of the formats the spec's schemas name (and what they import),
// and a checker the spec never uses (duration, hostname, json-pointer, regex) stays out. Those
// stay in templates/runtime for the JSON-Schema-Test-Suite (test/validators).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FORMAT_FUNCTIONS } from '../../generators/emitters/validators/keywords/string.js';
import { loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';

const SRC = join(PROJECT_ROOT, 'generated', 'client', 'src');
const RUNTIME = join(SRC, 'runtime');

/** Every `.ts` file of the package's sources, by path relative to src/. */
function sources(dir = SRC, prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) for (const [path, text] of sources(join(dir, entry.name), `${prefix}${entry.name}/`)) files.set(path, text);
    else if (entry.name.endsWith('.ts')) files.set(`${prefix}${entry.name}`, readFileSync(join(dir, entry.name), 'utf8'));
  }
  return files;
}

/** The format names the spec's schemas use (a `format` keyword is a string; a property named format is an object). */
function specFormats(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => specFormats(item, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string') found.add(value);
      else if (key !== 'example' && key !== 'examples') specFormats(value, found);
    }
  }
  return found;
}

describe('the client package runtime', () => {
  const files = sources();
  const imported = new Set(
    [...files].flatMap(([path, text]) =>
      ts.preProcessFile(text, true, true).importedFiles.map((file) => join(SRC, path, '..', file.fileName).replace(/\.js$/, '.ts')),
    ),
  );

  it('holds no module that nothing in the package imports', () => {
    const runtime = readdirSync(RUNTIME).map((name) => join(RUNTIME, name));
    expect(runtime.filter((path) => !imported.has(path))).toEqual([]);
  });

  it('holds the checker of every format the spec uses, and of no other format except what those import', () => {
    const used = specFormats(loadBundledSpec());
    expect(used.size).toBeGreaterThan(0);
    for (const format of used) expect(FORMAT_FUNCTIONS[format], format).toBeDefined();
    const usedModules = new Set([...used].map((format) => `${FORMAT_FUNCTIONS[format]![0]}.ts`));
    const importedByUsed = new Set(
      [...usedModules].flatMap((name) =>
        ts.preProcessFile(files.get(`runtime/${name}`) ?? '', true, true).importedFiles.map((file) => file.fileName.replace(/^\.\//, '').replace(/\.js$/, '.ts')),
      ),
    );
    const shipped = readdirSync(RUNTIME).filter((name) => name.startsWith('format-'));
    expect(shipped.filter((name) => !usedModules.has(name) && !importedByUsed.has(name))).toEqual([]);
    expect([...usedModules].filter((name) => !shipped.includes(name))).toEqual([]);
    // The four the issue names: the spec uses none, so none ships.
    for (const format of ['duration', 'hostname', 'json-pointer', 'regex']) {
      expect(used.has(format), format).toBe(false);
      expect(shipped, format).not.toContain(`${FORMAT_FUNCTIONS[format]![0]}.ts`);
    }
  });
});
