// A request's x-signature recipe may not use sortedValues: the client's request signer goes
// without it, so the model refuses such a recipe at generation (given/want). One it accepts is
// read exactly as any recipe is.
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { recipeCoverage, recipeFields, requestRecipe, signatureRecipe } from '../../generators/model/signature-recipes.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import type { SignatureExpression, SignatureRecipe } from '../../templates/runtime/signature.js';
import { recipeFieldNames, visitFields } from '../../templates/runtime/signature-fields.js';
import { loadBundledSpec } from '../support/spec-examples.js';

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

// The model reads a recipe's fields with its own walk (generators/model stands apart from the
// templates); the client's runtime, which signs with the recipe, reads them with its own. Both
// read the same fields of every recipe the spec has, of every formula, case and variant.
describe('the model and the runtime read the same fields of every recipe', () => {
  const model = buildSpecModel(loadBundledSpec() as OpenApiDocument, []);
  const recipes = [
    ...model.s2sActions.map((action) => [`${action.protocol} ${action.action}`, action.signature] as const),
    ...model.checkoutOperations.flatMap((operation) => (operation.signature ? [[operation.operationId, operation.signature] as const] : [])),
    ...model.webhooks.map((webhook) => [webhook.name, webhook.signature] as const),
  ].flatMap(([name, recipe]) => [[name, recipe] as const, ...Object.entries(recipe.variants ?? {}).map(([variant, formula]) => [`${name} ${variant}`, formula] as const)]);

  it.each(recipes)('%s', (_name, recipe) => {
    expect(recipeFields(recipe)).toEqual(recipeFieldNames(recipe as SignatureRecipe).sort());
    const runtime = [recipe.input, ...(recipe.cases ?? []).map((entry) => entry.input)].map((input) => {
      const fields = new Set<string>();
      let allExcept: string[] | undefined;
      visitFields(input as SignatureExpression, (name) => fields.add(name.split('.')[0]!), (exclude) => (allExcept = [...exclude]));
      return { fields: [...fields].sort(), ...(allExcept ? { allExcept } : {}) };
    });
    expect(recipeCoverage(recipe)).toEqual(runtime);
  });
});
