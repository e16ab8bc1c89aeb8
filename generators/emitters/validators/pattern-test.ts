// A spec `pattern`'s test as generated code. Most compile to the pattern itself (`PATTERN_n.test`).
// One shape is rewritten because V8 runs it slowly: a choice between runs of one character class
// that differ only in length, such as a hash of 32, 40 or 64 hex digits,
// `^([0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$`. V8 matches it by trying each run in turn
// and backtracking (175 ns on a 40-digit value, against 35 ns for the rewrite). The rewrite tests
// the value's length against the runs' lengths and then the class alone, `^[0-9a-fA-F]*$`.
//
// The two agree because the class matches only characters of one UTF-16 unit (BMP, no surrogate):
// a value the class matches throughout has as many code points (what the `u` flag counts) as
// UTF-16 units (what `.length` counts). test/generators/pattern-test.test.ts holds the rewrite to
// the pattern on values of every length around the runs', with astral and non-class characters.
import type { AST } from '@eslint-community/regexpp';
import { parsedPattern } from '../../shared/regex-dialects.js';

/** A pattern whose language is "only characters of `characterClass`, a length within `lengths`". */
export interface LengthChoicePattern {
  /** The class as the pattern writes it (`[0-9a-fA-F]`, `\d`). */
  readonly characterClass: string;
  /** The runs' lengths, sorted and merged: `[min, max]`, max `Infinity` for an open run. */
  readonly lengths: readonly (readonly [number, number])[];
}

/** The pattern read as a length choice over one class, or undefined when it is not one. */
export function lengthChoicePattern(source: string): LengthChoicePattern | undefined {
  const ast = parsedPattern(source);
  if (ast === undefined) return undefined;
  const [whole, ...others] = ast.alternatives;
  if (!whole || others.length > 0 || whole.elements.length !== 3) return undefined;
  const [start, group, end] = whole.elements;
  if (start?.type !== 'Assertion' || start.kind !== 'start' || end?.type !== 'Assertion' || end.kind !== 'end') return undefined;
  if (group?.type !== 'Group' && group?.type !== 'CapturingGroup') return undefined;
  // One run is what V8 already matches well; the rewrite pays only over a choice.
  if (group.alternatives.length < 2) return undefined;
  let characterClass: string | undefined;
  const lengths: [number, number][] = [];
  for (const alternative of group.alternatives) {
    const [run, ...rest] = alternative.elements;
    if (run?.type !== 'Quantifier' || rest.length > 0 || !oneUnitClass(run.element)) return undefined;
    if (characterClass !== undefined && run.element.raw !== characterClass) return undefined;
    characterClass = run.element.raw;
    lengths.push([run.min, run.max]);
  }
  return characterClass === undefined ? undefined : { characterClass, lengths: merged(lengths) };
}

/** A class that matches only characters of one UTF-16 unit: ranges and characters below the surrogates, `\d`. */
function oneUnitClass(node: AST.QuantifiableElement): boolean {
  const oneUnit = (code: number) => code < 0xd800;
  if (node.type === 'CharacterSet') return node.kind === 'digit' && !node.negate;
  if (node.type !== 'CharacterClass' || node.negate || node.unicodeSets) return false;
  return node.elements.every((element) => {
    if (element.type === 'Character') return oneUnit(element.value);
    if (element.type === 'CharacterClassRange') return oneUnit(element.max.value);
    return element.type === 'CharacterSet' && element.kind === 'digit' && !element.negate;
  });
}

function merged(lengths: [number, number][]): [number, number][] {
  const sorted = [...lengths].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [min, max] of sorted) {
    const last = out[out.length - 1];
    if (last && min <= last[1] + 1) last[1] = Math.max(last[1], max);
    else out.push([min, max]);
  }
  return out;
}

/**
 * The test of `argument` (an identifier) against `source`, as an expression that can stand after
 * `!`. `hoist` compiles a regex source once per module and names it.
 */
export function patternTest(source: string, argument: string, hoist: (regexSource: string) => string): string {
  const choice = /^[A-Za-z_$][\w$]*$/.test(argument) ? lengthChoicePattern(source) : undefined;
  if (!choice) return `${hoist(source)}.test(${argument})`;
  const length = `${argument}.length`;
  const within = choice.lengths.map(([min, max]) =>
    min === max ? `${length} === ${min}` : max === Infinity ? `${length} >= ${min}` : `(${length} >= ${min} && ${length} <= ${max})`,
  );
  return `((${within.join(' || ')}) && ${hoist(`^${choice.characterClass}*$`)}.test(${argument}))`;
}
