// A small code tree for generated code, rendered with indentation as it is written (as ajv's
// codegen does): statements are lines, blocks nest, else-if chains stay flat, and the file needs
// no formatter. Emitters return `Code`; emptiness is structural, never a test on rendered text.
// One tree for every language the validators are written in: a `CodeStyle` says how each writes
// its indentation, its else-if and a negation.

/** A statement or a sequence of them. */
export type Code = string | Block | If | Indent | Line | readonly Code[];

/** Lines one level deeper without braces (the statements of a `case`). */
interface Indent {
  readonly kind: 'indent';
  readonly body: Code;
}

/** One statement kept on one line: its text may hold a newline inside a string literal (a property named "a\nb"), which indenting would change. */
interface Line {
  readonly kind: 'line';
  readonly text: string;
}

interface Block {
  readonly kind: 'block';
  /** The text before the brace (`for (...)`, `switch (x)`, or '' for a bare block). */
  readonly head: string;
  readonly body: Code;
}

interface If {
  readonly kind: 'if';
  readonly test: string;
  readonly then: Code;
  readonly else: Code;
}

export interface CodeStyle {
  readonly indent: string;
  /** `else if` or `elseif`. */
  readonly elseIf: string;
  /** A test that `!` negates without parentheses: a name or a call, written in the language. */
  readonly simpleTest: RegExp;
}

export const block = (head: string, body: Code): Code => ({ kind: 'block', head, body });

export const indent = (body: Code): Code => ({ kind: 'indent', body });

export const line = (text: string): Code => ({ kind: 'line', text });

export function isEmpty(code: Code): boolean {
  if (typeof code === 'string') return code === '';
  if (Array.isArray(code)) return (code as readonly Code[]).every(isEmpty);
  return false;
}

/** The same tree with `rewrite` applied to each text in it (statements, heads, tests). */
export function mapText(code: Code, rewrite: (text: string) => string): Code {
  if (typeof code === 'string') return rewrite(code);
  if (Array.isArray(code)) return (code as readonly Code[]).map((part) => mapText(part, rewrite));
  const node = code as Block | If | Indent | Line;
  switch (node.kind) {
    case 'indent':
      return { kind: 'indent', body: mapText(node.body, rewrite) };
    case 'line':
      return { kind: 'line', text: rewrite(node.text) };
    case 'block':
      return { kind: 'block', head: rewrite(node.head), body: mapText(node.body, rewrite) };
    default:
      return { kind: 'if', test: rewrite(node.test), then: mapText(node.then, rewrite), else: mapText(node.else, rewrite) };
  }
}

/** `test` as an operand of `&&`: parenthesized only where `||` or `?:` would bind looser. */
export const operand = (test: string): string => (/\|\||\?/.test(test) ? `(${test})` : test);

/** What depends on the language: negating a test (hence `ifElse`) and rendering. */
export function codeWriter(style: CodeStyle) {
  /** `!(test)`, or `!test` where that reads the same. */
  const negate = (test: string): string => {
    if (style.simpleTest.test(test)) return test.startsWith('!') ? test.slice(1) : `!${test}`;
    return `!(${test})`;
  };

  /** `if (test) { then } else { else }`; an empty branch is left out (an empty then negates the test). */
  const ifElse = (test: string, then: Code, otherwise: Code = []): Code => {
    if (isEmpty(then) && isEmpty(otherwise)) return [];
    if (isEmpty(then)) return { kind: 'if', test: negate(test), then: otherwise, else: [] };
    return { kind: 'if', test, then, else: otherwise };
  };

  const write = (code: Code, depth: number, lines: string[]): void => {
    const pad = style.indent.repeat(depth);
    if (typeof code === 'string') {
      if (code !== '') for (const text of code.split('\n')) lines.push(pad + text);
    } else if (Array.isArray(code)) {
      for (const part of code as readonly Code[]) write(part, depth, lines);
    } else if ((code as Indent).kind === 'indent') {
      write((code as Indent).body, depth + 1, lines);
    } else if ((code as Line).kind === 'line') {
      lines.push(pad + (code as Line).text);
    } else if ((code as Block).kind === 'block') {
      const { head, body } = code as Block;
      lines.push(`${pad}${head === '' ? '' : `${head} `}{`);
      write(body, depth + 1, lines);
      lines.push(`${pad}}`);
    } else {
      let node = code as If;
      lines.push(`${pad}if (${node.test}) {`);
      for (;;) {
        write(node.then, depth + 1, lines);
        const rest = node.else;
        if (isEmpty(rest)) break;
        const single = soleIf(rest);
        if (single) {
          lines.push(`${pad}} ${style.elseIf} (${single.test}) {`);
          node = single;
          continue;
        }
        lines.push(`${pad}} else {`);
        write(rest, depth + 1, lines);
        break;
      }
      lines.push(`${pad}}`);
    }
  };

  const render = (code: Code, depth = 0): string => {
    const lines: string[] = [];
    write(code, depth, lines);
    return lines.join('\n');
  };

  return { ifElse, render };
}

function soleIf(code: Code): If | undefined {
  if (Array.isArray(code)) {
    const parts = (code as readonly Code[]).filter((part) => !isEmpty(part));
    return parts.length === 1 ? soleIf(parts[0]!) : undefined;
  }
  return typeof code === 'object' && (code as If).kind === 'if' ? (code as If) : undefined;
}
