// The one shape every emitter has: read the shared model, return files. Emitters never write to
// disk; generators/output adds the banner and writes, the same way for all of them.
import { proselessModel, proselessSpec } from '../model/field-prose.js';
import type { SpecModel } from '../model/spec-model.js';

export type FileKind = 'typescript' | 'json' | 'yaml' | 'html' | 'markdown' | 'php' | 'css';

export interface GeneratedFile {
  /** Path under generated/. */
  readonly path: string;
  readonly contents: string;
  readonly kind: FileKind;
  /** Where the content comes from, for the banner (the emitter, or the template it copied). */
  readonly source: string;
  /**
   * Written laid out by its emitter: finalize adds the banner and no prettier pass. The docs pages
   * (prettier would also pad every markdown table, so widening one cell would rewrite the whole
   * table in review), and the READMEs and changelog, written as prettier prints them (copies of
   * prettier-formatted templates, tables aligned; test/generators/layout.test.ts checks them).
   */
  readonly laidOut?: boolean;
}

export interface EmitContext {
  readonly projectRoot: string;
  /** A scratch folder for tools that only write files (Redocly's build-docs). */
  readonly scratchDir: string;
  /** The files of an emitter this one names in `dependsOn` (any other name throws). */
  filesOf(emitterName: string): readonly GeneratedFile[];
}

export interface Emitter {
  readonly name: string;
  /**
   * Emitters whose OUTPUT this one needs (as hey-api plugins declare theirs): the pipeline runs
   * them first, even when the caller did not ask for them, and hands their files over through
   * `context.filesOf(name)`. An emitter never imports another emitter's code; what two share is
   * in generators/model.
   */
  readonly dependsOn?: readonly string[];
  /**
   * Optional: starts slow set-up that needs no model (a worker loading its tools) while the
   * spec loads. emit() works without it.
   */
  warmUp?(): void;
  /**
   * Optional: the part of the model the emitter reads, as JSON data, for one whose `emit` is
   * built from that part alone (see `fromPart`). The pipeline's cache keys its files by this part
   * instead of the whole spec, so an edit elsewhere in the spec leaves them as they are.
   */
  reads?(model: SpecModel): unknown;
  emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]>;
}

/**
 * An emitter whose files depend on the model only through `reads(model)`: its `emit` is
 * `emitPart(reads(model))` and nothing else, so `reads` is, by construction, all it reads.
 */
export function fromPart<Part>(emitter: {
  readonly name: string;
  readonly dependsOn?: readonly string[];
  warmUp?(): void;
  reads(model: SpecModel): Part;
  emitPart(part: Part, context: EmitContext): Promise<readonly GeneratedFile[]>;
}): Emitter {
  const { emitPart, reads, ...rest } = emitter;
  return { ...rest, reads, emit: (model, context) => emitPart(reads(model), context) };
}

/**
 * An emitter that never shows what a field is for, run over the model without the fields'
 * descriptions (model/field-prose.ts): its files depend on the spec through `proselessSpec` alone,
 * which is its `reads`, so an edited description leaves them cached.
 */
export function withoutFieldProse(emitter: {
  readonly name: string;
  readonly dependsOn?: readonly string[];
  warmUp?(): void;
  emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]>;
}): Emitter {
  const { emit, ...rest } = emitter;
  return fromPart({ ...rest, reads: proselessSpec, emitPart: (part, context) => emit(proselessModel(part), context) });
}
