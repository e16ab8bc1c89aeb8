// What a TypeScript module imports: every specifier of its static imports, `export … from`
// re-exports (type-only ones too: a declaration file reaches the module a type-only re-export
// names), string-literal `import()` calls and `require()` calls, as TypeScript's pre-processor
// finds them (test/generators/module-imports.test.ts holds the two to the same answer on every
// TypeScript source of the project).
//
// Read by a lexer of its own, which knows comments, strings, templates and regular expressions
// and looks at nothing else. Why not a library: es-module-lexer reads JavaScript only (it misses
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

/**
 * The module's tokens as the import forms need them, comments, regular expressions and template
 * text left out, with where the names that open an import form stand. Whether a `/` opens a
 * regular expression depends on what came before it: after a value (a name other than
 * BEFORE_EXPRESSION, a literal, a closing bracket) it divides.
 */
function tokens(contents: string, path: string): { list: Token[]; starts: number[] } {
  const found: Token[] = [];
  /** Where the names that open an import form (import, export, require) stand in `found`. */
  const starts: number[] = [];
  /** Per open template substitution, the brace depth at which it closes. */
  const substitutions: number[] = [];
  let depth = 0;
  let i = 0;
  /** Whether the last token ends a value, so that a `/` divides. */
  let afterValue = false;
  const fail = (what: string): never => {
    throw new Error(`${path}: ${what} at offset ${i} never ends`);
  };
  /** From just after an opening backtick or a substitution's `}`: to the next `${` (entering it) or the closing backtick. */
  const templateText = (): void => {
    for (; i < contents.length; i++) {
      const code = contents.charCodeAt(i);
      if (code === 92 /* \ */) i++;
      else if (code === 96 /* ` */) return void i++;
      else if (code === 36 /* $ */ && contents.charCodeAt(i + 1) === 123 /* { */) {
        i += 2;
        substitutions.push(depth++);
        return;
      }
    }
    fail('a template');
  };
  while (i < contents.length) {
    const code = contents.charCodeAt(i);
    const next = contents.charCodeAt(i + 1);
    if (code <= 32) {
      i++;
    } else if (code === 47 /* / */ && next === 47) {
      const end = contents.indexOf('\n', i);
      i = end === -1 ? contents.length : end;
    } else if (code === 47 && next === 42 /* * */) {
      const end = contents.indexOf('*/', i + 2);
      i = end === -1 ? fail('a comment') : end + 2;
    } else if (code === 34 /* " */ || code === 39 /* ' */) {
      let end = i + 1;
      let escaped = false;
      for (; contents.charCodeAt(end) !== code; end++) {
        if (end >= contents.length || contents.charCodeAt(end) === 10) fail('a string');
        if (contents.charCodeAt(end) === 92) {
          escaped = true;
          end++;
        }
      }
      const raw = contents.slice(i + 1, end);
      found.push({ kind: 'string', text: escaped ? raw.replace(/\\(.)/g, '$1') : raw });
      i = end + 1;
      afterValue = true;
    } else if (code === 96 /* ` */) {
      i++;
      templateText();
      found.push(OTHER_PUNCTUATOR);
      afterValue = true;
    } else if (code === 47 && !afterValue) {
      // A regular expression: to its closing slash outside a character class, then its flags.
      let inClass = false;
      for (i++; inClass || contents.charCodeAt(i) !== 47; i++) {
        const inside = contents.charCodeAt(i);
        if (i >= contents.length || inside === 10) fail('a regular expression');
        if (inside === 92) i++;
        else if (inside === 91 /* [ */) inClass = true;
        else if (inside === 93 /* ] */) inClass = false;
      }
      for (i++; i < contents.length && isNamePart(contents.charCodeAt(i)); i++);
      found.push(OTHER_PUNCTUATOR);
      afterValue = true;
    } else if (isNameStart(code)) {
      const start = i;
      for (i++; i < contents.length && isNamePart(contents.charCodeAt(i)); i++);
      // Only names of up to ten letters matter (FORM_NAMES, BEFORE_EXPRESSION): a longer one is not sliced.
      const text = i - start <= 10 ? contents.slice(start, i) : '';
      if (text === 'import' || text === 'export' || text === 'require') starts.push(found.length);
      found.push(FORM_NAMES.has(text) ? { kind: 'name', text } : OTHER_NAME);
      afterValue = !BEFORE_EXPRESSION.has(text);
    } else if (isDigit(code)) {
      // A number: no import form holds one.
      for (i++; i < contents.length && (isNamePart(contents.charCodeAt(i)) || contents.charCodeAt(i) === 46); i++);
      found.push(OTHER_PUNCTUATOR);
      afterValue = true;
    } else if (code === 125 /* } */ && substitutions.at(-1) === depth - 1) {
      substitutions.pop();
      depth--;
      i++;
      templateText();
      found.push(OTHER_PUNCTUATOR);
      afterValue = true;
    } else {
      if (code === 123) depth++;
      else if (code === 125) depth--;
      const text = contents[i]!;
      i++;
      found.push(punctuators.get(text) ?? OTHER_PUNCTUATOR);
      afterValue = code === 41 /* ) */ || code === 93 /* ] */ || code === 125 /* } */;
    }
  }
  return { list: found, starts };
}

/** The module specifiers `contents` imports, in source order, each once; `path` names it in an error. */
export function moduleSpecifiers(path: string, contents: string): string[] {
  const { list, starts } = tokens(contents, path);
  const found: string[] = [];
  const at = (index: number, kind: Token['kind'], text?: string) => list[index]?.kind === kind && (text === undefined || list[index]!.text === text);
  /** The string after the next `from` at or past `index`, before the statement ends. */
  const fromClause = (index: number): void => {
    for (let j = index; j < list.length && !at(j, 'punctuator', ';') && !at(j, 'punctuator', '='); j++) {
      if (at(j, 'name', 'from') && at(j + 1, 'string')) return void found.push(list[j + 1]!.text);
    }
  };
  for (const index of starts) {
    const token = list[index]!;
    if (at(index - 1, 'punctuator', '.')) continue;
    if (token.text === 'import') {
      if (at(index + 1, 'string')) found.push(list[index + 1]!.text);
      else if (at(index + 1, 'punctuator', '(')) {
        if (at(index + 2, 'string')) found.push(list[index + 2]!.text);
      } else if (!at(index + 1, 'punctuator', '.')) fromClause(index + 1);
    } else if (token.text === 'export') {
      const start = at(index + 1, 'name', 'type') ? index + 2 : index + 1;
      if (at(start, 'punctuator', '*') || at(start, 'punctuator', '{')) fromClause(start);
    } else if (token.text === 'require' && at(index + 1, 'punctuator', '(') && at(index + 2, 'string')) {
      found.push(list[index + 2]!.text);
    }
  }
  return [...new Set(found)];
}
