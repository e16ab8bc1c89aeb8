// The generated client and sandbox are packages another repo can consume, the ways merchants
// consume them: `npm pack` builds each (ESM and CommonJS, with the root's strict options; the
// sandbox's prepack builds the client it depends on by version first), publint and
// arethetypeswrong pass on every profile, and consumer projects installed from the two tarballs
// (preferring the npm cache for their dependencies) type-check under strict and run: a SALE
// against a loopback server, and a SALE against the sandbox started through its API. ESM
// (NodeNext), CommonJS (TypeScript `module: commonjs`, as NestJS and Jest set-ups compile) and an
// esbuild bundle. Every snippet of the client README type-checks against the installed package,
// and its CommonJS snippet runs.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback, type Loopback } from '../support/loopback.js';
import { npm, NPM_ENV } from '../support/npm.js';
import { packedPackages } from '../support/shared-builds.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import { asModule, fencedBlocks, STRICT } from '../support/snippets.js';

const run = promisify(execFile);
const PACKAGE_DIR = join(PROJECT_ROOT, 'generated', 'client');
const PACKAGE_NAME = '@payment-gateway/merchant-client';
const SANDBOX_NAME = '@payment-gateway/sandbox';
const bin = (name: string, path: string) => [process.execPath, join(PROJECT_ROOT, 'node_modules', name, path)] as const;
const TSC = bin('typescript', 'bin/tsc');
const ATTW = bin('@arethetypeswrong/cli', 'dist/index.js');
const PUBLINT = bin('publint', 'src/cli.js');

async function exec(command: readonly [string, string], args: string[], cwd: string): Promise<string> {
  const { stdout, stderr } = await run(command[0], [command[1], ...args], { cwd, env: NPM_ENV, maxBuffer: 32 * 1024 * 1024 });
  return stdout + stderr;
}

/** The same merchant code in every consumer: a SALE, a rejected SALE, a subpath import. */
const SALE_PROGRAM = `import { createS2SClient, RequestValidationError, SPEC_VERSION, type SaleCardInput } from '${PACKAGE_NAME}';
import { isSaleCardRequest } from '${PACKAGE_NAME}/validators';

async function main(): Promise<void> {
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
}

void main();
`;

/** A merchant's integration test: the sandbox started through its API, the client's SALE against it. */
const SANDBOX_PROGRAM = `import { createS2SClient } from '${PACKAGE_NAME}';
import { startSandbox } from '${SANDBOX_NAME}';

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  try {
    const { key, password } = sandbox.merchants[0]!;
    const client = createS2SClient({ baseUrl: sandbox.url, merchantKey: key, password, retries: 0 });
    const response = await client.card.sale({
      order_id: 'ORDER-1', order_amount: '1.99', order_currency: 'USD', order_description: 'Product',
      card_number: '4111111111111111', card_exp_month: '01', card_exp_year: '2038', card_cvv2: '000',
      payer_ip: '203.0.113.10', term_url_3ds: 'https://merchant.example/3ds',
    });
    const status = response.result === 'SUCCESS' ? response.status : response.result;
    console.log(JSON.stringify({ host: new URL(sandbox.url).hostname, status }));
  } finally {
    await sandbox.close();
  }
}

void main();
`;
const SANDBOX_OUTPUT = { host: '127.0.0.1', status: 'SETTLED' };

/**
 * The web frameworks the README mounts the callback handler in are not installed here (offline):
 * these declarations stand in for the parts of their APIs the snippets call, so the check is on
 * this package's side of each snippet.
 */
const FRAMEWORK_STUBS = `declare module 'express' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  type Handler = (request: IncomingMessage & { body?: unknown }, response: ServerResponse) => unknown;
  interface Application { post(path: string, ...handlers: Handler[]): void }
  interface Express { (): Application; raw(options: { type: string }): Handler }
  const express: Express;
  export default express;
}
declare module 'fastify' {
  interface Reply { code(status: number): Reply; type(contentType: string): Reply; send(body: string): Reply }
  interface Instance {
    addContentTypeParser(type: string, options: { parseAs: 'buffer' | 'string' }, parser: (request: unknown, body: Buffer, done: (error: Error | null, body?: unknown) => void) => void): void;
    post(path: string, handler: (request: { body: unknown }, reply: Reply) => Promise<unknown>): void;
  }
  export default function Fastify(): Instance;
}
declare module 'hono' {
  export class Hono { post(path: string, handler: (c: { req: { raw: Request } }) => Response | Promise<Response>): void }
}
`;

/** Consumer projects: each its own package type and compiler settings, sharing one install. */
const CONSUMERS = [
  { name: 'esm', type: 'module', compilerOptions: { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext' }, emits: /^import /m, emitsSandbox: /^import /m },
  {
    name: 'commonjs',
    type: 'commonjs',
    compilerOptions: { ...STRICT, module: 'commonjs' },
    emits: /require\("@payment-gateway\/merchant-client"\)/,
    emitsSandbox: /require\("@payment-gateway\/sandbox"\)/,
  },
] as const;

let work: string;
let packages: Awaited<ReturnType<typeof packedPackages>>;
let consumerRoot: string;
let server: Loopback;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'client-package-'));
  server = await startLoopback();
  // `npm pack` as a release runs it, once for the whole run (test/support/shared-builds.ts).
  packages = await packedPackages();
  consumerRoot = join(work, 'consumers');
  await mkdir(consumerRoot);
  const dependencies = { [PACKAGE_NAME]: `file:${packages.client.tarball}`, [SANDBOX_NAME]: `file:${packages.sandbox.tarball}` };
  await writeFile(join(consumerRoot, 'package.json'), JSON.stringify({ name: 'consumers', private: true, dependencies }));
  await npm(['install', '--prefer-offline', '--ignore-scripts'], { cwd: consumerRoot });
}, 600_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function runSale(script: string): Promise<unknown> {
  server.reply({ body: { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1', trans_id: 't-1' } });
  const { stdout } = await run(process.execPath, [script, server.baseUrl], { cwd: consumerRoot });
  expect(new URLSearchParams(server.received.at(-1)!.body).get('card_number')).toBe('4111111111111111');
  return JSON.parse(stdout);
}

async function runSandboxSale(script: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, [script], { cwd: consumerRoot });
  return JSON.parse(stdout);
}

// The SALE's oneOf first names its alternatives at the body's own path (''), then the closest branch's issue.
const SALE_OUTPUT = { narrowed: 'SETTLED', rejected: 'card_exp_month,', spec: expect.any(String), guard: false };

describe('the client package', () => {
  it('keeps its browser-safe entry points free of Node imports', async () => {
    const { build } = await import('esbuild');
    for (const module of ['validators', 'types', 'methods', 'runtime/form-codec']) {
      const result = await build({ entryPoints: [join(PACKAGE_DIR, 'src', `${module}.ts`)], bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent' });
      expect(result.errors, module).toEqual([]);
      expect(result.outputFiles[0]!.text, module).not.toMatch(/from\s*["']node:/);
    }
  });

  it('ships a build of exactly its sources, in ESM and in CommonJS (nothing left from a module that is gone)', async () => {
    const modules = async (dir: string, extension: string) =>
      (await readdir(dir, { recursive: true })).filter((path) => path.endsWith(extension) && !path.endsWith('.d.ts') && !path.startsWith('cjs')).map((path) => path.slice(0, -extension.length)).sort();
    const installed = join(consumerRoot, 'node_modules', ...PACKAGE_NAME.split('/'), 'dist');
    const sources = await modules(join(PACKAGE_DIR, 'src'), '.ts');
    expect(sources).toContain('runtime/pipeline');
    expect(await modules(installed, '.js')).toEqual(sources);
    expect(await modules(join(installed, 'cjs'), '.js')).toEqual(sources);
  });

  it('passes publint', async () => {
    expect(await exec(PUBLINT, [packages.client.unpacked], PROJECT_ROOT)).toContain('All good');
  });

  // strict checks node10, node16 from CJS, node16 from ESM and bundler; attw exits non-zero on any problem.
  it('passes arethetypeswrong with no problem on the strict profile', async () => {
    const report = JSON.parse(await exec(ATTW, [packages.client.tarball, '--profile', 'strict', '--format', 'json'], PROJECT_ROOT)) as {
      problems?: Record<string, unknown>;
      analysis: { entrypoints: Record<string, { resolutions: Record<string, { resolution?: { fileName: string } }> }> };
    };
    expect(report.problems ?? {}).toEqual({});
    const entrypoints = report.analysis.entrypoints;
    expect(Object.keys(entrypoints)).toEqual(expect.arrayContaining(['.', './s2s', './callbacks', './validators', './form-codec']));
    for (const [entrypoint, { resolutions }] of Object.entries(entrypoints)) {
      for (const kind of ['node10', 'node16-cjs', 'node16-esm', 'bundler']) {
        expect(resolutions[kind]?.resolution?.fileName, `${entrypoint} ${kind}`).toMatch(/\.(d\.ts|json)$/);
      }
    }
  });

  it('loads with require() from plain CommonJS, every subpath', async () => {
    const subpaths = ['', '/s2s', '/checkout', '/callbacks', '/validators', '/types', '/methods', '/form-codec'];
    const script = `for (const subpath of ${JSON.stringify(subpaths)}) { const m = require('${PACKAGE_NAME}' + subpath); if (typeof m !== 'object' || m === null) throw new Error(subpath); }
const { createS2SClient, GatewayError } = require('${PACKAGE_NAME}');
console.log(typeof createS2SClient, typeof GatewayError);`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: consumerRoot });
    expect(stdout.trim()).toBe('function function');
  });

  // One project per module system for both packages: the client's SALE against a loopback
  // server, and a merchant's integration test that starts the sandbox and sells against it.
  for (const consumer of CONSUMERS) {
    it(`installs into a ${consumer.name} consumer that type-checks under strict, runs a SALE, and runs one against the sandbox`, async () => {
      const dir = join(consumerRoot, consumer.name);
      await mkdir(join(dir, 'src'), { recursive: true });
      await writeFile(join(dir, 'package.json'), JSON.stringify({ private: true, type: consumer.type }));
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: consumer.compilerOptions, include: ['src'] }));
      await writeFile(join(dir, 'src', 'main.ts'), SALE_PROGRAM);
      await writeFile(join(dir, 'src', 'sandbox.ts'), SANDBOX_PROGRAM);
      await exec(TSC, ['-p', 'tsconfig.json'], dir);
      expect(await readFile(join(dir, 'dist', 'main.js'), 'utf8')).toMatch(consumer.emits);
      expect(await runSale(join(dir, 'dist', 'main.js'))).toEqual(SALE_OUTPUT);
      expect(await readFile(join(dir, 'dist', 'sandbox.js'), 'utf8')).toMatch(consumer.emitsSandbox);
      expect(await runSandboxSale(join(dir, 'dist', 'sandbox.js'))).toEqual(SANDBOX_OUTPUT);
    });
  }


  it('type-checks every TypeScript snippet of its README against the installed package, and runs its CommonJS one', async () => {
    const readme = await readFile(join(consumerRoot, 'node_modules', ...PACKAGE_NAME.split('/'), 'README.md'), 'utf8');
    const snippets = fencedBlocks(readme, 'ts');
    // S2S, APM SALE, recurring, Checkout, status with size, callbacks, frameworks, repeated deliveries, deployment.
    expect(snippets.length).toBeGreaterThanOrEqual(9);
    const dir = join(consumerRoot, 'readme');
    await mkdir(join(dir, 'src'), { recursive: true });
    await writeFile(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true }, include: ['src'] }));
    await writeFile(join(dir, 'src', 'frameworks.d.ts'), FRAMEWORK_STUBS);
    for (const [index, snippet] of snippets.entries()) await writeFile(join(dir, 'src', `snippet-${index + 1}.ts`), asModule(snippet));
    await exec(TSC, ['-p', 'tsconfig.json'], dir);
    const [commonjs] = fencedBlocks(readme, 'js');
    expect(commonjs).toContain('require(');
    const { stdout } = await run(process.execPath, ['-e', `${commonjs}\nconsole.log(typeof createS2SClient, typeof createCallbackHandler, typeof isSaleCardRequest);`], { cwd: consumerRoot });
    expect(stdout.trim()).toBe('function function function');
  });

  it('bundles with esbuild into one file that runs a SALE', async () => {
    const { build } = await import('esbuild');
    const dir = join(consumerRoot, 'bundled');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'main.ts'), SALE_PROGRAM);
    const outfile = join(dir, 'out', 'main.mjs');
    const result = await build({ entryPoints: [join(dir, 'main.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'silent' });
    expect(result.errors).toEqual([]);
    expect(await readFile(outfile, 'utf8')).not.toMatch(/from\s*["']@payment-gateway|from\s*["']openapi-fetch/);
    expect(await runSale(outfile)).toEqual(SALE_OUTPUT);
  });
});

describe('the sandbox package', () => {
  it('passes publint, and arethetypeswrong with no problem on the strict profile', async () => {
    expect(await exec(PUBLINT, [packages.sandbox.unpacked], PROJECT_ROOT)).toContain('All good');
    const report = JSON.parse(await exec(ATTW, [packages.sandbox.tarball, '--profile', 'strict', '--format', 'json'], PROJECT_ROOT)) as { problems?: Record<string, unknown> };
    expect(report.problems ?? {}).toEqual({});
  });

  it('depends on the client package by version, and installs next to it', async () => {
    const manifest = (name: string) => readFile(join(consumerRoot, 'node_modules', ...name.split('/'), 'package.json'), 'utf8').then((text) => JSON.parse(text) as { version: string; dependencies?: Record<string, string> });
    const [client, sandbox] = [await manifest(PACKAGE_NAME), await manifest(SANDBOX_NAME)];
    expect(sandbox.dependencies?.[PACKAGE_NAME]).toBe(client.version);
  });

  it('loads with require() from plain CommonJS, and with import()', async () => {
    const script = `const { startSandbox } = require('${SANDBOX_NAME}');
import('${SANDBOX_NAME}').then((esm) => console.log(typeof startSandbox, typeof esm.startSandbox));`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: consumerRoot });
    expect(stdout.trim()).toBe('function function');
  });


  // The sandbox renders QR codes with qrcode, a CommonJS package that requires Node built-ins:
  // esbuild's ESM output needs a `require` for those (its documented createRequire banner); its
  // CommonJS output has one.
  const BUNDLES = [
    { format: 'cjs', file: 'main.cjs', banner: '' },
    { format: 'esm', file: 'main.mjs', banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  ] as const;
  for (const bundle of BUNDLES) {
    it(`bundles with esbuild (${bundle.format}), client and sandbox, into one file that runs a SALE against the sandbox`, async () => {
      const { build } = await import('esbuild');
      const dir = join(consumerRoot, `bundled-sandbox-${bundle.format}`);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'main.ts'), SANDBOX_PROGRAM);
      const outfile = join(dir, 'out', bundle.file);
      const options = { bundle: true, platform: 'node', format: bundle.format, target: 'node20', outfile, logLevel: 'silent', banner: { js: bundle.banner } } as const;
      const result = await build({ entryPoints: [join(dir, 'main.ts')], ...options });
      expect(result.errors).toEqual([]);
      expect(await readFile(outfile, 'utf8')).not.toMatch(/from\s*["']@payment-gateway|require\("@payment-gateway/);
      expect(await runSandboxSale(outfile)).toEqual(SANDBOX_OUTPUT);
    });
  }
});
