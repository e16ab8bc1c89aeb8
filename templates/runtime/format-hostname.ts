// JSON Schema format `hostname` (RFC 1123, IDNA2008 A-labels): a module of its own, as every format
// (see validation.ts).

// RFC 1123 host names (letters, digits, hyphens; labels of 1-63, 253 in all) and, for labels
// starting `xn--`, IDNA2008 A-labels: valid Punycode (RFC 3492) whose U-label passes RFC 5891's
// checks and RFC 5892's contextual rules. The code-point table is approximated by Unicode
// general categories plus RFC 5892's exceptions; the contextual rules are exact.
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const IDNA_DISALLOWED = new Set([0x0640, 0x07fa, 0x302e, 0x302f, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303b]);
const IDNA_PVALID = new Set([0x00df, 0x03c2, 0x06fd, 0x06fe, 0x0f0b, 0x3007]);
const VIRAMAS = new Set([
  0x094d, 0x09cd, 0x0a4d, 0x0acd, 0x0b4d, 0x0bcd, 0x0c4d, 0x0ccd, 0x0d3b, 0x0d3c, 0x0d4d, 0x0dca, 0x0e3a, 0x0eba,
  0x0f84, 0x1039, 0x103a, 0x1714, 0x1734, 0x17d2, 0x1a60, 0x1b44, 0x1baa, 0x1bab, 0x1bf2, 0x1bf3, 0x2d7f, 0xa806,
  0xa8c4, 0xa953, 0xa9c0, 0xaaf6, 0xabed,
]);
const PVALID_CATEGORY = /^[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}-]$/u;
const GREEK = /\p{Script=Greek}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const ARABIC_JOINING = /\p{Script=Arabic}/u;
const TRANSPARENT = /\p{Mn}/u;

/** RFC 3492 decoding of the part after `xn--`; undefined when it is not valid Punycode. */
function punycodeDecode(input: string): number[] | undefined {
  const base = 36;
  const delimiter = input.lastIndexOf('-');
  const output: number[] = [];
  for (let j = 0; j < Math.max(delimiter, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = 128;
  let bias = 72;
  let i = 0;
  let first = true;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length;) {
    const oldi = i;
    for (let w = 1, k = base; ; k += base) {
      if (index >= input.length) return undefined;
      const code = input.charCodeAt(index++);
      const digit = code - 48 < 10 ? code - 22 : code - 65 < 26 ? code - 65 : code - 97 < 26 ? code - 97 : base;
      if (digit >= base) return undefined;
      i += digit * w;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      w *= base - t;
      if (i > 0x10ffff * 64) return undefined;
    }
    const length = output.length + 1;
    let delta = first ? Math.floor((i - oldi) / 700) : Math.floor((i - oldi) / 2);
    first = false;
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > ((base - 1) * 26) >> 1; k += base) delta = Math.floor(delta / (base - 1));
    bias = k + Math.floor((base * delta) / (delta + 38));
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return output;
}

/** RFC 5891 section 5.4 and RFC 5892's rules on a decoded U-label. */
function uLabelOk(points: readonly number[]): boolean {
  if (points.length === 0 || points.every((point) => point < 0x80)) return false;
  const chars = points.map((point) => String.fromCodePoint(point));
  if (/^\p{M}/u.test(chars[0]!) || (chars[2] === '-' && chars[3] === '-') || chars[0] === '-' || chars.at(-1) === '-')
    return false;
  const text = chars.join('');
  for (let i = 0; i < points.length; i++) {
    const point = points[i]!;
    const before = chars[i - 1];
    const after = chars[i + 1];
    switch (point) {
      case 0x00b7:
        if (before !== 'l' || after !== 'l') return false;
        continue;
      case 0x0375:
        if (after === undefined || !GREEK.test(after)) return false;
        continue;
      case 0x05f3:
      case 0x05f4:
        if (before === undefined || !HEBREW.test(before)) return false;
        continue;
      case 0x30fb:
        if (!JAPANESE.test(text.replace(/\u30fb/g, ''))) return false;
        continue;
      case 0x200d:
        if (!VIRAMAS.has(points[i - 1] ?? -1)) return false;
        continue;
      case 0x200c: {
        if (VIRAMAS.has(points[i - 1] ?? -1)) continue;
        let left = i - 1;
        while (left >= 0 && TRANSPARENT.test(chars[left]!)) left--;
        let right = i + 1;
        while (right < chars.length && TRANSPARENT.test(chars[right]!)) right++;
        if (
          left < 0 ||
          right >= chars.length ||
          !ARABIC_JOINING.test(chars[left]!) ||
          !ARABIC_JOINING.test(chars[right]!)
        )
          return false;
        continue;
      }
    }
    if (IDNA_DISALLOWED.has(point)) return false;
    if (!IDNA_PVALID.has(point) && !PVALID_CATEGORY.test(chars[i]!)) return false;
  }
  const arabicIndic = points.some((point) => point >= 0x0660 && point <= 0x0669);
  const extended = points.some((point) => point >= 0x06f0 && point <= 0x06f9);
  return !(arabicIndic && extended);
}

export function formatHostname(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  for (const label of value.split('.')) {
    if (!LDH_LABEL.test(label)) return false;
    if (label.length >= 4 && label[2] === '-' && label[3] === '-') {
      if (label.slice(0, 2).toLowerCase() !== 'xn') return false;
      const points = punycodeDecode(label.slice(4));
      if (points === undefined || !uLabelOk(points)) return false;
    }
  }
  return true;
}
