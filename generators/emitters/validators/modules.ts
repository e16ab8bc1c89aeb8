import { validatorModulePath } from '../../model/names.js';

// Lays the compiled validators out in modules a bundler can split. The client loads each request
// schema's validator on the operation's first call (`import('./validate/SaleCardRequest.js')`),
// and bundlers split code by module, not by statement: with every function in validators.ts, a
// consumer calling two operations would load the validators of all of them. So every declaration
// goes to the module of the request schemas that reach it, exactly the grouping a bundler's
// statement-level splitting would give: code only SaleCardRequest reaches lives in
// validate/SaleCardRequest.ts (written to validate/code/, which that module re-exports: see
// index.ts), code SaleCardRequest and AuthRequest share in one module both import, and code no
// request schema reaches stays in validators.ts.
//
// A large piece of code a request needs only when it carries a given part (connector
// `parameters`, a wallet token) is deferred further: it goes to validate/deferred/, loaded the
// first time a value has that part (deferredFunctions decides which; the runtime's `defer`
// loads them). Laid out, each deferred piece is a root of its own, as a request schema is.

/** A top-level declaration of the validators: a hoisted constant or a compiled function. */
export interface Declaration {
  readonly name: string;
}

export interface ValidatorModule<D extends Declaration> {
  /** Module path under client/src, without extension: `validate/SaleCardRequest`. */
  readonly path: string;
  /** The request schemas (and deferred pieces) whose validators reach every declaration here, sorted. */
  readonly roots: readonly string[];
  readonly declarations: readonly D[];
}

export interface ValidatorLayout<D extends Declaration> {
  /** Declarations no request schema reaches: they stay in validators.ts. */
  readonly main: readonly D[];
  readonly modules: readonly ValidatorModule<D>[];
  /** Module path of each declaration that left validators.ts. */
  readonly home: ReadonlyMap<string, string>;
}

/** Where a deferred piece's code goes: `validate/deferred/SaleCardParameters`. */
export const deferredModulePath = (piece: string): string => `validate/deferred/${piece}`;

/**
 * Groups declarations by the set of roots reaching them. `references(declaration)` lists the
 * declaration names its code mentions; `roots` maps a root function name (`v_SaleCardRequest`) to
 * its request schema, `deferred` the function of each deferred piece's code to the piece
 * (`deferred_SaleCardParameters` to `SaleCardParameters`). Declaration order is kept within each
 * module.
 */
export function layoutValidators<D extends Declaration>(
  declarations: readonly D[],
  references: (declaration: D) => readonly string[],
  requestRoots: ReadonlyMap<string, string>,
  size: (declaration: D) => number,
  deferred: ReadonlyMap<string, string> = new Map(),
): ValidatorLayout<D> {
  const roots = new Map([...requestRoots, ...deferred]);
  const pieces = new Set(deferred.values());
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  const reachedBy = new Map<string, Set<string>>();
  for (const [rootFunction, schemaName] of roots) {
    const stack = [rootFunction];
    while (stack.length > 0) {
      const name = stack.pop()!;
      const seen = reachedBy.get(name) ?? new Set<string>();
      if (seen.has(schemaName)) continue;
      seen.add(schemaName);
      reachedBy.set(name, seen);
      const declaration = byName.get(name);
      if (declaration) stack.push(...references(declaration).filter((reference) => byName.has(reference)));
    }
  }
  const main: D[] = [];
  const groups = new Map<string, { roots: string[]; declarations: D[] }>();
  for (const declaration of declarations) {
    const rootSet = [...(reachedBy.get(declaration.name) ?? [])].sort();
    if (rootSet.length === 0) {
      main.push(declaration);
      continue;
    }
    const key = rootSet.join(',');
    const group = groups.get(key) ?? { roots: rootSet, declarations: [] };
    group.declarations.push(declaration);
    groups.set(key, group);
  }
  // Small shared groups go together into one module: each separate file costs a request (or a
  // module load) and compresses worse than the few hundred bytes it would save a consumer. Not
  // code only deferred pieces reach: every request loads the common module. Code only two
  // requests share joins it only below DEFERRED_MIN, a chunk's break-even: from there, a module
  // of the two requests' own costs them less than the code costs every other request in common.
  // Splitting common by its users instead (a greedy or local-search grouping, each module costing
  // a request 1,200 to 8,000 characters) made the bench's two-action consumer of createS2SClient
  // larger, 20.98 kB min+gz against 21.6 to 23.8: a bundler then gives the runtime helpers and
  // shared modules those modules import chunks of their own too (`decimal.ts`: 0.45 kB
  // minified, 0.32 kB gzipped as a chunk).
  const common = { roots: [] as string[], declarations: [] as D[] };
  const modules: ValidatorModule<D>[] = [];
  for (const { roots: rootSet, declarations: own } of groups.values()) {
    const deferredOnly = rootSet.every((root) => pieces.has(root));
    const groupSize = own.reduce((total, declaration) => total + size(declaration), 0);
    if (rootSet.length > 1 && !deferredOnly && groupSize < (rootSet.length === 2 ? DEFERRED_MIN : SMALL_MODULE)) {
      common.roots = [...new Set([...common.roots, ...rootSet])].sort();
      common.declarations.push(...own);
      continue;
    }
    const single = rootSet.length === 1 ? rootSet[0]! : undefined;
    const path =
      single === undefined
        ? `validate/shared/${sharedName(rootSet)}`
        : pieces.has(single)
          ? deferredModulePath(single)
          : validatorModulePath(single);
    modules.push({ path, roots: rootSet, declarations: own });
  }
  if (common.declarations.length > 0) {
    const order = new Map(declarations.map((declaration, index) => [declaration.name, index]));
    common.declarations.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
    modules.push({ path: 'validate/shared/common', ...common });
  }
  const home = new Map<string, string>();
  for (const module of modules) for (const declaration of module.declarations) home.set(declaration.name, module.path);
  return { main, modules, home };
}

/** Below this many characters of source, a shared group joins validate/shared/common. */
const SMALL_MODULE = 4000;

/** A shared module's name: its roots when few, else the first root and a digest of them all (stable across runs). */
function sharedName(roots: readonly string[]): string {
  if (roots.length <= 2) return roots.join('+');
  let hash = 0x811c9dc5;
  for (const character of roots.join(',')) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  return `${roots[0]}+${roots.length - 1}-${hash.toString(36)}`;
}

/**
 * Which compiled functions are deferred: each is applied only to a part of the value (so the
 * part's presence triggers the load: `candidates`, from which the caller leaves out parts some
 * request always carries, whose code would load on every call anyway, one import later), and
 * some request's validator carries at least DEFERRED_MIN characters of code for it alone (what
 * leaves that request's closure when the function is cut off). One level only: a piece reached
 * only through another piece stays in that piece's module (a request with connector
 * `parameters` loads their code in one go).
 */
export function deferredFunctions<D extends Declaration>(
  declarations: readonly D[],
  references: (declaration: D) => readonly string[],
  requestRoots: readonly string[],
  candidates: ReadonlySet<string>,
  size: (declaration: D) => number,
): Set<string> {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  /** What `root` reaches, not going through the names `cut` holds. */
  const closure = (root: string, cut: (name: string) => boolean): Set<string> => {
    const reached = new Set<string>();
    const stack = [root];
    while (stack.length > 0) {
      const name = stack.pop()!;
      const declaration = byName.get(name);
      if (reached.has(name) || !declaration) continue;
      reached.add(name);
      if (name === root || !cut(name)) stack.push(...references(declaration));
    }
    return reached;
  };
  const worth = new Set<string>();
  for (const root of requestRoots) {
    // What a root's validator sheds when a function is cut off is what it reaches only through
    // that function, the function included: the function's subtree in the dominator tree.
    const declared = (name: string) => references(byName.get(name)!).filter((target) => byName.has(target));
    for (const [name, shed] of dominatedSizes(root, declared, (name) => size(byName.get(name)!))) {
      if (name !== root && candidates.has(name) && shed >= DEFERRED_MIN) worth.add(name);
    }
  }
  const outermost = new Set(requestRoots.flatMap((root) => [...closure(root, (name) => worth.has(name))]));
  return new Set([...worth].filter((name) => outermost.has(name)));
}

/**
 * For each name `root` reaches through `references`, the
 * total size of what it reaches only through that name, the name included: the name's subtree in
 * the dominator tree from `root`. Dominators by Cooper, Harvey and Kennedy's iteration ("A Simple,
 * Fast Dominance Algorithm", 2001): once per root, where cutting each name off and walking again
 * was quadratic (a tenth of a second of every generation).
 */
export function dominatedSizes(root: string, references: (name: string) => readonly string[], size: (name: string) => number): Map<string, number> {
  // Reverse postorder of a depth-first walk, and each name's predecessors among the reached.
  const order: string[] = [];
  const visited = new Set<string>([root]);
  const predecessors = new Map<string, string[]>([[root, []]]);
  const stack: { name: string; next: number; targets: readonly string[] }[] = [{ name: root, next: 0, targets: references(root) }];
  while (stack.length > 0) {
    const top = stack.at(-1)!;
    if (top.next === top.targets.length) {
      order.push(top.name);
      stack.pop();
      continue;
    }
    const target = top.targets[top.next++]!;
    if (!predecessors.has(target)) predecessors.set(target, []);
    predecessors.get(target)!.push(top.name);
    if (visited.has(target)) continue;
    visited.add(target);
    stack.push({ name: target, next: 0, targets: references(target) });
  }
  order.reverse();
  const index = new Map(order.map((name, at) => [name, at]));
  const dominator = new Map<string, string>([[root, root]]);
  const intersect = (a: string, b: string) => {
    while (a !== b) {
      while (index.get(a)! > index.get(b)!) a = dominator.get(a)!;
      while (index.get(b)! > index.get(a)!) b = dominator.get(b)!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of order) {
      if (name === root) continue;
      let found: string | undefined;
      for (const predecessor of predecessors.get(name)!) if (dominator.has(predecessor)) found = found === undefined ? predecessor : intersect(predecessor, found);
      if (found !== undefined && dominator.get(name) !== found) {
        dominator.set(name, found);
        changed = true;
      }
    }
  }
  const sizes = new Map(order.map((name) => [name, size(name)]));
  for (const name of [...order].reverse()) if (name !== root) sizes.set(dominator.get(name)!, sizes.get(dominator.get(name)!)! + sizes.get(name)!);
  return sizes;
}

/**
 * A deferred piece costs a request that carries the part a chunk of its own (a gzip stream, an
 * import and an export list: some 150 bytes gzipped) and one more module load on its first call.
 * From about 2,500 characters of code (twice that, gzipped) a request that leaves the part out
 * saves more than one that carries it pays.
 */
const DEFERRED_MIN = 2500;
