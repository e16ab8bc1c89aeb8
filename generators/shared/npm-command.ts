// npm as the toolchain runs it: through the Node that runs us and npm's own CLI script, so a PATH
// without `npm` (a command started by `node` directly, a test runner) cannot fail with `spawn npm
// ENOENT`; quiet (no update notice, funding or audit requests). The release and the tests share it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** npm's CLI script: the one npm put in npm_execpath when it started this process, else the one installed beside this Node. */
export const NPM_CLI = [process.env['npm_execpath'], join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js')].find(
  (path): path is string => path !== undefined && /npm-cli\.js$/.test(path) && existsSync(path),
);

export const NPM_ENV: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

/** The program and leading arguments that run `npm`. */
export function npmCommand(): [string, string] {
  if (!NPM_CLI) throw new Error(`npm's CLI script is neither in npm_execpath nor beside ${process.execPath}`);
  return [process.execPath, NPM_CLI];
}

/** `npm <args>` in `cwd`, synchronously; returns its standard output, throws (with stdout and stderr) when it fails. */
export function npmSync(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = NPM_ENV): string {
  const [program, cli] = npmCommand();
  return execFileSync(program, [cli, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}
