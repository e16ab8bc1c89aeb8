// The signing-only values the docs' examples are signed with: the original payment's card is the
// spec's success test card, read from spec/test-data.yaml itself here, never a number typed in a
// generator; without one the docs cannot be generated, and say why. A spec with no test data at
// all (a release recorded before it was described) signs with its own SALE example's card.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exampleSigning } from '../../generators/shared/example-signing.js';
import { s2sRequestExamples } from '../../generators/model/examples.js';
import { loadModel } from '../../generators/pipeline.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const yamlCards = (parse(readFileSync(join(PROJECT_ROOT, 'spec', 'test-data.yaml'), 'utf8')) as { cards: { number: string; expiry: string; scenario: string }[] }).cards;

describe('exampleSigning', () => {
  it('signs with the first success card with an expiry of spec/test-data.yaml', async () => {
    const model = await loadModel(PROJECT_ROOT);
    const card = yamlCards.find((candidate) => candidate.scenario === 'success' && candidate.expiry !== 'any')!;
    expect(exampleSigning(model, ['card_number', 'payer_email'])).toEqual({ card_number: card.number, payer_email: 'doe@example.com' });
  });

  it('names the missing test card when the spec lists none', () => {
    const document = { info: { 'x-test-data': { cards: [], identifiers: [] } } } as unknown as Parameters<typeof exampleSigning>[0]['document'];
    expect(() => exampleSigning({ document, s2sOperation: undefined }, ['card_number'])).toThrow('lists none with an expiry');
    expect(exampleSigning({ document, s2sOperation: undefined }, ['payer_email'])).toEqual({ payer_email: 'doe@example.com' });
  });

  it('signs with the S2S CARD SALE example\'s card when the spec describes no test data (the 6.7.0 release)', async () => {
    const model = await loadModel(PROJECT_ROOT, 'spec/releases/6.7.0.yaml');
    expect(model.document.info['x-test-data']).toBeUndefined();
    const sale = s2sRequestExamples(model, 'card', 'SALE')[0]!;
    expect(exampleSigning(model, ['card_number'])).toEqual({ card_number: sale.value['card_number'] });
    expect(() => exampleSigning({ document: model.document, s2sOperation: undefined }, ['card_number'])).toThrow("SALE example's card");
  });
});
