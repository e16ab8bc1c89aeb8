// `npm run release [-- --dry-run] [--registry URL] [--out DIR]`: releases the generated packages at
// the version the breaking-change gate's verdict gives (breaking → major, additions → minor, else
// patch), against the last released bundle in spec/releases/. A breaking change no release note
// acknowledges stops it. It records the release (spec/releases/<version>.yaml and .md, the
// packages' version in package.json), regenerates, packs and checks each package, and publishes
// them, client first, then the sandbox and the conformance kit, to the registry given or
// configured for the @payment-gateway scope.
// --dry-run prints the next version and the changelog entry and writes nothing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { TOOLCHAIN_ROOT } from '../locations.js';
import { parseCommandLine } from '../shared/command-line.js';
import { runGate } from './gate.js';
import { npmSync } from '../shared/npm-command.js';
import { packPackages, publishPackage, type PackedPackage } from './pack.js';
import { nextVersion } from './semver.js';

/**
 * The packages a release publishes, in publishing order: the sandbox depends on the client, the
 * conformance kit on both.
 */
export const RELEASED_PACKAGES = ['client', 'sandbox', 'conformance'] as const;
const SCOPE = '@payment-gateway';

interface Toolchain {
  clientPackage: { name: string; version: string; license: string };
}

function configuredRegistry(root: string): string | undefined {
  const value = npmSync(['config', 'get', `${SCOPE}:registry`], root).trim();
  return value && value !== 'undefined' ? value : undefined;
}

export async function release(options: { root: string; dryRun: boolean; registry?: string; outDir: string; log: (line: string) => void }): Promise<{ version: string; packages: PackedPackage[] }> {
  const { root, log } = options;
  const manifestPath = join(root, 'package.json');
  const manifestText = readFileSync(manifestPath, 'utf8');
  const toolchain = JSON.parse(manifestText) as Toolchain;
  const gate = await runGate(root);
  const current = toolchain.clientPackage.version;
  if (current !== gate.baseVersion) {
    throw new Error(`package.json clientPackage.version is ${current}, but the last release bundle is ${gate.basePath}: they name the same release`);
  }
  if (!gate.passes) {
    log(gate.report);
    throw new Error(`release stopped: ${gate.unacknowledged > 0 ? `${gate.unacknowledged} breaking change(s) no release note acknowledges` : 'a new breaking release note names no change the gate found'} (see the report above)`);
  }
  const version = nextVersion(current, gate.bump);
  const interfaceVersion = gate.document.info.version;
  const notes = `## ${version} (interface ${interfaceVersion}, ${gate.bump} release)\n\n${gate.notes}\n`;
  log(`${RELEASED_PACKAGES.length} packages: ${current} → ${version} (${gate.bump}: ${gate.bump === 'major' ? 'breaking changes, each acknowledged' : gate.bump === 'minor' ? 'additions, nothing breaking' : 'corrections only'}); interface ${interfaceVersion}`);
  log('');
  log(notes);
  if (options.dryRun) return { version, packages: [] };

  const registry = options.registry ?? configuredRegistry(root);
  if (!registry) throw new Error(`no registry: pass --registry URL or set ${SCOPE}:registry in .npmrc (a release never publishes to a registry it was not given)`);
  const recorded = [join(root, 'spec', 'releases', `${version}.yaml`), join(root, 'spec', 'releases', `${version}.md`)] as const;
  writeFileSync(recorded[0], `# The bundled spec of package release ${version} (interface ${interfaceVersion}), written by npm run release: the base the next release and CI's gate compare against.\n${stringify(gate.document, { lineWidth: 0 })}`);
  writeFileSync(recorded[1], notes);
  writeFileSync(manifestPath, `${JSON.stringify({ ...toolchain, clientPackage: { ...toolchain.clientPackage, version } }, null, 2)}\n`);
  const regenerate = () => execFileSync(process.execPath, [join(root, 'generators', 'run.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let packages: PackedPackage[];
  try {
    regenerate();
    mkdirSync(options.outDir, { recursive: true });
    packages = packPackages(root, RELEASED_PACKAGES.map((name) => join(root, 'generated', name)), options.outDir);
  } catch (error) {
    // Nothing was published: put the tree back as it was.
    for (const path of recorded) rmSync(path, { force: true });
    writeFileSync(manifestPath, manifestText);
    regenerate();
    throw error;
  }
  for (const packed of packages) {
    publishPackage(packed.tarball, registry);
    log(`published ${packed.name}@${packed.version} to ${registry}`);
  }
  log(`Recorded ${recorded.map((path) => path.slice(root.length + 1)).join(' and ')}; commit them with package.json and generated/.`);
  return { version, packages };
}

const USAGE = `usage: npm run release -- [--dry-run] [--registry URL] [--out DIR]

Releases the packages at the version the breaking-change gate gives against the newest bundle of
spec/releases/ (breaking → major, additions → minor, else patch), and stops on a breaking change
no release note acknowledges.

  --dry-run        print the next version and its changelog entry; write nothing
  --registry URL   publish there (default: the registry .npmrc sets for @payment-gateway)
  --out DIR        where the tarballs go (default: dist/release)`;

async function main(): Promise<void> {
  const { values } = parseCommandLine({
    usage: USAGE,
    options: { 'dry-run': { type: 'boolean', default: false }, registry: { type: 'string' }, out: { type: 'string' } },
  });
  try {
    await release({
      root: TOOLCHAIN_ROOT,
      dryRun: values['dry-run'],
      ...(values.registry ? { registry: values.registry } : {}),
      outDir: values.out ?? join(TOOLCHAIN_ROOT, 'dist', 'release'),
      log: (line) => console.log(line),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
