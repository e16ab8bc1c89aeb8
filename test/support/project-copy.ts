// A copy of the project as it stands (tracked and new files) in another folder, with the installed
// node_modules linked in: the tests that run the toolchain's commands on a changed spec (a release,
// a recipe of the "Changing the spec" guide, a spec mistake) run them there.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from './spec-examples.js';

export function copyProject(into: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    try {
      mkdirSync(dirname(join(into, file)), { recursive: true });
      cpSync(join(PROJECT_ROOT, file), join(into, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // deleted in the work tree
    }
  }
  // node_modules linked entry by entry, but the workspaces (the generated packages) are the copy's own.
  const modules = join(into, 'node_modules');
  mkdirSync(join(modules, '@payment-gateway'), { recursive: true });
  for (const entry of readdirSync(join(PROJECT_ROOT, 'node_modules'))) {
    if (entry !== '@payment-gateway') symlinkSync(join(PROJECT_ROOT, 'node_modules', entry), join(modules, entry));
  }
  for (const [name, folder] of [['merchant-client', 'client'], ['sandbox', 'sandbox'], ['conformance', 'conformance']]) {
    symlinkSync(join(into, 'generated', folder!), join(modules, '@payment-gateway', name!), 'dir');
  }
}
