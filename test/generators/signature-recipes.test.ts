// A request's x-signature recipe may not use sortedValues: the client's request signer goes
// without it, so the model refuses such a recipe at generation (given/want). One it accepts is
// read exactly as any recipe is.
import { describe, expect, it } from 'vitest';
import { requestRecipe, signatureRecipe } from '../../generators/model/signature-recipes.js';

const named = { description: 'd', digests: ['md5'], input: { upper: ['order_id', '$password'] } };
const sorted = { sortedValues: { reverseEach: false, exclude: ['hash'] } };

describe('requestRecipe', () => {
  it.each<[string, unknown]>([
    ['a formula of named fields', named],
    [
      'cases and variants of named fields',
      {
        ...named,
        cases: [{ when: 'card_token', input: ['card_token'] }],
        variants: { vendor: { description: 'v', input: ['trans_id'] } },
      },
    ],
  ])('accepts %s, read as signatureRecipe reads it', (_name, recipe) => {
    expect(requestRecipe(recipe, 'SALE')).toEqual(signatureRecipe(recipe, 'SALE'));
  });

  it('refuses no recipe as signatureRecipe does', () => {
    expect(() => requestRecipe(undefined, 'SALE')).toThrow('SALE: no x-signature recipe');
  });

  it.each<[string, unknown]>([
    ['in the input', { ...named, input: { upper: [sorted, '$password'] } }],
    ['in a case', { ...named, cases: [{ when: 'card_token', input: sorted }] }],
    ['in a variant', { ...named, variants: { vendor: { description: 'v', input: [sorted] } } }],
  ])('refuses sortedValues %s, naming the operation', (_name, recipe) => {
    expect(() => requestRecipe(recipe, 'S2S CARD SALE')).toThrow('S2S CARD SALE: sortedValues signs callbacks only');
  });
});
