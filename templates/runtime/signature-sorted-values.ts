// A `sortedValues` formula: every field's value (but the excluded ones) in PHP ksort key order,
// nested objects recursively. Only callback signatures use it, so it is a module of its own that
// a bundle sending only requests leaves out.
import { byteString, reverseBytes } from './php-strings.js';

/** Values of every field but the excluded ones, in PHP ksort key order, nested objects recursively. */
export function sortedValues(node: unknown, reverseEach: boolean, exclude: ReadonlySet<string>, top: boolean): string {
  if (node === undefined || node === null) return '';
  if (typeof node !== 'object') {
    const bytes = byteString(String(node));
    return reverseEach ? reverseBytes(bytes) : bytes;
  }
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => !(top && exclude.has(key)))
    .map((key) => [phpKey(key), key] as const)
    .sort(([a], [b]) => ksortCompare(a, b));
  let out = '';
  for (const [, key] of keys) out += sortedValues(record[key], reverseEach, exclude, false);
  return out;
}

// PHP ksort (SORT_REGULAR, PHP 8). An array key that is a canonical decimal integer ("10", not
// "010" or "1.5") is stored as an int. Two ints compare as numbers; an int and a numeric string,
// or two numeric strings, compare as numbers; otherwise both compare as byte strings (an int by
// its decimal text). The sort is stable (PHP 8), as Array.prototype.sort is.

type PhpKey = { readonly int: number; readonly text: string } | { readonly int?: undefined; readonly text: string };

const CANONICAL_INT = /^(?:0|-?[1-9][0-9]{0,15})$/;
/** PHP 8 numeric string: optional surrounding whitespace, a sign, digits with a fraction or an exponent. */
const NUMERIC_STRING = /^[ \t\n\r\v\f]*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[ \t\n\r\v\f]*$/;

function phpKey(key: string): PhpKey {
  const text = byteString(key);
  return CANONICAL_INT.test(key) && Number.isSafeInteger(Number(key)) ? { int: Number(key), text } : { text };
}

function ksortCompare(a: PhpKey, b: PhpKey): number {
  const numberA = a.int ?? (NUMERIC_STRING.test(a.text) ? Number(a.text) : undefined);
  const numberB = b.int ?? (NUMERIC_STRING.test(b.text) ? Number(b.text) : undefined);
  // Numbers when both are numbers, or one is an int key and the other a numeric string.
  if (numberA !== undefined && numberB !== undefined) return numberA < numberB ? -1 : numberA > numberB ? 1 : 0;
  // Byte strings compare by char code, which is byte order (strcmp).
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}
