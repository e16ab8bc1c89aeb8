import { validatorModulePath } from '../../model/names.js';

// Lays the compiled validators out in modules a bundler can split. The client loads each request
// schema's validator on the operation's first call (`import('./validate/SaleCardRequest.js')`),
// and bundlers split code by module, not by statement: with every function in validators.ts, a
// consumer calling two operations would load the validators of all of them. So every declaration
// goes to the module of the request schemas that reach it, exactly the grouping a bundler's
// statement-level splitting would give: code only SaleCardRequest reaches lives in
// validate/SaleCardRequest.ts, code SaleCardRequest and AuthRequest share in one module both
// import, and code no request schema reaches stays in validators.ts.

/** A top-level declaration of the validators: a hoisted constant or a compiled function. */
export interface Declaration {
  readonly name: string;
}

export interface ValidatorModule<D extends Declaration> {
  /** Module path under client/src, without extension: `validate/SaleCardRequest`. */
  readonly path: string;
  /** The request schemas whose validators reach every declaration here, sorted. */
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

/**
 * Groups declarations by the set of roots reaching them. `references(declaration)` lists the
 * declaration names its code mentions; `roots` maps a root function name (`v_SaleCardRequest`) to
 * its request schema. Declaration order is kept within each module.
 */
export function layoutValidators<D extends Declaration>(
  declarations: readonly D[],
  references: (declaration: D) => readonly string[],
  roots: ReadonlyMap<string, string>,
  size: (declaration: D) => number,
): ValidatorLayout<D> {
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
  // module load) and compresses worse than the few hundred bytes it would save a consumer.
  const common = { roots: [] as string[], declarations: [] as D[] };
  const modules: ValidatorModule<D>[] = [];
  for (const { roots: rootSet, declarations: own } of groups.values()) {
    if (rootSet.length > 1 && own.reduce((total, declaration) => total + size(declaration), 0) < SMALL_MODULE) {
      common.roots = [...new Set([...common.roots, ...rootSet])].sort();
      common.declarations.push(...own);
      continue;
    }
    const path = rootSet.length === 1 ? validatorModulePath(rootSet[0]!) : `validate/shared/${sharedName(rootSet)}`;
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
