// Generic mutations of an example: every leaf is deleted, retyped, emptied and over-lengthened,
// and the whole value is replaced by the wrong JSON kinds. Each mutation carries the wire path
// of what it touched.
import { renderWirePath } from '../../generated/client/src/runtime/validation.js';

export interface Mutation {
  readonly label: string;
  readonly value: unknown;
  /** Segments of the touched value (empty for the whole value). */
  readonly segments: readonly (string | number)[];
}

type Path = (string | number)[];

function leaves(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) value.forEach((item, index) => leaves(item, [...path, index], out));
  else if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    if (keys.length === 0 && path.length > 0) out.push(path);
    for (const key of keys) leaves((value as Record<string, unknown>)[key], [...path, key], out);
  } else if (path.length > 0) out.push(path);
  return out;
}

function setAt(root: unknown, path: Path, replace: (current: unknown) => unknown | typeof DELETE): unknown {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const next = replace(node[last]);
  if (next === DELETE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = next;
  return copy;
}

const DELETE = Symbol('delete');

export function mutationsOf(value: unknown): Mutation[] {
  const mutations: Mutation[] = [
    { label: 'null', value: null, segments: [] },
    { label: 'array', value: [], segments: [] },
    { label: 'string', value: 'x', segments: [] },
    { label: 'unknown field', value: { ...(value as object), zz_unknown_field: 'x' }, segments: [] },
  ];
  for (const path of leaves(value)) {
    const at = (label: string, replace: (current: unknown) => unknown) => mutations.push({ label: `${label} ${path.join('.')}`, value: setAt(value, path, replace), segments: path });
    at('delete', () => DELETE);
    at('number', () => 12345);
    at('boolean', () => true);
    at('empty', () => '');
    at('object', () => ({ nested: 'x' }));
    at('long', () => 'x'.repeat(70000));
    at('emoji', (current) => (typeof current === 'string' ? '\u{1F600}'.repeat(Math.max(1, [...current].length)) : current));
    at('emoji+1', (current) => (typeof current === 'string' ? '\u{1F600}'.repeat([...current].length + 1) : current));
    at('space', (current) => (typeof current === 'string' ? `${current} ` : current));
    at('zero', (current) => (typeof current === 'string' && /^[0-9.]+$/.test(current) ? current.replace(/[1-9]/g, '0') : current));
    at('lower', (current) => (typeof current === 'string' ? current.toLowerCase() : current));
  }
  return mutations;
}

export function wirePathOf(style: 'form' | 'json', segments: readonly (string | number)[]): string {
  return renderWirePath(style, segments);
}
