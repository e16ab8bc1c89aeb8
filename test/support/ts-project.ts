// ts-morph, set up as the client emitter used it when it printed statement structures: in memory,
// and printing in the house layout (two-space indent, single quotes, trailing commas). The
// generators now write that text themselves (generators/shared/code-text); the tests print the
// same declarations here and hold the two to the same text.
import { IndentationText, Project, QuoteKind } from 'ts-morph';

export function codeProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single, useTrailingCommas: true },
  });
}
