// The Luhn check digit of a card number (ISO/IEC 7812): a mistyped PAN almost always fails it,
// and the platform refuses it (facts §5.1), so the client refuses it before sending.

/** True when the digits pass the Luhn check; a value with anything but digits is left to `pattern`. */
export function luhn(value: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = value.length - 1; i >= 0; i--) {
    let digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return true;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}
