// Classifies every difference between two merchant surfaces as a merchant feels it: breaking when
// a request the merchant sends today may be refused, or something the merchant reads may be gone.
import fc from 'fast-check';
import type { FieldRules, Surface, Unit } from './surface.js';

export interface Change {
  readonly unit: string;
  readonly area: 'unit' | 'request' | 'sent' | 'signature' | 'errors';
  /** The field path, enum value, error code or unit the change concerns. */
  readonly subject: string;
  readonly kind: ChangeKind;
  readonly breaking: boolean;
  readonly detail: string;
}

export type ChangeKind =
  | 'unit-removed'
  | 'unit-added'
  | 'field-removed'
  | 'field-added-required'
  | 'field-added-optional'
  | 'made-required'
  | 'made-optional'
  | 'now-rejected'
  | 'no-longer-rejected'
  | 'type-narrowed'
  | 'type-widened'
  | 'enum-value-removed'
  | 'enum-value-added'
  | 'enum-added'
  | 'enum-removed'
  | 'const-added'
  | 'bound-narrowed'
  | 'bound-widened'
  | 'pattern-changed'
  | 'pattern-removed'
  | 'format-added'
  | 'sent-field-removed'
  | 'sent-field-made-optional'
  | 'sent-field-added'
  | 'signature-changed'
  | 'error-code-changed'
  | 'error-added'
  | 'error-removed';

/** Why a kind is (or is not) breaking, in a merchant's words; the report quotes it. */
export const WHY: Record<ChangeKind, string> = {
  'unit-removed': 'an integration calling it breaks',
  'unit-added': 'nothing that works today changes',
  'field-removed': 'a request that sends it may be refused',
  'field-added-required': 'a request without it is refused',
  'field-added-optional': 'requests without it still pass',
  'made-required': 'a request without it is refused',
  'made-optional': 'a request field made optional still accepts every request it accepted',
  'now-rejected': 'a request field now rejects values it accepted',
  'no-longer-rejected': 'more requests pass',
  'type-narrowed': 'a value of the dropped type is refused',
  'type-widened': 'more values pass',
  'enum-value-removed': 'a request with that value is refused',
  'enum-value-added': 'more values pass',
  'enum-added': 'values outside the new list are refused',
  'enum-removed': 'more values pass',
  'const-added': 'every other value is refused',
  'bound-narrowed': 'values within the old bound but outside the new one are refused',
  'bound-widened': 'more values pass',
  'pattern-changed': 'a value the old pattern accepted may be refused',
  'pattern-removed': 'more values pass',
  'format-added': 'values outside the format are refused',
  'sent-field-removed': 'code reading it finds nothing',
  'sent-field-made-optional': 'code reading it may find nothing',
  'sent-field-added': 'readers ignore fields they do not know',
  'signature-changed': 'a request signed the old way is refused (or a callback fails verification)',
  'error-code-changed': 'code matching the old error code misses the error',
  'error-added': 'a new error case names a condition that was already refused or unknown',
  'error-removed': 'the condition no longer fails',
};

const BREAKING = new Set<ChangeKind>([
  'unit-removed', 'field-removed', 'field-added-required', 'made-required', 'now-rejected', 'type-narrowed', 'enum-value-removed', 'enum-added',
  'const-added', 'bound-narrowed', 'pattern-changed', 'format-added', 'sent-field-removed', 'sent-field-made-optional', 'signature-changed', 'error-code-changed',
]);

export function classify(base: Surface, head: Surface): Change[] {
  const changes: Change[] = [];
  const push = (unit: string, area: Change['area'], subject: string, kind: ChangeKind, detail: string) =>
    changes.push({ unit, area, subject, kind, breaking: BREAKING.has(kind), detail });
  for (const [id, before] of base.units) {
    const after = head.units.get(id);
    if (!after) push(id, 'unit', before.names[0] ?? id, 'unit-removed', 'removed');
    else compareUnit(before, after, push);
  }
  for (const [id, after] of head.units) if (!base.units.has(id)) push(id, 'unit', after.names[0] ?? id, 'unit-added', 'added');
  return changes;
}

type Push = (unit: string, area: Change['area'], subject: string, kind: ChangeKind, detail: string) => void;

function compareUnit(before: Unit, after: Unit, push: Push): void {
  const id = after.id;
  for (const [path, old] of before.request) {
    const now = after.request.get(path);
    if (!now) {
      if (!old.rejectsAll) push(id, 'request', path, 'field-removed', 'request field removed');
      continue;
    }
    compareRequestField(id, path, old, now, push);
  }
  for (const [path, now] of after.request) {
    if (before.request.has(path) || now.rejectsAll) continue;
    // A new field inside a new object is reported once, at the object.
    if (now.required === 'always') push(id, 'request', path, 'field-added-required', 'new required request field');
    else push(id, 'request', path, 'field-added-optional', 'new optional request field');
  }
  for (const [path, old] of before.sent) {
    const now = after.sent.get(path);
    if (!now) push(id, 'sent', path, 'sent-field-removed', 'field no longer sent');
    else if (old.required === 'always' && now.required !== 'always') push(id, 'sent', path, 'sent-field-made-optional', 'sent field made optional');
  }
  for (const path of after.sent.keys()) if (!before.sent.has(path)) push(id, 'sent', path, 'sent-field-added', 'new field sent');
  if (before.signature !== after.signature) push(id, 'signature', id, 'signature-changed', 'signature recipe changed');
  const oldErrors = new Map(before.errors.map((entry) => [entry.key, entry.code]));
  const newErrors = new Map(after.errors.map((entry) => [entry.key, entry.code]));
  for (const [key, code] of newErrors) {
    if (!oldErrors.has(key)) push(id, 'errors', code ?? key, 'error-added', `new error case ${key}`);
    else if (oldErrors.get(key) !== code) push(id, 'errors', code ?? key, 'error-code-changed', `error ${key}: code ${oldErrors.get(key) ?? '(none)'} → ${code ?? '(none)'}`);
  }
  for (const key of oldErrors.keys()) if (!newErrors.has(key)) push(id, 'errors', oldErrors.get(key) ?? key, 'error-removed', `error case ${key} removed`);
}

export function compareRequestField(id: string, path: string, old: FieldRules, now: FieldRules, push: Push): void {
  if (!old.rejectsAll && now.rejectsAll) push(id, 'request', path, 'now-rejected', 'now rejected whatever its value');
  if (old.rejectsAll && !now.rejectsAll) push(id, 'request', path, 'no-longer-rejected', 'accepted again');
  if (old.rejectsAll || now.rejectsAll) return;
  if (old.required !== 'always' && now.required === 'always') push(id, 'request', path, 'made-required', `required (was ${old.required === 'never' ? 'optional' : 'conditional'})`);
  if (old.required === 'always' && now.required !== 'always') push(id, 'request', path, 'made-optional', `optional${now.required === 'sometimes' ? ' (conditionally required)' : ''} (was required)`);
  if (old.types.length > 0 && now.types.length > 0) {
    const dropped = old.types.filter((type) => !now.types.includes(type));
    const added = now.types.filter((type) => !old.types.includes(type));
    if (dropped.length > 0) push(id, 'request', path, 'type-narrowed', `type ${old.types.join('|')} → ${now.types.join('|')}`);
    else if (added.length > 0) push(id, 'request', path, 'type-widened', `type ${old.types.join('|')} → ${now.types.join('|')}`);
  }
  if (old.enum && now.enum) {
    for (const value of old.enum) if (!now.enum.includes(value)) push(id, 'request', `${path}=${value}`, 'enum-value-removed', `enum value ${value} removed`);
    for (const value of now.enum) if (!old.enum.includes(value)) push(id, 'request', `${path}=${value}`, 'enum-value-added', `enum value ${value} added`);
  } else if (!old.enum && now.enum) push(id, 'request', path, 'enum-added', `now one of ${now.enum.join(', ')}`);
  else if (old.enum && !now.enum) push(id, 'request', path, 'enum-removed', 'no longer a closed list');
  // Bounds, patterns and consts together: a value the old rules accepted and the new ones refuse
  // proves a narrowing (a regex change alone can widen, like the hash accepting upper case).
  if (old.maxLength !== now.maxLength || old.minLength !== now.minLength || old.const !== now.const || old.patterns.join() !== now.patterns.join()) {
    const witness = narrowingWitness(old, now);
    const what = describeTextRules(old, now);
    if (witness !== undefined) push(id, 'request', path, now.const !== undefined && old.const !== now.const ? 'const-added' : old.patterns.join() !== now.patterns.join() ? 'pattern-changed' : 'bound-narrowed', `${what}; ${JSON.stringify(witness.slice(0, 40))} was accepted, now refused`);
    else push(id, 'request', path, old.patterns.length > 0 && now.patterns.length === 0 ? 'pattern-removed' : 'bound-widened', what);
  }
  if (now.format !== undefined && old.format !== now.format) push(id, 'request', path, 'format-added', `format ${now.format}`);
}

function describeTextRules(old: FieldRules, now: FieldRules): string {
  const parts: string[] = [];
  if (old.maxLength !== now.maxLength) parts.push(`maxLength ${old.maxLength ?? 'none'} → ${now.maxLength ?? 'none'}`);
  if (old.minLength !== now.minLength) parts.push(`minLength ${old.minLength ?? 'none'} → ${now.minLength ?? 'none'}`);
  if (old.const !== now.const) parts.push(`const ${old.const ?? 'none'} → ${now.const ?? 'none'}`);
  if (old.patterns.join() !== now.patterns.join()) parts.push(`pattern ${old.patterns.join(' & ') || 'none'} → ${now.patterns.join(' & ') || 'none'}`);
  return parts.join(', ');
}

function accepts(rules: FieldRules, value: string): boolean {
  if (rules.const !== undefined && value !== rules.const) return false;
  if (rules.enum && !rules.enum.includes(value)) return false;
  const length = [...value].length;
  if (rules.maxLength !== undefined && length > rules.maxLength) return false;
  if (rules.minLength !== undefined && length < rules.minLength) return false;
  return rules.patterns.every((pattern) => new RegExp(pattern, 'u').test(value));
}

/**
 * A value the old rules accept and the new ones refuse, if one is found among values drawn from
 * the old rules (fast-check's stringMatching for a pattern; the length bounds otherwise).
 */
export function narrowingWitness(old: FieldRules, now: FieldRules): string | undefined {
  const candidates: string[] = [];
  if (old.const !== undefined) candidates.push(old.const);
  if (old.enum) candidates.push(...old.enum);
  for (const pattern of old.patterns) candidates.push(...fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 300, seed: 42 }));
  if (old.patterns.length === 0 && old.const === undefined && !old.enum) {
    const lengths = [old.minLength ?? 0, Math.min(old.maxLength ?? 64, 65536), 1, 2, 3, 8, 40];
    for (const length of lengths) candidates.push('a'.repeat(length), 'A1 -'.repeat(length).slice(0, length));
  }
  return candidates.find((value) => accepts(old, value) && !accepts(now, value));
}
