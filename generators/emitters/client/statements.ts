// What the client emitter's files are made of: ts-morph statement structures, written in one go.
import type { StatementStructures, WriterFunction } from 'ts-morph';

export type Statements = (string | StatementStructures | WriterFunction)[];

/** A blank line between groups that ts-morph would otherwise print back to back (imports, then code). */
export const blankLine: WriterFunction = (writer) => writer.blankLine();
