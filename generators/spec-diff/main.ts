// `npm run spec:diff -- <base>`: compares the spec with a base (a git ref, or a bundled spec file)
// at the merchant's level, prints the report, and fails when a breaking change is not acknowledged
// in the new x-releases entries.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    console.error('usage: npm run spec:diff -- <git ref | bundled spec file>');
    process.exit(2);
  }
  const before = merchantSurface(await baseDocument(base));
  const after = merchantSurface(await bundleAt(TOOLCHAIN_ROOT));
  const result = verdict(before, after, classify(before, after));
  process.stdout.write(renderReport(result, base));
  process.exitCode = result.unacknowledged.length > 0 ? 1 : 0;
}

await main();
