// The catalogue of change kinds the breaking-change gate reports: one entry per kind, with its
// severity and a one-line explanation in a merchant's words. Requests are judged as what the
// merchant sends (refused values break), responses and callbacks as what the merchant reads (a
// field that disappears breaks; a new value a switch may meet is a warning). Detectors declare the
// kinds they emit; the fixture test (test/spec/spec-diff-kinds.test.ts) keeps one fixture per kind.

export type Severity = 'breaking' | 'warning' | 'info';
/** Where a field-level change is felt: what the merchant sends, or what the merchant reads. */
export type Side = 'request' | 'response' | 'callback';
/** The release a change alone calls for: a breaking change is major; an addition minor. */
export type Bump = 'major' | 'minor' | 'patch';

export interface ChangeKindEntry {
  readonly id: string;
  readonly severity: Severity;
  readonly explanation: string;
  readonly bump: Bump;
  /**
   * Words a `breaking` release note uses for this change (matched as whole words, any case):
   * with the change's subject in backticks, they make the note acknowledge it.
   */
  readonly verbs: readonly string[];
}

type Judgement = readonly [Severity, string];

interface FieldChange {
  readonly request?: Judgement;
  /** Responses and callbacks: what the merchant reads. */
  readonly sent?: Judgement;
  readonly bump?: Bump;
  readonly verbs: readonly string[];
}

/** How a note says a value is no longer accepted (any narrowing of a request rule). */
const REFUSED = ['refuses', 'refused', 'rejects', 'no longer accepts', 'must not'];
const REMOVED = ['removed', 'retired', 'no longer', 'dropped', 'deleted', 'renamed', 'rejected', 'withdrawn'];
const REQUIRED = ['required', 'require', 'requires', 'mandatory'];
const BOUND = [
  'limit',
  'limited',
  'bound',
  'at most',
  'at least',
  'maximum',
  'minimum',
  'raised',
  'lowered',
  'shortened',
  'narrowed',
  'max',
  'min',
];

/** Changes to one field (or one place in a schema), per side. */
const FIELD_CHANGES: Readonly<Record<string, FieldChange>> = {
  'property-added': {
    request: ['info', 'A new optional field; requests without it still pass.'],
    sent: ['info', 'A new field; code that ignores fields it does not know is unaffected.'],
    bump: 'minor',
    verbs: ['added', 'new'],
  },
  'required-property-added': {
    request: ['breaking', 'A new required field; a request without it is refused.'],
    verbs: REQUIRED,
  },
  'property-removed': {
    request: ['breaking', 'The field is no longer accepted; a request that sends it may be refused.'],
    sent: ['breaking', 'The field is no longer sent; code that reads it finds nothing.'],
    verbs: [...REMOVED, 'deprecated', 'not sent'],
  },
  'property-made-required': {
    request: ['breaking', 'The field is now required; a request without it is refused.'],
    sent: ['info', 'The field is now always sent.'],
    verbs: REQUIRED,
  },
  'property-made-optional': {
    request: ['info', 'The field is now optional; every request accepted before still passes.'],
    sent: ['breaking', 'The field may now be missing; code that reads it unconditionally fails.'],
    verbs: ['optional', 'omitted', 'may be missing', 'demoted', 'no longer required', 'when present'],
  },
  'type-narrowed': {
    request: ['breaking', 'A value of a dropped type is refused.'],
    sent: ['info', 'The field is sent with fewer types than before.'],
    verbs: ['type', 'typed'],
  },
  'type-widened': {
    request: ['info', 'Values of a new type are accepted.'],
    sent: ['breaking', 'A value of a new type may arrive; a parser expecting the old type fails.'],
    verbs: ['type', 'typed'],
  },
  'format-changed': {
    request: ['breaking', 'Values outside the new format are refused.'],
    sent: ['warning', 'Values arrive in a new format; a parser for the old one may fail.'],
    verbs: ['format', 'formatted'],
  },
  'format-removed': {
    request: ['info', 'Values no longer need to follow the format.'],
    sent: ['warning', 'Values are no longer guaranteed to follow the format.'],
    verbs: ['format', 'formatted'],
  },
  'const-changed': {
    request: ['breaking', 'Only the new fixed value is accepted; a request with the old one is refused.'],
    sent: ['breaking', 'The fixed value sent changed; code comparing with the old one misses it.'],
    verbs: ['value', 'renamed', 'changed', 'now'],
  },
  'enum-value-added': {
    request: ['info', 'A new value is accepted.'],
    sent: ['warning', 'A new value may arrive; an exhaustive switch over the values must handle it.'],
    bump: 'minor',
    verbs: ['added', 'new'],
  },
  'enum-value-removed': {
    request: ['breaking', 'A request with the removed value is refused.'],
    sent: ['info', 'The value is no longer sent.'],
    verbs: [...REMOVED, ...REFUSED],
  },
  'pattern-added': {
    request: ['breaking', 'Values that do not match the new pattern (or that match a newly excluded one) are refused.'],
    sent: ['info', 'Values sent now follow a pattern.'],
    verbs: [...REFUSED, 'pattern', 'format', 'must match', 'digits', 'characters'],
  },
  'pattern-changed': {
    request: ['breaking', 'A value the old pattern accepted is refused.'],
    sent: ['info', 'Values sent follow a stricter pattern.'],
    verbs: [...REFUSED, 'pattern', 'format', 'must match', 'digits', 'characters'],
  },
  'pattern-relaxed': {
    request: ['info', 'More values pass the pattern.'],
    sent: ['warning', 'Values the old pattern excluded may arrive.'],
    verbs: ['pattern', 'format'],
  },
  'pattern-keys-checked': {
    request: [
      'breaking',
      'Keys matching a pattern, accepted with any value before, are held to its rules; a value outside them is refused.',
    ],
    sent: ['info', 'Keys matching a pattern now follow its rules.'],
    verbs: [...REFUSED, ...BOUND, 'limits', 'held', 'checked'],
  },
  'pattern-keys-unchecked': {
    request: ['info', 'Keys matching a pattern are no longer held to its rules; any value passes.'],
    sent: ['warning', 'Keys matching a pattern no longer follow its rules; any value may arrive.'],
    verbs: ['unchecked', 'no longer'],
  },
  'amount-decimals-added': {
    request: ['breaking', 'An amount with more decimals than its currency takes is refused.'],
    sent: ['info', 'Amounts sent carry at most the decimals of their currency.'],
    verbs: [...REFUSED, 'decimals', 'decimal'],
  },
  'amount-decimals-removed': {
    request: ['info', 'An amount may carry any number of decimals.'],
    sent: ['warning', 'An amount may arrive with more decimals than its currency takes.'],
    verbs: ['decimals', 'decimal'],
  },
  'length-narrowed': {
    request: ['breaking', 'A value within the old length bounds but outside the new ones is refused.'],
    sent: ['info', 'Values sent stay within tighter length bounds.'],
    verbs: [...REFUSED, ...BOUND, 'length', 'characters'],
  },
  'length-widened': {
    request: ['info', 'Longer (or shorter) values pass.'],
    sent: ['warning', 'A value may be longer (or shorter) than before; check the storage that keeps it.'],
    verbs: [...BOUND, 'length', 'characters'],
  },
  'items-narrowed': {
    request: ['breaking', 'A list within the old item bounds but outside the new ones is refused.'],
    sent: ['info', 'Lists sent stay within tighter item bounds.'],
    verbs: [...REFUSED, ...BOUND, 'items', 'entries', 'unique'],
  },
  'items-widened': {
    request: ['info', 'Lists with more (or fewer) items pass.'],
    sent: ['warning', 'A list may hold more (or fewer) items than before.'],
    verbs: [...BOUND, 'items', 'entries', 'unique'],
  },
  'range-narrowed': {
    request: ['breaking', 'A number or amount within the old range but outside the new one is refused.'],
    sent: ['info', 'Numbers and amounts sent stay within a tighter range.'],
    verbs: [...REFUSED, ...BOUND, 'amount', 'range', 'zero', 'multiple'],
  },
  'range-widened': {
    request: ['info', 'Numbers and amounts outside the old range pass.'],
    sent: ['warning', 'A number or amount outside the old range may arrive.'],
    verbs: [...BOUND, 'amount', 'range', 'zero', 'multiple'],
  },
  'safety-cap-changed': {
    request: ['info', 'A bound changed between a platform rule and a client safety cap; what passes is unchanged.'],
    sent: ['info', 'A bound changed between a platform rule and a client safety cap; what arrives is unchanged.'],
    bump: 'patch',
    verbs: ['cap', 'safety'],
  },
  'default-changed': {
    request: ['breaking', 'A request that leaves the field out now gets a different value.'],
    sent: ['warning', 'The value to assume when the field is missing changed.'],
    verbs: ['default', 'defaults'],
  },
  'default-added': {
    request: ['info', 'The value assumed when the field is left out is now stated.'],
    sent: ['info', 'The value to assume when the field is missing is now stated.'],
    verbs: ['default', 'defaults'],
  },
  'default-removed': {
    request: ['warning', 'The value assumed when the field is left out is no longer stated; send the value you need.'],
    sent: ['warning', 'The value to assume when the field is missing is no longer stated.'],
    verbs: ['default', 'defaults'],
  },
  'conditional-requirement-added': {
    request: [
      'breaking',
      'The field is now required under a condition; a request meeting it without the field is refused.',
    ],
    sent: ['info', 'The field is now always sent under a condition.'],
    verbs: REQUIRED,
  },
  'conditional-requirement-removed': {
    request: ['info', 'The field is no longer required under a condition.'],
    sent: ['breaking', 'A field sent under a condition may now be missing; code that reads it then fails.'],
    verbs: ['optional', 'no longer required', 'may be missing', 'omitted'],
  },
  'branch-added': {
    request: ['info', 'A new alternative shape is accepted.'],
    sent: ['warning', 'A new alternative shape may arrive; code that handles each shape must handle it.'],
    bump: 'minor',
    verbs: ['added', 'new', 'variant', 'alternative'],
  },
  'branch-removed': {
    request: ['breaking', 'An alternative shape is no longer accepted; a request using it is refused.'],
    sent: ['info', 'An alternative shape is no longer sent.'],
    verbs: [...REMOVED, 'variant', 'alternative'],
  },
  'discriminator-value-added': {
    request: ['info', 'A new variant is accepted.'],
    sent: ['warning', 'A new variant may arrive; a switch over the variants must handle it.'],
    bump: 'minor',
    verbs: ['added', 'new'],
  },
  'discriminator-value-removed': {
    request: ['breaking', 'A request selecting the removed variant is refused.'],
    sent: ['info', 'The variant is no longer sent.'],
    verbs: REMOVED,
  },
  'discriminator-property-changed': {
    request: ['breaking', 'Another field selects the variant; a request selecting it the old way is refused.'],
    sent: ['breaking', 'Another field tells the variants apart; code switching on the old one misreads them.'],
    verbs: ['discriminator', 'selects', 'selected', 'selector'],
  },
};

const SIGNATURE = [
  'signature',
  'signed',
  'signing',
  'hash',
  'formula',
  'recipe',
  'verification',
  'verified',
  'verifier',
  'checked',
];

/** Changes felt by the operation (action, endpoint, callback) or the account as a whole. */
const UNIT_CHANGES: readonly ChangeKindEntry[] = [
  {
    id: 'action.added',
    severity: 'info',
    bump: 'minor',
    explanation: 'A new S2S action on this protocol.',
    verbs: ['added', 'new'],
  },
  {
    id: 'action.removed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'The action is gone from this protocol; an integration calling it breaks.',
    verbs: REMOVED,
  },
  {
    id: 'endpoint.added',
    severity: 'info',
    bump: 'minor',
    explanation: 'A new Checkout endpoint.',
    verbs: ['added', 'new'],
  },
  {
    id: 'endpoint.removed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'The endpoint is gone; an integration calling it breaks.',
    verbs: REMOVED,
  },
  {
    id: 'callback-type.added',
    severity: 'warning',
    bump: 'minor',
    explanation: 'A new kind of callback may arrive; a handler that refuses callbacks it does not know must accept it.',
    verbs: ['added', 'new'],
  },
  {
    id: 'callback-type.removed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'The callback is no longer sent; code waiting for it never hears of the outcome.',
    verbs: [...REMOVED, 'not sent'],
  },
  {
    id: 'signature.fields-changed',
    severity: 'breaking',
    bump: 'major',
    explanation:
      'The hash covers other fields; a request signed the old way is refused, a callback checked the old way fails verification.',
    verbs: SIGNATURE,
  },
  {
    id: 'signature.order-changed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'The hash concatenates its fields in another order; a hash computed the old way no longer matches.',
    verbs: SIGNATURE,
  },
  {
    id: 'signature.digest-changed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'The hash uses another digest; a hash computed the old way no longer matches.',
    verbs: [...SIGNATURE, 'md5', 'sha1', 'sha256', 'digest'],
  },
  {
    id: 'signature.case-changed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'The hash input changes case differently; a hash computed the old way no longer matches.',
    verbs: [...SIGNATURE, 'upper', 'case'],
  },
  {
    id: 'signature.formula-changed',
    severity: 'breaking',
    bump: 'major',
    explanation:
      'The hash formula (a transform or the condition choosing a formula) changed; a hash computed the old way may no longer match.',
    verbs: SIGNATURE,
  },
  {
    id: 'error.code-changed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'The error comes with another code; code matching the old code misses it.',
    verbs: ['code', 'codes', 'answer', 'answers', 'error'],
  },
  {
    id: 'error.message-changed',
    severity: 'warning',
    bump: 'patch',
    explanation: 'The error comes with another message; code matching the old text misses it.',
    verbs: ['message', 'text', 'error'],
  },
  {
    id: 'error.added',
    severity: 'warning',
    bump: 'minor',
    explanation: 'A new error may be returned; code that handles each error code should know it.',
    verbs: ['added', 'new', 'error'],
  },
  {
    id: 'error.removed',
    severity: 'info',
    bump: 'patch',
    explanation: 'The condition no longer fails with this error.',
    verbs: REMOVED,
  },
  {
    id: 'request.encoding-changed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'The request body is encoded another way; a request encoded the old way is misread.',
    verbs: ['encoding', 'encoded', 'brackets', 'form'],
  },
  {
    id: 'callback.encoding-changed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'Callbacks are encoded another way; a parser for the old encoding misreads them.',
    verbs: ['encoding', 'encoded', 'brackets', 'form'],
  },
  {
    id: 'mid-setting.added',
    severity: 'info',
    bump: 'minor',
    explanation: 'A new MID setting the operator can set for the account.',
    verbs: ['added', 'new'],
  },
  {
    id: 'mid-setting.removed',
    severity: 'warning',
    bump: 'minor',
    explanation: 'The MID setting is gone; what it controlled follows the platform default.',
    verbs: REMOVED,
  },
  {
    id: 'mid-setting.value-added',
    severity: 'info',
    bump: 'minor',
    explanation: 'The MID setting takes a new value.',
    verbs: ['added', 'new'],
  },
  {
    id: 'mid-setting.value-removed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'MIDs set to the removed value change behaviour.',
    verbs: [...REMOVED, 'migrated'],
  },
  {
    id: 'mid-setting.default-changed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'MIDs without an explicit value change behaviour.',
    verbs: ['default', 'migrated'],
  },
  {
    id: 'deployment.setting-changed',
    severity: 'breaking',
    bump: 'major',
    explanation: 'A deployment setting changes what goes on the wire (a brand value, a signature formula).',
    verbs: ['deployment', 'brand', 'value', 'signature', 'formula'],
  },
];

/** The side-qualified id of a field-level change: `request.enum-value-added`. */
export const fieldKind = (side: Side, change: string): string => `${side}.${change}`;

function expand(): ChangeKindEntry[] {
  const entries: ChangeKindEntry[] = [];
  for (const side of ['request', 'response', 'callback'] as const) {
    for (const [change, { request, sent, bump, verbs }] of Object.entries(FIELD_CHANGES)) {
      const judgement = side === 'request' ? request : sent;
      if (!judgement) continue;
      const [severity, explanation] = judgement;
      entries.push({
        id: fieldKind(side, change),
        severity,
        explanation,
        verbs,
        bump: severity === 'breaking' ? 'major' : (bump ?? (severity === 'warning' ? 'minor' : 'patch')),
      });
    }
  }
  return [...entries, ...UNIT_CHANGES];
}

/** Every kind the gate reports, by id. */
export const CHANGE_KINDS: ReadonlyMap<string, ChangeKindEntry> = new Map(expand().map((entry) => [entry.id, entry]));

export function changeKind(id: string): ChangeKindEntry {
  const entry = CHANGE_KINDS.get(id);
  if (!entry) throw new Error(`spec-diff: unknown change kind ${id}`);
  return entry;
}
