// A signature recipe (`x-signature`, read by generators/model/signature-recipes.ts) in words and
// in the PHP notation the platform's own documents use (`strrev`, `strtoupper`, `.`), rendered
// from the recipe's structure rather than from its free-text description.
import { digestFormula, formulaText } from '../../../templates/runtime/signature-formula.js';
import type { SignatureExpression } from '../../../templates/runtime/signature.js';
import type { SignatureRecipeData } from '../../model/signature-recipes.js';

type Expression = unknown;

const isOperation = (expression: Expression, name: string): expression is Record<string, unknown> =>
  typeof expression === 'object' && expression !== null && !Array.isArray(expression) && name in expression;

/** The input expression in words. */
export function expressionWords(expression: Expression): string {
  if (typeof expression === 'string') return expression === '$password' ? 'your password' : `\`${expression}\``;
  if (Array.isArray(expression)) {
    const parts = expression.map(expressionWords);
    return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}, concatenated with no separator`;
  }
  if (isOperation(expression, 'upper')) return `${wrap(expressionWords(expression['upper']))}, upper-cased (ASCII letters only, as PHP \`strtoupper\`)`;
  if (isOperation(expression, 'reverse')) return `${wrap(expressionWords(expression['reverse']))} reversed (\`strrev\`, byte by byte)`;
  if (isOperation(expression, 'first6last4')) return `the first six and the last four characters of ${expressionWords(expression['first6last4'])}`;
  if (isOperation(expression, 'sortedValues')) {
    const { reverseEach, exclude } = expression['sortedValues'] as { reverseEach: boolean; exclude: readonly string[] };
    const without = exclude.length > 0 ? ` except ${exclude.map((name) => `\`${name}\``).join(', ')}` : '';
    return `the value of every received field${without}, sorted by field name (PHP \`ksort\`, nested fields recursively)${reverseEach ? ', each value reversed on its own (`strrev`)' : ''}, concatenated`;
  }
  throw new Error(`Unknown recipe expression ${JSON.stringify(expression)}`);
}

const wrap = (text: string) => (text.includes(', ') ? `(${text})` : text);

export interface RecipeText {
  /** `hash = md5(strtoupper(...))`, then one line per case. */
  readonly formulas: readonly string[];
  /** Numbered steps in words. */
  readonly steps: readonly string[];
}

type Case = NonNullable<SignatureRecipeData['cases']>[number];

/**
 * Recipe field → the merchant request's name for it (a callback's `x-signature.context`): values
 * the platform signs with from the payment itself, whether or not the callback carries them.
 */
export type RecipeContext = Readonly<Record<string, string>>;

/** Where a field's value comes from: the message's own, or the payment's (`context`), in words. */
const fromPayment = (field: string, context: RecipeContext) =>
  `the callback's \`${field}\`, or, when the callback does not carry it, the ${context[field] === field ? 'one' : `\`${context[field]}\``} your payment request sent`;

/** A case's condition, in words and as the formula's comment. */
function condition(when: Case['when'], context: RecipeContext): { words: string; comment: string } {
  if (typeof when !== 'string') return { words: `\`${when.field}=${when.equals}\``, comment: `${when.field}=${when.equals}` };
  if (context[when] !== undefined)
    return { words: `the payment has a \`${when}\` (${fromPayment(when, context)})`, comment: `the payment has a ${when} (the callback's, else your request's)` };
  return { words: `\`${when}\` is sent`, comment: `${when} is sent` };
}

export function recipeText(recipe: SignatureRecipeData, context: RecipeContext = {}): RecipeText {
  const cases = recipe.cases ?? [];
  const formulas = [
    ...cases.map((entry) => `hash = ${digestFormula(recipe, formulaText(entry.input as SignatureExpression))}   // when ${condition(entry.when, context).comment}`),
    `hash = ${digestFormula(recipe, formulaText(recipe.input as SignatureExpression))}${cases.length > 0 ? '   // otherwise' : ''}`,
  ];
  const fromPaymentSteps = Object.keys(context).map((field) => `\`${field}\` is ${fromPayment(field, context)}: the platform signs with the payment's own value.`);
  const steps = [
    ...cases.map((entry) => `When ${condition(entry.when, context).words}, the string to sign is ${expressionWords(entry.input)}.`),
    `${cases.length > 0 ? 'Otherwise, the' : 'The'} string to sign is ${expressionWords(recipe.input)}.`,
    ...fromPaymentSteps,
    'A field the request does not carry counts as an empty string (it is left out).',
    ...recipe.digests.map((digest, index) =>
      index === 0
        ? `Take the ${digest === 'md5' ? 'md5 (sha256 when the operator has switched your account to SHA256)' : digest} of those bytes (UTF-8), written as lower-case hexadecimal.`
        : `Take the ${digest} of that hexadecimal text, again as lower-case hexadecimal.`,
    ),
    'The result is the `hash` field. The password itself is never sent.',
  ];
  return { formulas, steps };
}
