// One table of test data, three faces: the spec's x-test-data (through the generated tables), the
// sandbox README and the docs' testing page. Each face's rows must be the spec's rows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testData } from '../../generators/model/test-data.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import { cardScenario } from '../../generated/sandbox/src/runtime/core/card-scenario.js';
import { TABLES } from '../../generated/sandbox/src/spec-tables.js';

/** The rows of the Markdown table headed `header` in `file`, as trimmed cells (header and rule dropped). */
function tableRows(file: string, header: string): string[][] {
  const lines = readFileSync(join(PROJECT_ROOT, file), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.replace(/\s+/g, ' ').startsWith(header));
  expect(start, `${file} has a table headed ${header}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/\\\|/g, '|')),
    );
  }
  return rows;
}

const cards = TABLES.testData.cards.map((card) => [
  card.number.replace(/(\d{4})(?=\d)/g, '$1 '),
  card.expiry,
  card.reason === undefined ? card.outcome : `${card.outcome}; decline reason \`${card.reason}\``,
]);
const identifiers = TABLES.testData.identifiers.map((entry) => [
  `\`${entry.brand}\``,
  `\`${entry.identifier}\``,
  entry.scenario,
]);

describe('the test data is one table', () => {
  it.each(['generated/sandbox/README.md', 'generated/docs/guide/testing.md'])(
    '%s lists the spec test cards',
    (file) => {
      expect(tableRows(file, '| Card | Expiry | Outcome |')).toEqual(cards);
      expect(tableRows(file, '| Method | `identifier` | Outcome |')).toEqual(identifiers);
    },
  );

  it.each(TABLES.testData.cards)('the sandbox picks $scenario for $number $expiry', (card) => {
    const [month, year] = card.expiry === 'any' ? [undefined, undefined] : card.expiry.split('/');
    expect(cardScenario(TABLES.testData.cards, card.number, month, year)).toBe(card.scenario);
  });

  it.each([
    { given: 'Brand of card does not support.', want: { reason: 'Brand of card does not support.' } },
    { given: undefined, want: {} },
  ])('the model keeps a card reason as data: $given', ({ given, want }) => {
    const card = { number: '1111222233334444', expiry: 'any', scenario: 'bad-card', outcome: 'x', reason: given };
    const document = { info: { 'x-test-data': { cards: [card], identifiers: [] } } } as unknown as OpenApiDocument;
    const { reason: _given, ...rest } = card;
    expect(testData({ document }).cards[0]).toStrictEqual({ ...rest, ...want });
  });

  it.each([42, ''])('the model refuses a reason that is not a decline text: %o', (reason) => {
    const card = { number: '1111222233334444', expiry: 'any', scenario: 'bad-card', outcome: 'x', reason };
    const document = { info: { 'x-test-data': { cards: [card], identifiers: [] } } } as unknown as OpenApiDocument;
    expect(() => testData({ document })).toThrow('cards[0]: reason is the decline text');
  });
});
