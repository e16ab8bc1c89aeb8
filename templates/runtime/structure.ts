// Bounds on the shape of the values the package walks: a request's fields before they are
// validated and encoded, a callback body before it is decoded. The walk is iterative, so no
// input (a cyclic `custom_data`, ten thousand levels of brackets) can overflow the stack.

/**
 * Deepest nesting the package reads or writes. A safety cap, not a platform rule: the document
 * sets none, and the deepest field of the spec (`parameters[cart][items][0][name]`) is 4 levels.
 */
export const MAX_DEPTH = 64;

export interface StructureProblem {
  /** Wire-path segments of the value that breaks the bound. */
  readonly segments: readonly (string | number)[];
  readonly rule: 'maxDepth' | 'cycle';
  readonly message: string;
}

interface Frame {
  readonly node: object;
  readonly keys: readonly string[];
  readonly isArray: boolean;
  index: number;
}

/** The first place where `value` nests deeper than `maxDepth` or contains itself; undefined when it does neither. */
export function findStructureProblem(value: unknown, maxDepth: number = MAX_DEPTH): StructureProblem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const frame = (node: object): Frame => ({ node, keys: Object.keys(node), isArray: Array.isArray(node), index: 0 });
  const stack: Frame[] = [frame(value)];
  const ancestors = new Set<object>([value]);
  const segments: (string | number)[] = [];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.index >= top.keys.length) {
      stack.pop();
      ancestors.delete(top.node);
      segments.pop();
      continue;
    }
    const key = top.keys[top.index++]!;
    const child = (top.node as Record<string, unknown>)[key];
    if (typeof child !== 'object' || child === null) continue;
    const segment = top.isArray ? Number(key) : key;
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
    stack.push(frame(child));
    ancestors.add(child);
    segments.push(segment);
  }
  return undefined;
}
