// The examples stage of a spec the check has passed before: what the reference ajv says of the
// examples depends on the schemas' rules, the examples and the currency table alone, never on a
// schema's description or title. `npm run generate` and `npm run dev` remember the key of the last
// examples stage that passed (in .cache/spec-check/), so a description edit, the platform team's
// most common one, does not compile every schema with ajv again. Only a pass is remembered: an
// example that fails is checked and placed at its file and line every time.
//
// The key: the toolchain (generators/ outside the emitters, which holds the check, the reference
// ajv and the model; package-lock.json for ajv's version; Node's version), the components with
// `description` and `title` dropped where they are a schema's annotations (never a property
// named so, nor data: `const`, `enum`, `default`, `examples`, `x-` values stay), the spec's
// currency exponents (x-amount-decimals reads them) and every example with its place and schema.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { digestText, plainJson, type RunDigests } from '../emitter-cache.js';
import { SPEC_CHECK_CACHE_DIR } from '../locations.js';
import { writeWhole } from '../shared/write-whole.js';
import type { OpenApiDocument } from '../model/openapi.js';
import { SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from '../model/json-schema.js';

/** Where the examples stage remembers its last pass, and the toolchain digest its key takes (check.ts `passedExamples`). */
export interface PassedExamplesPlace {
  readonly dir: string;
  readonly toolchain: string;
}

/** The project's place: what `npm run generate` and `npm run dev` give the check, from the run's digests. */
export const projectPassedExamples = (projectRoot: string, digests: RunDigests): PassedExamplesPlace => ({
  dir: join(projectRoot, SPEC_CHECK_CACHE_DIR),
  toolchain: digests.toolchain.common,
});

/** Version of the key's shape: a change makes every older record unused. */
const KEY_FORMAT = 'spec-check passed examples 1';

/** Annotations that never change what a schema accepts. */
const ANNOTATIONS = new Set(['description', 'title']);
const SCHEMA_MAPS = new Set<string>(SUBSCHEMA_MAP_KEYWORDS);
const SUBSCHEMAS = new Set<string>(SUBSCHEMA_KEYWORDS);
const SCHEMA_LISTS = new Set<string>(SUBSCHEMA_LIST_KEYWORDS);

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `schema` without its annotations, nor those of the schemas inside it. */
export function withoutAnnotations(schema: Json): Json {
  if (!isObject(schema)) return schema;
  const copy: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) && typeof value === 'string') continue;
    if (SCHEMA_MAPS.has(key) && isObject(value)) copy[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutAnnotations(sub)]));
    else if (SUBSCHEMAS.has(key)) copy[key] = withoutAnnotations(value);
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) copy[key] = value.map(withoutAnnotations);
    else copy[key] = value;
  }
  return copy;
}

/**
 * The key of the examples stage of `document` and its `examples` (check.ts `documentExamples`;
 * `toolchain` is emitter-cache.ts's `common` digest), or undefined for a document that is not plain JSON data (nothing is remembered).
 */
export function passedExamplesKey(document: OpenApiDocument, examples: readonly unknown[], toolchain: string): string | undefined {
  const components = (document.components ?? {}) as Record<string, Json>;
  const schemas = isObject(components['schemas']) ? Object.fromEntries(Object.entries(components['schemas']).map(([name, schema]) => [name, withoutAnnotations(schema)])) : (components['schemas'] ?? null);
  const currencies = (document.info as Record<string, Json> | undefined)?.['x-currency-exponents'] ?? null;
  try {
    return digestText(KEY_FORMAT, process.version, toolchain, plainJson({ ...components, schemas }), plainJson(currencies), plainJson(examples));
  } catch {
    return undefined;
  }
}

const RECORD = /^passed-examples-[0-9a-f]{64}$/;

/** The record of the last examples stage that passed, in `dir`. */
class PassedExamples {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  #file(key: string): string {
    return join(this.#dir, `passed-examples-${key}`);
  }

  async has(key: string): Promise<boolean> {
    return (await stat(this.#file(key)).catch(() => undefined)) !== undefined;
  }

  /** Records `key` as passed, in place of the record before it. */
  async record(key: string): Promise<void> {
    const target = this.#file(key);
    await writeWhole(target, '');
    const older = (await readdir(this.#dir)).filter((name) => RECORD.test(name) && join(this.#dir, name) !== target);
    await Promise.all(older.map((name) => rm(join(this.#dir, name), { force: true })));
  }
}

/**
 * The examples stage of `document` as remembered at `place`: whether it passed before, and how to
 * record that it passes now. Undefined when the document has no key (nothing is remembered).
 */
export function rememberedExamples(place: PassedExamplesPlace, document: OpenApiDocument, examples: readonly unknown[]): { passedBefore(): Promise<boolean>; record(): Promise<void> } | undefined {
  const key = passedExamplesKey(document, examples, place.toolchain);
  if (key === undefined) return undefined;
  const store = new PassedExamples(place.dir);
  return { passedBefore: () => store.has(key), record: () => store.record(key) };
}
