// Parses the subset of TypeScript the generators write (statements, expressions and simple type
// references, see tokens.ts) into a small syntax tree. Parentheses are not kept: the printer puts
// back exactly those prettier would print. Anything else throws `Unsupported`.
import { Unsupported, tokenize, type Token } from './tokens.js';

export type TypeNode =
  | { readonly kind: 'typeName'; readonly name: string; readonly args: readonly TypeNode[] }
  | { readonly kind: 'typeIndex'; readonly object: TypeNode; readonly index: TypeNode }
  | { readonly kind: 'typeString'; readonly raw: string }
  | { readonly kind: 'typeArray'; readonly element: TypeNode }
  | { readonly kind: 'typeReadonly'; readonly type: TypeNode };

export type Expression =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'string'; readonly raw: string }
  | { readonly kind: 'number'; readonly raw: string }
  | { readonly kind: 'array'; readonly elements: readonly Expression[] }
  /** `key` is the source text of the key: a name or a string literal. */
  | { readonly kind: 'object'; readonly properties: readonly { readonly key: string; readonly value: Expression }[] }
  | { readonly kind: 'member'; readonly object: Expression; readonly property: string; readonly optional: boolean }
  | { readonly kind: 'index'; readonly object: Expression; readonly index: Expression; readonly optional: boolean }
  | { readonly kind: 'call'; readonly callee: Expression; readonly typeArgs: readonly TypeNode[]; readonly args: readonly Expression[]; readonly optional: boolean }
  | { readonly kind: 'new'; readonly callee: Expression; readonly typeArgs: readonly TypeNode[]; readonly args: readonly Expression[] }
  | { readonly kind: 'unary'; readonly operator: string; readonly argument: Expression }
  | { readonly kind: 'update'; readonly operator: string; readonly prefix: boolean; readonly argument: Expression }
  | { readonly kind: 'binary'; readonly operator: string; readonly left: Expression; readonly right: Expression }
  | { readonly kind: 'conditional'; readonly test: Expression; readonly consequent: Expression; readonly alternate: Expression }
  | { readonly kind: 'assign'; readonly operator: string; readonly target: Expression; readonly value: Expression }
  | { readonly kind: 'as'; readonly expression: Expression; readonly type: TypeNode }
  /** A block comment in front of an expression (`/* @__PURE__ *\/ f()`). */
  | { readonly kind: 'commented'; readonly comment: string; readonly expression: Expression };

export interface Declarator {
  readonly name: string;
  readonly type: TypeNode | undefined;
  readonly init: Expression | undefined;
}

export interface Parameter {
  readonly name: string;
  readonly optional: boolean;
  readonly type: TypeNode;
}

export interface SwitchCase {
  /** undefined for `default`. */
  readonly test: Expression | undefined;
  readonly body: readonly Statement[];
}

interface Base {
  /** A blank line follows this statement in the source (prettier keeps one). */
  blankAfter: boolean;
  /** Block comments on their own line before the statement (JSDoc). */
  readonly comments: readonly string[];
}

export type Statement = Base &
  (
    | { readonly kind: 'block'; readonly body: readonly Statement[] }
    | { readonly kind: 'if'; readonly test: Expression; readonly consequent: Statement; readonly alternate: Statement | undefined }
    | { readonly kind: 'variables'; readonly exported: boolean; readonly keyword: string; readonly declarators: readonly Declarator[] }
    | { readonly kind: 'return'; readonly argument: Expression | undefined }
    | { readonly kind: 'jump'; readonly keyword: 'break' | 'continue' }
    | { readonly kind: 'expression'; readonly expression: Expression }
    | { readonly kind: 'for'; readonly init: Statement | undefined; readonly test: Expression | undefined; readonly update: Expression | undefined; readonly body: Statement }
    | { readonly kind: 'forOf'; readonly keyword: string; readonly name: string; readonly operator: 'of' | 'in'; readonly right: Expression; readonly body: Statement }
    | { readonly kind: 'switch'; readonly discriminant: Expression; readonly cases: readonly SwitchCase[] }
    | { readonly kind: 'typeAlias'; readonly exported: boolean; readonly name: string; readonly type: TypeNode }
    | { readonly kind: 'import'; readonly typeOnly: boolean; readonly names: readonly string[]; readonly from: string }
    | {
        readonly kind: 'function';
        readonly exported: boolean;
        readonly name: string;
        readonly params: readonly Parameter[];
        readonly returnType: TypeNode | undefined;
        readonly body: readonly Statement[];
      }
  );

type StatementOf<K extends Statement['kind']> = Extract<Statement, { kind: K }>;
type Omitted<K extends Statement['kind']> = Omit<StatementOf<K>, 'blankAfter' | 'comments'>;

const KEYWORDS_NOT_NAMES = new Set(['if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'return', 'break', 'continue', 'function', 'const', 'let', 'var', 'new', 'typeof', 'export', 'import', 'class', 'in', 'of', 'as', 'void', 'delete', 'throw', 'try', 'yield', 'await']);
/** Binary operators by precedence, lowest first (prettier's table, which the printer's parentheses follow too). */
export const PRECEDENCE = new Map<string, number>(
  [['??'], ['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '===', '!=', '!=='], ['<', '>', '<=', '>=', 'in', 'instanceof'], ['>>', '<<', '>>>'], ['+', '-'], ['*', '/', '%'], ['**']].flatMap(
    (operators, level) => operators.map((operator) => [operator, level] as const),
  ),
);
const ASSIGNMENT = new Set(['=', '+=', '-=', '*=', '%=', '**=', '&&=', '||=', '??=']);

/** Parses a sequence of statements (a top-level declaration, or several). */
export function parseStatements(text: string): Statement[] {
  const parser = new Parser(tokenize(text));
  const statements: Statement[] = [];
  while (!parser.at('end')) statements.push(parser.statement());
  return statements;
}

class Parser {
  private position = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  private get token(): Token {
    return this.tokens[this.position]!;
  }

  at(kind: Token['kind'], text?: string): boolean {
    return this.token.kind === kind && (text === undefined || this.token.text === text);
  }

  private atPunct(text: string): boolean {
    return this.at('punct', text);
  }

  private atName(text: string): boolean {
    return this.at('name', text);
  }

  private next(): Token {
    const token = this.token;
    if (token.kind === 'end') throw new Unsupported('unexpected end');
    this.position++;
    return token;
  }

  private expect(kind: Token['kind'], text?: string): Token {
    if (!this.at(kind, text)) throw new Unsupported(`expected ${text ?? kind}, found ${JSON.stringify(this.token.text)}`);
    return this.next();
  }

  /** Items up to `close` (consumed too), separated by commas, a trailing comma allowed. */
  private commaList<T>(close: string, item: () => T): T[] {
    const items: T[] = [];
    while (!this.atPunct(close)) {
      items.push(item());
      if (!this.atPunct(close)) this.expect('punct', ',');
    }
    this.next();
    return items;
  }

  /** `<A, B>`: type arguments, the `<` included. */
  private typeList(): TypeNode[] {
    this.expect('punct', '<');
    const types = [this.type()];
    while (this.atPunct(',')) {
      this.next();
      types.push(this.type());
    }
    this.expect('punct', '>');
    return types;
  }

  private identifier(): string {
    const token = this.expect('name');
    if (KEYWORDS_NOT_NAMES.has(token.text)) throw new Unsupported(`keyword ${token.text}`);
    return token.text;
  }

  statement(): Statement {
    const comments: string[] = [];
    while (this.at('comment')) {
      // Only comments on lines of their own, right above the statement: prettier moves others.
      const first = this.position === 0;
      const comment = this.next();
      if ((comment.newlines === 0 && !first) || this.token.newlines !== 1) throw new Unsupported('comment placement');
      comments.push(comment.text);
    }
    const statement = this.statementBody();
    (statement as { comments: readonly string[] }).comments = comments;
    // Prettier keeps one blank line where the source had one or more.
    statement.blankAfter = this.token.newlines > 1 && !this.at('end');
    return statement;
  }

  private make<K extends Statement['kind']>(statement: Omitted<K>): Statement {
    return { ...statement, blankAfter: false, comments: [] } as unknown as Statement;
  }

  private statementBody(): Statement {
    const token = this.token;
    if (token.kind === 'punct' && token.text === '{') return this.make<'block'>({ kind: 'block', body: this.blockBody() });
    if (token.kind !== 'name') return this.expressionStatement();
    switch (token.text) {
      case 'if': {
        this.next();
        const test = this.parenthesized();
        const consequent = this.statement();
        let alternate: Statement | undefined;
        if (this.atName('else')) {
          this.next();
          alternate = this.statement();
        }
        return this.make<'if'>({ kind: 'if', test, consequent, alternate });
      }
      case 'export': {
        this.next();
        if (this.atName('function')) return this.functionDeclaration(true);
        if (this.atName('const') || this.atName('let')) return this.variables(true);
        if (this.atName('type')) return this.typeAlias(true);
        throw new Unsupported('export form');
      }
      case 'type':
        if (this.tokens[this.position + 1]?.kind === 'name') return this.typeAlias(false);
        return this.expressionStatement();
      case 'function':
        return this.functionDeclaration(false);
      case 'import':
        return this.importDeclaration();
      case 'const':
      case 'let':
        return this.variables(false);
      case 'return': {
        this.next();
        const argument = this.atPunct(';') ? undefined : this.expression();
        this.expect('punct', ';');
        return this.make<'return'>({ kind: 'return', argument });
      }
      case 'break':
      case 'continue':
        this.next();
        this.expect('punct', ';');
        return this.make<'jump'>({ kind: 'jump', keyword: token.text });
      case 'for':
        return this.forStatement();
      case 'switch':
        return this.switchStatement();
      default:
        if (KEYWORDS_NOT_NAMES.has(token.text) && token.text !== 'new' && token.text !== 'typeof') throw new Unsupported(`statement ${token.text}`);
        return this.expressionStatement();
    }
  }

  private expressionStatement(): Statement {
    const expression = this.expression();
    this.expect('punct', ';');
    return this.make<'expression'>({ kind: 'expression', expression });
  }

  private blockBody(): Statement[] {
    this.expect('punct', '{');
    const body: Statement[] = [];
    while (!this.atPunct('}')) body.push(this.statement());
    this.next();
    return body;
  }

  private parenthesized(): Expression {
    this.expect('punct', '(');
    const expression = this.expression();
    this.expect('punct', ')');
    return expression;
  }

  private functionDeclaration(exported: boolean): Statement {
    this.expect('name', 'function');
    const name = this.identifier();
    this.expect('punct', '(');
    const params = this.commaList(')', (): Parameter => {
      const paramName = this.identifier();
      const optional = this.atPunct('?');
      if (optional) this.next();
      this.expect('punct', ':');
      return { name: paramName, optional, type: this.type() };
    });
    let returnType: TypeNode | undefined;
    if (this.atPunct(':')) {
      this.next();
      returnType = this.type();
    }
    return this.make<'function'>({ kind: 'function', exported, name, params, returnType, body: this.blockBody() });
  }

  /** `import [type] { a, b } from 'module';` (no default, namespace or renamed imports). */
  private importDeclaration(): Statement {
    this.expect('name', 'import');
    const typeOnly = this.atName('type') && this.tokens[this.position + 1]?.text === '{';
    if (typeOnly) this.next();
    this.expect('punct', '{');
    const names = this.commaList('}', () => this.identifier());
    this.expect('name', 'from');
    const from = this.expect('string').text;
    this.expect('punct', ';');
    return this.make<'import'>({ kind: 'import', typeOnly, names, from });
  }

  /** `type Name = Type;` for the simple types of type(): no unions, intersections or object types. */
  private typeAlias(exported: boolean): Statement {
    this.expect('name', 'type');
    const name = this.identifier();
    this.expect('punct', '=');
    const type = this.type();
    this.expect('punct', ';');
    return this.make<'typeAlias'>({ kind: 'typeAlias', exported, name, type });
  }

  private variables(exported: boolean, inFor = false): Statement {
    const keyword = this.next().text;
    const declarators: Declarator[] = [];
    do {
      if (declarators.length > 0) this.next();
      const name = this.identifier();
      let type: TypeNode | undefined;
      if (this.atPunct(':')) {
        this.next();
        type = this.type();
      }
      let init: Expression | undefined;
      if (this.atPunct('=')) {
        this.next();
        init = this.expression(!inFor);
      }
      declarators.push({ name, type, init });
    } while (this.atPunct(','));
    if (!inFor) this.expect('punct', ';');
    return this.make<'variables'>({ kind: 'variables', exported, keyword, declarators });
  }

  private forStatement(): Statement {
    this.expect('name', 'for');
    this.expect('punct', '(');
    if ((this.atName('const') || this.atName('let')) && this.tokens[this.position + 2]?.kind === 'name') {
      const operator = this.tokens[this.position + 2]!.text;
      if (operator === 'of' || operator === 'in') {
        const keyword = this.next().text;
        const name = this.identifier();
        this.next();
        const right = this.expression();
        this.expect('punct', ')');
        return this.make<'forOf'>({ kind: 'forOf', keyword, name, operator, right, body: this.statement() });
      }
    }
    const init = this.atPunct(';') ? undefined : this.atName('let') || this.atName('const') ? this.variables(false, true) : this.make<'expression'>({ kind: 'expression', expression: this.expression() });
    this.expect('punct', ';');
    const test = this.atPunct(';') ? undefined : this.expression();
    this.expect('punct', ';');
    const update = this.atPunct(')') ? undefined : this.expression();
    this.expect('punct', ')');
    return this.make<'for'>({ kind: 'for', init, test, update, body: this.statement() });
  }

  private switchStatement(): Statement {
    this.expect('name', 'switch');
    const discriminant = this.parenthesized();
    this.expect('punct', '{');
    const cases: SwitchCase[] = [];
    while (!this.atPunct('}')) {
      let test: Expression | undefined;
      if (this.atName('default')) this.next();
      else {
        this.expect('name', 'case');
        test = this.expression();
      }
      this.expect('punct', ':');
      const body: Statement[] = [];
      while (!this.atPunct('}') && !this.atName('case') && !this.atName('default')) body.push(this.statement());
      cases.push({ test, body });
    }
    this.next();
    return this.make<'switch'>({ kind: 'switch', discriminant, cases });
  }

  // Expressions, by precedence climbing.

  expression(allowIn = true): Expression {
    const target = this.conditional(allowIn);
    if (this.token.kind === 'punct' && ASSIGNMENT.has(this.token.text)) {
      const operator = this.next().text;
      return { kind: 'assign', operator, target, value: this.expression(allowIn) };
    }
    return target;
  }

  private conditional(allowIn: boolean): Expression {
    const test = this.binary(0, allowIn);
    if (!this.atPunct('?')) return test;
    this.next();
    const consequent = this.expression(true);
    this.expect('punct', ':');
    return { kind: 'conditional', test, consequent, alternate: this.expression(allowIn) };
  }

  private binary(minimum: number, allowIn: boolean): Expression {
    let left = this.unary();
    for (;;) {
      const token = this.token;
      if (token.kind === 'name' && token.text === 'as') {
        this.next();
        left = { kind: 'as', expression: left, type: this.type() };
        continue;
      }
      const operator = token.kind === 'punct' || (token.kind === 'name' && (token.text === 'instanceof' || (allowIn && token.text === 'in'))) ? token.text : undefined;
      const precedence = operator === undefined ? undefined : PRECEDENCE.get(operator);
      if (precedence === undefined || precedence < minimum) return left;
      this.next();
      // `**` is right-associative; every other binary operator here is left-associative.
      const right = this.binary(operator === '**' ? precedence : precedence + 1, allowIn);
      left = { kind: 'binary', operator: operator!, left, right };
    }
  }

  private unary(): Expression {
    const token = this.token;
    if (token.kind === 'punct' && (token.text === '!' || token.text === '-' || token.text === '+' || token.text === '~')) {
      this.next();
      return { kind: 'unary', operator: token.text, argument: this.unary() };
    }
    if (token.kind === 'name' && (token.text === 'typeof' || token.text === 'void')) {
      this.next();
      return { kind: 'unary', operator: token.text, argument: this.unary() };
    }
    if (token.kind === 'punct' && (token.text === '++' || token.text === '--')) {
      this.next();
      return { kind: 'update', operator: token.text, prefix: true, argument: this.unary() };
    }
    const operand = this.postfix(this.primary());
    if (this.token.kind === 'punct' && (this.token.text === '++' || this.token.text === '--') && this.token.newlines === 0) {
      return { kind: 'update', operator: this.next().text, prefix: false, argument: operand };
    }
    return operand;
  }

  private primary(): Expression {
    const token = this.token;
    switch (token.kind) {
      case 'string':
        this.next();
        return { kind: 'string', raw: token.text };
      case 'number':
        this.next();
        return { kind: 'number', raw: token.text };
      case 'comment': {
        this.next();
        // Only `/* c */ expression` on one line.
        if (this.token.newlines !== 0) throw new Unsupported('comment placement');
        return { kind: 'commented', comment: token.text, expression: this.unary() };
      }
      case 'punct':
        if (token.text === '(') {
          const inner = this.parenthesized();
          // `(a?.b).c` ends the optional chain where `a?.b.c` does not: the parentheses carry meaning.
          if (isOptionalChain(inner) && ['.', '?.', '[', '('].includes(this.token.text)) throw new Unsupported('parenthesized optional chain');
          return inner;
        }
        if (token.text === '{') {
          this.next();
          const properties = this.commaList('}', () => {
            const key = this.token;
            if (key.kind !== 'name' && key.kind !== 'string') throw new Unsupported('object key');
            this.next();
            // Shorthand properties, methods and spreads are not in the subset.
            this.expect('punct', ':');
            return { key: key.text, value: this.expression() };
          });
          return { kind: 'object', properties };
        }
        if (token.text === '[') {
          this.next();
          return { kind: 'array', elements: this.commaList(']', () => this.expression()) };
        }
        throw new Unsupported(`expression ${token.text}`);
      case 'name': {
        if (token.text === 'new') {
          this.next();
          const callee = this.memberOnly(this.primary());
          const typeArgs = this.typeArguments() ?? [];
          return { kind: 'new', callee, typeArgs, args: this.arguments() };
        }
        return { kind: 'name', name: this.identifier() };
      }
      default:
        throw new Unsupported(`expression ${token.kind}`);
    }
  }

  private memberOnly(object: Expression): Expression {
    while (this.atPunct('.')) {
      this.next();
      object = { kind: 'member', object, property: this.expect('name').text, optional: false };
    }
    return object;
  }

  private postfix(expression: Expression): Expression {
    for (;;) {
      const token = this.token;
      if (token.kind !== 'punct') return expression;
      if (token.text === '.' || token.text === '?.') {
        this.next();
        const optional = token.text === '?.';
        if (optional && this.atPunct('(')) {
          expression = { kind: 'call', callee: expression, typeArgs: [], args: this.arguments(), optional };
        } else if (optional && this.atPunct('[')) {
          this.next();
          const index = this.expression();
          this.expect('punct', ']');
          expression = { kind: 'index', object: expression, index, optional };
        } else {
          expression = { kind: 'member', object: expression, property: this.expect('name').text, optional };
        }
      } else if (token.text === '[') {
        this.next();
        const index = this.expression();
        this.expect('punct', ']');
        expression = { kind: 'index', object: expression, index, optional: false };
      } else if (token.text === '(') {
        expression = { kind: 'call', callee: expression, typeArgs: [], args: this.arguments(), optional: false };
      } else if (token.text === '<') {
        const typeArgs = this.typeArguments();
        if (typeArgs === undefined || !this.atPunct('(')) return expression;
        expression = { kind: 'call', callee: expression, typeArgs, args: this.arguments(), optional: false };
      } else {
        return expression;
      }
    }
  }

  private arguments(): Expression[] {
    this.expect('punct', '(');
    return this.commaList(')', () => this.expression());
  }

  /** `<T, U>` before a call's arguments; undefined (and nothing consumed) when `<` is a comparison. */
  private typeArguments(): TypeNode[] | undefined {
    if (!this.atPunct('<')) return undefined;
    const start = this.position;
    try {
      const args = this.typeList();
      if (this.atPunct('(')) return args;
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
    }
    this.position = start;
    return undefined;
  }

  /** A type reference (`Guard<Schemas['X']>`), an indexed access or a string literal type. */
  private type(): TypeNode {
    if (this.atName('readonly')) {
      this.next();
      return { kind: 'typeReadonly', type: this.type() };
    }
    let type: TypeNode;
    if (this.at('string')) type = { kind: 'typeString', raw: this.next().text };
    else {
      let name = this.expect('name').text;
      while (this.atPunct('.')) {
        this.next();
        name += `.${this.expect('name').text}`;
      }
      type = { kind: 'typeName', name, args: this.atPunct('<') ? this.typeList() : [] };
    }
    while (this.atPunct('[')) {
      this.next();
      if (this.atPunct(']')) {
        this.next();
        type = { kind: 'typeArray', element: type };
        continue;
      }
      const index = this.type();
      this.expect('punct', ']');
      type = { kind: 'typeIndex', object: type, index };
    }
    return type;
  }
}

function isOptionalChain(node: Expression): boolean {
  for (let current: Expression | undefined = node; current; ) {
    if (current.kind === 'member' || current.kind === 'index') {
      if (current.optional) return true;
      current = current.object;
    } else if (current.kind === 'call') {
      if (current.optional) return true;
      current = current.callee;
    } else return false;
  }
  return false;
}
