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
// - Nesting is bounded by MAX_DEPTH both ways and a decoded body by MAX_PAIRS (safety caps): a
//   cyclic value or an attacker's ten thousand brackets give a FormCodecError, never a RangeError.

export type FormValue = string | number | boolean | null | undefined | FormObject | readonly FormValue[];
export interface FormObject {
  readonly [key: string]: FormValue;
}

import { FormCodecError } from './errors.js';
import { describeError } from './sensitive.js';
import { encodeFormComponent } from './form-component.js';
import { MAX_DEPTH } from './structure.js';

export { FormCodecError, encodeFormComponent };

/** Most `name=value` pairs a decoded body may hold. A safety cap, not a platform rule. */
export const MAX_PAIRS = 10_000;

/** Names the field by the start of its bracket key (the whole key may be thousands of levels long). */
const tooDeep = (key: string): FormCodecError =>
  new FormCodecError(
    `Form field ${key.length > 60 ? `${key.slice(0, 60)}…` : key} nests deeper than ${MAX_DEPTH} levels (a safety cap), or refers to itself`,
  );

/**
 * Runs an encoder over a caller's value: not an object, or a getter or Proxy that throws, is a
 * FormCodecError (the caller's message with card numbers masked), never a TypeError as it is.
 */
function readingCaller<T>(where: string, value: unknown, run: () => T): T {
  checkObject(where, value);
  try {
    return run();
  } catch (error) {
    if (error instanceof FormCodecError) throw error;
    throw new FormCodecError(`${where} could not read the value: ${describeError(error)}`);
  }
}

/** A form is an object of fields: anything else is a FormCodecError, not a TypeError. */
function checkObject(where: string, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new FormCodecError(`${where} takes an object of form fields`);
}

function checkKey(key: string): string {
  if (key.includes('[') || key.includes(']')) {
    throw new FormCodecError(`Form key "${key}" contains a bracket, which bracket notation cannot carry`);
  }
  return key;
}

/**
 * Encodes a nested object as an application/x-www-form-urlencoded string: byte for byte what
 * `new URLSearchParams(flattenForm(value)).toString()` gives, written straight into one string.
 */
export function encodeForm(value: FormObject): string {
  return readingCaller('encodeForm', value, () => {
    let out = '';
    for (const key of Object.keys(value)) out = appendEncoded(out, encodeKey(key), value[key], 1);
    return out;
  });
}

/**
 * Flattens a nested object into ordered `[bracketKey, value]` pairs: the encoded form read back
 * by URLSearchParams, so the pairs are exactly the ones `encodeForm` sends.
 */
export function flattenForm(value: FormObject): [string, string][] {
  checkObject('flattenForm', value);
  return [...new URLSearchParams(encodeForm(value))];
}

/**
 * Field names repeat on every request, so their checked, encoded form is remembered; bounded,
 * because a caller's free-form keys (custom data) could otherwise grow it without end.
 */
const encodedKeys = new Map<string, string>();
const ENCODED_KEYS_MAX = 2048;

function encodeKey(key: string): string {
  let encoded = encodedKeys.get(key);
  if (encoded === undefined) {
    encoded = encodeFormComponent(checkKey(key));
    if (encodedKeys.size < ENCODED_KEYS_MAX) encodedKeys.set(key, encoded);
  }
  return encoded;
}

/** Appends the pairs of `value` under the (already encoded) key `prefix`; brackets travel as %5B/%5D. */
function appendEncoded(out: string, prefix: string, value: FormValue, depth: number): string {
  if (value === undefined || value === null) return out;
  if (typeof value === 'object' && depth > MAX_DEPTH) throw tooDeep(decodeComponent(prefix));
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) out = appendEncoded(out, `${prefix}%5B${i}%5D`, value[i], depth + 1);
    return out;
  }
  if (typeof value === 'object') {
    const record = value as FormObject;
    for (const child of Object.keys(record))
      out = appendEncoded(out, `${prefix}%5B${encodeKey(child)}%5D`, record[child], depth + 1);
    return out;
  }
  const pair = `${prefix}=${encodeFormComponent(String(value))}`;
  return out === '' ? pair : `${out}&${pair}`;
}

const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

type Tree = { [key: string]: Tree | string | (Tree | string)[] };

/**
 * Decodes a form string (or its bytes) into nested objects and arrays of strings. Pairs are read
 * as URLSearchParams reads them (`&`-separated, `+` is a space, malformed escapes kept as text).
 */
export function decodeForm(input: string | Uint8Array): Record<string, unknown> {
  if (typeof input !== 'string' && !(input instanceof Uint8Array))
    throw new FormCodecError('decodeForm takes the form body as a string or bytes');
  const decoded = typeof input === 'string' ? input : new TextDecoder().decode(input);
  // Text is read as UTF-8, where a lone surrogate can only be U+FFFD.
  const text = LONE_SURROGATE.test(decoded) ? decoded.replace(LONE_SURROGATES, '\uFFFD') : decoded;
  const root: Tree = {};
  const length = text.length;
  let pairs = 0;
  // URLSearchParams drops one leading `?`.
  for (let start = text.charCodeAt(0) === 63 ? 1 : 0; start < length;) {
    let end = text.indexOf('&', start);
    if (end === -1) end = length;
    if (end > start) {
      if (++pairs > MAX_PAIRS)
        throw new FormCodecError(`The form body has more than ${MAX_PAIRS} fields (a safety cap)`);
      const equals = text.indexOf('=', start);
      const hasValue = equals !== -1 && equals < end;
      const segments = splitKey(decodeComponent(text.slice(start, hasValue ? equals : end)));
      if (segments && segments.length > MAX_DEPTH + 1) throw tooDeep(`${segments[0]}[${segments.slice(1).join('][')}]`);
      if (segments) assign(root, segments, hasValue ? decodeComponent(text.slice(equals + 1, end)) : '');
    }
    start = end + 1;
  }
  return finishTree(root) as Record<string, unknown>;
}

const PLUS = /\+/g;
const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATES = /\p{Surrogate}/gu;

/** `+` → space, then percent-decoding as UTF-8; a malformed escape falls back to URLSearchParams' lenient reading. */
function decodeComponent(raw: string): string {
  const spaced = raw.includes('+') ? raw.replace(PLUS, ' ') : raw;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return new URLSearchParams(`x=${raw}`).get('x') ?? '';
  }
}

/**
 * `a[b][0]` → ['a', 'b', '0']; a key with unbalanced brackets is taken literally; undefined for
 * an empty key or one with a `__proto__`, `constructor` or `prototype` segment (the pair is dropped).
 */
function splitKey(key: string): string[] | undefined {
  const open = key.indexOf('[');
  if (open <= 0) return key === '' || UNSAFE_SEGMENTS.has(key) ? undefined : [key];
  const segments = [key.slice(0, open)];
  for (let at = open; at < key.length;) {
    const close = key.indexOf(']', at + 1);
    if (key.charCodeAt(at) !== 91 || close === -1) return UNSAFE_SEGMENTS.has(key) ? undefined : [key];
    const segment = key.slice(at + 1, close);
    if (segment.includes('[')) return UNSAFE_SEGMENTS.has(key) ? undefined : [key];
    segments.push(segment);
    at = close + 1;
  }
  for (const segment of segments) if (UNSAFE_SEGMENTS.has(segment)) return undefined;
  return segments;
}

const hasOwn = (node: Tree, key: string): boolean => Object.prototype.hasOwnProperty.call(node, key);

function assign(root: Tree, segments: string[], value: string): void {
  let node: Tree = root;
  const last = segments.length - 1;
  for (let i = 0; i < last; i++) {
    const segment = segments[i]!;
    const next = hasOwn(node, segment) ? node[segment] : undefined;
    if (typeof next === 'object' && !Array.isArray(next)) node = next;
    else node = node[segment] = {};
  }
  const key = segments[last]!;
  const existing = hasOwn(node, key) ? node[key] : undefined;
  if (existing === undefined) node[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else node[key] = [existing, value];
}

/** An index key as arrays carry it: `0`, or up to nine digits without a leading zero. */
function isIndex(key: string): boolean {
  const length = key.length;
  if (length === 0 || length > 9) return false;
  const first = key.charCodeAt(0);
  if (first === 48) return length === 1;
  if (first < 49 || first > 57) return false;
  for (let i = 1; i < length; i++) {
    const code = key.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * An object whose keys are all indexes was an indexed array on the wire (gaps close up, as in
 * `qs`). Converts the freshly built tree in place; index keys are array-index property names,
 * which Object.keys already lists in ascending numeric order.
 */
function finishTree(node: Tree): Tree | unknown[] {
  const keys = Object.keys(node);
  let indexed = keys.length > 0;
  for (const key of keys) {
    const child = node[key]!;
    if (typeof child === 'object')
      (node as Record<string, unknown>)[key] = Array.isArray(child) ? child.map(finishValue) : finishTree(child);
    if (indexed && !isIndex(key)) indexed = false;
  }
  if (!indexed) return node;
  const items: unknown[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) items[i] = node[keys[i]!];
  return items;
}

function finishValue(value: Tree | string): unknown {
  return typeof value === 'object' ? finishTree(value) : value;
}
