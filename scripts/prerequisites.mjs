// `npm run check` (the full tier) runs this first: it finds every program the full tier needs
// beyond Node, and for each one missing says what is missing and the one command that installs
// it, then stops before anything runs. (`npm test`, the fast tier, needs none of them.)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const APT = (packages) => `apt-get update && apt-get install -y ${packages}`;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The program's output, or undefined when it cannot be run. */
function output(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}

const phpVersion = output('php', ['-r', 'echo PHP_VERSION;']);
const phpModules = (output('php', ['-m']) ?? '').split('\n').map((line) => line.trim().toLowerCase());
const atLeast = (version, [major, minor]) => {
  const [a, b] = version.split('.').map(Number);
  return a > major || (a === major && b >= minor);
};

const PREREQUISITES = [
  { what: 'PHP 8.1 or later, command-line (the PHP client and its tests)', ok: phpVersion !== undefined && atLeast(phpVersion, [8, 1]), install: APT('php-cli') },
  ...['curl', 'json', 'mbstring'].map((extension) => ({
    what: `PHP's ${extension} extension`,
    ok: phpVersion === undefined || phpModules.includes(extension),
    install: APT(extension === 'json' ? 'php-cli' : `php-${extension}`),
  })),
  { what: 'PHPUnit 9.6 (`phpunit`)', ok: output('phpunit', ['--version']) !== undefined, install: APT('phpunit') },
  { what: 'composer (`composer`; used with path repositories only)', ok: output('composer', ['--version']) !== undefined, install: APT('composer') },
  { what: `Chromium (${CHROMIUM_PATH}; set CHROMIUM_PATH for another)`, ok: existsSync(CHROMIUM_PATH), install: APT('chromium') },
];

const missing = PREREQUISITES.filter((prerequisite) => !prerequisite.ok);
if (missing.length > 0) {
  console.error('npm run check needs programs this machine lacks; nothing was run:');
  for (const { what, install } of missing) console.error(`- missing ${what}: install with \`${install}\``);
  console.error('(`npm test`, the fast tier, needs only Node.)');
  process.exit(1);
}
console.log(`Prerequisites found: PHP ${phpVersion} (curl, json, mbstring), PHPUnit, composer, Chromium.`);
