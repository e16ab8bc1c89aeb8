// The docs' states page against the model's state table (the spec's x-transitions and the
// methods' rows): every move is a row of the page, a refusal shows "unchanged" with its error, and
// the diagram draws an arrow for every move and none for a refusal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { stateTable } from '../../generators/model/states.js';
import { loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';

const table = stateTable(buildSpecModel(loadBundledSpec() as OpenApiDocument, []));
const page = readFileSync(join(PROJECT_ROOT, 'generated', 'docs', 'guide', 'states.md'), 'utf8');
const svg = readFileSync(join(PROJECT_ROOT, 'generated', 'docs', 'public', 'states.svg'), 'utf8');
const rows = page
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );

describe('the states page renders the state table', () => {
  it('lists every move of the table, in its order', () => {
    expect(rows.map(([from, to, by]) => [from, to, by])).toEqual(
      table.transitions.map((move) => [
        `\`${move.from}\``,
        move.to === move.from ? 'unchanged' : `\`${move.to}\``,
        expect.stringContaining(move.by),
      ]),
    );
  });

  it('shows each refusal with its catalogued error', () => {
    const refusals = table.transitions.filter((move) => move.error !== undefined);
    expect(refusals.length).toBeGreaterThan(0);
    for (const move of refusals)
      expect(
        rows.find(
          ([from, to, by]) => from === `\`${move.from}\`` && to === 'unchanged' && by!.startsWith(move.by),
        )?.[3],
      ).toBe(`Error \`${move.error}\``);
  });

  it('draws one arrow per pair of states that moves, none for a refusal', () => {
    const pairs = new Set(
      table.transitions.filter((move) => move.from !== move.to).map((move) => `${move.from} → ${move.to}`),
    );
    const arrows = [...svg.matchAll(/<title>([^<:]+):/g)].map((match) => match[1]!);
    expect(new Set(arrows)).toEqual(pairs);
    expect(arrows).toHaveLength(pairs.size);
  });
});
