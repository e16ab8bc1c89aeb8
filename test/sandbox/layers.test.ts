// The sandbox as siblings over one core: core/ imports only core/; each handler imports the core
// and no other handler; nothing imports in a circle. Read from the hand-written sources.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const ROOT = join(PROJECT_ROOT, 'templates', 'sandbox');
const files = readdirSync(ROOT, { recursive: true })
  .map(String)
  .map((name) => name.split('\\').join('/'))
  .filter((name) => name.endsWith('.ts'));
/** Each file's relative imports (type-only ones too), as paths below templates/sandbox. */
const imports = new Map(
  files.map((file) => [
    file,
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(/from '(\.[^']+)'/g)]
      .map((match) =>
        normalize(join(dirname(file), match[1]!))
          .split('\\')
          .join('/')
          .replace(/\.js$/, '.ts'),
      )
      // index.ts and cli.ts reach the runtime as it is laid out in the package (`./runtime/...`).
      .map((target) => target.replace(/^runtime\//, '')),
  ]),
);

describe('sandbox layers', () => {
  it('has a core and handlers', () => {
    expect(files.filter((file) => file.startsWith('core/')).length).toBeGreaterThan(5);
    expect(files.filter((file) => file.startsWith('handlers/')).length).toBeGreaterThan(2);
  });

  it.each(files.filter((file) => file.startsWith('core/')))('%s imports only the core', (file) => {
    expect(imports.get(file)!.filter((target) => !target.startsWith('core/'))).toEqual([]);
  });

  it.each(files.filter((file) => file.startsWith('handlers/')))('%s imports no other handler', (file) => {
    expect(imports.get(file)!.filter((target) => !target.startsWith('core/'))).toEqual([]);
  });

  it('nothing imports in a circle', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      path.push(file);
      for (const target of imports.get(file) ?? []) {
        if (!imports.has(target)) continue;
        if (state.get(target) === 'open') circles.push([...path.slice(path.indexOf(target)), target].join(' → '));
        else if (!state.has(target)) visit(target);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});
