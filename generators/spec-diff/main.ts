// `npm run spec:diff -- <base> [--head <bundled spec file>]`: compares the spec (or a bundled head)
// with a base (a git ref, a bundled spec file, or a folder of them such as spec/releases/, whose
// newest `<version>.yaml` is taken) as a merchant feels it, prints the report (Markdown), and
// exits 1 when a breaking change is not acknowledged by a `breaking` item of the new x-releases
// entries. The same comparison is `compareSpecs` (compare.ts) for programs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { TOOLCHAIN_ROOT } from '../locations.js';
import type { DeploymentSettings } from '../model/deployment.js';
import { loadSpec } from '../model/load-spec.js';
import { parseCommandLine } from '../shared/command-line.js';
import type { OpenApiDocument } from '../model/openapi.js';
import { compareSpecs } from './compare.js';
import { renderReport } from './report.js';
import type { SpecInput } from './surface.js';

/** The spec of a checkout (or an extracted ref) bundled, with its deployment settings. */
export async function bundleAt(root: string): Promise<SpecInput> {
  const document = (
    await loadSpec({
      rootFile: join(root, 'spec', 'openapi.yaml'),
      redoclyConfig: join(TOOLCHAIN_ROOT, 'redocly.yaml'),
    })
  ).document;
  const file = join(root, 'spec', 'deployment.yaml');
  const deployment = existsSync(file) ? readDeployment(file) : undefined;
  return { document, ...(deployment ? { deployment } : {}) };
}

const readDeployment = (file: string): DeploymentSettings =>
  (parse(readFileSync(file, 'utf8')) ?? {}) as DeploymentSettings;

/** The newest release bundle of a folder: `MAJOR.MINOR.PATCH.yaml`, compared as versions. */
export function newestRelease(folder: string): string {
  const version = (name: string) =>
    name
      .replace(/\.yaml$/, '')
      .split('.')
      .map(Number);
  const releases = readdirSync(folder)
    .filter((name) => /^[0-9]+\.[0-9]+\.[0-9]+\.yaml$/.test(name))
    .sort((a, b) => {
      const [x, y] = [version(a), version(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
  if (releases.length === 0) throw new Error(`${folder} holds no <version>.yaml release bundle`);
  return join(folder, releases.at(-1)!);
}

/** A bundled file (with the deployment settings beside it, if any: else they are not compared), or a git ref's spec/ folder. */
export async function specAt(base: string): Promise<SpecInput> {
  if (existsSync(base)) {
    // A release bundle's deployment settings, when committed beside it (`6.7.0.deployment.yaml`).
    const settings = base.replace(/\.yaml$/, '.deployment.yaml');
    const deployment = settings !== base && existsSync(settings) ? readDeployment(settings) : undefined;
    return { document: parse(readFileSync(base, 'utf8')) as OpenApiDocument, ...(deployment ? { deployment } : {}) };
  }
  // A git ref: its spec/ folder, bundled the same way.
  const folder = mkdtempSync(join(tmpdir(), 'spec-diff-'));
  try {
    const archive = execFileSync('git', ['archive', base, 'spec'], {
      cwd: TOOLCHAIN_ROOT,
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', folder], { input: archive });
    return await bundleAt(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const USAGE = `usage: npm run spec:diff -- <base> [--head <bundled spec file>]

Compares the spec (or the bundled spec --head names) with <base> as a merchant feels it, prints
the report (Markdown) and exits 1 when a breaking change is not acknowledged, or a new breaking
release note names no change. <base>: a git ref (main: the per-change check), a bundled spec
file, or a folder of them such as spec/releases (its newest <version>.yaml).`;

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine({ usage: USAGE, options: { head: { type: 'string' } }, allowPositionals: true });
  const [base, ...extra] = positionals;
  if (!base || extra.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const resolved = existsSync(base) && statSync(base).isDirectory() ? newestRelease(base) : base;
  const head = values.head ? await specAt(values.head) : await bundleAt(TOOLCHAIN_ROOT);
  const result = compareSpecs(await specAt(resolved), head);
  process.stdout.write(renderReport(result, resolved));
  process.exitCode = result.passes ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
