// Runtime support for the generated validators: the issue shape, wire-path rendering and the
// string formats. Generated code only calls into this module; it holds no schema knowledge.
import { findStructureProblem } from './structure.js';

export { luhn } from './luhn.js';

/** One broken rule: where (wire path), which JSON Schema keyword, and a message free of input values. */
export interface ValidationIssue {
  /**
   * Wire path of the field: `parameters[pin]`, `mpi_data[eci]` on forms; `order.amount` in JSON.
   * Inside a field that carries a JSON document, the JSON pointer into it follows a `#`:
   * `parameters[paymentToken]#/paymentData/header`.
   */
  readonly path: string;
  /** The JSON Schema keyword that failed: `required`, `pattern`, `maxLength`, `oneOf`, ... */
  readonly rule: string;
  /** What the rule demands. It never repeats the input value, so card data cannot leak through it. */
  readonly message: string;
}

export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly issues: readonly ValidationIssue[];
      /**
       * Set (with no issues) when the value reaches a deferred piece of the validator whose module
       * is not loaded yet: validation is pure, so await it and validate again. Only the client's
       * per-operation validators defer; those of `validators` never do.
       */
      readonly pending?: Promise<unknown>;
    };

/** Form bodies name nested fields with brackets, JSON bodies with dots. */
export type WirePathStyle = 'form' | 'json';

/**
 * Mutable state of one validation run. The path is a stack that validators push and pop, so a
 * valid input allocates no path strings; a path is rendered only when an issue is recorded.
 */
export class ValidationContext {
  readonly segments: PathSegment[] = [];
  readonly issues: ValidationIssue[] = [];
  constructor(readonly style: WirePathStyle) {}

  fail(rule: string, message: string): void {
    this.issues.push({ path: renderWirePath(this.style, this.segments), rule, message });
  }

  /** Records an issue one level below the current path (a missing or forbidden property). */
  failAt(segment: PathSegment, rule: string, message: string): void {
    this.segments.push(segment);
    this.fail(rule, message);
    this.segments.pop();
  }
}

/**
 * Reporting code: records the issues of a child value (a property, an item) one path segment
 * down, and returns true so the caller walks on.
 */
export function visit(
  ctx: ValidationContext,
  segment: PathSegment,
  value: unknown,
  validate: (value: unknown, ctx: ValidationContext) => boolean,
): true {
  ctx.segments.push(segment);
  validate(value, ctx);
  ctx.segments.pop();
  return true;
}

/**
 * A failed rule inside a generated validator `v_X(value, ctx?)`: with a context the issue is
 * recorded and the validator walks on (false); without one it stops at once (true).
 */
export function reject(ctx: ValidationContext | undefined, rule: string, message: string): boolean {
  if (ctx === undefined) return true;
  ctx.fail(rule, message);
  return false;
}

/** As `reject`, for a property of the current object (missing or forbidden). */
export function rejectAt(
  ctx: ValidationContext | undefined,
  segment: PathSegment,
  rule: string,
  message: string,
): boolean {
  if (ctx === undefined) return true;
  ctx.failAt(segment, rule, message);
  return false;
}

/**
 * Which alternative of a failed anyOf/oneOf an object looks most like (reporting code only): per
 * alternative, its declared properties that are present, minus 1000 per forbidden one present;
 * the first of the best. Anything but an object: the first.
 */
export function closestAlternative(value: unknown, alternatives: readonly (readonly (readonly string[])[])[]): number {
  if (!isPlainObject(value)) return 0;
  let best = 0;
  let bestScore = -Infinity;
  for (let index = 0; index < alternatives.length; index++) {
    const [declared = [], forbidden = []] = alternatives[index]!;
    const score = presentCount(value, declared) - 1000 * presentCount(value, forbidden);
    if (score > bestScore) [best, bestScore] = [index, score];
  }
  return best;
}

function presentCount(object: Record<string, unknown>, keys: readonly string[]): number {
  let count = 0;
  for (const key of keys) if (object[key] !== undefined && hasOwn(object, key)) count++;
  return count;
}

/** A generated type guard `isX(value)`. */
export type Guard<T> = (value: unknown) => value is T;

/** A compiled validator function `v_X(value, ctx?)`: a predicate without a context, reporting with one. */
export type Compiled = (value: unknown, ctx?: ValidationContext) => boolean;

/**
 * A piece of the validators whose code is in a module of its own (validate/deferred/), loaded the
 * first time a value reaches it: a large part a request may leave out, such as connector
 * `parameters` or a wallet token. It is called as its compiled function; before its module is
 * loaded a call throws the load, which the `validator` around it returns as `pending`.
 */
export interface Deferred extends Compiled {
  /** Loads the piece's module, once; resolves to the pieces its own code defers in turn. */
  load(): Promise<readonly Deferred[]>;
  /** Hands the code in directly (`validators` imports every piece it reaches statically). */
  provide(code: Compiled): void;
}

/** What a module of deferred code exports. */
export interface DeferredModule {
  readonly validate: Compiled;
  readonly deferred?: readonly Deferred[];
}

/** Thrown through a validation run that reached a piece not loaded yet; `validator` catches it. */
class PendingLoad {
  constructor(readonly load: Promise<unknown>) {}
}

export function defer(load: () => Promise<DeferredModule>): Deferred {
  let code: Compiled | undefined;
  let loading: Promise<readonly Deferred[]> | undefined;
  const piece = ((value, ctx) => {
    if (code !== undefined) return code(value, ctx);
    // Not a predicate answer: a false here would turn a `not` or a `oneOf` around it.
    throw new PendingLoad(piece.load());
  }) as Deferred;
  piece.load = () =>
    (loading ??= load().then(
      (module) => {
        code = module.validate;
        return module.deferred ?? [];
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  piece.provide = (provided) => {
    code = provided;
  };
  return piece;
}

/** Loads the pieces and every piece they defer in turn: a validator that never answers `pending`. */
export async function loadDeferred(pieces: readonly Deferred[], seen = new Set<Deferred>()): Promise<void> {
  const fresh = pieces.filter((piece) => !seen.has(piece));
  for (const piece of fresh) seen.add(piece);
  await Promise.all(fresh.map(async (piece) => loadDeferred(await piece.load(), seen)));
}

/** Deferred pieces with their code, as `validators` hands them in: `[v_X, deferred_X]`. */
export type Provided = readonly (readonly [Deferred, Compiled])[];

function provideAll(provided: Provided): void {
  for (const [piece, code] of provided) piece.provide(code);
}

/** A generated `isX` whose code reaches deferred pieces: the compiled function, with their code handed in. */
export function guard<T>(validate: Compiled, provided: Provided): Guard<T> {
  provideAll(provided);
  return validate as Guard<T>;
}

/**
 * Builds a generated `validateX(value, style?)` from its compiled function: the predicate pass
 * first (no allocation on a valid value), the reporting pass only when it says no. `provided`:
 * the code of the deferred pieces it reaches, when it is not to load them.
 */
export function validator<T>(
  validate: Compiled,
  defaultStyle: WirePathStyle,
  provided: Provided = [],
): (value: unknown, style?: WirePathStyle) => ValidationResult<T> {
  provideAll(provided);
  return (value, style = defaultStyle) => {
    try {
      return validate(value) ? { ok: true, value: value as T } : collectIssues(value, style, validate);
    } catch (error) {
      if (error instanceof PendingLoad) return { ok: false, issues: [], pending: error.load };
      // Validators recurse: a cyclic or extremely deep value (custom_data) overflows the stack.
      // That value is reported as an issue at the place it breaks the bound (structure.ts).
      const problem = error instanceof RangeError ? findStructureProblem(value) : undefined;
      if (!problem) throw error;
      const path = renderWirePath(style, problem.segments);
      return { ok: false, issues: [{ path, rule: problem.rule, message: problem.message }] };
    }
  };
}

/** The failure result of a generated `validateX`: runs its validator over the value with a context. */
export function collectIssues(
  value: unknown,
  style: WirePathStyle,
  validate: (value: unknown, ctx: ValidationContext) => boolean,
): { readonly ok: false; readonly issues: readonly ValidationIssue[] } {
  const ctx = new ValidationContext(style);
  validate(value, ctx);
  return { ok: false, issues: ctx.issues };
}

export function renderWirePath(style: WirePathStyle, segments: readonly PathSegment[]): string {
  let path = '';
  let pointer: string | undefined;
  for (const segment of segments) {
    if (segment === IN_CONTENT) pointer = '';
    else if (pointer !== undefined) pointer += `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`;
    else if (typeof segment === 'number' || (style === 'form' && path !== '')) path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return pointer === undefined ? path : `${path}#${pointer}`;
}

/** The path segment that enters a field's JSON content: what follows is a JSON pointer into it. */
export const IN_CONTENT: unique symbol = Symbol('content');

export type PathSegment = string | number | typeof IN_CONTENT;

/** What `parseJsonContent` returns for a string that is not JSON. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/** The JSON document a string field carries (`contentMediaType: application/json`). */
export function parseJsonContent(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** Own property test (Object.hasOwn is slower in V8 for a known key). */
export function hasOwn(object: object, key: string): boolean {
  return hasOwnProperty.call(object, key);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** String length in Unicode code points, as JSON Schema counts it (an emoji counts once). */
export function codePointLength(value: string): number {
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** Structural equality for `const`, `enum` and `uniqueItems` over JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every((key) => key in bRecord && jsonEqual((a as Record<string, unknown>)[key], bRecord[key]))
  );
}

/**
 * `multipleOf` over binary floating point: 0.07 / 0.01 is 7.000000000000001, so a quotient within
 * rounding error of an integer counts (a spec's steps are decimals). An overflow never does.
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  return Number.isInteger(quotient) || Math.abs(quotient - Math.round(quotient)) <= Math.abs(quotient) * 1e-12;
}

/** Own properties with a value: `undefined` is absent, as on the wire. */
export function propertyCount(object: Record<string, unknown>): number {
  let count = 0;
  for (const key of Object.keys(object)) if (object[key] !== undefined) count++;
  return count;
}

export function hasUniqueItems(items: readonly unknown[]): boolean {
  for (let i = 1; i < items.length; i++) {
    for (let j = 0; j < i; j++) if (jsonEqual(items[i], items[j])) return false;
  }
  return true;
}

// String formats. Each is its own export so a consumer's bundle keeps only those its schemas use.
// Each follows the RFC its format names (JSON Schema 2020-12, section 7.3), checked by the official
// test suite's optional/format groups. `date` is a character scan (five times faster than a
// regular expression and Number); for the others V8's compiled expressions beat a hand scan.

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const digit = (code: number): number => (code >= 48 && code <= 57 ? code - 48 : -1);

/** RFC 3339 full-date with a real calendar check: /^(\d\d\d\d)-(\d\d)-(\d\d)$/ plus month and day ranges. */
export function formatDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const d = digit(value.charCodeAt(i));
    if (d < 0) return false;
    year = year * 10 + d;
  }
  const m1 = digit(value.charCodeAt(5));
  const m2 = digit(value.charCodeAt(6));
  const d1 = digit(value.charCodeAt(8));
  const d2 = digit(value.charCodeAt(9));
  if (m1 < 0 || m2 < 0 || d1 < 0 || d2 < 0) return false;
  const month = m1 * 10 + m2;
  const day = d1 * 10 + d2;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month] ?? 0));
}

const UUID_PATTERN = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
export function formatUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

// RFC 5321 Mailbox: a dot-atom or quoted-string local part; a host name or an address literal.
const EMAIL_PATTERN =
  /^(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*")@(?:([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)|\[(?:IPv6:([^\]]*)|([0-9.]*))\])$/i;
export function formatEmail(value: string): boolean {
  const match = EMAIL_PATTERN.exec(value);
  if (match === null) return false;
  if (match[2] !== undefined) return formatIpv6(match[2]);
  return match[3] === undefined || formatIpv4(match[3]);
}

// RFC 3986, section 3 and appendix A: the generic syntax, scanned character by character over
// a table of the classes the grammar uses (a regular expression of the grammar is four times
// slower). `%` sits in the classes; its escapes are checked apart.
const SUB = 1; // unreserved, sub-delims and `%`: a reg-name
const USERINFO = 2; // plus `:`
const PCHAR = 4; // plus `:` and `@`
const QUERY = 8; // plus `/` and `?`
const URI_CHARS = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  const mark = (chars: string, flags: number) => {
    for (const char of chars) table[char.charCodeAt(0)]! |= flags;
  };
  mark(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=%",
    SUB | USERINFO | PCHAR | QUERY,
  );
  mark(':', USERINFO | PCHAR | QUERY);
  mark('@', PCHAR | QUERY);
  mark('/?', QUERY);
  return table;
})();
const BROKEN_ESCAPE = /%(?![0-9a-f]{2})/i;
const SCHEME = /^[a-z][a-z0-9+\-.]*:/i;
const IP_FUTURE = /^v[0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+$/i;

const uriClass = (value: string, at: number): number => {
  const code = value.charCodeAt(at);
  return code < 128 ? URI_CHARS[code]! : 0;
};

/** Index after the run of characters of `flags` from `at` (`/` too when `slash`). */
function uriRun(value: string, at: number, flags: number, slash: boolean): number {
  while (at < value.length && ((uriClass(value, at) & flags) !== 0 || (slash && value.charCodeAt(at) === 47))) at++;
  return at;
}

/** `authority` between `from` and `to`: userinfo@, a host (reg-name or IP-literal), :port. */
function authorityOk(value: string, from: number, to: number): boolean {
  const at = value.indexOf('@', from);
  let i = from;
  if (at !== -1 && at < to) {
    if (uriRun(value, from, USERINFO, false) !== at) return false;
    i = at + 1;
  }
  if (value.charCodeAt(i) === 91) {
    const close = value.indexOf(']', i);
    if (close === -1 || close >= to) return false;
    const literal = value.slice(i + 1, close);
    if (!formatIpv6(literal) && !IP_FUTURE.test(literal)) return false;
    i = close + 1;
  } else i = uriRun(value, i, SUB, false);
  if (i < to && value.charCodeAt(i) === 58) {
    i++;
    while (i < to && digit(value.charCodeAt(i)) >= 0) i++;
  }
  return i === to;
}

/** A URI (scheme required) or, with `relative`, a relative reference (RFC 3986, 4.2). */
function uriOk(value: string, relative: boolean): boolean {
  let i = 0;
  if (!relative) {
    if (!SCHEME.test(value)) return false;
    i = value.indexOf(':') + 1;
  }
  if (value.charCodeAt(i) === 47 && value.charCodeAt(i + 1) === 47) {
    let end = i + 2;
    for (
      let code = value.charCodeAt(end);
      end < value.length && code !== 47 && code !== 63 && code !== 35;
      code = value.charCodeAt(++end)
    );
    if (!authorityOk(value, i + 2, end)) return false;
    i = uriRun(value, end, PCHAR, true);
  } else if (relative && value.charCodeAt(i) !== 47) {
    // path-noscheme: no `:` before the first `/`, or it would read as a scheme.
    const segmentEnd = uriRun(value, i, PCHAR, false);
    if (value.slice(i, segmentEnd).includes(':')) return false;
    i = uriRun(value, segmentEnd, PCHAR, true);
  } else i = uriRun(value, i, PCHAR, true);
  if (value.charCodeAt(i) === 63) i = uriRun(value, i + 1, QUERY, false);
  if (value.charCodeAt(i) === 35) i = uriRun(value, i + 1, QUERY, false);
  return i === value.length && !(value.includes('%') && BROKEN_ESCAPE.test(value));
}

/** The usual shape, an http(s) URL with a host name and no escapes, matched in one compiled expression. */
const PLAIN_HTTP_URL =
  /^https?:\/\/[a-z0-9.-]+(?::[0-9]+)?(?:\/[\w\-.~!$&'()*+,;=:@/]*)?(?:\?[\w\-.~!$&'()*+,;=:@/?]*)?(?:#[\w\-.~!$&'()*+,;=:@/?]*)?$/i;

export function formatUri(value: string): boolean {
  return PLAIN_HTTP_URL.test(value) || uriOk(value, false);
}

/** A URI or a relative reference (RFC 3986, section 4.1). */
export function formatUriReference(value: string): boolean {
  return uriOk(value, false) || uriOk(value, true);
}

// RFC 3339, section 5.6: hours 00-23, offsets up to 23:59, and second 60 only where the time
// in UTC is 23:59 (a leap second), as the RFC's note on leap seconds allows. A character scan,
// as for `date`: seven times faster than a regular expression with captures.

/** Two ASCII digits at `at` as a number, or -1. */
function twoDigits(value: string, at: number): number {
  const high = digit(value.charCodeAt(at));
  const low = digit(value.charCodeAt(at + 1));
  return high < 0 || low < 0 ? -1 : high * 10 + low;
}

/** `partial-time time-offset` from `at` to the end of `value`. */
function timeOk(value: string, at: number): boolean {
  if (value.charCodeAt(at + 2) !== 58 || value.charCodeAt(at + 5) !== 58) return false;
  const hour = twoDigits(value, at);
  const minute = twoDigits(value, at + 3);
  const second = twoDigits(value, at + 6);
  if (hour < 0 || minute < 0 || second < 0 || hour > 23 || minute > 59 || second > 60) return false;
  let i = at + 8;
  if (value.charCodeAt(i) === 46) {
    const start = ++i;
    while (digit(value.charCodeAt(i)) >= 0) i++;
    if (i === start) return false;
  }
  let offset = 0;
  const sign = value.charCodeAt(i);
  if (sign === 90 || sign === 122) {
    if (i + 1 !== value.length) return false;
  } else if (sign === 43 || sign === 45) {
    if (i + 6 !== value.length || value.charCodeAt(i + 3) !== 58) return false;
    const offsetHour = twoDigits(value, i + 1);
    const offsetMinute = twoDigits(value, i + 4);
    if (offsetHour < 0 || offsetMinute < 0 || offsetHour > 23 || offsetMinute > 59) return false;
    offset = (sign === 45 ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  } else return false;
  return second < 60 || (((hour * 60 + minute - offset) % 1440) + 1440) % 1440 === 23 * 60 + 59;
}

export function formatDateTime(value: string): boolean {
  const t = value.charCodeAt(10);
  return (t === 84 || t === 116) && formatDate(value.slice(0, 10)) && timeOk(value, 11);
}

export function formatTime(value: string): boolean {
  return timeOk(value, 0);
}

// RFC 3339, appendix A: weeks alone, or date elements then time elements, each in order.
const DURATION_PATTERN =
  /^P(?:(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)(?:T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S))?|T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)|[0-9]+W)$/;
export function formatDuration(value: string): boolean {
  return DURATION_PATTERN.test(value);
}

// RFC 6901: empty, or segments after `/` in which `~` only starts `~0` or `~1`.
const JSON_POINTER_PATTERN = /^(?:\/(?:[^~/]|~[01])*)*$/;
export function formatJsonPointer(value: string): boolean {
  return JSON_POINTER_PATTERN.test(value);
}

/** ECMA-262 syntax with the `u` flag, as `pattern` is compiled. */
export function formatRegex(value: string): boolean {
  try {
    new RegExp(value, 'u');
    return true;
  } catch {
    return false;
  }
}

const IPV4_PATTERN = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
export function formatIpv4(value: string): boolean {
  return IPV4_PATTERN.test(value);
}

const IPV6_PATTERN =
  /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;
export function formatIpv6(value: string): boolean {
  return IPV6_PATTERN.test(value);
}

const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/**
 * Compares two decimal strings exactly (no floating point): negative, zero or positive like
 * `a - b`; NaN when either is not a plain decimal (its `pattern` reports that instead).
 */
export function compareDecimal(a: string, b: string): number {
  if (!DECIMAL.test(a) || !DECIMAL.test(b)) return Number.NaN;
  const signA = a.startsWith('-') ? -1 : 1;
  const signB = b.startsWith('-') ? -1 : 1;
  const [intA = '', fracA = ''] = a.replace('-', '').split('.');
  const [intB = '', fracB = ''] = b.replace('-', '').split('.');
  const width = Math.max(fracA.length, fracB.length);
  const digitsA = (intA.replace(/^0+(?=.)/, '') + fracA.padEnd(width, '0')).replace(/^0+(?=.)/, '');
  const digitsB = (intB.replace(/^0+(?=.)/, '') + fracB.padEnd(width, '0')).replace(/^0+(?=.)/, '');
  const magnitude =
    digitsA.length !== digitsB.length
      ? digitsA.length - digitsB.length
      : digitsA < digitsB
        ? -1
        : digitsA > digitsB
          ? 1
          : 0;
  const zeroA = /^0*$/.test(digitsA);
  const zeroB = /^0*$/.test(digitsB);
  const effectiveA = zeroA ? 0 : signA;
  const effectiveB = zeroB ? 0 : signB;
  if (effectiveA !== effectiveB) return effectiveA - effectiveB;
  return effectiveA === 0 ? 0 : effectiveA * Math.sign(magnitude);
}

// RFC 1123 host names (letters, digits, hyphens; labels of 1-63, 253 in all) and, for labels
// starting `xn--`, IDNA2008 A-labels: valid Punycode (RFC 3492) whose U-label passes RFC 5891's
// checks and RFC 5892's contextual rules. The code-point table is approximated by Unicode
// general categories plus RFC 5892's exceptions; the contextual rules are exact.
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const IDNA_DISALLOWED = new Set([0x0640, 0x07fa, 0x302e, 0x302f, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303b]);
const IDNA_PVALID = new Set([0x00df, 0x03c2, 0x06fd, 0x06fe, 0x0f0b, 0x3007]);
const VIRAMAS = new Set([
  0x094d, 0x09cd, 0x0a4d, 0x0acd, 0x0b4d, 0x0bcd, 0x0c4d, 0x0ccd, 0x0d3b, 0x0d3c, 0x0d4d, 0x0dca, 0x0e3a, 0x0eba,
  0x0f84, 0x1039, 0x103a, 0x1714, 0x1734, 0x17d2, 0x1a60, 0x1b44, 0x1baa, 0x1bab, 0x1bf2, 0x1bf3, 0x2d7f, 0xa806,
  0xa8c4, 0xa953, 0xa9c0, 0xaaf6, 0xabed,
]);
const PVALID_CATEGORY = /^[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}-]$/u;
const GREEK = /\p{Script=Greek}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const ARABIC_JOINING = /\p{Script=Arabic}/u;
const TRANSPARENT = /\p{Mn}/u;

/** RFC 3492 decoding of the part after `xn--`; undefined when it is not valid Punycode. */
function punycodeDecode(input: string): number[] | undefined {
  const base = 36;
  const delimiter = input.lastIndexOf('-');
  const output: number[] = [];
  for (let j = 0; j < Math.max(delimiter, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = 128;
  let bias = 72;
  let i = 0;
  let first = true;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length;) {
    const oldi = i;
    for (let w = 1, k = base; ; k += base) {
      if (index >= input.length) return undefined;
      const code = input.charCodeAt(index++);
      const digit = code - 48 < 10 ? code - 22 : code - 65 < 26 ? code - 65 : code - 97 < 26 ? code - 97 : base;
      if (digit >= base) return undefined;
      i += digit * w;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      w *= base - t;
      if (i > 0x10ffff * 64) return undefined;
    }
    const length = output.length + 1;
    let delta = first ? Math.floor((i - oldi) / 700) : Math.floor((i - oldi) / 2);
    first = false;
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > ((base - 1) * 26) >> 1; k += base) delta = Math.floor(delta / (base - 1));
    bias = k + Math.floor((base * delta) / (delta + 38));
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return output;
}

/** RFC 5891 section 5.4 and RFC 5892's rules on a decoded U-label. */
function uLabelOk(points: readonly number[]): boolean {
  if (points.length === 0 || points.every((point) => point < 0x80)) return false;
  const chars = points.map((point) => String.fromCodePoint(point));
  if (/^\p{M}/u.test(chars[0]!) || (chars[2] === '-' && chars[3] === '-') || chars[0] === '-' || chars.at(-1) === '-')
    return false;
  const text = chars.join('');
  for (let i = 0; i < points.length; i++) {
    const point = points[i]!;
    const before = chars[i - 1];
    const after = chars[i + 1];
    switch (point) {
      case 0x00b7:
        if (before !== 'l' || after !== 'l') return false;
        continue;
      case 0x0375:
        if (after === undefined || !GREEK.test(after)) return false;
        continue;
      case 0x05f3:
      case 0x05f4:
        if (before === undefined || !HEBREW.test(before)) return false;
        continue;
      case 0x30fb:
        if (!JAPANESE.test(text.replace(/\u30fb/g, ''))) return false;
        continue;
      case 0x200d:
        if (!VIRAMAS.has(points[i - 1] ?? -1)) return false;
        continue;
      case 0x200c: {
        if (VIRAMAS.has(points[i - 1] ?? -1)) continue;
        let left = i - 1;
        while (left >= 0 && TRANSPARENT.test(chars[left]!)) left--;
        let right = i + 1;
        while (right < chars.length && TRANSPARENT.test(chars[right]!)) right++;
        if (
          left < 0 ||
          right >= chars.length ||
          !ARABIC_JOINING.test(chars[left]!) ||
          !ARABIC_JOINING.test(chars[right]!)
        )
          return false;
        continue;
      }
    }
    if (IDNA_DISALLOWED.has(point)) return false;
    if (!IDNA_PVALID.has(point) && !PVALID_CATEGORY.test(chars[i]!)) return false;
  }
  const arabicIndic = points.some((point) => point >= 0x0660 && point <= 0x0669);
  const extended = points.some((point) => point >= 0x06f0 && point <= 0x06f9);
  return !(arabicIndic && extended);
}

export function formatHostname(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  for (const label of value.split('.')) {
    if (!LDH_LABEL.test(label)) return false;
    if (label.length >= 4 && label[2] === '-' && label[3] === '-') {
      if (label.slice(0, 2).toLowerCase() !== 'xn') return false;
      const points = punycodeDecode(label.slice(4));
      if (points === undefined || !uLabelOk(points)) return false;
    }
  }
  return true;
}
