// The signature part of a page: the recipe as a formula and in steps, then a worked example
// computed by the runtime's signer over the page's own example.
import type { SignatureRecipeData } from '../../../model/signature-recipes.js';
import { fence, page } from '../markdown.js';
import { recipeText } from '../recipe-text.js';
import { workedSignature } from '../samples.js';

export function signatureSection(heading: string, constant: string, recipe: SignatureRecipeData, fields: Readonly<Record<string, unknown>> | undefined): string {
  const text = recipeText(recipe);
  return page(
    heading,
    fence('php', text.formulas.join('\n')),
    text.steps.map((step, index) => `${index + 1}. ${step}`).join('\n'),
    `The client computes it for you (\`${constant}\`); the steps are here to check a hash by hand.`,
    fields ? '**Worked example** (recomputed by the runtime signer at generation; reproduce it with any md5/sha1 tool):' : undefined,
    fields ? workedSignature(constant, recipe, fields) : undefined,
  );
}
