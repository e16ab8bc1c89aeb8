// The formulas are PHP string functions, which work on bytes. Values are evaluated as byte
// strings (one char per UTF-8 byte, char codes 0-255), so a non-ASCII value reverses and
// upper-cases exactly as the platform does it, and an ASCII value (the usual case) needs no copy.

const NON_ASCII = /[\u0080-\uffff]/;
const LOWER_ASCII = /[a-z]+/g;

/** The UTF-8 bytes of a value as a byte string. */
export function byteString(text: string): string {
  return NON_ASCII.test(text) ? Buffer.from(text, 'utf8').toString('latin1') : text;
}

/** PHP strtoupper: only ASCII a-z change (toUpperCase alone would change bytes of UTF-8 letters). */
export function upperAscii(bytes: string): string {
  return NON_ASCII.test(bytes) ? bytes.replace(LOWER_ASCII, (run) => run.toUpperCase()) : bytes.toUpperCase();
}

/** PHP strrev: reverses bytes. */
export function reverseBytes(bytes: string): string {
  let out = '';
  for (let i = bytes.length - 1; i >= 0; i--) out += bytes[i];
  return out;
}

/** PHP substr(x, 0, 6) . substr(x, -4). */
export function first6last4(bytes: string): string {
  return bytes.length <= 10 ? bytes : bytes.slice(0, 6) + bytes.slice(-4);
}
