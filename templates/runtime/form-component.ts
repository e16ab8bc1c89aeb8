// One name or value of a form body, percent-encoded as URLSearchParams writes it: the codec
// encodes with it, and `sensitive` finds a secret the way the codec wrote it. A module of its own
// so that neither imports the other.

/**
 * The form encoding of each ASCII character: itself for alphanumerics and `*-._` (the WHATWG
 * urlencoded set leaves those), `+` for a space, `%XX` for the rest.
 */
const ASCII_ENCODED: readonly string[] = Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  if (/[A-Za-z0-9*\-._]/.test(char)) return char;
  return code === 32 ? '+' : `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
});
/** What encodeURIComponent leaves alone but the form encoding escapes, and the space that becomes `+`. */
const URI_EXTRAS = /[!'()~]|%20/g;
const escapeExtra = (match: string): string =>
  match === '%20' ? '+' : `%${match.charCodeAt(0).toString(16).toUpperCase()}`;

/**
 * One name or value, percent-encoded exactly as URLSearchParams serializes it. ASCII text (the
 * usual field) is encoded in one pass over a table, copying nothing when nothing needs escaping.
 */
export function encodeFormComponent(text: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) return encodeUnicode(text);
    const encoded = ASCII_ENCODED[code]!;
    if (encoded.length === 1 && code !== 32) continue;
    out += text.slice(copied, i) + encoded;
    copied = i + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Text with non-ASCII characters: UTF-8 percent-encoding through encodeURIComponent. */
function encodeUnicode(text: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    // A lone surrogate: URLSearchParams writes U+FFFD for it, encodeURIComponent throws.
    return new URLSearchParams([['', text]]).toString().slice(1);
  }
  return encoded.replace(URI_EXTRAS, escapeExtra);
}
