// Packs a generated package and checks what goes into it before anything is published: publint on
// the package, arethetypeswrong on the tarball, and no file a merchant should not receive (tests,
// TypeScript sources, build configs).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export interface PackedPackage {
  readonly name: string;
  readonly version: string;
  readonly tarball: string;
  readonly files: readonly string[];
}

/** Files a published package never carries: tests, sources other than declarations, build configs. */
const NOT_SHIPPED = [/(^|\/)test(s)?\//, /\.test\.[cm]?[jt]s$/, /(?<!\.d)\.ts$/, /(^|\/)tsconfig[^/]*\.json$/, /(^|\/)src\//];

const NPM_ENV = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

function bin(root: string, name: string, path: string, args: string[], cwd: string): string {
  return execFileSync(process.execPath, [join(root, 'node_modules', name, path), ...args], { cwd, env: NPM_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function packPackage(root: string, packageDir: string, outDir: string): PackedPackage {
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: packageDir, env: NPM_ENV, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // npm prints the prepack build's output before the JSON report.
  const report = JSON.parse(output.slice(output.indexOf('\n[') + 1)) as [{ name: string; version: string; filename: string; files: { path: string }[] }];
  const [packed] = report;
  const files = packed.files.map((file) => file.path);
  const refused = files.filter((file) => NOT_SHIPPED.some((pattern) => pattern.test(file)));
  if (refused.length > 0) throw new Error(`${packed.name}: the tarball would ship ${refused.slice(0, 5).join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}: list only built output in "files"`);
  const tarball = join(outDir, packed.filename);
  bin(root, 'publint', 'src/cli.js', ['--strict', packageDir], root);
  bin(root, '@arethetypeswrong/cli', 'dist/index.js', [tarball, '--profile', 'strict'], packageDir);
  return { name: packed.name, version: packed.version, tarball, files };
}

export function publishPackage(tarball: string, registry: string): void {
  execFileSync('npm', ['publish', tarball, '--registry', registry], { env: NPM_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
}
