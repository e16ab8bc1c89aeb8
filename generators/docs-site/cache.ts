// A cache keyed by content: an entry's key is the hash of everything that makes it (a release's
// bundle, the sources of a site, the toolchain that turns one into the other), so an entry is
// reused exactly while what it was made from is the same, and two builds of the same content
// share one entry. Entries are folders (a built site, a release's generated sources) or texts
// (an upgrade guide). Each run keeps the entries it used and removes the others, so the cache
// holds one published site's worth.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type KeyPart = string | Buffer;

/** The hash of some parts, each length-prefixed so that two lists never hash alike. */
export function contentKey(...parts: readonly KeyPart[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex').slice(0, 32);
}

export interface CacheUse {
  readonly kind: string;
  readonly key: string;
  readonly hit: boolean;
}

export class ContentCache {
  readonly #dir: string;
  readonly #used = new Set<string>();
  /** What this run asked for, in order: which entries were reused and which were made. */
  readonly uses: CacheUse[] = [];

  constructor(dir: string) {
    this.#dir = dir;
    mkdirSync(dir, { recursive: true });
  }

  /** The folder for `key`, made by `produce` (into an empty folder) when the cache lacks it. */
  async folder(kind: string, key: string, produce: (into: string) => Promise<void>): Promise<string> {
    const name = `${kind}-${key}`;
    const path = join(this.#dir, name);
    this.#used.add(name);
    const hit = existsSync(path);
    this.uses.push({ kind, key, hit });
    if (hit) return path;
    const making = join(this.#dir, `.making-${name}-${process.pid}`);
    rmSync(making, { recursive: true, force: true });
    mkdirSync(making, { recursive: true });
    try {
      await produce(making);
      // Another process may have made the same entry meanwhile: the same key, the same content.
      if (!existsSync(path)) renameSync(making, path);
    } finally {
      rmSync(making, { recursive: true, force: true });
    }
    return path;
  }

  /** The text for `key`, made by `produce` when the cache lacks it. */
  async text(kind: string, key: string, produce: () => Promise<string>): Promise<string> {
    const folder = await this.folder(kind, key, async (into) => writeFileSync(join(into, 'text'), await produce()));
    return readFileSync(join(folder, 'text'), 'utf8');
  }

  /** Removes every entry this run did not use (not those another run is making). */
  prune(): void {
    for (const name of readdirSync(this.#dir)) if (!this.#used.has(name) && !name.startsWith('.making-')) rmSync(join(this.#dir, name), { recursive: true, force: true });
  }
}
