// JSON laid out exactly as prettier lays out a generated .json file, without prettier's parse
// and AST print: finalize gives every JSON file (the Try-it data, package.json, tsconfigs) to
// prettier, and that pass cost more than every docs page together. The value becomes a document
// of prettier's own builders by the rules its printers apply to JSON, and prettier's document
// printer lays it out, so widths and line fitting are prettier's. The layout test checks every
// generated .json file with prettier itself.
import { builders, printer } from 'prettier/doc';

type Doc = builders.Doc;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** The prettier parsers this lays out: `json` (a .json file) and `json-stringify` (package.json, composer.json: as JSON.stringify). */
export type JsonParser = 'json' | 'json-stringify';

export interface JsonLayoutOptions {
  readonly printWidth: number;
  readonly tabWidth: number;
  readonly useTabs: boolean;
}

const { fill, group, hardline, indent, join, line, softline } = builders;

/** A number as prettier prints a numeric literal: lower case, no `+` in the exponent. */
function numberText(value: number): string {
  return JSON.stringify(value).toLowerCase().replace('e+', 'e');
}

/** `json`: objects stay expanded (JSON.stringify wrote them so and prettier keeps that); an array goes on one line when it fits. */
function jsonDoc(value: Json): Doc {
  if (typeof value === 'number') return numberText(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return arrayDoc(value as readonly Json[]);
  const entries = Object.entries(value as { readonly [key: string]: Json });
  if (entries.length === 0) return '{}';
  const properties = entries.map(([key, entry]) => group([JSON.stringify(key), ': ', jsonDoc(entry)]));
  return group(['{', indent([line, join([',', line], properties)]), line, '}'], { shouldBreak: true });
}

/** Sizes of a nested array or object, for prettier's rule that a list of several such breaks. */
function entryCount(value: Json): number | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

function arrayDoc(items: readonly Json[]): Doc {
  if (items.length === 0) return '[]';
  // Numbers fill the lines; other items take one line each once the array does not fit on one.
  if (items.every((item) => typeof item === 'number')) {
    const parts = items.flatMap((item, index) => (index === items.length - 1 ? [[numberText(item as number), '']] : [[numberText(item as number), ','], line]));
    return group(['[', indent([softline, fill(parts)]), softline, ']']);
  }
  const kind = (item: Json) => (Array.isArray(item) ? 'array' : typeof item === 'object' && item !== null ? 'object' : undefined);
  const shouldBreak = items.length > 1 && items.every((item) => kind(item) !== undefined && kind(item) === kind(items[0]!) && entryCount(item)! > 1);
  return group(['[', indent([softline, join([',', line], items.map((item) => group(jsonDoc(item))))]), softline, ']'], { shouldBreak });
}

/** `json-stringify`: every non-empty object and array broken and numbers as written, as JSON.stringify with two spaces. */
function stringifyDoc(value: Json): Doc {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries: Doc[] = Array.isArray(value)
    ? (value as readonly Json[]).map(stringifyDoc)
    : Object.entries(value as { readonly [key: string]: Json }).map(([key, entry]) => [JSON.stringify(key), ': ', stringifyDoc(entry)]);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  return [open, indent([hardline, join([',', hardline], entries)]), hardline, close];
}

/** The file's text as prettier prints it with `parser`, ending in a newline. */
export function jsonLayout(value: unknown, parser: JsonParser, options: JsonLayoutOptions): string {
  const doc = parser === 'json' ? jsonDoc(value as Json) : stringifyDoc(value as Json);
  return printer.printDocToString([doc, hardline], options).formatted;
}
