// Which fields a signature recipe reads: for the messages of a failed callback verification and
// for the generators (docs, spec diff). Apart from the interpreter in signature.ts, which is all
// a request needs, so a client's bundle does not carry them.
import {
  chosenInput,
  PASSWORD_TOKEN,
  readField,
  type SignatureCase,
  type SignatureExpression,
  type SignatureRecipe,
} from './signature.js';

/**
 * Visits, in order, each field an expression reads by name (`order.amount` as written) and each
 * `sortedValues` it hashes (with the fields that one excludes).
 */
export function visitFields(
  expression: SignatureExpression,
  field: (name: string) => void,
  sorted: (exclude: readonly string[]) => void,
): void {
  if (typeof expression === 'string') {
    if (expression !== PASSWORD_TOKEN) field(expression);
  } else if (Array.isArray(expression))
    for (const part of expression as readonly SignatureExpression[]) visitFields(part, field, sorted);
  else if ('sortedValues' in expression) sorted(expression.sortedValues.exclude);
  else for (const inner of Object.values(expression)) visitFields(inner as SignatureExpression, field, sorted);
}

/**
 * The top-level fields the formula chosen for these fields hashes (every field but the excluded
 * ones for `sortedValues`). A field outside this list can be changed without breaking the hash.
 */
export function coveredFields(recipe: SignatureRecipe, fields: Readonly<Record<string, unknown>>): string[] {
  const covered = new Set<string>();
  visitFields(
    chosenInput(recipe, fields),
    (name) => covered.add(name.split('.')[0]!),
    (exclude) => {
      for (const key of Object.keys(fields)) if (!exclude.includes(key)) covered.add(key);
    },
  );
  return [...covered];
}

/** Every field a recipe reads by name, in any of its formulas or to choose one (`action`, `payer_email`). */
export function recipeFieldNames(recipe: Pick<SignatureRecipe, 'input' | 'cases'>): string[] {
  const names = new Set<string>();
  const add = (name: string) => names.add(name);
  visitFields(recipe.input, add, () => undefined);
  for (const { when, input } of recipe.cases ?? []) {
    add(typeof when === 'string' ? when : when.field);
    visitFields(input, add, () => undefined);
  }
  return [...names];
}

/** The fields the formula chosen for these fields reads by name (not those a `sortedValues` hashes). */
export function chosenFieldNames(recipe: SignatureRecipe, fields: Readonly<Record<string, unknown>>): string[] {
  const names: string[] = [];
  visitFields(
    chosenInput(recipe, fields),
    (name) => names.push(name),
    () => undefined,
  );
  return names;
}

/** True when a case of the recipe is selected by a value these fields carry (`action=CREDIT2CARD`). */
export function selectedByValue(recipe: SignatureRecipe, fields: Readonly<Record<string, unknown>>): boolean {
  return caseByValue(recipe, fields) !== undefined;
}

function caseByValue(recipe: SignatureRecipe, fields: Readonly<Record<string, unknown>>): SignatureCase | undefined {
  return recipe.cases?.find(({ when }) => typeof when !== 'string' && readField(fields, when.field) === when.equals);
}

/**
 * Fields the recipe reads by name that are empty in these fields: where a value the signer needs
 * may be missing. Only the chosen formula's when a case selected it by value (`action`), else
 * every formula's, since a value that is present selects another formula.
 */
export function emptyRecipeFields(recipe: SignatureRecipe, fields: Readonly<Record<string, unknown>>): string[] {
  const byValue = caseByValue(recipe, fields);
  const names = new Set<string>();
  const formulas = byValue ? [byValue] : [recipe, ...(recipe.cases ?? [])];
  for (const { input } of formulas)
    visitFields(
      input,
      (name) => names.add(name),
      () => undefined,
    );
  return [...names].filter((name) => readField(fields, name) === '');
}
