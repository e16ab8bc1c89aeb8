// Bracket-notation form codec for S2S bodies and callbacks:
//   { parameters: { cart: { items: [{ name: 'Tea' }] } } }  <->  parameters[cart][items][0][name]=Tea
//
// Decisions (README "Form codec"):
// - undefined and null are left out; the gateway cannot tell "absent" from "null" on a form.
// - Empty strings are sent (`field=`); empty arrays and empty objects send nothing.
// - Booleans are `true`/`false`, numbers use String(); the spec types S2S fields as strings anyway.
// - Arrays are indexed from 0 (`items[0][name]`), never `items[]`.
// - A key containing `[` or `]` cannot round-trip, so encoding refuses it (FormCodecError).
// - Encoding is WHATWG application/x-www-form-urlencoded (URLSearchParams): brackets travel as
//   %5B/%5D, spaces as `+`, UTF-8 percent-encoded. Decoding accepts either form of brackets.
// - Decoding gives strings only; a repeated key becomes an array of its values (as `qs` does);
//   `__proto__`, `constructor` and `prototype` segments are dropped.

export type FormValue = string | number | boolean | null | undefined | FormObject | readonly FormValue[];
export interface FormObject {
  readonly [key: string]: FormValue;
}

export class FormCodecError extends Error {
  override readonly name = 'FormCodecError';
}

/** Flattens a nested object into ordered `[bracketKey, value]` pairs. */
export function flattenForm(value: FormObject): [string, string][] {
  const pairs: [string, string][] = [];
  for (const key of Object.keys(value)) appendPairs(pairs, checkKey(key), value[key]);
  return pairs;
}

function appendPairs(pairs: [string, string][], key: string, value: FormValue): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) appendPairs(pairs, `${key}[${i}]`, value[i]);
    return;
  }
  if (typeof value === 'object') {
    const record = value as FormObject;
    for (const child of Object.keys(record)) appendPairs(pairs, `${key}[${checkKey(child)}]`, record[child]);
    return;
  }
  pairs.push([key, String(value)]);
}

function checkKey(key: string): string {
  if (key.includes('[') || key.includes(']')) {
    throw new FormCodecError(`Form key "${key}" contains a bracket, which bracket notation cannot carry`);
  }
  return key;
}

/** Encodes a nested object as an application/x-www-form-urlencoded string. */
export function encodeForm(value: FormObject): string {
  return new URLSearchParams(flattenForm(value)).toString();
}

/** openapi-fetch `bodySerializer` for form bodies. */
export function formBodySerializer(body: unknown): string {
  return encodeForm(body as FormObject);
}

const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const INDEX = /^(0|[1-9][0-9]{0,8})$/;

type Tree = { [key: string]: Tree | string | (Tree | string)[] };

/** Decodes a form string (or its bytes) into nested objects and arrays of strings. */
export function decodeForm(input: string | Uint8Array): Record<string, unknown> {
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  const root: Tree = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const segments = splitKey(rawKey);
    if (!segments || segments.some((segment) => UNSAFE_SEGMENTS.has(segment))) continue;
    assign(root, segments, value);
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

/** `a[b][0]` → ['a', 'b', '0']; a key with unbalanced brackets is taken literally. */
function splitKey(key: string): string[] | undefined {
  const open = key.indexOf('[');
  if (open <= 0) return key === '' ? undefined : [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match.index !== consumed) return [key];
    segments.push(match[1] ?? '');
    consumed = pattern.lastIndex;
  }
  return consumed === rest.length ? segments : [key];
}

function assign(root: Tree, segments: string[], value: string): void {
  let node: Tree = root;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i]!;
    const next = node[segment];
    if (typeof next !== 'object' || Array.isArray(next)) node[segment] = {};
    node = node[segment] as Tree;
  }
  const last = segments[segments.length - 1]!;
  const existing = node[last];
  if (existing === undefined) node[last] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else node[last] = [existing, value];
}

/** An object whose keys are all indexes was an indexed array on the wire (gaps close up, as in `qs`). */
function arraysFromIndexes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(arraysFromIndexes);
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  const converted: Record<string, unknown> = {};
  for (const key of keys) converted[key] = arraysFromIndexes(record[key]);
  if (keys.length > 0 && keys.every((key) => INDEX.test(key))) {
    const indexes = keys.map(Number).sort((a, b) => a - b);
    return indexes.map((index) => converted[String(index)]);
  }
  return converted;
}
