// Hand-written code is siblings over a core: no file of templates/ (runtime, package, sandbox)
// imports itself, directly or through others, with type-only and dynamic imports counted. The
// graph is read from the source text (test/support/import-graph.ts).
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, type ImportGraph } from '../support/import-graph.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('importCycles', () => {
  it.each([
    { given: 'a chain', edges: { a: ['b'], b: ['c'], c: [] }, want: [] },
    { given: 'a diamond', edges: { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, want: [] },
    { given: 'two files importing each other', edges: { a: ['b'], b: ['a'] }, want: [['a', 'b', 'a']] },
    { given: 'a file importing itself', edges: { a: ['a'] }, want: [['a', 'a']] },
    { given: 'a circle through three, entered midway', edges: { x: ['c'], c: ['a'], a: ['b'], b: ['c'] }, want: [['a', 'b', 'c', 'a']] },
    { given: 'two circles', edges: { a: ['b'], b: ['a', 'c'], c: ['d'], d: ['c'] }, want: [['a', 'b', 'a'], ['c', 'd', 'c']] },
  ])('$given', ({ edges, want }) => {
    expect(importCycles(graphOf(edges))).toEqual(want);
  });
});

describe('templates/', () => {
  // As generators/emitters/package and sandbox lay the templates out: the client package's entry
  // files sit above templates/runtime, the sandbox's above its own templates.
  const graph = importGraph(PROJECT_ROOT, ['templates'], {
    'templates/package': { './runtime/': 'templates/runtime' },
    'templates/sandbox': { './runtime/': 'templates/sandbox' },
  });

  it('is read with every kind of import, across the folders as the generators lay them out', () => {
    // A type-only import, a sibling's, and a package entry's `./runtime/x.js`.
    expect(graph.get('templates/runtime/request-input.ts')).toContain('templates/runtime/operation.ts');
    expect(graph.get('templates/runtime/pipeline.ts')).toEqual(expect.arrayContaining(['templates/runtime/seal.ts', 'templates/runtime/http.ts', 'templates/runtime/retry.ts', 'templates/runtime/response.ts']));
    expect(graph.get('templates/package/index.ts')).toContain('templates/runtime/pipeline.ts');
    expect(graph.get('templates/sandbox/index.ts')).toContain('templates/sandbox/server.ts');
    expect(graph.size).toBeGreaterThan(40);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
