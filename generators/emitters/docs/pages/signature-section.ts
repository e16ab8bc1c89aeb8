// The signature part of a page: the recipe as a formula and in steps, then a worked example
// computed by the runtime's signer over the page's own example.
import type { SignatureRecipeData } from '../../../model/signature-recipes.js';
import { fence, page } from '../markdown.js';
import { recipeText, type RecipeContext } from '../recipe-text.js';
import { workedSignature } from '../samples.js';

/** `context`: a callback's values the platform signs with from the payment (`x-signature.context`). */
export function signatureSection(heading: string, constant: string, recipe: SignatureRecipeData, fields: Readonly<Record<string, unknown>> | undefined, context?: RecipeContext): string {
  const text = recipeText(recipe, context);
  return page(
    heading,
    fence('php', text.formulas.join('\n')),
    text.steps.map((step, index) => `${index + 1}. ${step}`).join('\n'),
    `The client computes it for you (\`${constant}\`); the steps are here to check a hash by hand.`,
    fields ? '**Worked example** (recomputed by the runtime signer at generation; reproduce it with any md5/sha1 tool):' : undefined,
    fields ? workedSignature(constant, recipe, fields) : undefined,
  );
}
