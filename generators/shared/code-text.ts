// Small pieces of TypeScript text the emitters build from data, laid out as they are written:
// a list stays on one line while it is short and otherwise takes one entry per line (with a
// trailing comma), so the generated code reads like hand-written code and a change to one entry
// is a one-line diff. No formatter runs afterwards.
import type { WriterFunction } from 'ts-morph';

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
  return `${open}\n${entries.map((entry) => `${indent(entry)},\n`).join('')}${close}`;
}

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

/** The names of an import or export: on one line when short, else one per line. */
export function nameList(names: readonly string[]): string[] | WriterFunction {
  if (names.join(', ').length <= INLINE_WIDTH) return [...names];
  // ts-morph indents the lines inside the braces itself.
  return (writer) => writer.write(`\n${names.map((name) => `${name},\n`).join('')}`);
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

/**
 * `export const name: Type = initializer;` (`export const name = initializer;` without a type) with
 * its doc comment, as a statement of its own: ts-morph would indent every line after the first of a
 * multi-line initializer (a hanging indent).
 */
export function exportedConst(declaration: { readonly name: string; readonly type?: string; readonly initializer: string; readonly doc: string }): string {
  const type = declaration.type === undefined ? '' : `: ${declaration.type}`;
  return `${docComment(declaration.doc)}\nexport const ${declaration.name}${type} = ${declaration.initializer};`;
}
