// A signature recipe written as the PHP formula the platform's own documents use (`strrev`,
// `strtoupper`, `.`). The docs site prints it, and the sandbox names it when a hash is wrong: one
// rendering of the recipe's structure, never its free-text description.
import { PASSWORD_TOKEN, type SignatureExpression, type SignatureRecipe } from './signature.js';

/** The input expression as a formula: `strtoupper(strrev(payer_email) . PASSWORD)`. */
export function formulaText(expression: SignatureExpression): string {
  if (typeof expression === 'string') return expression === PASSWORD_TOKEN ? 'PASSWORD' : expression;
  if (Array.isArray(expression)) return expression.map(formulaText).join(' . ');
  if (typeof expression !== 'object' || expression === null)
    throw new Error(`Unknown recipe expression ${JSON.stringify(expression)}`);
  if ('upper' in expression) return `strtoupper(${formulaText(expression.upper)})`;
  if ('reverse' in expression) return `strrev(${formulaText(expression.reverse)})`;
  if ('first6last4' in expression) {
    const inner = formulaText(expression.first6last4);
    return `substr(${inner}, 0, 6) . substr(${inner}, -4)`;
  }
  if ('sortedValues' in expression) {
    const { reverseEach, exclude } = expression.sortedValues;
    return `${reverseEach ? 'strrev_each' : 'values'}(ksort(fields${exclude.length > 0 ? ` except ${exclude.join(', ')}` : ''}))`;
  }
  throw new Error(`Unknown recipe expression ${JSON.stringify(expression)}`);
}

/** The digest chain around an input formula: `sha1(md5(...))`. */
export function digestFormula(recipe: { readonly digests: readonly string[] }, input: string): string {
  return recipe.digests.reduce((inner, digest) => `${digest}(${inner})`, input);
}

/** The whole recipe on one line: each case with its condition, then the default formula. */
export function recipeFormula(recipe: SignatureRecipe): string {
  const cases = (recipe.cases ?? []).map(
    (entry) =>
      `${digestFormula(recipe, formulaText(entry.input))} when ${typeof entry.when === 'string' ? `${entry.when} is sent` : `${entry.when.field}=${entry.when.equals}`}`,
  );
  const otherwise = digestFormula(recipe, formulaText(recipe.input));
  return cases.length > 0 ? `${cases.join('; ')}; otherwise ${otherwise}` : otherwise;
}
