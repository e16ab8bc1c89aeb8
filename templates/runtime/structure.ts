// Bounds on the shape of the values the package walks: a request's fields before they are
// validated and encoded, a callback body before it is decoded. The copy stops at the depth bound
// and the walk that names a problem is iterative, so no input (a cyclic `custom_data`, ten
// thousand levels of brackets) can overflow the stack.

/**
 * Deepest nesting the package reads or writes. A safety cap, not a platform rule: the document
 * sets none, and the deepest field of the spec (`parameters[cart][items][0][name]`) is 4 levels.
 */
export const MAX_DEPTH = 64;

export interface StructureProblem {
  /** Wire-path segments of the value that breaks the bound. */
  readonly segments: readonly (string | number)[];
  readonly rule: 'maxDepth' | 'cycle' | 'unreadable';
  readonly message: string;
}

interface Frame {
  readonly node: object;
  readonly keys: readonly string[];
  readonly isArray: boolean;
  index: number;
}

/** The first place where `value` nests deeper than `maxDepth` or contains itself; undefined when it does neither. */
export function findStructureProblem(
  value: unknown,
  maxDepth: number = MAX_DEPTH,
  describe: (error: unknown) => string = String,
): StructureProblem | undefined {
  return walkStructure(value, maxDepth, describe);
}

// Each object is copied by a spread: V8 builds the copy with fast properties in one step, where
// one grown key by key turns into a slow dictionary for every later read (validator, encoder).
const spread = (fields: object): Record<string, unknown> => ({ ...fields });

/**
 * A caller's value read once into plain objects and arrays: a getter or a Proxy is called once
 * per property, so what is validated is what is signed and sent, and one that throws gives a
 * problem (`unreadable`, its message passed to `describe`) instead of escaping as it is.
 */
export function copyStructure(
  value: unknown,
  describe: (error: unknown) => string,
  maxDepth: number = MAX_DEPTH,
  /**
   * Copies the fields of an object `value` (a spread in an object literal, e.g. to put fields
   * before them); a plain spread when absent.
   */
  top: (fields: object) => Record<string, unknown> = spread,
): { readonly value?: unknown; readonly problem?: StructureProblem } {
  try {
    return { value: copyValue(value, 1, maxDepth, spread, top) };
  } catch (error) {
    // Walked again to name the place (its getters run a second time then); a getter that threw
    // only once leaves the value unreadable as a whole.
    return {
      problem: findStructureProblem(value, maxDepth, describe) ?? {
        segments: [],
        rule: 'unreadable',
        message: `could not be read: ${describe(error)}`,
      },
    };
  }
}

/** Thrown by `copyValue` at the depth bound: a value that deep, or in a cycle, is walked to name the problem. */
const TOO_DEEP = new Error('too deep');

/**
 * A copy of what the validators read of `value`: its own enumerable fields, on objects without a
 * prototype, so a key planted on Object.prototype is absent from every object in it (the
 * validators' runtime validates this copy when it finds one). It has no depth bound: a value deep
 * or cyclic enough overflows the stack, as the validators themselves would (a RangeError).
 */
export function copyOwnFields(value: unknown): unknown {
  return copyValue(value, 1, Infinity, withoutPrototype);
}

const withoutPrototype = (fields: object): Record<string, unknown> =>
  Object.assign(Object.create(null) as Record<string, unknown>, fields);

function copyValue(
  value: unknown,
  depth: number,
  maxDepth: number,
  fields: (fields: object) => Record<string, unknown> = spread,
  top = fields,
): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > maxDepth) throw TOO_DEEP;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (let index = 0; index < value.length; index++) copy.push(copyValue(value[index], depth + 1, maxDepth, fields));
    return copy;
  }
  // A spread defines each own field (`__proto__` too) and reads each getter once.
  const copy = top(value);
  for (const key of Object.keys(copy)) {
    const child = copy[key];
    if (typeof child === 'object' && child !== null) setOwn(copy, key, copyValue(child, depth + 1, maxDepth, fields));
  }
  return copy;
}

/** The walk of `findStructureProblem`: iterative, with the path to the place it is at. */
function walkStructure(
  value: unknown,
  maxDepth: number,
  describe: (error: unknown) => string,
): StructureProblem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const segments: (string | number)[] = [];
  const unreadable = (error: unknown, at: readonly (string | number)[]): StructureProblem => ({
    segments: at,
    rule: 'unreadable',
    message: `could not be read: ${describe(error)}`,
  });
  const frame = (node: object): Frame => ({ node, keys: Object.keys(node), isArray: Array.isArray(node), index: 0 });
  let root: Frame;
  try {
    root = frame(value);
  } catch (error) {
    return unreadable(error, []);
  }
  const stack: Frame[] = [root];
  const ancestors = new Set<object>([value]);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.index >= top.keys.length) {
      stack.pop();
      ancestors.delete(top.node);
      segments.pop();
      continue;
    }
    const key = top.keys[top.index++]!;
    const segment = top.isArray ? Number(key) : key;
    let child: unknown;
    try {
      child = (top.node as Record<string, unknown>)[key];
    } catch (error) {
      return unreadable(error, [...segments, segment]);
    }
    if (typeof child !== 'object' || child === null) continue;
    if (ancestors.has(child))
      return {
        segments: [...segments, segment],
        rule: 'cycle',
        message: 'refers to an object that contains it (a cycle)',
      };
    if (stack.length >= maxDepth)
      return {
        segments: [...segments, segment],
        rule: 'maxDepth',
        message: `nests deeper than ${maxDepth} levels (a safety cap of the client)`,
      };
    let next: Frame;
    try {
      next = frame(child);
    } catch (error) {
      return unreadable(error, [...segments, segment]);
    }
    stack.push(next);
    ancestors.add(child);
    segments.push(segment);
  }
  return undefined;
}

/** Sets an own property, `__proto__` included (a plain assignment would set the prototype). */
function setOwn(target: Record<string, unknown> | unknown[], key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}
