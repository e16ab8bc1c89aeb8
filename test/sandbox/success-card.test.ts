// The card a hosted-fields payment (and a trigger event) takes comes from the spec's test data alone: the first
// `success` card with an expiry of spec/test-data.yaml, read straight from the YAML here, and no
// card at all (a clear error) when the test data lists none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { payoutCard, successCard } from '../../generated/sandbox/src/runtime/core/card-scenario.js';
import { TABLES } from '../../generated/sandbox/src/spec-tables.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const yamlCards = (parse(readFileSync(join(PROJECT_ROOT, 'spec', 'test-data.yaml'), 'utf8')) as { cards: { number: string; expiry: string; scenario: string; outcome: string }[] }).cards;

describe('successCard', () => {
  it('is the first success card with an expiry in spec/test-data.yaml', () => {
    const want = yamlCards.find((card) => card.scenario === 'success' && card.expiry !== 'any')!;
    const [month, year] = want.expiry.split('/');
    expect(successCard(TABLES.testData.cards)).toEqual({ number: want.number, month, year });
  });

  it.each([
    { name: 'no cards', cards: [] },
    { name: 'only a success card for any expiry', cards: TABLES.testData.cards.filter((card) => card.expiry === 'any') },
    { name: 'only decline cards', cards: TABLES.testData.cards.filter((card) => card.scenario !== 'success') },
  ])('names the missing test data when there is $name', ({ cards }) => {
    expect(() => successCard(cards)).toThrow('lists no success card with an expiry');
  });
});

describe('payoutCard', () => {
  it('is the success card of spec/test-data.yaml whose outcome names CREDIT2CARD', () => {
    const want = yamlCards.find((card) => card.scenario === 'success' && card.outcome.includes('CREDIT2CARD'))!;
    expect(payoutCard(TABLES.testData.cards)).toEqual({ number: want.number });
  });

  it('names the missing test data when no success card names CREDIT2CARD', () => {
    const cards = TABLES.testData.cards.filter((card) => !card.outcome.includes('CREDIT2CARD'));
    expect(() => payoutCard(cards)).toThrow('lists no success card whose outcome names CREDIT2CARD');
  });
});
