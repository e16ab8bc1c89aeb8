// The test data that selects an outcome (`info.x-test-data`, spec/test-data.yaml): the test cards
// and the test identifiers of the S2S APM test connector. The sandbox plays them; the sandbox
// README and the docs' testing page render them with `testCardsTable` and `testIdentifiersTable`,
// so the three never disagree.
import type { SpecModel } from './spec-model.js';

/** What the sandbox does with a card or identifier: the values of the client package's `CardScenario`. */
export const SCENARIOS = ['success', 'decline', 'capture-decline', '3ds-success', '3ds-decline', 'redirect-success', 'redirect-decline', 'wait', 'bad-card', 'expired'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** The test data, in the shapes the client package exports (`TestCard`, `TestIdentifier`, `TestData`). */
export interface TestCardModel {
  readonly number: string;
  /** `MM/YYYY`, or `any`. */
  readonly expiry: string;
  readonly scenario: Scenario;
  /** Reader text: what the card does. */
  readonly outcome: string;
  /** The decline text the platform answers for this card, where a source shows it. */
  readonly reason?: string;
}
export interface TestIdentifierModel {
  readonly brand: string;
  readonly identifier: string;
  readonly scenario: Scenario;
}
export interface TestDataModel {
  readonly cards: readonly TestCardModel[];
  readonly identifiers: readonly TestIdentifierModel[];
}

const isScenario = (value: unknown): value is Scenario => (SCENARIOS as readonly unknown[]).includes(value);

export function testData(model: Pick<SpecModel, 'document'>): TestDataModel {
  const value = model.document.info['x-test-data'];
  if (value === undefined) return { cards: [], identifiers: [] };
  const record = value as { cards?: unknown; identifiers?: unknown };
  const list = (items: unknown, name: string): Record<string, unknown>[] => {
    if (!Array.isArray(items)) throw new Error(`info.x-test-data.${name} must be a list`);
    return items as Record<string, unknown>[];
  };
  const cards = list(record.cards, 'cards').map((card, index): TestCardModel => {
    const at = `info.x-test-data.cards[${index}]`;
    if (typeof card['number'] !== 'string' || !/^[0-9]{12,19}$/.test(card['number'])) throw new Error(`${at}: number is 12 to 19 digits, as a string`);
    if (typeof card['expiry'] !== 'string' || !/^(any|[0-9]{2}\/[0-9]{4})$/.test(card['expiry'])) throw new Error(`${at}: expiry is MM/YYYY or any`);
    if (!isScenario(card['scenario'])) throw new Error(`${at}: scenario is one of ${SCENARIOS.join(', ')}`);
    if (typeof card['outcome'] !== 'string') throw new Error(`${at}: outcome is reader text`);
    const reason = card['reason'];
    if (reason !== undefined && (typeof reason !== 'string' || reason.trim() === '')) throw new Error(`${at}: reason is the decline text, a non-empty string`);
    return { number: card['number'], expiry: card['expiry'], scenario: card['scenario'], outcome: card['outcome'], ...(reason !== undefined ? { reason } : {}) };
  });
  const identifiers = list(record.identifiers, 'identifiers').map((entry, index): TestIdentifierModel => {
    const at = `info.x-test-data.identifiers[${index}]`;
    if (typeof entry['brand'] !== 'string' || typeof entry['identifier'] !== 'string') throw new Error(`${at}: brand and identifier are strings`);
    if (!isScenario(entry['scenario'])) throw new Error(`${at}: scenario is one of ${SCENARIOS.join(', ')}`);
    return { brand: entry['brand'], identifier: entry['identifier'], scenario: entry['scenario'] };
  });
  return { cards, identifiers };
}

/** How a table is written: `compact` (the docs pages) or `aligned`, every column padded to its widest cell as prettier lays a table out (the READMEs, which are written as prettier prints them). */
export type TableLayout = 'compact' | 'aligned';

function markdownTable(head: readonly string[], rows: readonly (readonly string[])[], layout: TableLayout): string {
  const cells = [head, ...rows].map((cells) => cells.map((text) => text.replace(/\|/g, '\\|')));
  const widths = head.map((_, column) => (layout === 'aligned' ? Math.max(3, ...cells.map((row) => [...row[column]!].length)) : 3));
  const pad = (text: string, column: number) => (layout === 'aligned' ? text + ' '.repeat(widths[column]! - [...text].length) : text);
  const row = (texts: readonly string[]) => `| ${texts.map(pad).join(' | ')} |`;
  return [row(cells[0]!), row(widths.map((width) => '-'.repeat(width))), ...cells.slice(1).map(row)].join('\n');
}

/** The test cards as a Markdown table: card number (in groups of four), expiry, outcome with its decline text when the source shows one. */
export function testCardsTable(data: TestDataModel, layout: TableLayout = 'compact'): string {
  return markdownTable(
    ['Card', 'Expiry', 'Outcome'],
    data.cards.map((card) => [card.number.replace(/(\d{4})(?=\d)/g, '$1 '), card.expiry, cardOutcome(card)]),
    layout,
  );
}

/** A card's outcome as the tables show it: the reader text, then the decline text the platform answers, if shown. */
function cardOutcome(card: Pick<TestCardModel, 'outcome' | 'reason'>): string {
  return card.reason === undefined ? card.outcome : `${card.outcome}; decline reason \`${card.reason}\``;
}

/** The test identifiers as a Markdown table: method, `identifier`, outcome. */
export function testIdentifiersTable(data: TestDataModel, layout: TableLayout = 'compact'): string {
  return markdownTable(
    ['Method', '`identifier`', 'Outcome'],
    data.identifiers.map((entry) => [`\`${entry.brand}\``, `\`${entry.identifier}\``, entry.scenario]),
    layout,
  );
}
