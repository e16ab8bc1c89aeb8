// The generated client is a package another repo can consume: it builds, publint and
// arethetypeswrong pass, and a consumer project installs the packed tarball, type-checks
// under strict and runs a SALE against a loopback server.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback, type Loopback } from '../support/loopback.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const run = promisify(execFile);
const PACKAGE_DIR = join(PROJECT_ROOT, 'generated', 'client');
const bin = (name: string, path: string) => [process.execPath, join(PROJECT_ROOT, 'node_modules', name, path)] as const;
const TSC = bin('typescript', 'bin/tsc');
const ATTW = bin('@arethetypeswrong/cli', 'dist/index.js');
const PUBLINT = bin('publint', 'src/cli.js');
const NPM_ENV = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

async function exec(command: readonly [string, string], args: string[], cwd: string): Promise<string> {
  const { stdout, stderr } = await run(command[0], [command[1], ...args], { cwd, env: NPM_ENV, maxBuffer: 32 * 1024 * 1024 });
  return stdout + stderr;
}

let work: string;
let tarball: string;
let server: Loopback;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'client-package-'));
  server = await startLoopback();
  await exec(TSC, ['-p', 'tsconfig.build.json'], PACKAGE_DIR);
  await run('npm', ['pack', '--pack-destination', work, '--ignore-scripts'], { cwd: PACKAGE_DIR, env: NPM_ENV });
  const name = (await readdir(work)).find((file) => file.endsWith('.tgz'));
  if (!name) throw new Error('npm pack produced no tarball');
  tarball = join(work, name);
}, 180_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the client package', () => {
  it('keeps its browser-safe entry points free of Node imports', async () => {
    const { build } = await import('esbuild');
    for (const module of ['validators', 'types', 'methods', 'runtime/form-codec']) {
      const result = await build({ entryPoints: [join(PACKAGE_DIR, 'src', `${module}.ts`)], bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent' });
      expect(result.errors, module).toEqual([]);
      expect(result.outputFiles[0]!.text, module).not.toMatch(/from\s*["']node:/);
    }
  });

  it('passes publint', async () => {
    expect(await exec(PUBLINT, [PACKAGE_DIR], PROJECT_ROOT)).toContain('All good');
  });

  it('passes arethetypeswrong for an ESM package', async () => {
    await expect(exec(ATTW, [tarball, '--profile', 'esm-only'], PROJECT_ROOT)).resolves.toContain('@payment-gateway/merchant-client');
  });

  it('installs into a consumer that type-checks under strict and runs a SALE', async () => {
    const consumer = join(work, 'consumer');
    await run('mkdir', ['-p', join(consumer, 'src')]);
    await writeFile(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { '@payment-gateway/merchant-client': `file:${tarball}` } }),
    );
    await writeFile(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          outDir: 'dist',
          typeRoots: [join(PROJECT_ROOT, 'node_modules', '@types')],
          types: ['node'],
        },
        include: ['src'],
      }),
    );
    await writeFile(
      join(consumer, 'src', 'main.ts'),
      `import { createS2SClient, RequestValidationError, SPEC_VERSION, type SaleCardInput } from '@payment-gateway/merchant-client';
import { isSaleCardRequest } from '@payment-gateway/merchant-client/validators';

const client = createS2SClient({ baseUrl: process.argv[2]!, merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'secret-password', retries: 0 });
const sale: SaleCardInput = {
  order_id: 'ORDER-1', order_amount: '1.99', order_currency: 'USD', order_description: 'Product',
  card_number: '4111111111111111', card_exp_month: '01', card_exp_year: '2038', card_cvv2: '000',
  payer_ip: '203.0.113.10', term_url_3ds: 'https://merchant.example/3ds',
};
const response = await client.card.sale(sale);
const narrowed = response.result === 'SUCCESS' ? response.status : response.result;
let rejected = '';
try {
  await client.card.sale({ ...sale, card_exp_month: '13' });
} catch (error) {
  if (error instanceof RequestValidationError) rejected = error.issues.map((issue) => issue.path).join(',');
}
console.log(JSON.stringify({ narrowed, rejected, spec: SPEC_VERSION, guard: isSaleCardRequest({}) }));
`,
    );
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: consumer, env: NPM_ENV, maxBuffer: 32 * 1024 * 1024 });
    await exec(TSC, ['-p', 'tsconfig.json'], consumer);
    server.reply({ body: { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 't-1' } });
    const { stdout } = await run(process.execPath, [join(consumer, 'dist', 'main.js'), server.baseUrl], { cwd: consumer });
    expect(JSON.parse(stdout)).toEqual({ narrowed: 'SETTLED', rejected: 'card_exp_month', spec: expect.any(String), guard: false });
    expect(new URLSearchParams(server.received.at(-1)!.body).get('card_number')).toBe('4111111111111111');
  });
});
