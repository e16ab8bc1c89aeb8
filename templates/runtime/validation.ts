// Runtime support for the generated validators: the issue shape, wire-path rendering, the
// validator factory and what most schemas' checks call. Checks only some schemas use are modules
// of their own, and generated code imports each from its module: each string format
// (format-*.ts), decimal limits (decimal.ts), JSON equality (json-equal.ts), the Luhn check digit
// (luhn.ts). A bundler splits code by module, so the chunk every validator shares keeps only what
// they all need. None of these modules holds schema knowledge. Each string format follows the RFC
// it names (JSON Schema 2020-12, section 7.3), checked by the official test suite's
// optional/format groups.
import { copyOwnFields, findStructureProblem } from './structure.js';

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

/**
 * A validator's verdict. `warnings` (present only when there is one) are the checks the spec marks
 * `x-warning`: they help catch a mistake (a mistyped card number) but are no platform rule, so
 * they never make a value invalid: a request with warnings is sent.
 */
export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T; readonly warnings?: readonly ValidationIssue[] }
  | {
      readonly ok: false;
      readonly issues: readonly ValidationIssue[];
      readonly warnings?: readonly ValidationIssue[];
      /**
       * Set (with no issues) when the value reaches a deferred piece of the validator whose module
       * is not loaded yet: validation is pure, so await it and validate again. Only the client's
       * per-operation validators defer; those of `validators` never do.
       */
      readonly pending?: Promise<unknown>;
    };

const NO_ISSUES: readonly ValidationIssue[] = [];

/** Form bodies name nested fields with brackets, JSON bodies with dots. */
export type WirePathStyle = 'form' | 'json';

/**
 * Mutable state of one validation run. The path is a stack that validators push and pop, so a
 * valid input allocates no path strings; a path is rendered only when an issue is recorded.
 */
export class ValidationContext {
  /** Made by the first `warning()`: most runs have none, and the reporting pass of an invalid value is its hot path. */
  private warningList: ValidationIssue[] | undefined;

  constructor(
    readonly style: WirePathStyle,
    readonly segments: PathSegment[] = [],
    readonly issues: ValidationIssue[] = [],
    warnings?: ValidationIssue[],
    /** A warning's own message, which replaces those of its checks. */
    private readonly message?: string,
  ) {
    this.warningList = warnings;
  }

  get warnings(): readonly ValidationIssue[] {
    return this.warningList ?? NO_ISSUES;
  }

  fail(rule: string, message: string): void {
    this.issues.push({ path: renderWirePath(this.style, this.segments), rule, message: this.message ?? message });
  }

  /**
   * The context an `x-warning`'s checks report into: at the same path, their issues become
   * warnings (with the warning's own message, when it has one).
   */
  warning(message?: string): ValidationContext {
    const warnings = (this.warningList ??= []);
    return new ValidationContext(this.style, this.segments, warnings, warnings, message ?? this.message);
  }

  /**
   * Records an issue one level below the current path (a missing or forbidden property, a leaf
   * value its caller passed with its segment); at the current path without a segment.
   */
  failAt(segment: PathSegment | undefined, rule: string, message: string): void {
    if (segment === undefined) return this.fail(rule, message);
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
 * Set by the predicate pass when an `x-warning`'s checks fail (it has no context to record them
 * in): the validator then runs the reporting pass to collect them. Validation is synchronous, so
 * one flag serves every run; each run clears it first.
 */
let warningSeen = false;

/** An `x-warning` failed in the predicate pass (generated code). */
export function noteWarning(): void {
  warningSeen = true;
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

/** As `reject`, one level below the current path (see `ValidationContext.failAt`). */
export function rejectAt(
  ctx: ValidationContext | undefined,
  segment: PathSegment | undefined,
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

/** A generated validator `validateX(value, style?)`. */
export type Validate<T> = (value: unknown, style?: WirePathStyle) => ValidationResult<T>;

/** Builds a generated type guard `isX(value)` from its compiled function, used as a predicate. */
export function guard<T>(validate: Compiled): Guard<T> {
  return (value): value is T => validate(readable(value));
}

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

/** The stub generated code calls for a deferred piece: `load` imports its module (`validate/deferred/X.js`). */
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

/**
 * An exported validator or type guard of `validators`, with the code of the deferred pieces it
 * reaches handed in (imported statically there): those never load anything, nor answer `pending`.
 */
export function provide<T>(provided: Provided, exported: T): T {
  for (const [piece, code] of provided) piece.provide(code);
  return exported;
}

/**
 * Whether a key was planted on Object.prototype. Generated code tells a present property by its
 * value alone (`value.amount !== undefined`; only names Object.prototype has by itself, such as
 * `constructor`, test ownership), so a planted `amount` would be present in every object.
 * Prototype pollution plants a key by assignment (`target[a][b] = c` with `a` = `__proto__`),
 * which makes it enumerable, where every built-in is not: one `for…in`, a few nanoseconds.
 */
function prototypePolluted(): boolean {
  for (const _key in Object.prototype) return true;
  return false;
}

/**
 * What a validation run reads: the caller's value, or while Object.prototype carries a planted
 * key, a copy of the value's own fields on objects without a prototype, where that key is
 * absent. Every entry to generated code goes through it (`validator`, `guard`), once per run;
 * JSON content parsed during the run too (`parseJsonContent`).
 */
function readable(value: unknown): unknown {
  return prototypePolluted() ? copyOwnFields(value) : value;
}

/**
 * Builds a generated `validateX(value, style?)` from its compiled function: the predicate pass
 * first (no allocation on a valid value), the reporting pass only when it says no. The result
 * carries the caller's value, also when a copy was validated (see `readable`).
 *
 * A value that follows a rejected one goes straight to the reporting pass, whose verdict is the
 * same (a value is valid when it has no issue): invalid values tend to come in runs (a form being
 * fixed, a batch with one mistake throughout), and each is then walked once instead of twice.
 * The verdict never depends on this; only a valid value right after an invalid one pays the
 * reporting pass's walk instead of the predicate's.
 */
export function validator<T>(validate: Compiled, defaultStyle: WirePathStyle): Validate<T> {
  let lastRejected = false;
  return (value, style = defaultStyle) => {
    try {
      const read = readable(value);
      warningSeen = false;
      if (!lastRejected && validate(read) && !warningSeen) return { ok: true, value: value as T };
      const { issues, warnings } = report(read, style, validate);
      lastRejected = issues.length > 0;
      if (lastRejected) return warnings.length > 0 ? { ok: false, issues, warnings } : { ok: false, issues };
      return warnings.length > 0 ? { ok: true, value: value as T, warnings } : { ok: true, value: value as T };
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

/** The reporting pass: every issue and every warning, each at its wire path. */
function report(
  value: unknown,
  style: WirePathStyle,
  validate: (value: unknown, ctx: ValidationContext) => boolean,
): ValidationContext {
  const ctx = new ValidationContext(style);
  validate(value, ctx);
  return ctx;
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
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
  return readable(content);
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

/** The value of the ASCII decimal digit `code`, or -1 (the formats' character scans). */
export const digit = (code: number): number => (code >= 48 && code <= 57 ? code - 48 : -1);
