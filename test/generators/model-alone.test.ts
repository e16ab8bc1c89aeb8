// The model stands on its own (issue 34): nothing under generators/model reaches templates/, so
// loading the spec never loads the client's runtime, and the longest import chain of the
// toolchain stays short. Read from the source text (test/support/import-graph.ts); cycles are
// test/templates/import-cycles.test.ts's and test/generators/pipeline.test.ts's.
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, longestChain, type ImportGraph } from '../support/import-graph.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('longestChain', () => {
  it.each([
    { given: 'one file', edges: { a: [] }, want: ['a'] },
    { given: 'a chain', edges: { a: ['b'], b: ['c'], c: [] }, want: ['a', 'b', 'c'] },
    { given: 'a diamond with a long side', edges: { a: ['b', 'c'], b: ['d'], c: ['e'], e: ['d'], d: [] }, want: ['a', 'c', 'e', 'd'] },
    { given: 'a chain entered midway', edges: { x: ['b'], a: ['b'], b: ['c'], c: ['d'], d: [] }, want: ['a', 'b', 'c', 'd'] },
  ])('$given', ({ edges, want }) => {
    expect(longestChain(graphOf(edges))).toEqual(want);
  });
});

describe('the toolchain', () => {
  // As the generators lay the templates out (the package entries sit above templates/runtime).
  const graph = importGraph(PROJECT_ROOT, ['generators', 'scripts', 'templates'], {
    'templates/package': { './runtime/': 'templates/runtime' },
    'templates/sandbox': { './runtime/': 'templates/sandbox' },
  });
  const reached = (file: string, seen = new Set<string>()): Set<string> => {
    for (const target of graph.get(file) ?? []) if (!seen.has(target)) reached(target, seen.add(target));
    return seen;
  };

  it('is read whole, the model and the gate included', () => {
    expect(graph.get('generators/model/spec-model.ts')).toContain('generators/model/fields.ts');
    expect(graph.get('generators/release/gate.ts')).toContain('generators/spec-diff/main.ts');
    expect(importCycles(graph)).toEqual([]);
  });

  it.each([...graph.keys()].filter((file) => file.startsWith('generators/model/')))('%s reaches nothing under templates/', (file) => {
    expect([...reached(file)].filter((target) => target.startsWith('templates/'))).toEqual([]);
  });

  it('has no import chain of 17 modules or more (release → gate → spec-diff → model → the runtime was 17)', () => {
    const chain = longestChain(graph);
    expect(chain.length, chain.join(' → ')).toBeLessThan(17);
  });
});
