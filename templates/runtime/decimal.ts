// Limits on decimal strings (amounts travel as strings): compared exactly, digit by digit. A module
// of its own: few schemas use it (see validation.ts).

const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/**
 * Compares two decimal strings exactly (no floating point): negative, zero or positive like
 * `a - b`; NaN when either is not a plain decimal (its `pattern` reports that instead).
 */
export function compareDecimal(a: string, b: string): number {
  if (!DECIMAL.test(a) || !DECIMAL.test(b)) return Number.NaN;
  const width = Math.max(fractionDigits(a), fractionDigits(b));
  const [signA, digitsA] = scaled(a, width);
  const [signB, digitsB] = scaled(b, width);
  if (signA !== signB) return signA - signB;
  // Same sign: the longer digit string (no leading zeros) is the larger magnitude, then the greater.
  const magnitude = digitsA.length - digitsB.length || (digitsA < digitsB ? -1 : digitsA > digitsB ? 1 : 0);
  return signA * Math.sign(magnitude);
}

/** A decimal's sign (0 for any zero) and its digits scaled to `width` decimals, without leading zeros. */
function scaled(text: string, width: number): [sign: number, digits: string] {
  const [whole = '', fraction = ''] = text.replace('-', '').split('.');
  const digits = (whole + fraction.padEnd(width, '0')).replace(/^0+/, '');
  return [digits === '' ? 0 : text.startsWith('-') ? -1 : 1, digits];
}

/** The digits after the point of a decimal string (`'1.999'` has 3, `'10'` none). */
export function fractionDigits(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}
