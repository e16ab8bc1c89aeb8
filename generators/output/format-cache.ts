// Prettier's output for a given input never changes, so it is kept on disk by content hash
// (node_modules/.cache, per machine, never committed): regenerating after a spec edit formats
// only the parts of the output that changed.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Options } from 'prettier';

export class FormatCache {
  constructor(
    private readonly dir: string,
    private readonly prettierVersion: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  private path(text: string, options: Options): string {
    const key = createHash('sha256').update(this.prettierVersion).update('\0').update(JSON.stringify(options)).update('\0').update(text).digest('hex');
    return join(this.dir, key);
  }

  get(text: string, options: Options): string | undefined {
    try {
      return readFileSync(this.path(text, options), 'utf8');
    } catch {
      return undefined;
    }
  }

  set(text: string, options: Options, formatted: string): void {
    const target = this.path(text, options);
    // Write then rename: a concurrent reader never sees half a file.
    const partial = `${target}.${process.pid}.tmp`;
    writeFileSync(partial, formatted);
    renameSync(partial, target);
  }
}
