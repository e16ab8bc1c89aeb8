// A small code tree for the generated PHP validators, rendered with PSR-12 indentation as it is
// written (statements are lines, blocks nest, `elseif` chains stay flat): the file needs no
// formatter. Keyword emitters return `Code`; emptiness is structural, never a test on text.

/** A statement or a sequence of them. */
export type Code = string | Block | If | Line | readonly Code[];

interface Block {
  readonly kind: 'block';
  /** The text before the brace (`foreach (...)`). */
  readonly head: string;
  readonly body: Code;
}

interface If {
  readonly kind: 'if';
  readonly test: string;
  readonly then: Code;
  readonly else: Code;
}

/** One statement kept on one line: its text may hold a newline inside a string literal (a property named "a\nb"), which indenting would change. */
interface Line {
  readonly kind: 'line';
  readonly text: string;
}

const INDENT = '    ';

export const line = (text: string): Code => ({ kind: 'line', text });

export const block = (head: string, body: Code): Code => ({ kind: 'block', head, body });

/** `if (test) { then } else { else }`; an empty branch is left out (an empty then negates the test). */
export function ifElse(test: string, then: Code, otherwise: Code = []): Code {
  if (isEmpty(then) && isEmpty(otherwise)) return [];
  if (isEmpty(then)) return { kind: 'if', test: negate(test), then: otherwise, else: [] };
  return { kind: 'if', test, then, else: otherwise };
}

export function isEmpty(code: Code): boolean {
  if (typeof code === 'string') return code === '';
  if (Array.isArray(code)) return (code as readonly Code[]).every(isEmpty);
  return false;
}

/** `!test` where that reads the same (a call or a variable), `!(test)` otherwise. */
export function negate(test: string): string {
  if (/^!?[\w$:\\]+(\([^()]*\))?$/.test(test)) return test.startsWith('!') ? test.slice(1) : `!${test}`;
  return `!(${test})`;
}

/** `test` as an operand of `&&`: parenthesized where `||` or `?:` would bind looser. */
export const operand = (test: string): string => (/\|\||\?/.test(test) ? `(${test})` : test);

export function render(code: Code, depth = 0): string {
  const lines: string[] = [];
  write(code, depth, lines);
  return lines.join('\n');
}

function write(code: Code, depth: number, lines: string[]): void {
  const pad = INDENT.repeat(depth);
  if (typeof code === 'string') {
    if (code !== '') for (const line of code.split('\n')) lines.push(pad + line);
  } else if (Array.isArray(code)) {
    for (const part of code as readonly Code[]) write(part, depth, lines);
  } else if ((code as Line).kind === 'line') {
    lines.push(pad + (code as Line).text);
  } else if ((code as Block).kind === 'block') {
    const { head, body } = code as Block;
    lines.push(`${pad}${head} {`);
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
        lines.push(`${pad}} elseif (${single.test}) {`);
        node = single;
        continue;
      }
      lines.push(`${pad}} else {`);
      write(rest, depth + 1, lines);
      break;
    }
    lines.push(`${pad}}`);
  }
}

function soleIf(code: Code): If | undefined {
  if (Array.isArray(code)) {
    const parts = (code as readonly Code[]).filter((part) => !isEmpty(part));
    return parts.length === 1 ? soleIf(parts[0]!) : undefined;
  }
  return typeof code === 'object' && (code as If).kind === 'if' ? (code as If) : undefined;
}
