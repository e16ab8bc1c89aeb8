// What a generated package's modules export, read from their text: an emitter that imports the
// client package by name checks every name it writes against this, so a renamed export fails
// generation instead of the package's build.
import type { GeneratedFile } from '../emitters/emitter.js';

/** Every name the modules export (`export const X`, `export function X`, `export class X`). */
export function exportedNames(files: readonly GeneratedFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    if (file.kind !== 'typescript') continue;
    for (const match of file.contents.matchAll(/^export (?:const|function|class) ([A-Za-z0-9_$]+)/gm))
      names.add(match[1]!);
  }
  return names;
}

/** A name importer that throws when the package does not export the name, and remembers what it used. */
export function importChecker(
  exported: ReadonlySet<string>,
  who: string,
): { use(name: string): string; imports(): string[] } {
  const used = new Set<string>();
  return {
    use(name) {
      if (!exported.has(name)) throw new Error(`${who}: the client package exports no ${name}`);
      used.add(name);
      return name;
    },
    imports: () => [...used].sort(),
  };
}

/** The name and version of a generated package another one depends on, from its generated manifest. */
export function generatedManifest(files: readonly GeneratedFile[], path: string, who: string): { name: string; version: string } {
  const file = files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`${who}: ${path} was not generated`);
  return JSON.parse(file.contents) as { name: string; version: string };
}
