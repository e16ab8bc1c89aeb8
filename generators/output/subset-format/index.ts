// Formats generated TypeScript the way prettier does, for the subset of the language most
// generated code is written in (the validators module above all), at a small fraction of
// prettier's cost. A module is taken one top-level declaration at a time; a declaration outside
// the subset, or one that needs a line break this printer does not make, is left to prettier.
import type { Options } from 'prettier';
import { Printer } from './print.js';
import { parseStatements } from './syntax.js';
import { Unsupported } from './tokens.js';

/** A blank line followed by a top-level declaration: prettier formats what is on either side independently. */
export const TOP_LEVEL_BOUNDARY = /\n\n(?=(?:export |function |const |type |interface |\/\*\*))/g;

/** A printer for these prettier options, or undefined when they ask for a style it does not print. */
export function subsetPrinter(options: Options): Printer | undefined {
  const parser = options.parser;
  if (parser !== 'babel-ts' && parser !== 'typescript') return undefined;
  if (options.useTabs || (options.tabWidth ?? 2) !== 2 || options.semi === false || options.quoteProps === 'consistent') return undefined;
  return new Printer({ printWidth: options.printWidth ?? 80, singleQuote: options.singleQuote ?? false });
}

/**
 * Formats `text` declaration by declaration: those in the subset with `printer`, runs of the
 * others together with `fallback` (prettier). Equal to prettier's output for the whole text.
 */
export async function formatModule(text: string, printer: Printer, fallback: (text: string) => Promise<string>): Promise<string> {
  const pieces: (string | Promise<string>)[] = [];
  let refused: string[] = [];
  const flush = () => {
    if (refused.length > 0) pieces.push(fallback(refused.join('\n\n')));
    refused = [];
  };
  for (const declaration of splitDeclarations(text)) {
    const printed = printDeclaration(declaration, printer);
    if (printed === undefined) refused.push(declaration);
    else {
      flush();
      pieces.push(printed);
    }
  }
  flush();
  // Each piece ends with a newline; pieces joined by one more keep the blank line between them.
  return (await Promise.all(pieces)).join('\n');
}

function printDeclaration(declaration: string, printer: Printer): string | undefined {
  try {
    return printer.program(parseStatements(declaration), declaration);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

function splitDeclarations(text: string): string[] {
  const declarations: string[] = [];
  let from = 0;
  for (const match of text.matchAll(TOP_LEVEL_BOUNDARY)) {
    declarations.push(text.slice(from, match.index));
    from = match.index + 2;
  }
  declarations.push(text.slice(from));
  return declarations;
}
