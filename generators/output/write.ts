// Writes the finalized files into generated/ (removing files no emitter produced any more), or,
// in check mode, reports every difference without touching the tree.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

export type OutputFiles = ReadonlyMap<string, string>;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').some((part) => part === 'node_modules' || part === 'dist'))
    .sort();
}

/** Writes what differs and removes what no emitter produced; returns those paths (relative to `outDir`). */
export async function writeOutput(outDir: string, files: OutputFiles): Promise<string[]> {
  const changed: string[] = [];
  for (const stale of (await listFiles(outDir)).filter((path) => !files.has(path))) {
    await rm(join(outDir, stale));
    changed.push(stale);
  }
  for (const [path, contents] of files) {
    const target = join(outDir, path);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current === contents) continue;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, contents);
    changed.push(path);
  }
  return changed;
}

/** Paths that differ between `outDir` and `files`: changed, missing or stale. */
export async function diffOutput(outDir: string, files: OutputFiles): Promise<string[]> {
  const differences: string[] = [];
  const existing = await listFiles(outDir);
  for (const path of existing) if (!files.has(path)) differences.push(`stale: ${path}`);
  for (const [path, contents] of files) {
    const current = await readFile(join(outDir, path), 'utf8').catch(() => undefined);
    if (current === undefined) differences.push(`missing: ${path}`);
    else if (current !== contents) differences.push(`changed: ${path}`);
  }
  return differences;
}
