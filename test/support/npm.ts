// npm as the tests run it: through the Node that runs the tests and npm's own CLI script, so a
// PATH without `npm` (a test runner started by `node` directly) cannot fail with `spawn npm
// ENOENT`; quiet (no update notice, funding or audit requests).
import { execFile, type ExecFileOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** npm's CLI script: the one npm put in npm_execpath when it started this process, else the one installed beside this Node. */
export const NPM_CLI = [process.env['npm_execpath'], join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js')].find(
  (path): path is string => path !== undefined && /npm-cli\.js$/.test(path) && existsSync(path),
);

export const NPM_ENV: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

/** `npm <args>` in `cwd`; resolves with its output, rejects (with stdout and stderr) when it fails. */
export async function npm(args: readonly string[], options: ExecFileOptions & { cwd: string }): Promise<{ stdout: string; stderr: string }> {
  if (!NPM_CLI) throw new Error(`npm's CLI script is neither in npm_execpath nor beside ${process.execPath}`);
  const { stdout, stderr } = await run(process.execPath, [NPM_CLI, ...args], { maxBuffer: 64 * 1024 * 1024, env: NPM_ENV, ...options, encoding: 'utf8' });
  return { stdout, stderr };
}
