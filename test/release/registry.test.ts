// A release reaches other repos by name. The packages of the spec as it stands (the newest release
// recorded in spec/releases/, the version package.json names) are on a local registry (Verdaccio on
// 127.0.0.1), published from the full tier's shared pack build (test/support/shared-builds.ts, the
// release's own pack function), so a run builds them once. A fresh consumer repo installs both by name with a caret range and
// runs a SALE and a verified callback against the sandbox. Then `npm run release` on a non-breaking
// spec change releases a minor the consumer picks up on `npm update` and runs the same way, and on
// an acknowledged breaking one a major the caret range does not take (`npm outdated` says so).
// Runs in a copy of the project.
//
// No step has a fixed time limit: how long a release or an npm install takes depends on the
// machine and its load. The first of each kind is measured, and a later one fails only when it
// takes SLACK times as long (`within`); vitest's own timeout is off for these tests, and
// HANG_GUARD only stops a first step that never ends.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npm as runNpm, NPM_ENV } from '../support/npm.js';
import { copyProject } from '../support/project-copy.js';
import { RELEASED_PACKAGES } from '../../generators/release/main.js';
import { packedPackages } from '../support/shared-builds.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const run = promisify(execFile);
/** A repeated step may take this many times as long as its first run did. */
const SLACK = 3;
/** The only fixed limit: a first step still running after this long is stuck, not slow. */
const HANG_GUARD = 20 * 60_000;

/** The first duration of each kind of step, in milliseconds. */
const measured = new Map<string, number>();

/** Runs a step of `kind`: the first is measured, a later one must finish within SLACK times that. */
async function within<T>(kind: string, step: () => Promise<T>): Promise<T> {
  const first = measured.get(kind);
  const limit = first === undefined ? HANG_GUARD : Math.max(SLACK * first, 10_000);
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${kind} took over ${Math.round(limit / 1000)} s${first === undefined ? '' : ` (${SLACK} times its first run, ${Math.round(first / 1000)} s)`}`)), limit);
  });
  try {
    return await Promise.race([step(), expired]);
  } finally {
    clearTimeout(timer);
    if (first === undefined) measured.set(kind, performance.now() - started);
  }
}

let work: string;
let project: string;
let consumer: string;
let registry: string;
let server: Server;
let env: NodeJS.ProcessEnv;

async function startRegistry(storage: string): Promise<void> {
  const { runServer } = (await import('verdaccio')) as { runServer: (config: unknown) => Promise<{ listen: (port: number, host: string, done: () => void) => Server }> };
  const app = await runServer({
    self_path: storage,
    storage: join(storage, 'packages'),
    auth: { htpasswd: { file: join(storage, 'htpasswd'), max_users: 10 } },
    uplinks: {},
    packages: { '@payment-gateway/*': { access: '$all', publish: '$authenticated' }, '**': { access: '$all' } },
    log: { type: 'stdout', format: 'pretty', level: 'error' },
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const user = await fetch(`${registry}-/user/org.couchdb.user:release`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release', password: 'release-password-1' }),
  });
  const { token } = (await user.json()) as { token: string };
  // Only the @payment-gateway scope comes from the local registry; everything else as usual.
  const npmrc = join(work, 'npmrc');
  writeFileSync(npmrc, `@payment-gateway:registry=${registry}\n//${registry.slice('http://'.length)}:_authToken=${token}\n`);
  env = { ...NPM_ENV, npm_config_userconfig: npmrc };
}

const TSX = join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const release = () =>
  within('a release', async () => (await run(process.execPath, [TSX, 'generators/release/main.ts', '--out', join(work, 'tarballs')], { cwd: project, env, maxBuffer: 64 * 1024 * 1024 })).stdout);
const npm = (args: string[]) => within(`npm ${args[0]}`, async () => (await runNpm(args, { cwd: consumer, env })).stdout);
const installed = (name: string) => (JSON.parse(readFileSync(join(consumer, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const currentVersion = () => (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { clientPackage: { version: string } }).clientPackage.version;

function editSpec(file: string, edit: (document: ReturnType<typeof parseDocument>) => void): void {
  const path = join(project, 'spec', file);
  const document = parseDocument(readFileSync(path, 'utf8'));
  edit(document);
  writeFileSync(path, document.toString({ lineWidth: 0 }));
}

/** The merchant's code in the consumer repo: a SALE on the sandbox and its verified callback. */
const MERCHANT = `import { createServer } from 'node:http';
import { createS2SClient, parseCallback, PACKAGE_VERSION, SPEC_VERSION } from '@payment-gateway/merchant-client';
import { startSandbox } from '@payment-gateway/sandbox';

const verified = [];
const refused = [];
let password = '';
const receiver = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    try {
      verified.push(parseCallback(Buffer.concat(chunks), { password, signingContext: { payer_email: 'payer@example.com', card_number: '4111111111111111' } }));
      response.end('OK');
    } catch (error) {
      refused.push(error.message);
      response.statusCode = 400;
      response.end('ERROR');
    }
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const sandbox = await startSandbox({ callbackUrl: 'http://127.0.0.1:' + receiver.address().port + '/callback' });
password = sandbox.merchants[0].password;
const client = createS2SClient({ baseUrl: sandbox.url, merchantKey: sandbox.merchants[0].key, password, retries: 0 });
const sale = await client.card.sale({
  order_id: 'ORDER-' + Date.now(), order_amount: '10.00', order_currency: 'USD', order_description: 'Consumer repo',
  card_number: '4111111111111111', card_exp_month: '01', card_exp_year: '2038', card_cvv2: '123',
  payer_email: 'payer@example.com', payer_ip: '203.0.113.10', term_url_3ds: 'https://merchant.example/3ds',
});
await sandbox.callbacksSettled();
console.log(JSON.stringify({ status: sale.status, verified: verified.map((event) => event.protocol), refused, PACKAGE_VERSION, SPEC_VERSION }));
await sandbox.close();
receiver.close();
`;

beforeAll(
  () =>
    within('setting up', async () => {
      work = mkdtempSync(join(tmpdir(), 'release-'));
      project = join(work, 'project');
      consumer = join(work, 'consumer');
      copyProject(project);
      await startRegistry(join(work, 'registry'));
    }),
  0,
);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe('releases to a registry, consumed by name', () => {
  let first: string;

  /** Runs the merchant's shop (MERCHANT) in the consumer repo against the installed packages. */
  async function runShop(version: string): Promise<void> {
    const { stdout } = await run(process.execPath, ['shop.mjs'], { cwd: consumer, env });
    const outcome = JSON.parse(stdout) as { status: string; verified: string[]; refused: string[]; PACKAGE_VERSION: string; SPEC_VERSION: string };
    expect(outcome.refused).toEqual([]);
    expect(outcome.verified).toEqual(['card']);
    expect(outcome.PACKAGE_VERSION).toBe(version);
    expect(outcome.SPEC_VERSION).toBe(parseDocument(readFileSync(join(project, 'spec', 'openapi.yaml'), 'utf8')).getIn(['info', 'version']));
  }

  it('the released packages of the spec as it stands: a fresh repo installs both by name and runs a SALE with its callback', async () => {
    first = currentVersion();
    const packed = await packedPackages();
    // Dependencies first, as a release publishes them.
    for (const name of RELEASED_PACKAGES) await runNpm(['publish', packed[name].tarball, '--registry', registry], { cwd: work, env });
    mkdirSync(consumer);
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'merchant-shop', private: true, type: 'module', dependencies: { '@payment-gateway/merchant-client': `^${first}`, '@payment-gateway/sandbox': `^${first}` } }, null, 2),
    );
    writeFileSync(join(consumer, 'shop.mjs'), MERCHANT);
    await npm(['install', '--prefer-offline']);
    expect(installed('@payment-gateway/merchant-client')).toBe(first);
    await runShop(first);
  }, 0);

  it('a new optional request field is a minor release, which npm update picks up within the caret range', async () => {
    editSpec('s2s/actions/get-trans-status.yaml', (document) => {
      document.setIn(['GetTransStatusRequest', 'properties', 'merchant_reference'], { type: 'string', maxLength: 255, 'x-safety-cap': true, description: "The merchant's own reference." });
    });
    const output = await release();
    const [major, minor] = first.split('.').map(Number) as [number, number];
    expect(currentVersion()).toBe(`${major}.${minor + 1}.0`);
    expect(output).toContain('minor');
    for (const name of ['merchant-client', 'sandbox', 'conformance']) expect(output).toContain(`published @payment-gateway/${name}@${major}.${minor + 1}.0`);
    await npm(['update']);
    expect(installed('@payment-gateway/merchant-client')).toBe(`${major}.${minor + 1}.0`);
    const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    expect(lock.packages['node_modules/@payment-gateway/sandbox']?.version).toBe(`${major}.${minor + 1}.0`);
    // What the release built and published runs the merchant's shop as the first packages did.
    await runShop(`${major}.${minor + 1}.0`);
  }, 0);

  it('an acknowledged breaking change is a major release, which the caret range does not take; npm outdated shows it', async () => {
    const [major, minor] = first.split('.').map(Number) as [number, number];
    editSpec('s2s/actions/get-trans-status.yaml', (document) => {
      document.deleteIn(['GetTransStatusRequest', 'properties', 'merchant_reference']);
    });
    editSpec('openapi.yaml', (document) => {
      document.addIn(['info', 'x-releases', 0, 'breaking'], '`merchant_reference` removed from `GET_TRANS_STATUS`: a request that sends it is refused.');
    });
    await release();
    expect(currentVersion()).toBe(`${major + 1}.0.0`);
    await npm(['update']);
    expect(installed('@payment-gateway/merchant-client')).toBe(`${major}.${minor + 1}.0`);
    let outdated = '';
    try {
      await npm(['outdated', '--json']);
    } catch (error) {
      outdated = (error as { stdout: string }).stdout; // npm outdated exits 1 when something is outdated
    }
    const report = JSON.parse(outdated) as Record<string, { current: string; wanted: string; latest: string }>;
    expect(report['@payment-gateway/merchant-client']).toMatchObject({ current: `${major}.${minor + 1}.0`, wanted: `${major}.${minor + 1}.0`, latest: `${major + 1}.0.0` });
  }, 0);

  it('an unacknowledged breaking change stops the release, and nothing is published or recorded', async () => {
    const version = currentVersion();
    editSpec('s2s/actions/get-trans-status.yaml', (document) => {
      document.setIn(['GetTransStatusRequest', 'required'], ['action', 'merchant_note']);
      document.setIn(['GetTransStatusRequest', 'properties', 'merchant_note'], { type: 'string', maxLength: 255, 'x-safety-cap': true, description: 'A note.' });
    });
    await expect(release()).rejects.toMatchObject({ stderr: expect.stringMatching(/release stopped: .*breaking/) });
    expect(currentVersion()).toBe(version);
    const view = await runNpm(['view', '@payment-gateway/merchant-client', 'versions', '--json'], { cwd: consumer, env });
    expect(JSON.parse(view.stdout)).not.toContain(`${Number(version.split('.')[0]) + 1}.0.0`);
  }, 0);
});
