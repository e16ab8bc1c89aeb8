// What a TypeScript module imports: every specifier of its static imports, `export … from`
// re-exports (type-only ones too: a declaration file reaches the module a type-only re-export
// names), string-literal `import()` calls and `require()` calls, as TypeScript's pre-processor
// finds them (test/generators/module-imports.test.ts holds the two to the same answer on every
// TypeScript source of the project).
//
// Read by a lexer of its own, which knows comments, strings, templates and regular expressions
// and looks at nothing else, in two passes. The first skips from one character that opens or
// closes something (a quote, a slash, a backtick, a brace in a template's substitution) or name
// that opens an import form to the next, by regular expressions: a module is a megabyte of code
// with a few dozen import forms, and a loop over its characters one by one took five times as
// long as the whole pass when not yet optimized, as in a one-off generation. The second reads
// each import form's tokens from where its name stands. Why not a library: es-module-lexer reads JavaScript only (it misses
// `export type { … } from`); oxc-parser hands its module record over with the whole syntax tree,
// about 150 ms of the main thread for the client package's modules, and TypeScript's
// pre-processor costs the compiler's load (0.7 to 1 s), both on the path of a regeneration after
// a description edit.

/** A token the import forms are made of: a name, a string's value, or a punctuator. */
interface Token {
  readonly kind: 'name' | 'string' | 'punctuator';
  readonly text: string;
}

/** Names after which `/` starts a regular expression, not a division. */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);
/** The names the import forms are made of; any other name is only "a name". */
const FORM_NAMES = new Set(['import', 'export', 'require', 'from', 'type']);
/** The punctuators the import forms are made of; any other is only "a punctuator". */
const FORM_PUNCTUATORS = new Set(['.', '(', '*', '{', ';', '=']);
const OTHER_NAME: Token = { kind: 'name', text: '' };
const OTHER_PUNCTUATOR: Token = { kind: 'punctuator', text: '' };
const punctuators = new Map([...FORM_PUNCTUATORS].map((text) => [text, { kind: 'punctuator', text } as const]));

const isNameStart = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36 || code > 127;
const isNamePart = (code: number) => isNameStart(code) || (code >= 48 && code <= 57);
const isDigit = (code: number) => code >= 48 && code <= 57;

/** The rest of a string opened by `"` or `'` (its text, its closing quote): a string ends on its line. */
const STRING_REST: Readonly<Record<string, RegExp>> = { '"': /(?:[^"\\\n]|\\[\s\S])*"/y, "'": /(?:[^'\\\n]|\\[\s\S])*'/y };
/** The rest of a template's text: to the closing backtick or the `${` of a substitution. */
const TEMPLATE_REST = /(?:[^`\\$]|\\[\s\S]|\$(?!\{))*(?:`|\$\{)/y;
/** The rest of a regular expression after its opening slash: to the closing one outside a character class, then its flags. */
const REGEX_REST = /(?:[^/\\[\n]|\\[\s\S]|\[(?:[^\]\\\n]|\\[\s\S])*\])*\/[\w$\u0080-\uffff]*/y;
/** A name that opens an import form, standing alone (not part of a longer name). */
const FORM_START = '(?<![\\w$\\u0080-\\uffff])(?:import|export|require)(?![\\w$\\u0080-\\uffff])';
/** Where the first pass stops in code: a quote, a slash, a backtick or an import form's name; in a template's substitution, a brace too. */
const STOPS = new RegExp(`["'\`/]|${FORM_START}`, 'g');
const STOPS_IN_SUBSTITUTION = new RegExp(`["'\`/{}]|${FORM_START}`, 'g');

/** Reads the module from `start` to its end, or the first unmatched closing brace: one import form's tokens, as they are needed. */
class FormLexer {
  #i: number;
  /** Per open template substitution, the brace depth at which it closes. */
  readonly #substitutions: number[] = [];
  #depth = 0;
  /** Whether the last token ends a value, so that a `/` divides. */
  #afterValue = false;

  constructor(
    private readonly contents: string,
    private readonly path: string,
    start: number,
  ) {
    this.#i = start;
  }

  /** The next token; undefined at the end of the module or of the block the form stands in. */
  next(): Token | undefined {
    const contents = this.contents;
    while (this.#i < contents.length) {
      const i = this.#i;
      const code = contents.charCodeAt(i);
      const next = contents.charCodeAt(i + 1);
      if (code <= 32) {
        this.#i++;
      } else if (code === 47 /* / */ && next === 47) {
        const end = contents.indexOf('\n', i);
        this.#i = end === -1 ? contents.length : end;
      } else if (code === 47 && next === 42 /* * */) {
        this.#i = blockCommentEnd(contents, i, this.path);
      } else if (code === 34 /* " */ || code === 39 /* ' */) {
        const end = stringEnd(contents, i, this.path);
        const raw = contents.slice(i + 1, end - 1);
        this.#i = end;
        this.#afterValue = true;
        return { kind: 'string', text: raw.includes('\\') ? raw.replace(/\\(.)/g, '$1') : raw };
      } else if (code === 96 /* ` */) {
        this.#templateText(i + 1);
        this.#afterValue = true;
        return OTHER_PUNCTUATOR;
      } else if (code === 47 && !this.#afterValue) {
        this.#i = regexEnd(contents, i, this.path);
        this.#afterValue = true;
        return OTHER_PUNCTUATOR;
      } else if (isNameStart(code)) {
        let end = i + 1;
        while (end < contents.length && isNamePart(contents.charCodeAt(end))) end++;
        this.#i = end;
        // Only names of up to ten letters matter (FORM_NAMES, BEFORE_EXPRESSION): a longer one is not sliced.
        const text = end - i <= 10 ? contents.slice(i, end) : '';
        this.#afterValue = !BEFORE_EXPRESSION.has(text);
        return FORM_NAMES.has(text) ? { kind: 'name', text } : OTHER_NAME;
      } else if (isDigit(code)) {
        // A number: no import form holds one.
        let end = i + 1;
        while (end < contents.length && (isNamePart(contents.charCodeAt(end)) || contents.charCodeAt(end) === 46)) end++;
        this.#i = end;
        this.#afterValue = true;
        return OTHER_PUNCTUATOR;
      } else if (code === 125 /* } */ && this.#substitutions.at(-1) === this.#depth - 1) {
        this.#substitutions.pop();
        this.#depth--;
        this.#templateText(i + 1);
        this.#afterValue = true;
        return OTHER_PUNCTUATOR;
      } else {
        if (code === 125 && this.#depth === 0) return undefined;
        if (code === 123) this.#depth++;
        else if (code === 125) this.#depth--;
        this.#i++;
        this.#afterValue = code === 41 /* ) */ || code === 93 /* ] */ || code === 125;
        return punctuators.get(contents[i]!) ?? OTHER_PUNCTUATOR;
      }
    }
    return undefined;
  }

  /** From just after an opening backtick or a substitution's `}`: past the closing backtick, or into the next substitution. */
  #templateText(from: number): void {
    const end = templateEnd(this.contents, from, this.path);
    this.#i = end;
    if (this.contents.charCodeAt(end - 1) === 123 /* { */) this.#substitutions.push(this.#depth++);
  }
}

/** Where a string opened at `start` ends (just past its quote). */
function stringEnd(contents: string, start: number, path: string): number {
  const rest = STRING_REST[contents[start]!]!;
  rest.lastIndex = start + 1;
  if (!rest.test(contents)) throw unended(path, 'a string', start);
  return rest.lastIndex;
}

/** Where a block comment opened at `start` ends. */
function blockCommentEnd(contents: string, start: number, path: string): number {
  const end = contents.indexOf('*/', start + 2);
  if (end === -1) throw unended(path, 'a comment', start);
  return end + 2;
}

/** Where a regular expression opened at `start` ends (past its flags). */
function regexEnd(contents: string, start: number, path: string): number {
  REGEX_REST.lastIndex = start + 1;
  if (!REGEX_REST.test(contents)) throw unended(path, 'a regular expression', start);
  return REGEX_REST.lastIndex;
}

/** Where a template's text from `from` ends: past its closing backtick, or past the `${` of a substitution. */
function templateEnd(contents: string, from: number, path: string): number {
  TEMPLATE_REST.lastIndex = from;
  if (!TEMPLATE_REST.test(contents)) throw unended(path, 'a template', contents.length);
  return TEMPLATE_REST.lastIndex;
}

const unended = (path: string, what: string, at: number) => new Error(`${path}: ${what} at offset ${at} never ends`);

/**
 * The first pass: where the names that open an import form stand in code (not in a comment, a
 * string, a template's text or a regular expression). Whether a `/` opens a regular expression
 * depends on what stands before it (lookBack): after a value (a name other than
 * BEFORE_EXPRESSION, a number, a literal, a closing bracket) it divides.
 */
function formStarts(contents: string, path: string): { readonly starts: number[]; readonly lookBack: (before: number) => number } {
  const starts: number[] = [];
  /** The comments passed, as [start, end) pairs in order, for lookBack to step over. */
  const comments: number[] = [];
  /** Where the regular expressions passed end (their closing slash, before flags): a `/` after one divides. */
  const regexSlashes = new Set<number>();
  /** Per open template substitution, the brace depth at which it closes. */
  const substitutions: number[] = [];
  let depth = 0;
  /** The last character of code before `before`, past white space and comments; -1 at the start. */
  const lookBack = (before: number): number => {
    let at = before - 1;
    let comment = comments.length - 2;
    while (at >= 0) {
      while (comment >= 0 && comments[comment]! > at) comment -= 2;
      if (contents.charCodeAt(at) <= 32) at--;
      else if (comment >= 0 && at < comments[comment + 1]!) at = comments[comment]! - 1;
      else break;
    }
    return at;
  };
  /** Whether a `/` at `slash` divides: what stands before it ends a value. */
  const divides = (slash: number): boolean => {
    const at = lookBack(slash);
    if (at < 0) return false;
    const code = contents.charCodeAt(at);
    if (code === 41 /* ) */ || code === 93 /* ] */ || code === 125 /* } */ || code === 34 || code === 39 || code === 96) return true;
    if (code === 47) return regexSlashes.has(at);
    if (!isNamePart(code) && code !== 46 /* . */) return false;
    // A name or a number (digits, letters, points: `1.5`, `0x1F`, `2.`) ends there.
    let start = at;
    while (start > 0 && (isNamePart(contents.charCodeAt(start - 1)) || contents.charCodeAt(start - 1) === 46)) start--;
    const word = contents.slice(start, at + 1);
    if (isDigit(word.charCodeAt(0))) return true;
    const name = word.slice(word.lastIndexOf('.') + 1);
    return name !== '' && !BEFORE_EXPRESSION.has(name);
  };
  let stops = STOPS;
  stops.lastIndex = 0;
  for (let match = stops.exec(contents); match !== null; match = stops.exec(contents)) {
    const i = match.index;
    const code = contents.charCodeAt(i);
    let resume = i + 1;
    if (code === 34 || code === 39) resume = stringEnd(contents, i, path);
    else if (code === 96) {
      resume = templateEnd(contents, i + 1, path);
      if (contents.charCodeAt(resume - 1) === 123) substitutions.push(depth++);
    } else if (code === 47) {
      const next = contents.charCodeAt(i + 1);
      if (next === 47) {
        const end = contents.indexOf('\n', i);
        resume = end === -1 ? contents.length : end;
        comments.push(i, resume);
      } else if (next === 42) {
        resume = blockCommentEnd(contents, i, path);
        comments.push(i, resume);
      } else if (!divides(i)) {
        resume = regexEnd(contents, i, path);
        regexSlashes.add(contents.lastIndexOf('/', resume - 1));
      }
    } else if (code === 123) depth++;
    else if (code === 125) {
      if (substitutions.at(-1) === depth - 1) {
        substitutions.pop();
        resume = templateEnd(contents, i + 1, path);
        if (contents.charCodeAt(resume - 1) === 123) substitutions.push(depth - 1);
        else depth--;
      } else depth--;
    } else starts.push(i);
    const inSubstitution = substitutions.length > 0;
    if (!inSubstitution) depth = 0;
    stops = inSubstitution ? STOPS_IN_SUBSTITUTION : STOPS;
    stops.lastIndex = resume;
  }
  return { starts, lookBack };
}

/** The module specifiers `contents` imports, in source order, each once; `path` names it in an error. */
export function moduleSpecifiers(path: string, contents: string): string[] {
  const { starts, lookBack } = formStarts(contents, path);
  const found: string[] = [];
  for (const start of starts) {
    // `obj.import(…)`, `x.export`: a property, not a form.
    if (contents.charCodeAt(lookBack(start)) === 46 /* . */) continue;
    const lexer = new FormLexer(contents, path, start);
    const name = lexer.next()!.text;
    const first = lexer.next();
    const isString = (token: Token | undefined): token is Token => token?.kind === 'string';
    const isPunctuator = (token: Token | undefined, text: string) => token?.kind === 'punctuator' && token.text === text;
    /** The string after the next `from`, before the statement ends (`;` or `=`). */
    const fromClause = (first: Token | undefined): void => {
      for (let token = first; token !== undefined && !isPunctuator(token, ';') && !isPunctuator(token, '='); ) {
        const following = lexer.next();
        if (token.kind === 'name' && token.text === 'from' && isString(following)) return void found.push(following.text);
        token = following;
      }
    };
    if (name === 'import') {
      if (isString(first)) found.push(first.text);
      else if (isPunctuator(first, '(')) {
        const specifier = lexer.next();
        if (isString(specifier)) found.push(specifier.text);
      } else if (!isPunctuator(first, '.')) fromClause(first);
    } else if (name === 'export') {
      const start = first?.kind === 'name' && first.text === 'type' ? lexer.next() : first;
      if (isPunctuator(start, '*') || isPunctuator(start, '{')) fromClause(start);
    } else if (name === 'require' && isPunctuator(first, '(')) {
      const specifier = lexer.next();
      if (isString(specifier)) found.push(specifier.text);
    }
  }
  return [...new Set(found)];
}
