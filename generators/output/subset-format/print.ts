// Prints the syntax tree of syntax.ts exactly as prettier prints the same code, for the layouts
// generated code needs: everything on one line where it fits, and the breaks generated code
// routinely needs: an `if` whose `&&`/`||` chain is too long (one operand per line), a call
// whose arguments are too long (one per line), a declaration whose call keeps to the `=` line.
// Any other line that does not fit throws `Unsupported`, and the declaration goes to prettier.
// test/generators/subset-format*.test.ts compare every layout, and random programs, with prettier.
import { PRECEDENCE, type Declarator, type Expression, type Statement, type SwitchCase, type TypeNode } from './syntax.js';
import { Unsupported } from './tokens.js';

export interface PrintOptions {
  readonly printWidth: number;
  readonly singleQuote: boolean;
}

const INDENT = '  ';
const LOGICAL = new Set(['&&', '||', '??']);
const EQUALITY = new Set(['==', '===', '!=', '!==']);
const MULTIPLICATIVE = new Set(['*', '/', '%']);
const BITWISE = new Set(['>>', '>>>', '<<', '&', '|', '^']);
/** Characters whose display width is not one column (wide, combining or control): prettier measures them differently. */
const UNEVEN_WIDTH = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u0300-\u036f\u1100-\uffff]/u;

/**
 * Where an expression sits in its parent, for prettier's parenthesis rules (needs-parens.js).
 * `statement` is an expression statement or a for loop's update, the only place for assignments.
 */
type Slot = 'statement' | 'top' | 'left' | 'right' | 'object' | 'callee' | 'unary' | 'test' | 'consequent' | 'alternate' | 'as';

export class Printer {
  constructor(private readonly options: PrintOptions) {}

  /** Top-level statements, each followed by a newline; one blank line where the source had any. */
  program(statements: readonly Statement[], source: string): string {
    if (UNEVEN_WIDTH.test(source)) throw new Unsupported('characters of uneven width');
    return `${this.sequence(statements, '').join('\n')}\n`;
  }

  private sequence(statements: readonly Statement[], indent: string): string[] {
    const lines: string[] = [];
    statements.forEach((statement, index) => {
      lines.push(...this.statement(statement, indent));
      if (statement.blankAfter && index < statements.length - 1) lines.push('');
    });
    return lines;
  }

  private statement(statement: Statement, indent: string, prefix = ''): string[] {
    // A comment is printed as written, however long.
    const comments = statement.comments.map((comment) => indent + comment);
    if (comments.length > 0 && prefix !== '') throw new Unsupported('comment after else');
    return [...comments, ...this.statementLines(statement, indent, prefix)];
  }

  private statementLines(statement: Statement, indent: string, prefix: string): string[] {
    const start = indent + prefix;
    switch (statement.kind) {
      case 'expression':
        return this.expressionLines(statement.expression, 'statement', undefined, start, indent, ';');
      case 'return':
        return statement.argument ? this.expressionLines(statement.argument, 'top', undefined, `${start}return `, indent, ';') : [this.line(start, 'return;')];
      case 'jump':
        return [this.line(start, `${statement.keyword};`)];
      case 'variables':
        return this.variables(statement, start, indent);
      case 'block':
        return this.block(statement.body, start, indent);
      case 'if':
        return this.ifStatement(statement, indent, prefix);
      case 'for': {
        const init = statement.init ? this.forInit(statement.init) : '';
        const test = statement.test ? ` ${this.expression(statement.test, 'top')}` : '';
        const update = statement.update ? ` ${this.expression(statement.update, 'statement')}` : '';
        const head = statement.init || statement.test || statement.update ? `for (${init};${test};${update})` : 'for (;;)';
        return this.withBlockBody(head, statement.body, start, indent);
      }
      case 'forOf':
        return this.withBlockBody(
          `for (${statement.keyword} ${statement.name} ${statement.operator} ${this.expression(statement.right, 'top')})`,
          statement.body,
          start,
          indent,
        );
      case 'switch':
        return [
          this.line(start, `switch (${this.expression(statement.discriminant, 'top')}) {`),
          ...statement.cases.flatMap((switchCase, index) => this.switchCase(switchCase, indent + INDENT, index < statement.cases.length - 1)),
          `${indent}}`,
        ];
      case 'import': {
        const from = ` from ${this.string(statement.from)};`;
        const head = `import ${statement.typeOnly ? 'type ' : ''}`;
        if (statement.names.length === 0) throw new Unsupported('empty import');
        const flat = `${head}{ ${statement.names.join(', ')} }${from}`;
        if (this.fits(start, flat)) return [start + flat];
        if (statement.names.length === 1) throw new Unsupported('long import of one name');
        return [this.line(start, `${head}{`), ...statement.names.map((name) => this.line(indent + INDENT, `${name},`)), this.line(indent, `}${from}`)];
      }
      case 'typeAlias':
        return [this.line(start, `${statement.exported ? 'export ' : ''}type ${statement.name} = ${this.type(statement.type)};`)];
      case 'function': {
        const params = statement.params.map((param) => `${param.name}${param.optional ? '?' : ''}: ${this.type(param.type)}`).join(', ');
        const returnType = statement.returnType ? `: ${this.type(statement.returnType)}` : '';
        const name = `${statement.exported ? 'export ' : ''}function ${statement.name}(`;
        if (this.fits(start, `${name}${params})${returnType} {`) || statement.params.length === 0) return this.block(statement.body, `${start}${name}${params})${returnType} `, indent);
        // One parameter per line, with a trailing comma, and the return type after the `)`.
        const paramLines = statement.params.map((param) => this.line(indent + INDENT, `${param.name}${param.optional ? '?' : ''}: ${this.type(param.type)},`));
        return [this.line(start, name), ...paramLines, ...this.block(statement.body, `${indent})${returnType} `, indent)];
      }
    }
  }

  private variables(statement: Extract<Statement, { kind: 'variables' }>, start: string, indent: string): string[] {
    const head = `${statement.exported ? 'export ' : ''}${statement.keyword} `;
    const left = (declarator: Declarator) => `${declarator.name}${declarator.type ? `: ${this.type(declarator.type)}` : ''}`;
    const flat = (declarator: Declarator) => `${left(declarator)}${declarator.init ? ` = ${this.expression(declarator.init, 'top')}` : ''}`;
    if (statement.declarators.length === 1) {
      const only = statement.declarators[0]!;
      if (!only.init || (!mustBreak(only.init) && this.fits(start, `${head}${flat(only)};`))) return [this.line(start, `${head}${flat(only)};`)];
      // prettier's "fluid" assignment layout: an object or array, or a call of several arguments,
      // opens on the `=` line and breaks inside; a call of one or none (or an annotated
      // declaration of a call) would move to the next line instead.
      const value = only.init.kind === 'commented' ? only.init.expression : only.init;
      // A string that does not fit goes below the `=`.
      if (only.init.kind === 'string') return [this.line(start, `${head}${left(only)} =`), `${indent}${INDENT}${this.expression(only.init, 'top')};`];
      const hugged = value.kind === 'object' || value.kind === 'array';
      // A call of one short argument is "poorly breakable" to prettier, which moves it below the `=`.
      const breakable = (value.kind === 'call' && value.args.length >= 2) || (value.kind === 'new' && value.args.length >= 1);
      if (!hugged && (only.type || !breakable)) throw new Unsupported('long declaration');
      return this.expressionLines(only.init, 'top', undefined, `${start}${head}${left(only)} = `, indent, ';');
    }
    const declarators = statement.declarators.map(flat);
    // Several declarators with a value: one per line (prettier's hardline); without, they may share one.
    if (!statement.declarators.some((declarator) => declarator.init)) return [this.line(start, `${head}${declarators.join(', ')};`)];
    return declarators.map((text, index) =>
      index === 0 ? this.line(start, `${head}${text},`) : this.line(indent + INDENT, `${text}${index === declarators.length - 1 ? ';' : ','}`),
    );
  }

  private forInit(init: Statement): string {
    if (init.kind === 'expression') return this.expression(init.expression, 'statement');
    if (init.kind !== 'variables' || init.declarators.length !== 1) throw new Unsupported('for initializer');
    const [declarator] = init.declarators;
    return `${init.keyword} ${declarator!.name}${declarator!.init ? ` = ${this.expression(declarator!.init, 'top')}` : ''}`;
  }

  private withBlockBody(head: string, body: Statement, start: string, indent: string): string[] {
    if (body.kind !== 'block' || body.comments.length > 0) throw new Unsupported('loop body without braces');
    return this.block(body.body, `${start}${head} `, indent);
  }

  /** `{`, the statements one level in, `}`; `opening` is the text before the brace. */
  private block(body: readonly Statement[], opening: string, indent: string): string[] {
    if (body.length === 0) throw new Unsupported('empty block');
    return [this.line('', `${opening}{`), ...this.sequence(body, indent + INDENT), `${indent}}`];
  }

  private switchCase(switchCase: SwitchCase, indent: string, blankAllowed: boolean): string[] {
    const label = switchCase.test ? `case ${this.expression(switchCase.test, 'top')}:` : 'default:';
    const body = switchCase.body;
    const last = body[body.length - 1];
    const blank = blankAllowed && last?.blankAfter ? [''] : [];
    if (body.length === 1 && last!.kind === 'block' && last!.comments.length === 0) {
      return [...this.block(last!.body, `${indent}${label} `, indent), ...blank];
    }
    return [this.line(indent, label), ...this.sequence(body, indent + INDENT), ...blank];
  }

  /**
   * prettier: group(["if (", group([indent([softline, test]), softline]), ")", clause]). The
   * whole statement on one line if it fits; else the test on the `if` line if that fits; else
   * one operand of the test's `&&`/`||` chain per line.
   */
  private ifStatement(statement: Extract<Statement, { kind: 'if' }>, indent: string, prefix: string): string[] {
    const { consequent, alternate } = statement;
    const start = indent + prefix;
    const test = this.expression(statement.test, 'top');
    const lines: string[] = [];
    if (consequent.kind === 'block') {
      if (consequent.comments.length > 0 || consequent.body.length === 0) throw new Unsupported('if block');
      const head = this.fits(start, `if (${test}) {`) ? [`${start}if (${test}) {`] : [...this.brokenTest(statement.test, start, indent), `${indent}) {`];
      lines.push(...head, ...this.sequence(consequent.body, indent + INDENT), `${indent}}`);
      if (alternate) {
        const last = lines.pop()!;
        lines.push(...this.statement(alternate, indent, `${last.trimStart()} else `));
      }
      return lines;
    }
    if (alternate) throw new Unsupported('else after a statement without braces');
    if (consequent.kind !== 'expression' && consequent.kind !== 'return' && consequent.kind !== 'jump') throw new Unsupported('if clause');
    if (consequent.comments.length > 0) throw new Unsupported('comment in if clause');
    const clause = this.statement(consequent, indent + INDENT);
    const flat = clause.length === 1 ? `if (${test}) ${clause[0]!.trimStart()}` : undefined;
    if (flat !== undefined && this.fits(start, flat)) return [start + flat];
    const opening = this.fits(start, `if (${test})`) ? [`${start}if (${test})`] : [...this.brokenTest(statement.test, start, indent), `${indent})`];
    return [...opening, ...clause];
  }

  /** `if (` and the operands of a logical chain, one per line with the operator at the end. */
  private brokenTest(test: Expression, start: string, indent: string): string[] {
    if (test.kind !== 'binary' || !LOGICAL.has(test.operator)) throw new Unsupported('long if test that is not a logical chain');
    // The chain's operands, however the source nested them (prettier re-associates it).
    const operands: { expression: Expression; slot: Slot }[] = [];
    const collect = (node: Expression, slot: Slot) => {
      if (node.kind === 'binary' && node.operator === test.operator) {
        collect(node.left, 'left');
        collect(node.right, 'right');
      } else operands.push({ expression: node, slot });
    };
    collect(test, 'left');
    // prettier keeps `a && [x]` / `a && { k: v }` together on one line ("inline" logical expressions).
    if (operands.some(({ expression }) => (expression.kind === 'array' && expression.elements.length > 0) || (expression.kind === 'object' && expression.properties.length > 0)))
      throw new Unsupported('literal operand in a long chain');
    const inner = indent + INDENT;
    return [
      this.line(start, 'if ('),
      ...operands.flatMap(({ expression, slot }, index) =>
        this.expressionLines(expression, slot, test.operator, inner, inner, index < operands.length - 1 ? ` ${test.operator}` : ''),
      ),
    ];
  }

  /**
   * An expression starting at `start` (the indentation and any text before it) and followed by
   * `trailing`: on one line if it fits (and holds nothing prettier always breaks), else broken
   * the way prettier breaks it: an object or array one entry per line, a call one argument per
   * line (its "all arguments broken out"), each with a trailing comma. Arguments that cannot
   * break (literals, names, property reads) may run past the width, as prettier lets them.
   */
  private expressionLines(node: Expression, slot: Slot, parentOperator: string | undefined, start: string, indent: string, trailing: string): string[] {
    if (!mustBreak(node)) {
      const flat = this.expression(node, slot, parentOperator);
      if (this.fits(start, flat + trailing)) return [start + flat + trailing];
    }
    if (this.needsParens(node, slot, parentOperator)) throw new Unsupported('line too long');
    const inner = indent + INDENT;
    switch (node.kind) {
      case 'commented':
        return this.expressionLines(node.expression, 'top', undefined, `${start}${node.comment} `, indent, trailing);
      case 'object':
        if (node.properties.length === 0) throw new Unsupported('line too long');
        return [this.line(start, '{'), ...node.properties.flatMap((property) => this.propertyLines(property, inner)), this.line(indent, `}${trailing}`)];
      case 'array':
        // Numbers are filled several to a line; not printed here.
        if (node.elements.length === 0 || node.elements.every((element) => element.kind === 'number')) throw new Unsupported('array layout');
        return [
          this.line(start, '['),
          ...node.elements.flatMap((element) => this.expressionLines(element, 'top', undefined, inner, inner, ',')),
          this.line(indent, `]${trailing}`),
        ];
      case 'call':
      case 'new': {
        if (!isPlainCallee(node.callee) || node.args.length === 0) throw new Unsupported('call layout');
        const open = this.callOpening(node);
        const last = node.args[node.args.length - 1]!;
        const others = node.args.slice(0, -1);
        const huggable = (last.kind === 'array' && last.elements.length > 0) || (last.kind === 'object' && last.properties.length > 0);
        if (huggable) {
          // prettier "hugs" a last object or array argument: the others stay on the opening line.
          if (others.some((arg) => arg.kind === 'array' || arg.kind === 'object' || mustBreak(arg))) throw new Unsupported('call layout');
          const before = others.map((arg) => `${this.expression(arg, 'top')}, `).join('');
          if (!this.fits(start, `${open}${before}${last.kind === 'array' ? '[' : '{'}`)) throw new Unsupported('call layout');
          return this.expressionLines(last, 'top', undefined, `${start}${open}${before}`, indent, `)${trailing}`);
        }
        if (node.args.some(mustBreak)) throw new Unsupported('call layout');
        return [
          this.line(start, open),
          ...node.args.map((arg) => {
            const text = `${this.expression(arg, 'top')},`;
            return isUnbreakable(arg) ? inner + text : this.line(inner, text);
          }),
          this.line(indent, `)${trailing}`),
        ];
      }
      default:
        throw new Unsupported('line too long');
    }
  }

  /**
   * One property of a broken object. An object or array value opens on the key's line; any
   * other value must fit there (prettier may move a long one below the key instead).
   */
  private propertyLines(property: { readonly key: string; readonly value: Expression }, indent: string): string[] {
    const head = `${this.propertyKey(property.key)}: `;
    const { value } = property;
    if (value.kind === 'object' || value.kind === 'array') return this.expressionLines(value, 'top', undefined, indent + head, indent, ',');
    if (mustBreak(value)) throw new Unsupported('property layout');
    const text = `${this.expression(value, 'top')},`;
    if (this.fits(indent, head + text)) return [indent + head + text];
    // A string that does not fit goes below its key, unless the key is too short for that to gain
    // anything (prettier: narrower than its tab width + 3).
    if (value.kind !== 'string') throw new Unsupported('property layout');
    return head.length - 2 < 5 ? [indent + head + text] : [`${indent}${head.trimEnd()}`, indent + INDENT + text];
  }

  /** prettier's quoteProps "as-needed": a quoted key that is a plain name loses its quotes. */
  private propertyKey(key: string): string {
    if (key[0] !== '"' && key[0] !== "'") return key;
    const content = key.slice(1, -1);
    // Which non-ASCII names prettier unquotes is its identifier tables' business: not printed here.
    if (/[^\x20-\x7e]/.test(content)) throw new Unsupported('non-ASCII property key');
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(content) ? content : this.string(key);
  }

  /** The line, or Unsupported when prettier would have to break it. */
  private line(start: string, text: string): string {
    if (!this.fits(start, text)) throw new Unsupported('line too long');
    return start + text;
  }

  /** Widths are counted in UTF-16 units: program() refuses text where that is not prettier's width. */
  private fits(start: string, text: string): boolean {
    return start.length + text.length <= this.options.printWidth;
  }

  // Expressions, always on one line.

  expression(node: Expression, slot: Slot, parentOperator?: string): string {
    const text = this.expressionText(node);
    return this.needsParens(node, slot, parentOperator) ? `(${text})` : text;
  }

  private expressionText(node: Expression): string {
    switch (node.kind) {
      case 'name':
        return node.name;
      case 'number':
        return node.raw;
      case 'string':
        return this.string(node.raw);
      case 'array':
        if (mustBreak(node)) throw new Unsupported('an array prettier always breaks');
        return `[${node.elements.map((element) => this.expression(element, 'top')).join(', ')}]`;
      case 'object':
        if (node.properties.length === 0) return '{}';
        return `{ ${node.properties.map(({ key, value }) => `${this.propertyKey(key)}: ${this.expression(value, 'top')}`).join(', ')} }`;
      case 'member':
        return `${this.expression(node.object, 'object')}${node.optional ? '?.' : '.'}${node.property}`;
      case 'index':
        return `${this.expression(node.object, 'object')}${node.optional ? '?.' : ''}[${this.expression(node.index, 'top')}]`;
      case 'call':
        if (callsInChain(node) > 2) throw new Unsupported('member chain of more than two calls');
        return `${this.callOpening(node)}${this.arguments(node.args)})`;
      case 'new':
        return `${this.callOpening(node)}${this.arguments(node.args)})`;
      case 'unary': {
        if ((node.operator === '-' || node.operator === '+') && (node.argument.kind === 'unary' || node.argument.kind === 'update')) throw new Unsupported('signs in a row');
        const argument = this.expression(node.argument, 'unary');
        return /^[a-z]/.test(node.operator) ? `${node.operator} ${argument}` : `${node.operator}${argument}`;
      }
      case 'update':
        if (node.argument.kind !== 'name' && node.argument.kind !== 'member' && node.argument.kind !== 'index') throw new Unsupported('update target');
        return node.prefix ? `${node.operator}${this.expressionText(node.argument)}` : `${this.expressionText(node.argument)}${node.operator}`;
      case 'binary':
        return `${this.expression(node.left, 'left', node.operator)} ${node.operator} ${this.expression(node.right, 'right', node.operator)}`;
      case 'conditional':
        return `${this.expression(node.test, 'test')} ? ${this.expression(node.consequent, 'consequent')} : ${this.expression(node.alternate, 'alternate')}`;
      case 'assign':
        if (node.target.kind !== 'name' && node.target.kind !== 'member' && node.target.kind !== 'index') throw new Unsupported('assignment target');
        return `${this.expressionText(node.target)} ${node.operator} ${this.expression(node.value, 'top')}`;
      case 'as':
        return `${this.expression(node.expression, 'as')} as ${this.type(node.type)}`;
      case 'commented':
        return `${node.comment} ${this.expression(node.expression, 'top')}`;
    }
  }

  /** A call up to its opening parenthesis: `new X<T>(`, `a.f?.(`. */
  private callOpening(node: Extract<Expression, { kind: 'call' | 'new' }>): string {
    const optional = node.kind === 'call' && node.optional ? '?.' : '';
    return `${node.kind === 'new' ? 'new ' : ''}${this.expression(node.callee, 'callee')}${optional}${this.typeArguments(node.typeArgs)}(`;
  }

  private arguments(args: readonly Expression[]): string {
    return args.map((arg) => this.expression(arg, 'top')).join(', ');
  }

  private typeArguments(args: readonly TypeNode[]): string {
    return args.length === 0 ? '' : `<${args.map((arg) => this.type(arg)).join(', ')}>`;
  }

  type(node: TypeNode): string {
    switch (node.kind) {
      case 'typeName':
        return `${node.name}${this.typeArguments(node.args)}`;
      case 'typeIndex':
        return `${this.type(node.object)}[${this.type(node.index)}]`;
      case 'typeString':
        return this.string(node.raw);
      case 'typeArray':
        return `${this.type(node.element)}[]`;
      case 'typeReadonly':
        return `readonly ${this.type(node.type)}`;
    }
  }

  /**
   * prettier's needsParens for the node kinds printed here: precedence and associativity, the
   * parentheses it adds to mixed `&&`/`||` and `%` in `+`, and nested conditionals.
   */
  private needsParens(node: Expression, slot: Slot, parentOperator: string | undefined): boolean {
    if (slot === 'statement') return false;
    if (node.kind === 'assign') throw new Unsupported('assignment inside an expression');
    if (node.kind === 'as' && slot !== 'top') throw new Unsupported('type assertion inside an expression');
    if (slot === 'top') return false;
    switch (node.kind) {
      case 'number':
        // `0.value` does not parse.
        return slot === 'object' || slot === 'callee';
      case 'object':
        if (slot === 'object' || slot === 'callee') throw new Unsupported('object literal read directly');
        return false;
      case 'name':
      case 'string':
      case 'array':
      case 'member':
      case 'index':
      case 'call':
        return false;
      case 'new':
        return slot === 'callee' && node.args.length === 0;
      case 'commented':
        throw new Unsupported('comment inside an expression');
      case 'as':
        return false;
      case 'update':
      case 'unary':
        return slot === 'object' || slot === 'callee' || (slot === 'left' && parentOperator === '**');
      case 'conditional':
        return slot !== 'alternate';
      case 'binary': {
        if (slot === 'object' || slot === 'callee' || slot === 'unary' || slot === 'as') return true;
        if (slot !== 'left' && slot !== 'right') return false;
        if (parentOperator === undefined) return false;
        const po = parentOperator;
        const no = node.operator;
        // prettier re-associates `a && (b && c)` into one chain: the same logical operator never needs them.
        if (LOGICAL.has(po) && LOGICAL.has(no)) return po !== no;
        const pp = PRECEDENCE.get(po)!;
        const np = PRECEDENCE.get(no)!;
        if (pp > np) return true;
        if (pp === np && slot === 'right') return true;
        if (pp === np && !shouldFlatten(po, no)) return true;
        if (pp < np && no === '%') return po === '+' || po === '-';
        return BITWISE.has(po);
      }
    }
  }

  /** A string literal in prettier's quotes: the preferred one unless the other needs fewer escapes. */
  private string(raw: string): string {
    const content = raw.slice(1, -1);
    const preferred = this.options.singleQuote ? "'" : '"';
    const alternate = preferred === "'" ? '"' : "'";
    const count = (quote: string) => content.split(quote).length - 1;
    const enclosing = count(preferred) > count(alternate) ? alternate : preferred;
    const other = enclosing === '"' ? "'" : '"';
    // prettier's makeString: unescape the other quote, escape the enclosing one, keep every other escape.
    return `${enclosing}${content.replace(/\\(.)|(["'])/gsu, (match, escaped: string | undefined, quote: string | undefined) => {
      if (escaped === other) return escaped;
      if (quote === enclosing) return `\\${quote}`;
      if (quote) return quote;
      return match;
    })}${enclosing}`;
  }
}

function shouldFlatten(parentOperator: string, nodeOperator: string): boolean {
  if (PRECEDENCE.get(nodeOperator) !== PRECEDENCE.get(parentOperator)) return false;
  if (parentOperator === '**') return false;
  if (EQUALITY.has(parentOperator) && EQUALITY.has(nodeOperator)) return false;
  if ((nodeOperator === '%' && MULTIPLICATIVE.has(parentOperator)) || (parentOperator === '%' && MULTIPLICATIVE.has(nodeOperator))) return false;
  if (nodeOperator !== parentOperator && MULTIPLICATIVE.has(nodeOperator) && MULTIPLICATIVE.has(parentOperator)) return false;
  return true;
}

/**
 * Whether prettier breaks this expression however short it is: an array of two or more objects
 * (or arrays) of two or more entries each, or anything holding one (the break propagates out).
 */
function mustBreak(node: Expression): boolean {
  switch (node.kind) {
    case 'array':
      if (
        node.elements.length > 1 &&
        (node.elements.every((element) => element.kind === 'object' && element.properties.length > 1) ||
          node.elements.every((element) => element.kind === 'array' && element.elements.length > 1))
      )
        return true;
      return node.elements.some(mustBreak);
    case 'object':
      return node.properties.some((property) => mustBreak(property.value));
    case 'call':
    case 'new':
      return node.args.some(mustBreak) || mustBreak(node.callee);
    case 'member':
    case 'index':
      return mustBreak(node.object);
    case 'unary':
    case 'update':
      return mustBreak(node.argument);
    case 'binary':
      return mustBreak(node.left) || mustBreak(node.right);
    case 'conditional':
      return mustBreak(node.test) || mustBreak(node.consequent) || mustBreak(node.alternate);
    case 'assign':
      return mustBreak(node.value);
    case 'as':
    case 'commented':
      return mustBreak(node.expression);
    default:
      return false;
  }
}

/** `f` or `a.f`: a callee whose call prettier prints like a plain function call. */
function isPlainCallee(node: Expression): boolean {
  return node.kind === 'name' || (node.kind === 'member' && node.object.kind === 'name');
}

/**
 * Expressions prettier can only print on one line, however long: literals, names, and one
 * property read of a name (`value['x']`, `a.b`; a longer chain may break before a `.`).
 */
function isUnbreakable(node: Expression): boolean {
  switch (node.kind) {
    case 'name':
    case 'string':
    case 'number':
      return true;
    case 'member':
      return node.object.kind === 'name';
    case 'index':
      return node.object.kind === 'name' && (node.index.kind === 'name' || node.index.kind === 'string' || node.index.kind === 'number');
    default:
      return false;
  }
}

/** Calls along a member chain (`a.b().c()` has two): prettier breaks chains of more than two calls even when they fit. */
function callsInChain(node: Expression): number {
  let calls = 0;
  for (let current: Expression | undefined = node; current; ) {
    if (current.kind === 'call') {
      calls++;
      current = current.callee;
    } else if (current.kind === 'member' || current.kind === 'index') current = current.object;
    else current = undefined;
  }
  return calls;
}
