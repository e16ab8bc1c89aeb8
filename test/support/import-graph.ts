// The import graph of hand-written TypeScript, read from the source text with TypeScript's own
// pre-processor (static imports, `export … from`, `import type`, dynamic `import()`), and its
// cycles. Shared by the checks that hand-written layers are siblings over a core: no file
// imports itself through others.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** File (relative to the root) → the files it imports (relative to the root), each once. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Every .ts file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
    });
}

/**
 * Where the folders' files meet when generated: for a folder, a specifier prefix and the folder it
 * reaches (a template package's entry imports `./runtime/x.js`, generated next to it).
 */
export type Layout = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * Where a relative specifier of `from` points among the files: as the layout places it, else as
 * written. Undefined: a generated module (the schema, the validators), not hand-written.
 */
function resolveSpecifier(
  root: string,
  from: string,
  specifier: string,
  files: ReadonlySet<string>,
  layout: Layout,
): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const folder = relative(root, dirname(from));
  const asTs = (path: string) => path.replace(/\.(m?js|ts)$/, '') + '.ts';
  for (const [prefix, into] of Object.entries(layout[folder] ?? {})) {
    if (specifier.startsWith(prefix)) {
      const target = asTs(resolve(root, into, specifier.slice(prefix.length)));
      if (files.has(target)) return target;
    }
  }
  const target = asTs(resolve(dirname(from), specifier));
  return files.has(target) ? target : undefined;
}

/** The import graph of the .ts files under `root`'s `folders`, keyed by path relative to `root`. */
export function importGraph(root: string, folders: readonly string[], layout: Layout = {}): ImportGraph {
  const files = new Set(folders.flatMap((folder) => (existsSync(join(root, folder)) ? sourceFiles(resolve(root, folder)) : [])));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((imported) => resolveSpecifier(root, file, imported.fileName, files, layout))
      .filter((target): target is string => target !== undefined);
    graph.set(relative(root, file), [...new Set(targets.map((target) => relative(root, target)))]);
  }
  return graph;
}

/** Every cycle of the graph, each once, as the path from its first file (in sort order) back to it. */
export function importCycles(graph: ImportGraph): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') {
        const cycle = stack.slice(stack.indexOf(target));
        // Rotated to start at its smallest file, so the same cycle found twice is kept once.
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(rotated.join(' → '), [...rotated, rotated[0]!]);
      } else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

/** The longest chain of imports (files in import order) in a graph without cycles; the first in sort order among equals. */
export function longestChain(graph: ImportGraph): string[] {
  const memo = new Map<string, string[]>();
  const from = (file: string): string[] => {
    const known = memo.get(file);
    if (known) return known;
    let rest: string[] = [];
    for (const target of [...(graph.get(file) ?? [])].sort()) {
      const chain = from(target);
      if (chain.length > rest.length) rest = chain;
    }
    const chain = [file, ...rest];
    memo.set(file, chain);
    return chain;
  };
  let longest: string[] = [];
  for (const file of [...graph.keys()].sort()) {
    const chain = from(file);
    if (chain.length > longest.length) longest = chain;
  }
  return longest;
}
