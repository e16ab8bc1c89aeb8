// Formats generated TypeScript the way prettier does, for the subset of the language most
// generated code is written in (the validators module above all), at a small fraction of
// prettier's cost. A module is taken one top-level declaration at a time; a declaration outside
// the subset, or one that needs a line break this printer does not make, is left to prettier.
import type { Options } from 'prettier';
import { Printer } from './print.js';
import { parseStatements } from './syntax.js';
import { Unsupported } from './tokens.js';

/** What a top-level declaration of a generated module starts with: a keyword or a doc comment. */
const DECLARATION_OPENING = String.raw`(?:export |function |const |let |type |interface |import |\/\*\*)`;

/** A blank line followed by a top-level declaration: prettier formats what is on either side independently. */
export const TOP_LEVEL_BOUNDARY = new RegExp(String.raw`\n\n(?=${DECLARATION_OPENING})`, 'g');

/** A printer for these prettier options, or undefined when they ask for a style it does not print. */
export function subsetPrinter(options: Options): Printer | undefined {
  const parser = options.parser;
  if (parser !== 'babel-ts' && parser !== 'typescript') return undefined;
  // The style it prints: prettier 3's defaults, but for the quotes and the print width.
  if (options.useTabs || (options.tabWidth ?? 2) !== 2 || options.semi === false || options.bracketSpacing === false) return undefined;
  if ((options.quoteProps ?? 'as-needed') !== 'as-needed' || (options.trailingComma ?? 'all') !== 'all') return undefined;
  if ((options.endOfLine ?? 'lf') !== 'lf' || (options as { experimentalTernaries?: boolean }).experimentalTernaries) return undefined;
  return new Printer({ printWidth: options.printWidth ?? 80, singleQuote: options.singleQuote ?? false });
}

/**
 * Formats `text` declaration by declaration: those in the subset with `printer`, runs of the
 * others together with `fallback` (prettier). Equal to prettier's output for the whole text.
 */
export async function formatModule(text: string, printer: Printer, fallback: (text: string) => Promise<string>): Promise<string> {
  const pieces: (string | Promise<string>)[] = [];
  // Each piece ends with a newline; one more keeps a blank line the source had before it.
  const push = (piece: string | Promise<string>, blankBefore: boolean) =>
    pieces.push(blankBefore && pieces.length > 0 ? Promise.resolve(piece).then((printed) => `\n${printed}`) : piece);
  let refused: { from: number; to: number; blankBefore: boolean } | undefined;
  const flush = () => {
    if (refused) push(fallback(text.slice(refused.from, refused.to)), refused.blankBefore);
    refused = undefined;
  };
  for (const declaration of declarations(text)) {
    const printed = printDeclaration(text.slice(declaration.from, declaration.to), printer);
    if (printed === undefined) {
      refused = refused ? { ...refused, to: declaration.to } : declaration;
      continue;
    }
    flush();
    push(printed, declaration.blankBefore);
  }
  flush();
  return (await Promise.all(pieces)).join('');
}

function printDeclaration(declaration: string, printer: Printer): string | undefined {
  try {
    return printer.program(parseStatements(declaration), declaration);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/**
 * Where a top-level declaration starts: at the beginning of a line, after a line that ends a
 * statement (`;` or `}`), with a keyword or a doc comment. Generated modules indent everything
 * nested, so nothing inside a declaration matches.
 */
const DECLARATION_START = new RegExp(String.raw`(?<=[;}])\n(\n*)(?=${DECLARATION_OPENING})`, 'g');

/** The declarations of a module, by offsets, each with whether a blank line precedes it. */
function declarations(text: string): { from: number; to: number; blankBefore: boolean }[] {
  const found: { from: number; to: number; blankBefore: boolean }[] = [];
  let from = 0;
  let blankBefore = false;
  for (const match of text.matchAll(DECLARATION_START)) {
    found.push({ from, to: match.index, blankBefore });
    from = match.index + match[0].length;
    blankBefore = match[1]!.length > 0;
  }
  found.push({ from, to: text.length, blankBefore });
  return found;
}
