// dominatedSizes (validators/modules.ts) against its definition, written plainly: what a root
// reaches only through a name, the name included, is what it reaches in all, less what it still
// reaches with that name cut off (the name itself stays counted). Random graphs, cycles included.
import { describe, expect, it } from 'vitest';
import { dominatedSizes } from '../../generators/emitters/validators/modules.js';

function reached(graph: ReadonlyMap<string, readonly string[]>, root: string, cut?: string): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    if (name !== cut) stack.push(...graph.get(name)!);
  }
  return seen;
}

/** A small deterministic generator (mulberry32), so a failure names a graph that can be rebuilt. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('dominatedSizes', () => {
  it('a chain and a diamond, by hand', () => {
    const graph = new Map([['r', ['a', 'b']], ['a', ['c']], ['b', ['c']], ['c', ['d']], ['d', []]]);
    const sizes = dominatedSizes('r', (name) => graph.get(name)!, () => 1);
    expect(Object.fromEntries(sizes)).toEqual({ r: 5, a: 1, b: 1, c: 2, d: 1 });
  });

  it.each(Array.from({ length: 200 }, (_, seed) => seed))('agrees with cutting each name off, graph %i', (seed) => {
    const next = random(seed);
    const count = 2 + Math.floor(next() * 14);
    const names = Array.from({ length: count }, (_, index) => `n${index}`);
    const graph = new Map(names.map((name) => [name, names.filter(() => next() < 0.2)]));
    const size = new Map(names.map((name) => [name, 1 + Math.floor(next() * 100)]));
    const total = (set: Iterable<string>) => [...set].reduce((sum, name) => sum + size.get(name)!, 0);
    const root = names[0]!;
    const all = reached(graph, root);
    const want = new Map([...all].map((name) => [name, name === root ? total(all) : total(all) - total(reached(graph, root, name)) + size.get(name)!]));
    expect(dominatedSizes(root, (name) => graph.get(name)!, (name) => size.get(name)!)).toEqual(want);
  });
});
