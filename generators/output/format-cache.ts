// Prettier's output for a given input never changes, so it is kept by content hash: on disk in
// node_modules/.cache (per machine, never committed), and seeded from the committed output
// through its format index (see format-index.ts). Regenerating formats only what changed.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Options } from 'prettier';

/**
 * The key of one formatted chunk: prettier's version, the options (with the file's path inside
 * the project, never an absolute one, so keys agree across clones) and the text.
 */
export function formatKey(prettierVersion: string, options: Options, text: string): string {
  return createHash('sha256').update(prettierVersion).update('\0').update(JSON.stringify(options)).update('\0').update(text).digest('hex');
}

export class FormatCache {
  private readonly seeded = new Map<string, string>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Formatted chunks known from elsewhere (the committed output), by key. */
  seed(entries: ReadonlyMap<string, string>): void {
    for (const [key, formatted] of entries) this.seeded.set(key, formatted);
  }

  get(key: string): string | undefined {
    const seeded = this.seeded.get(key);
    if (seeded !== undefined) return seeded;
    try {
      return readFileSync(join(this.dir, key), 'utf8');
    } catch {
      return undefined;
    }
  }

  set(key: string, formatted: string): void {
    const target = join(this.dir, key);
    // Write then rename: a concurrent reader never sees half a file.
    const partial = `${target}.${process.pid}.tmp`;
    writeFileSync(partial, formatted);
    renameSync(partial, target);
  }
}
