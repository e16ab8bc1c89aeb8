// The one ts-morph set-up of every emitter that writes TypeScript: in memory, and printing in the
// house layout (two-space indent, single quotes, trailing commas), so the code ts-morph lays out
// as it builds it reads like the hand-written runtime and needs no formatter afterwards.
import { IndentationText, Project, QuoteKind } from 'ts-morph';

export function codeProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single, useTrailingCommas: true },
  });
}
