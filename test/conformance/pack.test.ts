// The kit as a merchant or platform team gets it: `npm pack` builds it (its prepack builds the
// client and the sandbox it depends on by version first), the tarballs install into a fresh project (dependencies
// from the npm cache), and `npx @payment-gateway/conformance platform …` run there passes every
// scenario against a freshly started sandbox, in every output format.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../generated/sandbox/src/index.js';
import { npm } from '../support/npm.js';
import { packedPackages } from '../support/shared-builds.js';

/** A port free right now, for the kit's listener (the sandbox must know it before the kit starts). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let work: string;
let consumer: string;
let sandbox: RunningSandbox;
let port: number;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'conformance-package-'));
  // The kit and the client and sandbox it depends on, packed once for the run (test/support/shared-builds.ts).
  const packages = await packedPackages();
  consumer = join(work, 'consumer');
  await mkdir(consumer);
  const dependencies = Object.fromEntries(
    Object.values(packages).map(({ unpacked, tarball }) => [JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')).name as string, `file:${tarball}`]),
  );
  await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'platform-team', private: true, dependencies }));
  await npm(['install', '--prefer-offline', '--ignore-scripts'], { cwd: consumer });
  port = await freePort();
  sandbox = await startSandbox({ port: 0, callbackUrl: `http://127.0.0.1:${port}/` });
}, 600_000);

/** `npx @payment-gateway/conformance …` in the consumer project. */
const conformance = (args: readonly string[]) => npm(['exec', '--no', '--', '@payment-gateway/conformance', ...args], { cwd: consumer });

afterAll(async () => {
  await sandbox?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the conformance package', () => {
  it('runs `npx @payment-gateway/conformance platform` from the installed tarball: every scenario passes, the report is JUnit', async () => {
    const { key, password } = sandbox.merchants[0]!;
    const { stdout, stderr } = await conformance([
      'platform',
      '--base-url',
      sandbox.url,
      '--checkout-url',
      sandbox.url,
      '--merchant',
      `${key}:${password}`,
      '--callback-listen',
      `127.0.0.1:${port}`,
      '--report',
      'junit',
    ]);
    // Progress on stderr, one line per scenario; the report on stdout.
    expect(stderr).toMatch(/^\[\s*1\/\d+\] ok {3}/m);
    const tests = Number(/tests="(\d+)"/.exec(stdout)?.[1]);
    expect(tests).toBeGreaterThan(100);
    expect(stdout).toContain('failures="0"');
    expect(stdout).not.toContain('<failure');
    expect(stdout).toContain('classname="platform.callbacks"');
  });

  it('exits 1 with the failure in the report when the merchant password is wrong', async () => {
    const { key } = sandbox.merchants[0]!;
    const failed = await conformance([
      'platform',
      '--base-url',
      sandbox.url,
      '--merchant',
      `${key}:not-the-password`,
      '--only',
      'flows',
      '--report',
      'md',
    ]).then(
      () => undefined,
      (error: { code?: number; stdout?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/\| FAIL \|/);
    expect(failed?.stdout).not.toContain('not-the-password');
  });
});
