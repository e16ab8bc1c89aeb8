// The amount rule's given/want cases, shared by the TypeScript and PHP validator tests.

/** [amount, currency, accepted]: the cases and each branch of the table. */
export const AMOUNT_CASES: readonly (readonly [string, string, boolean])[] = [
  ['1.999', 'USD', false],
  ['1.99', 'USD', true],
  ['10', 'USD', true],
  ['1.999', 'BHD', true],
  ['1.9999', 'KWD', false],
  ['10.5', 'XOF', false],
  ['10', 'XOF', true],
  // The platform's exceptions: zero-exponent in ISO 4217, sent as XX.XX.
  ['100.00', 'JPY', true],
  ['100.001', 'JPY', false],
  ['1.2345', 'CLF', true],
  // No minor unit in ISO's list, or no ISO currency at all: no rule.
  ['1.23456', 'XAU', true],
  ['0.00012345', 'BTC', true],
];
