// The words of a validation issue, per keyword. Shared by the validator emitters of every
// language, so an issue reads the same from each client (the PHP parity test compares them).

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const characters = (n: number) => count(n, 'character', 'characters');
const items = (n: number) => count(n, 'item', 'items');
const properties = (n: number) => count(n, 'property', 'properties');

/** A value in a message: JSON. */
const shown = (value: unknown): string => JSON.stringify(value);

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

export const ISSUE_WORDS = {
  type: (types: readonly string[]) => `must be ${types.map((type) => ARTICLE[type] ?? type).join(' or ')}`,
  const: (value: unknown) => `must be ${shown(value)}`,
  enum: (values: readonly unknown[]) =>
    `must be one of: ${values.length === 0 ? '(no value)' : values.map((value) => (typeof value === 'string' ? value : shown(value))).join(', ')}`,
  required: 'is required',
  dependentRequired: (trigger: string) => `is required when ${trigger} is present`,
  forbidden: 'must not be present',
  minProperties: (n: number) => `must have at least ${properties(n)}`,
  maxProperties: (n: number) => (n === 0 ? 'must be empty' : `must have at most ${properties(n)}`),
  minLength: (n: number) => `must be at least ${characters(n)}`,
  // A safety cap is this client's guard, not a platform rule: the message says so (spec/README.md).
  maxLength: (n: number, safetyCap: boolean) => `must be at most ${characters(n)}${safetyCap ? ' (a safety cap of this client, not a platform limit)' : ''}`,
  /** `words` as the bound reads: "at least", "less than". */
  bound: (words: string, limit: number | string) => `must be ${words} ${limit}`,
  multipleOf: (step: number) => `must be a multiple of ${step}`,
  pattern: (pattern: string) => `must match the pattern ${pattern}`,
  format: (format: string) => `must be a valid ${format}`,
  luhn: 'must be a card number whose check digit is right (Luhn check): it is mistyped',
  /** An amount's decimals, by the currency `currencyField` names (its ISO 4217 minor unit, or the platform's exception). */
  amountDecimals: (count: number, currencyField: string) =>
    `must have ${count === 0 ? 'no decimals' : `at most ${count} decimal${count === 1 ? '' : 's'}`}: that is what its currency (${currencyField}) takes`,
  jsonDocument: 'must be a JSON document',
  minItems: (n: number) => `must have at least ${items(n)}`,
  maxItems: (n: number) => `must have at most ${items(n)}`,
  /** `items: false` after `n` prefix items. */
  itemsBeyond: (n: number) => (n === 0 ? 'must have no items' : `must have at most ${items(n)}`),
  uniqueItems: 'must not repeat an item',
  minContains: (n: number) => `must contain at least ${items(n)} matching the contains schema`,
  maxContains: (n: number) => `must contain at most ${items(n)} matching the contains schema`,
  anyOf: 'must match at least one of',
  oneOfNone: 'must match exactly one of',
  oneOfMany: (listed: string) => `must match only one of: ${listed}`,
  discriminator: (allowed: readonly string[]) => `must be one of: ${allowed.join(', ')}`,
  not: 'must not match the excluded schema',
} as const;
