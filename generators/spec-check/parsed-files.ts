// The spec files' YAML, parsed once for each text: `npm run generate` and `npm run dev` keep what
// Redocly's parser made of each spec file (in .cache/spec-check/, beside the passed examples), and
// the next check takes it back for every file whose text is the same, so a one-line edit parses
// one file, not the half-megabyte of them (a fifth of a second of every regeneration).
//
// RememberingResolver is Redocly's BaseResolver with parseDocument answered from that record; the
// file is still read, and its Source (what problems are placed by) is Redocly's own. A parse is
// kept as V8 data taken right after parsing: bundling rewrites the parsed files in place, and V8's
// serialization keeps YAML anchors as the shared objects the parser made. A file that does not
// parse is never kept, so its error is reported as before, at its line.
import { BaseResolver, type Source } from '@redocly/openapi-core';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { digestText } from '../emitter-cache.js';
import { writeWhole } from '../shared/write-whole.js';
import type { PassedExamplesPlace } from './passed-examples.js';

/** Version of the record's shape: a change makes every older record unused. */
const RECORD_FORMAT = 'spec-check parsed files 1';
const RECORD_FILE = 'parsed-files.v8';

interface ParsedFile {
  /** The digest of the file's text (emitter-cache.ts digestText). */
  readonly digest: string;
  /** What the parser made of it, as V8 data. */
  readonly parsed: Uint8Array;
}

interface ParsedFilesRecord {
  readonly format: string;
  /** Node's version and the toolchain digest (package-lock.json holds the parser's version). */
  readonly made: string;
  readonly files: ReadonlyMap<string, ParsedFile>;
}

type ParsedDocument = ReturnType<BaseResolver['parseDocument']>;

export class RememberingResolver extends BaseResolver {
  readonly #file: string | undefined;
  readonly #made: string;
  readonly #known: ReadonlyMap<string, ParsedFile>;
  /** This run's parses, by absolute file path. */
  readonly #parsed = new Map<string, ParsedFile>();

  private constructor(file: string | undefined, made: string, known: ReadonlyMap<string, ParsedFile>) {
    super();
    this.#file = file;
    this.#made = made;
    this.#known = known;
  }

  /** A resolver that takes back the parses recorded at `place` (none without one). */
  static async open(place: PassedExamplesPlace | undefined): Promise<RememberingResolver> {
    if (place === undefined) return new RememberingResolver(undefined, '', new Map());
    const file = join(place.dir, RECORD_FILE);
    const made = `${process.version} ${place.toolchain}`;
    const bytes = await readFile(file).catch(() => undefined);
    let known: ReadonlyMap<string, ParsedFile> = new Map();
    try {
      const record = bytes && (deserialize(bytes) as ParsedFilesRecord);
      if (record && record.format === RECORD_FORMAT && record.made === made) known = record.files;
    } catch {
      // An unreadable record is no record.
    }
    return new RememberingResolver(file, made, known);
  }

  override parseDocument(source: Source, isRoot = false): ParsedDocument {
    // Without a place nothing is recorded: Redocly's parse, as it is.
    if (this.#file === undefined) return super.parseDocument(source, isRoot);
    const digest = digestText(source.body);
    const known = this.#known.get(source.absoluteRef);
    if (known?.digest === digest) {
      this.#parsed.set(source.absoluteRef, known);
      return { source, parsed: deserialize(known.parsed) as unknown };
    }
    const document = super.parseDocument(source, isRoot);
    this.#parsed.set(source.absoluteRef, { digest, parsed: serialize(document.parsed) });
    return document;
  }

  /** Records this run's parses in place of the last record, when they differ from it. */
  async remember(): Promise<void> {
    if (this.#file === undefined) return;
    const same = this.#parsed.size === this.#known.size && [...this.#parsed].every(([path, file]) => this.#known.get(path) === file);
    if (same) return;
    await writeWhole(this.#file, serialize({ format: RECORD_FORMAT, made: this.#made, files: this.#parsed } satisfies ParsedFilesRecord));
  }
}
