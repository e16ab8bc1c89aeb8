// Limits on decimal strings (amounts travel as strings): compared exactly, digit by digit. A module
// of its own: few schemas use it (see validation.ts).

const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/**
 * Compares two decimal strings exactly (no floating point): negative, zero or positive like
 * `a - b`; NaN when either is not a plain decimal (its `pattern` reports that instead).
 */
export function compareDecimal(a: string, b: string): number {
  if (!DECIMAL.test(a) || !DECIMAL.test(b)) return Number.NaN;
  const signA = a.startsWith('-') ? -1 : 1;
  const signB = b.startsWith('-') ? -1 : 1;
  const [intA = '', fracA = ''] = a.replace('-', '').split('.');
  const [intB = '', fracB = ''] = b.replace('-', '').split('.');
  const width = Math.max(fracA.length, fracB.length);
  const digitsA = (intA.replace(/^0+(?=.)/, '') + fracA.padEnd(width, '0')).replace(/^0+(?=.)/, '');
  const digitsB = (intB.replace(/^0+(?=.)/, '') + fracB.padEnd(width, '0')).replace(/^0+(?=.)/, '');
  const magnitude =
    digitsA.length !== digitsB.length
      ? digitsA.length - digitsB.length
      : digitsA < digitsB
        ? -1
        : digitsA > digitsB
          ? 1
          : 0;
  const zeroA = /^0*$/.test(digitsA);
  const zeroB = /^0*$/.test(digitsB);
  const effectiveA = zeroA ? 0 : signA;
  const effectiveB = zeroB ? 0 : signB;
  if (effectiveA !== effectiveB) return effectiveA - effectiveB;
  return effectiveA === 0 ? 0 : effectiveA * Math.sign(magnitude);
}

/** The digits after the point of a decimal string (`'1.999'` has 3, `'10'` none). */
export function fractionDigits(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/** The decimals `table` gives `currency` (a currency code), or -1 when it gives none. */
export function currencyDecimals(table: Readonly<Record<string, number>>, currency: unknown): number {
  return typeof currency === 'string' && Object.hasOwn(table, currency) ? table[currency]! : -1;
}
