// The sandbox under load against Prism (`prism mock generated/openapi.yaml`, the stateless mock
// most OpenAPI users reach for), both as processes of their own on 127.0.0.1: card SALEs at
// concurrency 32, the sandbox with full validation, signature check and state; and how many of
// the spec's own request examples each accepts.
import { computeSignature, encodeForm, saleCardOperation, type FormObject } from '@payment-gateway/merchant-client';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CARD_SALE } from '../test/support/fixtures.js';
import { collectExamples, PROJECT_ROOT } from '../test/support/spec-examples.js';
import { startSandbox } from '../generated/sandbox/src/index.js';
import { figure, median, type BenchOptions, type Figure } from './harness.js';

const CONCURRENCY = 32;
const KEY = 'c2b8fb04-110f-11ea-bcd3-0242ac150003';
const PASSWORD = 'bench-password';

interface Server {
  readonly url: string;
  stop(): void;
}

/** Starts a command and waits for the line that says it listens. */
function startProcess(
  command: string,
  args: readonly string[],
  ready: RegExp,
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`${args.join(' ')} did not start:\n${output.slice(-2000)}`)),
      60_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => ready.test(candidate));
      if (line) {
        clearTimeout(timer);
        resolve({ child, line });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}:\n${output.slice(-2000)}`)));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startSandboxProcess(): Promise<Server> {
  const tsx = join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const cli = join(PROJECT_ROOT, 'generated', 'sandbox', 'src', 'cli.ts');
  const { child, line } = await startProcess(
    process.execPath,
    [tsx, cli, '--merchant', `${KEY}:${PASSWORD}`],
    /^\{"url"/,
  );
  return { url: (JSON.parse(line) as { url: string }).url, stop: () => child.kill('SIGTERM') };
}

async function startPrism(): Promise<Server> {
  const port = await freePort();
  const prism = join(PROJECT_ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  const { child } = await startProcess(
    process.execPath,
    [prism, 'mock', join(PROJECT_ROOT, 'generated', 'openapi.yaml'), '-h', '127.0.0.1', '-p', String(port)],
    /Prism is listening/,
  );
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

function send(
  agent: Agent,
  url: URL,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

/** Signed card SALEs with distinct order ids (the sandbox keeps every one). */
function sales(count: number, round: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const fields: Record<string, unknown> = {
      action: 'SALE',
      client_key: KEY,
      ...(CARD_SALE as unknown as Record<string, unknown>),
      order_id: `BENCH-${round}-${i}`,
    };
    return encodeForm({
      ...(fields as FormObject),
      hash: computeSignature(saleCardOperation.signature!, fields, PASSWORD),
    });
  });
}

/** Sends every body, CONCURRENCY at a time; requests per second and the 99th-percentile latency. */
async function load(server: Server, bodies: readonly string[]): Promise<{ rps: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL('/post', server.url);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const sent = performance.now();
        const answer = await send(agent, url, body, 'application/x-www-form-urlencoded');
        if (answer.status !== 200)
          throw new Error(`${server.url} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: (bodies.length / elapsed) * 1000, p99: latencies[Math.floor(latencies.length * 0.99)]! };
}

/** The spec's request examples: how many each server takes (validation passed; the sandbox skips hashes here). */
async function examples(
  prism: Server,
): Promise<{ sandbox: number; prism: number; total: number; refusedBySandbox: string[] }> {
  const requests = collectExamples().filter((example) => / request /.test(example.id));
  const keys = new Set(
    requests
      .map(
        (example) =>
          (example.value as Record<string, unknown>)['client_key'] ??
          (example.value as Record<string, unknown>)['merchant_key'],
      )
      .filter((key): key is string => typeof key === 'string'),
  );
  const sandbox = await startSandbox({
    acceptAnySignature: true,
    merchants: [...keys].map((key) => ({ key, password: PASSWORD })),
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  let sandboxOk = 0;
  let prismOk = 0;
  const refusedBySandbox: string[] = [];
  try {
    for (const example of requests) {
      const path = example.id.split(' ')[1]!;
      const form = example.style === 'form';
      const body = form ? encodeForm(example.value as FormObject) : JSON.stringify(example.value);
      const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
      // The HPF payment is authenticated by its Token header, which an example body cannot carry.
      const headers = path.includes('/processing/') ? { Token: 'example-session-token' } : {};
      const ours = await send(agent, new URL(path, sandbox.url), body, type, headers);
      if (ours.status < 400 || !ours.text.includes('Request data is invalid.')) sandboxOk++;
      else refusedBySandbox.push(`${example.id}: ${ours.text.slice(0, 200)}`);
      const theirs = await send(agent, new URL(path, prism.url), body, type, headers);
      if (theirs.status < 400) prismOk++;
    }
  } finally {
    agent.destroy();
    await sandbox.close();
  }
  return { sandbox: sandboxOk, prism: prismOk, total: requests.length, refusedBySandbox };
}

export async function benchSandbox(options: BenchOptions): Promise<Figure[]> {
  const count = options.quick ? 200 : 4000;
  const rounds = options.quick ? 1 : 3;
  const [ours, prism] = await Promise.all([startSandboxProcess(), startPrism()]);
  try {
    // Warm-up, then rounds in alternating order.
    await load(ours, sales(200, -1));
    await load(prism, sales(200, -1));
    const results: { ours: { rps: number; p99: number }[]; prism: { rps: number; p99: number }[] } = {
      ours: [],
      prism: [],
    };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['ours', 'prism'] as const) : (['prism', 'ours'] as const);
      for (const side of order) results[side].push(await load(side === 'ours' ? ours : prism, sales(count, round)));
    }
    const accepted = await examples(prism);
    const notes = [
      `${count} SALEs per round, ${rounds} rounds, concurrency ${CONCURRENCY}, both servers in processes of their own; Prism ${'5.14.2'} only validates and answers an example`,
    ];
    return [
      figure({
        family: 'sandbox',
        name: 'SALE throughput (validation, signature, state)',
        unit: 'req/s',
        better: 'higher',
        ours: median(results.ours.map((result) => result.rps)),
        baseline: median(results.prism.map((result) => result.rps)),
        baselineLabel: 'prism mock',
        targets: [{ kind: 'ratio', op: '>=', value: 3 }],
        notes,
      }),
      figure({
        family: 'sandbox',
        name: 'SALE p99 latency at concurrency 32',
        unit: 'ms',
        better: 'lower',
        ours: median(results.ours.map((result) => result.p99)),
        baseline: median(results.prism.map((result) => result.p99)),
        baselineLabel: 'prism mock',
        targets: [{ kind: 'report' }],
      }),
      figure({
        family: 'sandbox',
        name: `spec request examples accepted (of ${accepted.total})`,
        unit: 'examples',
        better: 'higher',
        ours: accepted.sandbox,
        baseline: accepted.prism,
        baselineLabel: 'prism mock',
        targets: [{ kind: 'absolute', op: '>=', value: accepted.total, unit: 'examples' }],
        notes: [
          `accepted: sandbox ${accepted.sandbox} of ${accepted.total}, Prism ${accepted.prism} of ${accepted.total} (validation and hash; an unknown id or token still counts as accepted)`,
          ...(accepted.refusedBySandbox.length
            ? [`refused by the sandbox: ${accepted.refusedBySandbox.join(' | ')}`]
            : []),
        ],
      }),
    ];
  } finally {
    ours.stop();
    prism.stop();
  }
}
