// The hand-written templates a package copies: every .ts file under a template folder, as
// sorted forward-slash paths relative to it, and the build step that makes its CLI runnable.
import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';

export async function templateTree(projectRoot: string, folder: string): Promise<string[]> {
  return (await readdir(join(projectRoot, folder), { recursive: true }))
    .map((name) => name.split(sep).join('/'))
    .filter((name) => name.endsWith('.ts'))
    .sort();
}

/** A build step: the generated sources open with their banner, so the bin's shebang is added after tsc. */
export const SHEBANG_SCRIPT =
  "const fs=require('fs'),f='dist/cli.js';fs.writeFileSync(f,'#!/usr/bin/env node\\n'+fs.readFileSync(f,'utf8'))";
