// Packs a generated package and checks what goes into it before anything is published: publint on
// the package, arethetypeswrong on the tarball, and no file a merchant should not receive (tests,
// TypeScript sources, build configs).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { npmSync, NPM_ENV } from '../shared/npm-command.js';

export interface PackedPackage {
  readonly name: string;
  readonly version: string;
  readonly tarball: string;
  readonly files: readonly string[];
}

/** Files a published package never carries: tests, sources other than declarations, build configs. */
const NOT_SHIPPED = [/(^|\/)test(s)?\//, /\.test\.[cm]?[jt]s$/, /(?<!\.d)\.ts$/, /(^|\/)tsconfig[^/]*\.json$/, /(^|\/)src\//];

function bin(root: string, name: string, path: string, args: string[], cwd: string): string {
  return execFileSync(process.execPath, [join(root, 'node_modules', name, path), ...args], { cwd, env: NPM_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

interface PackReport {
  name: string;
  version: string;
  filename: string;
  files: { path: string }[];
}

/**
 * Builds each package once, in the order given (a package's dependencies first), and packs it as
 * built. Each package's prepack builds what it depends on, so that one package packs alone; in a
 * row of packages that would build the client three times, so here the prepack does not run.
 */
export function buildAndPack(packageDirs: readonly string[], outDir: string): PackReport[] {
  return packageDirs.map((packageDir) => {
    npmSync(['run', 'build'], packageDir);
    const [report] = JSON.parse(npmSync(['pack', '--json', '--ignore-scripts', '--pack-destination', outDir], packageDir)) as [PackReport];
    return report;
  });
}

/** Packs the packages (dependencies first) and checks each tarball before anything is published. */
export function packPackages(root: string, packageDirs: readonly string[], outDir: string): PackedPackage[] {
  return buildAndPack(packageDirs, outDir).map((packed, index) => {
    const packageDir = packageDirs[index]!;
    const files = packed.files.map((file) => file.path);
    const refused = files.filter((file) => NOT_SHIPPED.some((pattern) => pattern.test(file)));
    if (refused.length > 0) throw new Error(`${packed.name}: the tarball would ship ${refused.slice(0, 5).join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}: list only built output in "files"`);
    const tarball = join(outDir, packed.filename);
    bin(root, 'publint', 'src/cli.js', ['--strict', packageDir], root);
    bin(root, '@arethetypeswrong/cli', 'dist/index.js', [tarball, '--profile', 'strict'], packageDir);
    return { name: packed.name, version: packed.version, tarball, files };
  });
}

export function publishPackage(tarball: string, registry: string): void {
  npmSync(['publish', tarball, '--registry', registry], dirname(tarball));
}
