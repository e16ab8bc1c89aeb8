// `npm run spec:diff -- <base>`: compares the spec with a base (a git ref, a bundled spec file, or a
// folder of them such as spec/releases/, whose newest `<version>.yaml` is taken)
// at the merchant's level, prints the report, and fails when a breaking change is not acknowledged
// in the new x-releases entries.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { TOOLCHAIN_ROOT } from '../locations.js';
import { loadSpec } from '../model/load-spec.js';
import type { OpenApiDocument } from '../model/openapi.js';
import { classify } from './classify.js';
import { renderReport, verdict } from './report.js';
import { merchantSurface } from './surface.js';

async function bundleAt(root: string): Promise<OpenApiDocument> {
  return (await loadSpec({ rootFile: join(root, 'spec', 'openapi.yaml'), redoclyConfig: join(TOOLCHAIN_ROOT, 'redocly.yaml') })).document;
}

/** The newest release bundle of a folder: `MAJOR.MINOR.PATCH.yaml`, compared as versions. */
export function newestRelease(folder: string): string {
  const version = (name: string) => name.replace(/\.yaml$/, '').split('.').map(Number);
  const releases = readdirSync(folder)
    .filter((name) => /^[0-9]+\.[0-9]+\.[0-9]+\.yaml$/.test(name))
    .sort((a, b) => {
      const [x, y] = [version(a), version(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
  if (releases.length === 0) throw new Error(`${folder} holds no <version>.yaml release bundle`);
  return join(folder, releases.at(-1)!);
}

async function baseDocument(base: string): Promise<OpenApiDocument> {
  if (existsSync(base)) return parse(readFileSync(base, 'utf8')) as OpenApiDocument;
  // A git ref: its spec/ folder, bundled the same way.
  const folder = mkdtempSync(join(tmpdir(), 'spec-diff-'));
  try {
    const archive = execFileSync('git', ['archive', base, 'spec'], { cwd: TOOLCHAIN_ROOT, maxBuffer: 256 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', folder], { input: archive });
    return await bundleAt(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const base = process.argv[2];
  if (!base) {
    console.error('usage: npm run spec:diff -- <git ref | bundled spec file | folder of release bundles>');
    process.exit(2);
  }
  const resolved = existsSync(base) && statSync(base).isDirectory() ? newestRelease(base) : base;
  const before = merchantSurface(await baseDocument(resolved));
  const after = merchantSurface(await bundleAt(TOOLCHAIN_ROOT));
  const result = verdict(before, after, classify(before, after));
  process.stdout.write(renderReport(result, resolved));
  process.exitCode = result.unacknowledged.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
