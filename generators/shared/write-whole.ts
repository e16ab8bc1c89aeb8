// A file written whole or not at all: to a temporary name beside it, then renamed over it, so a
// run stopped halfway never leaves a half-written cache entry or record for the next run to read.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function writeWhole(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}
