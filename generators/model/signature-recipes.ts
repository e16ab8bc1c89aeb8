// Reads an `x-signature` recipe from the spec and checks its shape, so a typo in the spec fails
// generation instead of producing a client that signs wrongly; lists the fields a recipe reads.
// The client's runtime interprets the same recipes (templates/runtime/signature.ts);
// test/generators/signature-recipes.test.ts checks that both read the same fields of every recipe.

const DIGESTS = new Set(['md5', 'sha1', 'sha256']);
const OPERATIONS = new Set(['upper', 'reverse', 'first6last4', 'sortedValues']);
/** The expression that stands for the merchant's password: hashed, never a field. */
const PASSWORD = '$password';

/** A checked recipe, as the runtime's SignatureRecipe reads it. */
export interface SignatureRecipeData {
  readonly description: string;
  readonly digests: readonly string[];
  readonly input: unknown;
  readonly cases?: readonly { readonly when: string | { readonly field: string; readonly equals: string }; readonly input: unknown }[];
  /**
   * Other formulas a deployment may select by name (`vendor`: the vendor appendix's S2S CARD
   * status-style formula), each with the signing-only fields it needs (filled in by the model).
   */
  readonly variants?: Readonly<Record<string, SignatureVariantData>>;
}

export interface SignatureVariantData {
  readonly input: unknown;
  readonly cases?: NonNullable<SignatureRecipeData['cases']>;
  readonly signing?: readonly string[];
}

export function signatureRecipe(recipe: unknown, where: string): SignatureRecipeData {
  if (typeof recipe !== 'object' || recipe === null) throw new Error(`${where}: no x-signature recipe`);
  const { description, digests, input, cases, context, variants, ...rest } = recipe as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw new Error(`${where}: unknown recipe keys ${Object.keys(rest).join(', ')}`);
  if (typeof description !== 'string' || description.trim() === '') throw new Error(`${where}: the recipe needs a description`);
  if (!Array.isArray(digests) || digests.length === 0 || !digests.every((digest) => DIGESTS.has(digest))) {
    throw new Error(`${where}: digests must list md5, sha1 or sha256`);
  }
  checkExpression(input, where);
  signingContextNames(context, where);
  checkCases(cases, where);
  return {
    description: description.replace(/\s+/g, ' ').trim(),
    digests: digests as string[],
    input,
    ...(cases ? { cases: cases as NonNullable<SignatureRecipeData['cases']> } : {}),
    ...(variants === undefined ? {} : { variants: signatureVariants(variants, where) }),
  };
}

/**
 * A request's recipe, read and checked as `signatureRecipe` does, and refused when any of its
 * formulas (cases and variants too) uses `sortedValues`: the client's request signer goes without
 * it (only callbacks sign every field's value), so such a recipe would fail at the first call
 * instead of at generation.
 */
export function requestRecipe(recipe: unknown, where: string): SignatureRecipeData {
  const checked = signatureRecipe(recipe, where);
  const formulas = [checked, ...Object.values(checked.variants ?? {})].flatMap(recipeCoverage);
  if (formulas.some((formula) => formula.allExcept !== undefined)) throw new Error(`${where}: sortedValues signs callbacks only; a request's recipe names its fields`);
  return checked;
}

function checkCases(cases: unknown, where: string): void {
  if (cases === undefined) return;
  if (!Array.isArray(cases)) throw new Error(`${where}: cases must be a list`);
  for (const entry of cases as Record<string, unknown>[]) {
    const when = entry['when'] as { field?: unknown; equals?: unknown } | string | undefined;
    const valid = typeof when === 'string' || (typeof when === 'object' && when !== null && typeof when.field === 'string' && typeof when.equals === 'string');
    if (!valid) throw new Error(`${where}: every case needs \`when\`: a field name, or {field, equals}`);
    checkExpression(entry['input'], where);
  }
}

/** A recipe's `variants`: name → {description, input, cases}; the description stays in the spec. */
function signatureVariants(variants: unknown, where: string): Record<string, SignatureVariantData> {
  if (typeof variants !== 'object' || variants === null || Array.isArray(variants)) throw new Error(`${where}: variants must map names to formulas`);
  const checked: Record<string, SignatureVariantData> = {};
  for (const [name, variant] of Object.entries(variants as Record<string, Record<string, unknown>>)) {
    const { description, input, cases, ...rest } = variant ?? {};
    if (Object.keys(rest).length > 0 || typeof description !== 'string') throw new Error(`${where}: variant ${name} takes description, input and cases`);
    checkExpression(input, `${where} variant ${name}`);
    checkCases(cases, `${where} variant ${name}`);
    checked[name] = { input, ...(cases ? { cases: cases as NonNullable<SignatureRecipeData['cases']> } : {}) };
  }
  return checked;
}

function checkExpression(expression: unknown, where: string): void {
  if (typeof expression === 'string') return;
  if (Array.isArray(expression)) {
    expression.forEach((part) => checkExpression(part, where));
    return;
  }
  if (typeof expression !== 'object' || expression === null) throw new Error(`${where}: bad recipe expression ${JSON.stringify(expression)}`);
  const keys = Object.keys(expression);
  const operation = keys[0];
  if (keys.length !== 1 || !operation || !OPERATIONS.has(operation)) {
    throw new Error(`${where}: a recipe operation is one of ${[...OPERATIONS].join(', ')}, got ${keys.join(', ')}`);
  }
  if (operation !== 'sortedValues') checkExpression((expression as Record<string, unknown>)[operation], where);
}

/**
 * Visits, in order, each field a checked expression reads by name (`order.amount` as written) and
 * each `sortedValues` it hashes (with the fields that one excludes).
 */
export function visitExpression(expression: unknown, field: (name: string) => void, sorted: (exclude: readonly string[]) => void): void {
  if (typeof expression === 'string') {
    if (expression !== PASSWORD) field(expression);
  } else if (Array.isArray(expression)) for (const part of expression) visitExpression(part, field, sorted);
  else {
    const [operation, operand] = Object.entries(expression as Record<string, unknown>)[0]!;
    if (operation === 'sortedValues') sorted((operand as { exclude?: readonly string[] }).exclude ?? []);
    else visitExpression(operand, field, sorted);
  }
}

/** Every field name a recipe reads (its expressions and its cases' `when`). */
export function recipeFields(recipe: Pick<SignatureRecipeData, 'input' | 'cases'>): string[] {
  const names = new Set<string>();
  const add = (name: string) => names.add(name);
  visitExpression(recipe.input, add, () => undefined);
  for (const { when, input } of recipe.cases ?? []) {
    add(typeof when === 'string' ? when : when.field);
    visitExpression(input, add, () => undefined);
  }
  return [...names].sort();
}

/**
 * A recipe's `context`: for a field the signature covers that a callback may not carry, the name
 * the merchant's own request gave it (`card` → `card_number`, `order_amount` → `order.amount`).
 */
export function signingContextNames(context: unknown, where: string): Readonly<Record<string, string>> {
  if (context === undefined) return {};
  if (typeof context !== 'object' || context === null || Array.isArray(context)) throw new Error(`${where}: context must map recipe fields to request names`);
  for (const [field, name] of Object.entries(context)) {
    if (typeof name !== 'string' || name === '') throw new Error(`${where}: context.${field} must be a request field name`);
  }
  return context as Record<string, string>;
}

/**
 * What one formula of a recipe covers: the top-level fields it reads, or every field but the
 * excluded ones (`sortedValues`). A `when` field selects a formula without being hashed by it,
 * so it is not counted.
 */
export interface RecipeCoverage {
  readonly fields: readonly string[];
  readonly allExcept?: readonly string[];
}

export function recipeCoverage(recipe: Pick<SignatureRecipeData, 'input' | 'cases'>): RecipeCoverage[] {
  const formula = (input: unknown): RecipeCoverage => {
    const fields = new Set<string>();
    let allExcept: string[] | undefined;
    visitExpression(
      input,
      (name) => fields.add(name.split('.')[0]!),
      (exclude) => (allExcept = [...exclude]),
    );
    return { fields: [...fields].sort(), ...(allExcept ? { allExcept } : {}) };
  };
  return [formula(recipe.input), ...(recipe.cases ?? []).map((entry) => formula(entry.input))];
}
