// One detector per rule family of a field (ajv's "one definition per keyword"): each compares the
// rule as the base and the head state it, on every side of every unit where the field exists in
// both, and says which way it moved. The side decides the severity (kinds.ts).
import fc from 'fast-check';
import { CHANGE_KINDS, fieldKind, type Side } from '../kinds.js';
import { FORM_MEDIA_TYPE } from '../../model/spec-model.js';
import type { Detector } from '../change.js';
import {
  LOWER_BOUNDS,
  tagPaths,
  UPPER_BOUNDS,
  usable,
  variantsOf,
  type FieldRules,
  type NumericBound,
  type Surface,
  type Unit,
} from '../surface.js';

type Report = (change: string, message: string, value?: string) => void;

interface FieldRule {
  readonly name: string;
  /** The side-independent change names (`enum-value-added`) it reports. */
  readonly changes: readonly string[];
  /** `form`: the side travels form-encoded (bracket keys), where some differences do not reach the wire. */
  compare(old: FieldRules, now: FieldRules, report: Report, body: 'form' | 'json'): void;
  /** The values of a discriminator's tag are reported by the discriminator detector. */
  readonly skipsTags?: boolean;
}

const SIDES: readonly Side[] = ['request', 'response', 'callback'];

/** The kinds of these changes that exist on some side. */
export function sidedKinds(changes: readonly string[]): string[] {
  return SIDES.flatMap((side) => changes.map((change) => fieldKind(side, change))).filter((kind) =>
    CHANGE_KINDS.has(kind),
  );
}

/** Pairs of units present in both surfaces, with each side both have. */
export function* commonSides(
  base: Surface,
  head: Surface,
): Generator<[Unit, Side, NonNullable<Unit['sides'][Side]>, NonNullable<Unit['sides'][Side]>]> {
  for (const [id, after] of head.units) {
    const before = base.units.get(id);
    if (!before) continue;
    for (const side of SIDES) {
      const [old, now] = [before.sides[side], after.sides[side]];
      if (old && now) yield [after, side, old, now];
    }
  }
}

/**
 * A rule family over every field of every side: its unconditional rules, then its rules under each
 * condition that restates it (a change already seen unconditionally is not repeated there). A
 * condition one side lacks compares with that side's unconditional rules, unless it selects an
 * alternative that side lacks (reported as the alternative).
 */
function fieldRuleDetector(rule: FieldRule): Detector {
  return {
    name: rule.name,
    kinds: sidedKinds(rule.changes),
    detect(base, head, emit) {
      for (const [unit, side, old, now] of commonSides(base, head)) {
        const tags = rule.skipsTags ? new Set([...tagPaths(old), ...tagPaths(now)]) : new Set<string>();
        const body = side !== 'response' && unit.encoding?.['(media type)'] === FORM_MEDIA_TYPE ? 'form' : 'json';
        const compare = (path: string, before: FieldRules, after: FieldRules, found: Set<string>, prefix = '') =>
          rule.compare(
            before,
            after,
            (change, message, value) => {
              const seen = `${change}: ${message}`;
              if (found.has(seen) && prefix) return;
              found.add(seen);
              if (CHANGE_KINDS.has(fieldKind(side, change)))
                emit(fieldKind(side, change), unit, path, `${prefix}${message}`, value);
            },
            body,
          );
        const unconditional = new Map<string, Set<string>>();
        for (const path of old.fields.keys()) {
          const [before, after] = [usable(old, path), usable(now, path)];
          if (!before || !after || tags.has(path)) continue;
          unconditional.set(path, new Set());
          compare(path, before, after, unconditional.get(path)!);
        }
        const [oldVariants, newVariants] = [variantsOf(old), variantsOf(now)];
        for (const key of new Set([...old.conditionalRules.keys(), ...now.conditionalRules.keys()])) {
          const [was, is] = [old.conditionalRules.get(key), now.conditionalRules.get(key)];
          const { field, when, variants } = (is ?? was)!;
          if (!unconditional.has(field) && !(usable(old, field) && usable(now, field))) continue;
          if (tags.has(field) || !variants.every((variant) => oldVariants.has(variant) && newVariants.has(variant)))
            continue;
          const [before, after] = [was?.rules ?? usable(old, field)!, is?.rules ?? usable(now, field)!];
          if (before.rejectsAll || after.rejectsAll) continue;
          compare(field, before, after, unconditional.get(field) ?? new Set(), `when ${when}: `);
        }
      }
    },
  };
}

const show = (value: unknown) => (value === undefined ? 'none' : String(value));

const requiredness: FieldRule = {
  name: 'required',
  changes: ['property-made-required', 'property-made-optional'],
  compare(old, now, report) {
    if (old.required !== 'always' && now.required === 'always')
      report(
        'property-made-required',
        `required (was ${old.required === 'never' ? 'optional' : 'required only under a condition'})`,
      );
    if (old.required === 'always' && now.required !== 'always')
      report(
        'property-made-optional',
        `optional${now.required === 'sometimes' ? ', required only under a condition' : ''} (was required)`,
      );
  },
};

const type: FieldRule = {
  name: 'type',
  changes: ['type-narrowed', 'type-widened'],
  compare(old, now, report, body) {
    if (old.types.length === 0 || now.types.length === 0) return;
    const what = `type ${old.types.join(' | ')} → ${now.types.join(' | ')}`;
    // In a form body a list and an object keyed by indexes are the same bracket keys
    // (`transactions[0][id]`): a change between them does not reach the wire.
    const wire = (types: readonly string[]) => [
      ...new Set(types.map((t) => (body === 'form' && t === 'array' ? 'object' : t))),
    ];
    // An integer is a number: `number` → `integer` narrows, `integer` → `number` widens.
    const covers = (types: readonly string[], type: string) =>
      types.includes(type) || (type === 'integer' && types.includes('number'));
    if (wire(old.types).some((t) => !covers(wire(now.types), t))) report('type-narrowed', what);
    if (wire(now.types).some((t) => !covers(wire(old.types), t))) report('type-widened', what);
  },
};

const format: FieldRule = {
  name: 'format',
  changes: ['format-changed', 'format-removed'],
  compare(old, now, report) {
    if (old.format === now.format) return;
    if (now.format === undefined) report('format-removed', `format ${old.format} removed`);
    else report('format-changed', `format ${show(old.format)} → ${now.format}`);
  },
};

const constant: FieldRule = {
  name: 'const',
  skipsTags: true,
  changes: ['const-changed'],
  compare(old, now, report) {
    if (now.const !== undefined && old.const !== now.const)
      report('const-changed', `fixed value ${show(old.const)} → ${now.const}`, now.const);
    else if (old.const !== undefined && now.const === undefined && !now.enum?.includes(old.const))
      report('const-changed', `fixed value ${old.const} no longer fixed`, old.const);
  },
};

/**
 * Values a `not` excludes. Unlike a tag's listed values, these are compared on a discriminator's
 * tag too: an alternative that takes every value but the listed ones (the S2S APM SALE of a
 * redirect-only brand) refuses a value once a new alternative lists it, and that alternative's
 * own rules may refuse what the catch-all accepted (a brand sent without `parameters`).
 */
const excluded: FieldRule = {
  name: 'excluded values',
  changes: ['enum-value-added', 'enum-value-removed'],
  compare(old, now, report) {
    for (const value of now.excludedValues)
      if (!old.excludedValues.includes(value)) report('enum-value-removed', `value ${value} now refused`, value);
    for (const value of old.excludedValues)
      if (!now.excludedValues.includes(value)) report('enum-value-added', `value ${value} accepted again`, value);
  },
};

/**
 * Listed values. A fixed value the head turns into a list counts as a list of one: the values the
 * list adds are new to a merchant's switch (`action` answered as GET_TRANS_DETAILS too). A fixed
 * value set, changed or dropped is the const rule's.
 */
const enumeration: FieldRule = {
  name: 'enum',
  skipsTags: true,
  changes: ['enum-value-added', 'enum-value-removed'],
  compare(old, now, report) {
    if (now.const !== undefined || (old.const !== undefined && !now.enum)) return;
    const before = old.enum ?? (old.const !== undefined ? [old.const] : undefined);
    if (before && now.enum) {
      for (const value of before) if (!now.enum.includes(value)) report('enum-value-removed', `value ${value} removed`, value);
      for (const value of now.enum) if (!before.includes(value)) report('enum-value-added', `value ${value} added`, value);
    } else if (!before && now.enum) report('enum-value-removed', `now one of ${now.enum.join(', ')} (was any value)`);
    else if (before && !now.enum) report('enum-value-added', `any value (was one of ${before.join(', ')})`);
  },
};

const pattern: FieldRule = {
  name: 'pattern',
  changes: ['pattern-added', 'pattern-changed', 'pattern-relaxed'],
  compare(old, now, report) {
    for (const pattern of now.excludedPatterns)
      if (!old.excludedPatterns.includes(pattern)) report('pattern-added', `must not match \`${pattern}\``);
    for (const pattern of old.excludedPatterns)
      if (!now.excludedPatterns.includes(pattern)) report('pattern-relaxed', `may match \`${pattern}\` again`);
    if (old.patterns.join('\n') === now.patterns.join('\n')) return;
    const patterns = (list: readonly string[]) => list.map((p) => `\`${p}\``).join(' and ') || 'none';
    const what = `pattern ${patterns(old.patterns)} → ${patterns(now.patterns)}`;
    if (old.patterns.length === 0) return report('pattern-added', what);
    if (now.patterns.length === 0) return report('pattern-relaxed', what);
    const narrowing = patternWitness(old.patterns, now.patterns);
    const widening = patternWitness(now.patterns, old.patterns);
    if (narrowing !== undefined)
      report('pattern-changed', `${what}: ${JSON.stringify(narrowing.slice(0, 40))} matched, now refused`);
    if (widening !== undefined || narrowing === undefined)
      report(
        'pattern-relaxed',
        widening === undefined ? what : `${what}: ${JSON.stringify(widening.slice(0, 40))} now matches`,
      );
  },
};

/**
 * A value every `from` pattern matches and some `to` pattern does not, among values drawn from
 * the `from` patterns (fast-check's stringMatching, fixed seed: the gate is deterministic).
 */
export function patternWitness(from: readonly string[], to: readonly string[]): string | undefined {
  const matchesAll = (patterns: readonly string[], value: string) =>
    patterns.every((p) => new RegExp(p, 'u').test(value));
  for (const source of from) {
    const samples = fc.sample(fc.stringMatching(new RegExp(source, 'u')), { numRuns: 200, seed: 42 });
    const found = samples.find((value) => matchesAll(from, value) && !matchesAll(to, value));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A pair of bounds (a lower and an upper): which way each moved. */
function compareBounds(
  pairs: readonly [string, number | undefined, number | undefined, 'lower' | 'upper'][],
  narrowed: string,
  widened: string,
  report: Report,
  suffix = '',
): void {
  const narrow: string[] = [];
  const wide: string[] = [];
  for (const [name, old, now, end] of pairs) {
    if (old === now) continue;
    const text = `${name} ${show(old)} → ${show(now)}`;
    const tighter = now !== undefined && (old === undefined || (end === 'lower' ? now > old : now < old));
    (tighter ? narrow : wide).push(text);
  }
  if (narrow.length > 0) report(narrowed, narrow.join(', ') + suffix);
  if (wide.length > 0) report(widened, wide.join(', ') + suffix);
}

/** What a field's text rules accept (length counted in code points, as JSON Schema counts). */
function acceptsText(rules: FieldRules, value: string, withLength = true): boolean {
  if (rules.const !== undefined && value !== rules.const) return false;
  if (rules.enum && !rules.enum.includes(value)) return false;
  const size = [...value].length;
  if (withLength && (size < (rules.minLength ?? 0) || size > (rules.maxLength ?? Infinity))) return false;
  return rules.patterns.every((pattern) => new RegExp(pattern, 'u').test(value));
}

/**
 * Whether a closed list, fixed value or pattern of `from` already keeps its values within the
 * length bounds of `to`: then a length change between them refuses (or sends) nothing new.
 */
function lengthsContained(from: FieldRules, to: FieldRules): boolean {
  const candidates = [...(from.const !== undefined ? [from.const] : []), ...(from.enum ?? [])];
  if (candidates.length === 0 && from.patterns.length === 0) return false;
  for (const pattern of from.patterns)
    candidates.push(...fc.sample(fc.stringMatching(new RegExp(pattern, 'u')), { numRuns: 200, seed: 42 }));
  const lengthOnly: FieldRules = { ...to, patterns: [], bounds: {} };
  delete lengthOnly.enum;
  delete lengthOnly.const;
  return candidates.filter((value) => acceptsText(from, value)).every((value) => acceptsText(lengthOnly, value));
}

const length: FieldRule = {
  name: 'length',
  changes: ['length-narrowed', 'length-widened'],
  compare(old, now, report) {
    const minimum = (value: number | undefined) => (value === 0 ? undefined : value);
    const relevant: Report = (change, message) => {
      if (change === 'length-narrowed' && lengthsContained(old, now)) return;
      if (change === 'length-widened' && lengthsContained(now, old)) return;
      report(change, message);
    };
    compareBounds(
      [
        ['minLength', minimum(old.minLength), minimum(now.minLength), 'lower'],
        ['maxLength', old.maxLength, now.maxLength, 'upper'],
      ],
      'length-narrowed',
      'length-widened',
      relevant,
      now.safetyCap ? ' (a safety cap)' : '',
    );
  },
};

const items: FieldRule = {
  name: 'items',
  changes: ['items-narrowed', 'items-widened'],
  compare(old, now, report) {
    compareBounds(
      [
        ['minItems', old.minItems, now.minItems, 'lower'],
        ['maxItems', old.maxItems, now.maxItems, 'upper'],
      ],
      'items-narrowed',
      'items-widened',
      report,
    );
    if (!old.uniqueItems && now.uniqueItems) report('items-narrowed', 'items must now be unique');
    if (old.uniqueItems && !now.uniqueItems) report('items-widened', 'items no longer need to be unique');
  },
};

const range: FieldRule = {
  name: 'range',
  changes: ['range-narrowed', 'range-widened'],
  compare(old, now, report) {
    const pair = (
      bound: NumericBound,
      end: 'lower' | 'upper',
    ): [string, number | undefined, number | undefined, 'lower' | 'upper'] => [
      bound,
      old.bounds[bound],
      now.bounds[bound],
      end,
    ];
    compareBounds(
      [...LOWER_BOUNDS.map((bound) => pair(bound, 'lower')), ...UPPER_BOUNDS.map((bound) => pair(bound, 'upper'))],
      'range-narrowed',
      'range-widened',
      report,
    );
    if (old.multipleOf === now.multipleOf) return;
    const divides = (a: number, b: number) => Math.abs(b / a - Math.round(b / a)) < 1e-9;
    const what = `multipleOf ${show(old.multipleOf)} → ${show(now.multipleOf)}`;
    // Every multiple of the new step is a multiple of the old one exactly when the new step is a multiple of the old.
    if (now.multipleOf !== undefined && (old.multipleOf === undefined || !divides(now.multipleOf, old.multipleOf)))
      report('range-narrowed', what);
    else report('range-widened', what);
  },
};

const safetyCap: FieldRule = {
  name: 'x-safety-cap',
  changes: ['safety-cap-changed'],
  compare(old, now, report) {
    // A relabelled bound only: a bound that moved is reported by the length rule.
    if (old.maxLength !== now.maxLength) return;
    if (old.safetyCap && !now.safetyCap && now.maxLength !== undefined)
      report('safety-cap-changed', `maxLength ${now.maxLength} is now a platform rule (was a safety cap)`);
    if (!old.safetyCap && now.safetyCap)
      report('safety-cap-changed', `maxLength ${show(now.maxLength)} is now a safety cap (was a platform rule)`);
  },
};

const defaults: FieldRule = {
  name: 'default',
  changes: ['default-changed', 'default-added', 'default-removed'],
  compare(old, now, report) {
    if (old.default === now.default) return;
    const what = `default ${show(old.default)} → ${show(now.default)}`;
    if (old.default === undefined) report('default-added', what, now.default);
    else if (now.default === undefined) report('default-removed', what, old.default);
    else report('default-changed', what, now.default);
  },
};

export const FIELD_RULE_DETECTORS: readonly Detector[] = [
  requiredness,
  type,
  format,
  constant,
  enumeration,
  excluded,
  pattern,
  length,
  items,
  range,
  safetyCap,
  defaults,
].map(fieldRuleDetector);
