// Tokens of the TypeScript subset that subset-format prints. Anything outside it (template
// literals, regular expression literals, line comments, arrows, spreads) throws `Unsupported`,
// and the declaration goes to prettier instead.

export class Unsupported extends Error {}

export type TokenKind = 'name' | 'string' | 'number' | 'punct' | 'comment' | 'end';

export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  /** Newlines between the previous token and this one (prettier keeps one blank line of the source). */
  readonly newlines: number;
}

// Longest first, so `!==` wins over `!=` and `!`.
const PUNCTUATORS = [
  '===', '!==', '**=', '&&=', '||=', '??=',
  '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '%=', '**',
  '{', '}', '(', ')', '[', ']', ';', ',', '<', '>', '+', '-', '*', '%', '!', '?', ':', '=', '.', '&', '|', '^', '~',
];
const PUNCTUATORS_BY_FIRST = new Map<string, string[]>();
for (const punct of PUNCTUATORS) PUNCTUATORS_BY_FIRST.set(punct[0]!, [...(PUNCTUATORS_BY_FIRST.get(punct[0]!) ?? []), punct]);
/** Numbers prettier prints unchanged: no exponent, no hex, no trailing zero in a fraction. */
const PLAIN_NUMBER = /^(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9])?$/;

const isDigit = (code: number) => code >= 48 && code <= 57;
const isNameStart = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36;
const isNamePart = (code: number) => isNameStart(code) || isDigit(code);

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let newlines = 0;
  const push = (kind: TokenKind, start: number) => {
    tokens.push({ kind, text: text.slice(start, i), newlines });
    newlines = 0;
  };
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      newlines++;
      i++;
    } else if (code === 32 || code === 9 || code === 13) {
      i++;
    } else if (isNameStart(code)) {
      const start = i++;
      while (i < text.length && isNamePart(text.charCodeAt(i))) i++;
      push('name', start);
    } else if (code === 34 || code === 39) {
      const start = i++;
      for (;;) {
        const next = text.charCodeAt(i);
        if (Number.isNaN(next) || next === 10) throw new Unsupported('unterminated string');
        i += next === 92 ? 2 : 1;
        if (next === code) break;
      }
      push('string', start);
    } else if (isDigit(code)) {
      const start = i++;
      while (i < text.length && (isNamePart(text.charCodeAt(i)) || text.charCodeAt(i) === 46)) i++;
      if (!PLAIN_NUMBER.test(text.slice(start, i))) throw new Unsupported('number prettier would rewrite');
      push('number', start);
    } else if (code === 47) {
      if (text.charCodeAt(i + 1) !== 42) throw new Unsupported('line comment, division or regular expression');
      const end = text.indexOf('*/', i + 2);
      const newline = text.indexOf('\n', i);
      if (end < 0 || (newline >= 0 && newline < end)) throw new Unsupported('multi-line comment');
      const start = i;
      i = end + 2;
      push('comment', start);
    } else {
      const punct = PUNCTUATORS_BY_FIRST.get(text[i]!)?.find((candidate) => text.startsWith(candidate, i));
      // `?.` followed by a digit is a conditional and a number (`a?.5:1`): not written by emitters.
      if (!punct || (punct === '?.' && isDigit(text.charCodeAt(i + 2)))) throw new Unsupported(`character ${JSON.stringify(text[i])}`);
      const start = i;
      i += punct.length;
      push('punct', start);
    }
  }
  tokens.push({ kind: 'end', text: '', newlines });
  return tokens;
}
