// The Luhn check digit of a card number (ISO/IEC 7812): a mistyped PAN almost always fails it,
// and the platform refuses it (facts §5.1), so the client refuses it before sending.

/** A digit doubled, its two digits summed (7 → 14 → 5): the Luhn sum's every second term. */
const DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];

/**
 * True when the digits pass the Luhn check; a value with anything but digits is left to `pattern`.
 * Two digits a turn from the right, the doubled one through a table: it runs on every card
 * request's valid path.
 */
export function luhn(value: string): boolean {
  let sum = 0;
  let i = value.length - 1;
  for (; i > 0; i -= 2) {
    const kept = value.charCodeAt(i) - 48;
    const doubled = value.charCodeAt(i - 1) - 48;
    // `>>> 0` folds "below '0'" into "above 9": one comparison per digit.
    if (kept >>> 0 > 9 || doubled >>> 0 > 9) return true;
    sum += kept + DOUBLED[doubled]!;
  }
  if (i === 0) {
    const kept = value.charCodeAt(0) - 48;
    if (kept >>> 0 > 9) return true;
    sum += kept;
  }
  return sum % 10 === 0;
}
