// The per-emitter cache of `generate({ cacheDir })`: an emitter whose inputs are the same as in a
// run that stored its files is not run again, and its files (as emitted and as finalized) are
// read back. A stale entry is impossible by construction: the key is a hash of everything the
// files can depend on, and nothing else decides whether an entry is used.
//
// - the toolchain: every file of generators/ but the folders of the other emitters (emitters
//   never import each other: test/generators/pipeline.test.ts), every file of templates/, the
//   root configs the emitters and the finalizer read (package.json, tsconfig.json,
//   .prettierrc.json, redocly.yaml, redocly/), package-lock.json (the versions of
//   openapi-typescript, prettier, yaml) and Node's version;
// - the spec: every file under spec/ (the model is built from them alone), or, for an emitter
//   that declares the part of the model it reads (`reads`, whose `emit` is built from that part
//   alone), that part: an edit elsewhere in the spec leaves it cached;
// - the files of the emitters it depends on (`dependsOn`);
// - the emitter's name and which spec files were asked for.
//
// Entries are files `<emitter>-<key>.v8` (the files in V8's serialization), written whole (to a
// temporary name, then renamed) and replacing the emitter's older entry, so the folder holds one
// entry per emitter.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { GeneratedFile } from './emitters/emitter.js';
import { withOpenFile } from './shared/open-files.js';
import { writeWhole } from './shared/write-whole.js';
import { DEPLOYMENT_FILE, SPEC_ROOT_FILE } from './locations.js';

/** What the toolchain reads besides spec/ and generators/: folders (every file in them) and single files, from the project root. */
export const TOOLCHAIN_INPUTS = ['templates', 'redocly', 'package.json', 'package-lock.json', 'tsconfig.json', '.prettierrc.json', 'redocly.yaml'];
const EMITTERS_DIR = 'generators/emitters';

/**
 * The digests of the toolchain: `common` (all but the emitters' own folders) and `emitter(name)`
 * (its folder, digested once however often it is asked for): an edit to one emitter's code leaves
 * the others' entries in use.
 */
export interface ToolchainDigests {
  readonly common: string;
  emitter(name: string): Promise<string>;
}

export async function toolchainDigests(root: string): Promise<ToolchainDigests> {
  const outside = async (folder: string, inside: string) => (await readdir(join(root, folder))).filter((name) => name !== inside && !NOT_INPUTS.has(name)).map((name) => `${folder}/${name}`);
  const emitterFolders = new Set((await readdir(join(root, EMITTERS_DIR), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name));
  const shared = [...(await outside('generators', 'emitters')), ...(await readdir(join(root, EMITTERS_DIR))).filter((name) => !emitterFolders.has(name)).map((name) => `${EMITTERS_DIR}/${name}`)];
  const byEmitter = new Map<string, Promise<string>>();
  const emitter = (name: string) => {
    let digest = byEmitter.get(name);
    if (digest === undefined) byEmitter.set(name, (digest = digestFiles(root, [`${EMITTERS_DIR}/${name}`])));
    return digest;
  };
  return { common: await digestFiles(root, [...shared.sort(), ...TOOLCHAIN_INPUTS]), emitter };
}

/**
 * What a run's cache keys take that needs no model: the toolchain and the spec files asked for.
 * Computed once a run: `npm run generate` computes them while its workers start (warm-up.ts) and
 * hands them to the pipeline.
 */
export interface RunDigests {
  readonly toolchain: ToolchainDigests;
  /** The files (folders: every file in them) of `specPaths`. */
  readonly specFiles: string;
}

/** The spec files a run's key takes: all of spec/, and the root and deployment files (a fixture spec may live elsewhere). */
export const specFilePaths = (rootFile = SPEC_ROOT_FILE, deploymentFile = DEPLOYMENT_FILE): string[] => ['spec', rootFile, deploymentFile];

export async function runDigests(root: string, specPaths: readonly string[]): Promise<RunDigests> {
  const [toolchain, specFiles] = await Promise.all([toolchainDigests(root), digestFiles(root, specPaths)]);
  return { toolchain, specFiles };
}

/**
 * A digest of a whole run's inputs (the toolchain, every emitter's code, the spec files): when it
 * is the last run's (EmitterCache.lastInputs), the cache holds every emitter's files. Only a hint,
 * for whether to warm the emitters' tools up.
 */
export async function runInputs(root: string, { toolchain, specFiles }: RunDigests): Promise<string> {
  const emitters = (await readdir(join(root, EMITTERS_DIR), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const parts = await Promise.all(emitters.map(async (name) => `${name} ${await toolchain.emitter(name)}`));
  return digestText(process.version, toolchain.common, specFiles, ...parts);
}

/** Files under these names are the toolchain's own output or scratch, never its input. */
const NOT_INPUTS = new Set(['.bundle', 'node_modules']);

export interface CachedEmitter {
  readonly files: readonly GeneratedFile[];
  /** generated/-relative path → final text (banner, layout). */
  readonly finalized: readonly (readonly [string, string])[];
}

/** Whether a file under `paths` (relative to `root`) was written after `time` (ms since the epoch): a hint, as cheap as a stat of each. */
export async function writtenSince(root: string, paths: readonly string[], time: number): Promise<boolean> {
  const newer = async (path: string): Promise<boolean> => {
    const full = join(root, path);
    const info = await stat(full).catch(() => undefined);
    if (info === undefined) return false;
    if (!info.isDirectory()) return info.mtimeMs > time;
    const names = (await readdir(full)).filter((name) => !NOT_INPUTS.has(name));
    return (await Promise.all(names.map((name) => newer(join(path, name))))).some(Boolean);
  };
  return (await Promise.all(paths.map(newer))).some(Boolean);
}

/**
 * A digest of every file under `paths` (relative to `root`; missing ones count as missing), by path
 * and content. The files are read together (shared/open-files.ts) and hashed in path order.
 */
export async function digestFiles(root: string, paths: readonly string[]): Promise<string> {
  const parts = async (path: string): Promise<Array<string | Buffer>> => {
    const full = join(root, path);
    const info = await stat(full).catch(() => undefined);
    if (info === undefined) return [`missing ${path}\0`];
    if (info.isDirectory()) {
      const names = (await readdir(full)).filter((name) => !NOT_INPUTS.has(name)).sort();
      return (await Promise.all(names.map((name) => parts(join(path, name))))).flat();
    }
    return [`file ${relative(root, full)}\0`, await withOpenFile(() => readFile(full)), '\0'];
  };
  const hash = createHash('sha256');
  for (const part of (await Promise.all(paths.map(parts))).flat()) hash.update(part);
  return hash.digest('hex');
}

export const digestText = (...parts: readonly string[]): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/**
 * The JSON text of plain data (objects, arrays, strings, numbers, booleans, null). Anything else
 * throws, since its JSON would not show what it holds: a Map or a Set (`{}`), a class instance, a
 * function, `undefined`. What an emitter `reads` is keyed by this text.
 */
export function plainJson(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key: string, part: unknown) {
    const plain =
      part === null ||
      typeof part === 'string' ||
      typeof part === 'number' ||
      typeof part === 'boolean' ||
      Array.isArray(part) ||
      (typeof part === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(part) as object | null));
    if (!plain) throw new Error(`not plain JSON data at ${JSON.stringify(key)}: ${Object.prototype.toString.call(part)}`);
    return part;
  });
}

/** The digest of an emitter's files, as a dependent's key takes them. */
const outputDigests = new WeakMap<readonly GeneratedFile[], string>();
/** A digest of an emitter's files, computed once for each list of them (three emitters' keys take the validators' megabytes). */
export function digestOutput(files: readonly GeneratedFile[]): string {
  let digest = outputDigests.get(files);
  if (digest === undefined) outputDigests.set(files, (digest = digestText(JSON.stringify(files))));
  return digest;
}

/** The file holding the last run's inputs (not an entry: entries end in `-<key>.v8`). */
const LAST_INPUTS = 'last-run-inputs';
/**
 * Entries are V8's serialization of the files (node:v8): read back in half the time JSON takes, on
 * the main thread of every regeneration. The key holds Node's version, so the writer's V8 reads them.
 */
const ENTRY_EXTENSION = '.v8';
const ENTRY = /^(.+)-[0-9a-f]{64}\.v8$/;
/** An entry, or one of the JSON entries caches held before: replaced alike. */
const OLD_OR_CURRENT_ENTRY = /^(.+)-[0-9a-f]{64}\.(v8|json)$/;

export class EmitterCache {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  #entry(name: string, key: string): string {
    return join(this.#dir, `${name}-${key}${ENTRY_EXTENSION}`);
  }

  /** The entry stored under `key`, or undefined (none, or one that cannot be read whole). */
  async read(name: string, key: string): Promise<CachedEmitter | undefined> {
    const bytes = await readFile(this.#entry(name, key)).catch(() => undefined);
    if (bytes === undefined) return undefined;
    try {
      return deserialize(bytes) as CachedEmitter;
    } catch {
      return undefined;
    }
  }

  /** The emitters that have an entry (for any key). */
  async emitters(): Promise<Set<string>> {
    const files = await readdir(this.#dir).catch(() => []);
    return new Set(files.flatMap((file) => ENTRY.exec(file)?.[1] ?? []));
  }

  /**
   * The inputs (a digest: toolchain, spec files, emitters) of the last run that stored its
   * entries, or undefined. Only a hint of whether a run is likely to run emitters (whether to warm
   * their tools up), never whether an entry is used: that is its key alone.
   */
  async lastInputs(): Promise<string | undefined> {
    return readFile(join(this.#dir, LAST_INPUTS), 'utf8').catch(() => undefined);
  }

  /** When the last run recorded its inputs (ms since the epoch), or undefined. */
  async lastInputsTime(): Promise<number | undefined> {
    return (await stat(join(this.#dir, LAST_INPUTS)).catch(() => undefined))?.mtimeMs;
  }

  async recordInputs(inputs: string): Promise<void> {
    await writeWhole(join(this.#dir, LAST_INPUTS), inputs);
  }

  /** Stores the entry and removes the emitter's older ones. */
  async write(name: string, key: string, entry: CachedEmitter): Promise<void> {
    await writeWhole(this.#entry(name, key), serialize(entry));
    const stale = (await readdir(this.#dir)).filter((file) => OLD_OR_CURRENT_ENTRY.exec(file)?.[1] === name && file !== `${name}-${key}${ENTRY_EXTENSION}`);
    await Promise.all(stale.map((file) => rm(join(this.#dir, file), { force: true })));
  }
}
