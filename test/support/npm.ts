// npm as the tests run it: the toolchain's own way (generators/shared/npm-command.ts), here
// asynchronous, so concurrent tests are not blocked.
import { execFile, type ExecFileOptions } from 'node:child_process';
import { promisify } from 'node:util';
import { npmCommand, NPM_CLI, NPM_ENV } from '../../generators/shared/npm-command.js';

export { NPM_CLI, NPM_ENV };

const run = promisify(execFile);

/** `npm <args>` in `cwd`; resolves with its output, rejects (with stdout and stderr) when it fails. */
export async function npm(args: readonly string[], options: ExecFileOptions & { cwd: string }): Promise<{ stdout: string; stderr: string }> {
  const [program, cli] = npmCommand();
  const { stdout, stderr } = await run(program, [cli, ...args], { maxBuffer: 64 * 1024 * 1024, env: NPM_ENV, ...options, encoding: 'utf8' });
  return { stdout, stderr };
}
