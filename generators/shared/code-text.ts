// Small pieces of TypeScript text the emitters build from data, laid out as they are written:
// a list stays on one line while it is short and otherwise takes one entry per line (with a
// trailing comma), so the generated code reads like hand-written code and a change to one entry
// is a one-line diff. No formatter runs afterwards.
//
// The declarations of a module (imports, functions, interfaces, type aliases) and the statements
// of a module or a function body are laid out as ts-morph's printer lays out the same structures,
// blank lines included: test/generators/code-text.test.ts holds each to its printing.

/** Longest list kept on one line. */
const INLINE_WIDTH = 100;

/** `'text'`: single quotes, as the rest of the house writes strings. */
export function stringLiteral(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A property key: bare when it is an identifier, quoted otherwise. */
export function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : stringLiteral(key);
}

/** Entries between brackets: on one line when short, else one per line, indented. */
function list(open: string, entries: readonly string[], close: string): string {
  if (entries.length === 0) return `${open}${close}`;
  const inline = open === '{' ? `{ ${entries.join(', ')} }` : `${open}${entries.join(', ')}${close}`;
  if (inline.length <= INLINE_WIDTH && !inline.includes('\n')) return inline;
  return entryLines(open, entries, close);
}

/** Entries one per line, indented, each with a trailing comma. */
const entryLines = (open: string, entries: readonly string[], close: string) =>
  `${open}\n${entries.map((entry) => `${indent(entry)},\n`).join('')}${close}`;

const indent = (text: string) => text.replace(/^(?=.)/gm, '  ');

/** An object literal from code: `{ key: value }`; entries given as text (`key: value`, with any doc comment) or as key → value code. */
export function objectLiteral(entries: Readonly<Record<string, string>> | readonly string[]): string {
  const texts = Array.isArray(entries) ? entries : Object.entries(entries).map(([key, value]) => `${propertyKey(key)}: ${value}`);
  return list('{', texts, '}');
}

/** An array literal from code. */
export function arrayLiteral(items: readonly string[]): string {
  return list('[', items, ']');
}

/** JSON data (a table the generated code carries) as a TypeScript literal. */
export function literal(value: unknown): string {
  if (typeof value === 'string') return stringLiteral(value);
  if (Array.isArray(value)) return arrayLiteral(value.map(literal));
  if (typeof value === 'object' && value !== null) {
    return objectLiteral(Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined).map(([key, entry]) => [key, literal(entry)])));
  }
  return JSON.stringify(value);
}

/** The names of an import or export in braces: on one line when short (the names alone count), else one per line. */
function nameList(names: readonly string[]): string {
  if (names.length === 0) return '{}';
  const inline = names.join(', ');
  return inline.length <= INLINE_WIDTH ? `{ ${inline} }` : entryLines('{', names, '}');
}

/**
 * A doc comment, as ts-morph prints one: on one line when the text is, else a block with a ` * `
 * per line. A `*\/` in the text (a spec description may hold one) would close the comment early:
 * it is written `* /`, as the PHP docblocks write it.
 */
export function docComment(text: string): string {
  const safe = text.replace(/\*\//g, '* /');
  if (!safe.includes('\n')) return `/** ${safe} */`;
  return `/**\n${safe
    .split('\n')
    .map((line) => (line === '' ? ' *' : ` * ${line}`))
    .join('\n')}\n */`;
}

/** The doc comments ahead of a declaration, each on lines of its own: one comment per text given. */
function docsAhead(doc: string | readonly string[] | undefined): string {
  const texts = doc === undefined ? [] : typeof doc === 'string' ? [doc] : doc;
  return texts.map((text) => `${docComment(text)}\n`).join('');
}

/** `export const name: Type = initializer;` (`export const name = initializer;` without a type) with its doc comment. */
export function exportedConst(declaration: { readonly name: string; readonly type?: string; readonly initializer: string; readonly doc: string }): string {
  const type = declaration.type === undefined ? '' : `: ${declaration.type}`;
  return `${docsAhead(declaration.doc)}export const ${declaration.name}${type} = ${declaration.initializer};`;
}

/** `export type Name = Type;` with its doc comment, if any. */
export function exportedType(declaration: { readonly name: string; readonly type: string; readonly doc?: string }): string {
  return `${docsAhead(declaration.doc)}export type ${declaration.name} = ${declaration.type};`;
}

/** `import { a, b } from './x.js';` (`import type { … }` with `typeOnly`), the names laid out by nameList. */
export function importDeclaration(moduleSpecifier: string, names: readonly string[], { typeOnly = false } = {}): string {
  return `import ${typeOnly ? 'type ' : ''}${nameList(names)} from ${stringLiteral(moduleSpecifier)};`;
}

/** A parameter of a function, or a property of an interface: `name: Type`, `name?: Type` when it may be left out. */
export interface Member {
  readonly name: string;
  readonly type: string;
  readonly optional?: boolean;
  /** A property's doc comment. */
  readonly doc?: string;
}

const memberText = (member: Member) => `${member.name}${member.optional ? '?' : ''}: ${member.type}`;

/** A function's signature, with its doc comments (one per text). */
export interface Signature {
  readonly doc?: string | readonly string[];
  readonly parameters: readonly Member[];
  /** Left out, the return type is inferred. */
  readonly returnType?: string;
}

/**
 * A statement of a module or a block: its text, or a declaration with a blank line before it (a
 * function, an interface). statementsText puts the blank lines between them.
 */
export type Statement = string | { readonly blankLineBefore: string };

/** A blank line between groups of statements that statementsText would write back to back (the imports, then the code). */
export const blankLine: Statement = { blankLineBefore: '' };

/**
 * `export function name(…): Type { … }`, each of its overloads' signatures first (`export
 * function name(…): Type;`). Its statements are written by statementsText, each line indented (a
 * multi-line template literal in them would be indented too).
 */
export function exportedFunction(declaration: Signature & { readonly name: string; readonly overloads?: readonly Signature[]; readonly statements: readonly string[] }): Statement {
  const header = (signature: Signature) => {
    const returnType = signature.returnType === undefined ? '' : `: ${signature.returnType}`;
    return `${docsAhead(signature.doc)}export function ${declaration.name}(${signature.parameters.map(memberText).join(', ')})${returnType}`;
  };
  const overloads = (declaration.overloads ?? []).map((overload) => `${header(overload)};\n`).join('');
  return { blankLineBefore: `${overloads}${header(declaration)} ${block(statementsText(declaration.statements))}` };
}

/** `export interface Name extends Base { … }` with its doc comment, every property read-only. */
export function exportedInterface(declaration: { readonly name: string; readonly doc?: string; readonly extends?: readonly string[]; readonly properties: readonly Member[] }): Statement {
  const heritage = declaration.extends?.length ? ` extends ${declaration.extends.join(', ')}` : '';
  const properties = declaration.properties.map((property) => `${docsAhead(property.doc)}readonly ${memberText(property)};`);
  return { blankLineBefore: `${docsAhead(declaration.doc)}export interface ${declaration.name}${heritage} ${block(properties.join('\n'))}` };
}

/** `{`, the body's lines indented, `}`. */
const block = (body: string) => (body === '' ? '{\n}' : `{\n${indent(body)}\n}`);

/**
 * Statements one after another, a line break between two, and a blank line after a statement
 * that ends in `}`, before a function or an interface (blankLineBefore) and where `blankLine` asks.
 */
export function statementsText(statements: readonly Statement[]): string {
  const parts: string[] = [];
  let blankLineDue = false;
  for (const statement of statements) {
    const text = typeof statement === 'string' ? statement : statement.blankLineBefore;
    if (typeof statement !== 'string') blankLineDue = true;
    if (text === '') continue;
    if (parts.length > 0) parts.push(blankLineDue ? '\n\n' : '\n');
    parts.push(text);
    blankLineDue = text.trimEnd().endsWith('}');
  }
  return parts.join('');
}
