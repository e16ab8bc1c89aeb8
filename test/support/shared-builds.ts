// What the full tier's tests build once and share: the docs site (VitePress) and the packed
// packages. A build is kept under test/.output/builds/<kind>-<key>, where the key hashes every
// file it is built from, so each test file asks for it and the first one builds while the others
// (other vitest workers included: a lock folder guards the build) wait and reuse it; an unchanged
// input is not built again on the next run, and a changed one can never be served stale.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { projectSite } from '../../generators/docs-site/main.js';
import { buildDocsSite } from '../../generators/docs-site/site.js';
import { buildAndPack } from '../../generators/release/pack.js';
import { PROJECT_ROOT } from './spec-examples.js';

const run = promisify(execFile);
const BUILDS_DIR = join(PROJECT_ROOT, 'test', '.output', 'builds');
/** Never part of what a build is made from: other builds' output and installed dependencies. */
const SKIPPED = new Set(['node_modules', 'dist']);

/** A hash of every file under `inputs` (project-relative files or folders), names and contents. */
function contentKey(kind: string, inputs: readonly string[]): string {
  const hash = createHash('sha256').update(kind);
  const add = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!SKIPPED.has(name)) add(join(path, name));
    } else hash.update(relative(PROJECT_ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const input of inputs) add(join(PROJECT_ROOT, input));
  return hash.digest('hex').slice(0, 16);
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The folder holding the `kind` build of `inputs`, built by `build` into an empty folder unless it is there already. */
export async function sharedBuild(kind: string, inputs: readonly string[], build: (outDir: string) => Promise<void>): Promise<string> {
  const dir = join(BUILDS_DIR, `${kind}-${contentKey(kind, inputs)}`);
  const lock = `${dir}.lock`;
  await mkdir(BUILDS_DIR, { recursive: true });
  for (;;) {
    if (existsSync(dir)) return dir;
    try {
      await mkdir(lock);
    } catch {
      // Another worker builds it: wait, unless that worker died holding the lock.
      const owner = Number(readFileSync(join(lock, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
      if (owner > 0 && !alive(owner)) await rm(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      await writeFile(join(lock, 'pid'), String(process.pid));
      const partial = `${dir}.partial`;
      await rm(partial, { recursive: true, force: true });
      await mkdir(partial);
      await build(partial);
      await rename(partial, dir);
      // Older builds of the same kind are stale now.
      for (const name of await readdir(BUILDS_DIR))
        if (name.startsWith(`${kind}-`) && join(BUILDS_DIR, name) !== dir && !name.endsWith('.lock')) await rm(join(BUILDS_DIR, name), { recursive: true, force: true });
      return dir;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/**
 * The docs site as `npm run docs` builds it (generators/docs-site: the newest release at the root,
 * the older recorded ones under v/, the upgrade guides), in a folder to serve. Made from the
 * generated sources, the recorded releases and the toolchain that turns an older release's bundle
 * into its pages; the builder's own cache keeps each release's build between runs.
 */
export const builtDocsSite = (): Promise<string> =>
  sharedBuild('docs-site', ['generated/docs', 'generated/client/src', 'generated/openapi.yaml', 'spec/releases', 'spec/deployment.yaml', 'generators', 'templates', 'package-lock.json'], async (outDir) => {
    await buildDocsSite(projectSite(PROJECT_ROOT, outDir));
  });

export interface PackedPackage {
  /** The `.tgz` a release publishes. */
  readonly tarball: string;
  /** Its contents unpacked (the package folder a consumer's node_modules would hold, without dependencies). */
  readonly unpacked: string;
}

const PACKAGES = ['client', 'sandbox', 'conformance'] as const;
export type PackageName = (typeof PACKAGES)[number];

/**
 * The three npm packages packed as a release packs them (each built once, dependencies first). Each
 * tarball is also unpacked into `<name>/`, so what is checked is what is published, not the work tree.
 */
export async function packedPackages(): Promise<Readonly<Record<PackageName, PackedPackage>>> {
  const dir = await sharedBuild('packages', [...PACKAGES.map((name) => `generated/${name}`), 'package-lock.json'], async (outDir) => {
    buildAndPack(PACKAGES.map((name) => join(PROJECT_ROOT, 'generated', name)), outDir);
    for (const name of PACKAGES) {
      await mkdir(join(outDir, name));
      await run('tar', ['-xzf', tarballIn(outDir, name), '-C', join(outDir, name), '--strip-components=1']);
    }
  });
  return Object.fromEntries(PACKAGES.map((name) => [name, { tarball: tarballIn(dir, name), unpacked: join(dir, name) }])) as Record<PackageName, PackedPackage>;
}

function tarballIn(dir: string, name: PackageName): string {
  const prefix = `payment-gateway-${name === 'client' ? 'merchant-client' : name}-`;
  const file = readdirSync(dir).find((candidate) => candidate.startsWith(prefix) && candidate.endsWith('.tgz'));
  if (!file) throw new Error(`no ${prefix}*.tgz in ${dir}`);
  return join(dir, file);
}
