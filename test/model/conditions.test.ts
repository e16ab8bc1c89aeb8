// Given a condition (an if schema, or parts combined), want its words: the one renderer every face
// uses. Markdown and plain text are the same words, the Markdown with code marks.
import { describe, expect, it } from 'vitest';
import { allOf, anyOf, conditionClause, conditionOf, conditionText, holds, negate, type Condition } from '../../generators/model/conditions.js';
import type { SchemaObject } from '../../generators/model/json-schema.js';

const markdown = { marks: 'markdown', style: 'form' } as const;
const text = { marks: 'text', style: 'form' } as const;
const equals = (field: string, ...values: string[]): Condition => ({ kind: 'equals', field: field.split('.'), values });

describe('an if schema as a condition, in words', () => {
  it.each<[string, SchemaObject, string]>([
    ['a required value', { required: ['auth'], properties: { auth: { const: 'Y' } } }, 'when `auth` is `Y`'],
    ['a value the if does not require holds when the field is absent', { properties: { auth: { const: 'Y' } } }, 'when `auth` is absent or `auth` is `Y`'],
    ['presence', { required: ['a', 'b'] }, 'when `a` and `b` are present'],
    ['a negated if', { not: { required: ['card_token'] } }, 'when `card_token` is absent'],
    ['a negated value', { not: { required: ['auth'], properties: { auth: { const: 'Y' } } } }, 'unless `auth` is `Y`'],
    ['a nested test', { required: ['parameters'], properties: { parameters: { required: ['type'], properties: { type: { enum: ['PULL', 'PIX'] } } } } }, 'when `parameters[type]` is one of `PULL`, `PIX`'],
    ['a value excluded', { properties: { x: { not: { enum: ['A', 'B'] } } } }, 'when `x` is not one of `A`, `B`'],
  ])('%s', (_what, schema, want) => {
    const condition = conditionOf(schema);
    expect(conditionClause(condition, markdown)).toBe(want);
    expect(conditionClause(condition, text)).toBe(want.replace(/`/g, ''));
  });
});

describe('combining conditions reads as a reader would', () => {
  it.each<[string, Condition, string]>([
    ['values of one field in an or', anyOf([equals('brand', 'a'), equals('brand', 'b')]), '`brand` is one of `a`, `b`'],
    ['values of one field in an and', allOf([equals('brand', 'a', 'b', 'c'), equals('brand', 'b')]), '`brand` is `b`'],
    ['what every part of an or requires, said once', anyOf([allOf([equals('t', 'PULL'), equals('m', 'AR')]), allOf([equals('t', 'PULL'), equals('m', 'PE')])]), '`t` is `PULL` and `m` is one of `AR`, `PE`'],
    ['an or a sibling implies', allOf([anyOf([equals('a', 'Y'), equals('b', 'Y')]), equals('a', 'Y')]), '`a` is `Y`'],
    ['presence in an or', anyOf([{ kind: 'present', field: ['a'] }, { kind: 'present', field: ['b'] }]), '`a` or `b` is present'],
    ['an item of a list', { kind: 'present', field: ['items', '[n]'] }, '`items` has items'],
    ['a condition the body does not show', { kind: 'context', name: 'connector', value: 'ERS' }, 'the connector is `ERS`'],
  ])('%s', (_what, condition, want) => {
    expect(conditionText(condition, markdown)).toBe(want);
  });

  it('negates presence as absence, and anything else as unless', () => {
    expect(conditionClause(negate({ kind: 'present', field: ['a'] }), markdown)).toBe('when `a` is absent');
    expect(conditionClause(negate(equals('a', 'Y')), markdown)).toBe('unless `a` is `Y`');
  });
});

describe('whether a condition holds for a body', () => {
  it.each<[Condition, Record<string, unknown>, boolean | undefined]>([
    [equals('auth', 'Y'), { auth: 'Y' }, true],
    [equals('auth', 'Y'), {}, false],
    [equals('parameters.type', 'PULL'), { parameters: { type: 'PULL' } }, true],
    [{ kind: 'absent', field: ['card_token'] }, { card_token: 'x' }, false],
    [{ kind: 'context', name: 'connector', value: 'ERS' }, {}, undefined],
    [anyOf([{ kind: 'context', name: 'connector', value: 'ERS' }, { kind: 'present', field: ['a'] }]), { a: '1' }, true],
  ])('%j on %j', (condition, body, want) => {
    expect(holds(condition, body)).toBe(want);
  });
});
