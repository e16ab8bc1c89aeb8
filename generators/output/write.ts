// Writes the finalized files into generated/ (removing files no emitter produced any more), or,
// in check mode, reports every difference without touching the tree.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { withOpenFile } from '../shared/open-files.js';

export type OutputFiles = ReadonlyMap<string, string>;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').some((part) => part === 'node_modules' || part === 'dist'))
    .sort();
}

/** What `outDir` holds now of each path in `files` (undefined: missing), read together (shared/open-files.ts). */
async function currentTexts(outDir: string, files: OutputFiles): Promise<Map<string, string | undefined>> {
  const paths = [...files.keys()];
  const texts = await Promise.all(paths.map((path) => withOpenFile(() => readFile(join(outDir, path), 'utf8').catch(() => undefined))));
  return new Map(paths.map((path, i) => [path, texts[i]]));
}

/** Writes what differs and removes what no emitter produced; returns those paths (relative to `outDir`). */
export async function writeOutput(outDir: string, files: OutputFiles): Promise<string[]> {
  const stale = (await listFiles(outDir)).filter((path) => !files.has(path));
  await Promise.all(stale.map((path) => rm(join(outDir, path))));
  const current = await currentTexts(outDir, files);
  const changed = [...files].filter(([path, contents]) => current.get(path) !== contents);
  // Each folder once, then the files together (shared/open-files.ts).
  const folders = [...new Set(changed.map(([path]) => dirname(join(outDir, path))))];
  await Promise.all(folders.map((folder) => mkdir(folder, { recursive: true })));
  await Promise.all(changed.map(([path, contents]) => withOpenFile(() => writeFile(join(outDir, path), contents))));
  return [...stale, ...changed.map(([path]) => path)];
}

/** Paths that differ between `outDir` and `files`: changed, missing or stale. */
export async function diffOutput(outDir: string, files: OutputFiles): Promise<string[]> {
  const differences: string[] = [];
  const existing = await listFiles(outDir);
  for (const path of existing) if (!files.has(path)) differences.push(`stale: ${path}`);
  const current = await currentTexts(outDir, files);
  for (const [path, contents] of files) {
    const text = current.get(path);
    if (text === undefined) differences.push(`missing: ${path}`);
    else if (text !== contents) differences.push(`changed: ${path}`);
  }
  return differences;
}
