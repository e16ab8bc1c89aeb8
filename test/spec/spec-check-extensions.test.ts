// The spec check's list of extensions (generators/spec-check/rules/extensions.ts) is the table
// spec/README.md documents ("Extensions"): the same names, and each allowed on `info` or on an
// operation exactly when the table's "On" column says so, and inside each extension it names there
// (`x-luhn`: inside an `x-warning`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTENSION_PLACES } from '../../generators/spec-check/rules/extensions.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const readme = readFileSync(join(PROJECT_ROOT, 'spec', 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Extensions'), readme.indexOf('\n## ', readme.indexOf('## Extensions') + 1));
const rows = section
  .split('\n')
  .filter((line) => /^\| `x-/.test(line))
  .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()))
  .flatMap(([, names, on]) => [...names!.matchAll(/`(x-[a-z0-9-]+)/g)].map((match) => ({ name: match[1]!, on: on! })));

describe('the documented extensions', () => {
  it('are the ones the spec check allows', () => {
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(EXTENSION_PLACES).sort());
  });

  it.each(rows.map((row) => [row.name, row] as const))('%s goes where the README says', (name, row) => {
    const places = EXTENSION_PLACES[name]!;
    expect(places.includes('Info'), row.on).toBe(/`info`/.test(row.on));
    expect(places.includes('Operation'), row.on).toBe(/\ban operation\b/.test(row.on));
    expect(places.includes('Schema'), row.on).toBe(/schema|property|object|`[A-Z][A-Za-z]+`/.test(row.on) && !/^inside\b/.test(row.on));
    const inside = [...row.on.matchAll(/(?:^inside an |'s )`(x-[a-z0-9-]+)`/g)].map((match) => `in ${match[1]}`);
    expect(places, row.on).toEqual(expect.arrayContaining(inside));
  });
});
