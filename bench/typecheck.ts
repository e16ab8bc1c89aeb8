// `tsc --noEmit` of a small consumer of the generated client against the same consumer written
// with only openapi-typescript's `paths` + openapi-fetch. Each consumer lives in its own temp
// folder (with node_modules linked to the project's), both under the same compiler options. Both
// import the client as merchants get it: the package built to .d.ts files (dist), not src.
import { mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CARD_SALE, CLIENT_KEY } from '../test/support/fixtures.js';
import { PROJECT_ROOT } from '../test/support/spec-examples.js';
import { builtClientDir } from './built-client.js';
import { runNode } from './generate-time.js';
import { compareRuns, figure, median, type BenchOptions, type Figure } from './harness.js';

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM'],
    types: ['node'],
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    skipLibCheck: true,
  },
  files: ['consumer.ts'],
};

/** The shared test sale, as object-literal fields for the consumers' source. */
const SALE_FIELDS = Object.entries(CARD_SALE)
  .map(([key, value]) => `\n    ${key}: ${JSON.stringify(value)},`)
  .join('');

function oursConsumer(dir: string, client: string): string {
  const from = relative(dir, join(client, 'index.js')).split('\\').join('/');
  return `import { createS2SClient, GatewayError } from '${from}';

const client = createS2SClient({ baseUrl: 'https://gateway.example', merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'secret' });

export async function pay(): Promise<string> {
  try {
    const response = await client.card.sale({${SALE_FIELDS}
    });
    return response.result ?? 'unknown';
  } catch (error) {
    if (error instanceof GatewayError) return error.message;
    throw error;
  }
}
`;
}

function baselineConsumer(dir: string, client: string): string {
  const from = relative(dir, join(client, 'schema.js')).split('\\').join('/');
  return `import createClient from 'openapi-fetch';
import type { paths } from '${from}';

const client = createClient<paths>({ baseUrl: 'https://gateway.example' });

export async function pay(): Promise<string> {
  const { data, error } = await client.POST('/post', {
    body: {
      action: 'SALE',
      client_key: ${JSON.stringify(CLIENT_KEY)},${SALE_FIELDS}
      hash: '0123456789abcdef0123456789abcdef',
    },
    bodySerializer: (body) => new URLSearchParams(body as unknown as Record<string, string>).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (error) return 'error';
  return data.result ?? 'unknown';
}
`;
}

async function consumerDir(name: string, source: (dir: string, client: string) => string, client: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `bench-tsc-${name}-`));
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `bench-${name}`, private: true, type: 'module' }));
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  await writeFile(join(dir, 'consumer.ts'), source(dir, client));
  return dir;
}

interface Diagnostics {
  readonly instantiations: number;
  readonly types: number;
  readonly checkMs: number;
  readonly files: number;
}

function parseDiagnostics(output: string): Diagnostics {
  const number = (label: string) => {
    const match = new RegExp(`^${label}:\\s+([0-9.]+)`, 'm').exec(output);
    if (!match) throw new Error(`tsc --extendedDiagnostics printed no "${label}"`);
    return Number(match[1]);
  };
  return { instantiations: number('Instantiations'), types: number('Types'), checkMs: number('Check time') * 1000, files: number('Files') };
}

export async function benchTypecheck(options: BenchOptions): Promise<Figure[]> {
  const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const client = await builtClientDir();
  const oursDir = await consumerDir('ours', oursConsumer, client);
  const baselineDir = await consumerDir('baseline', baselineConsumer, client);
  const diagnostics: Record<'ours' | 'baseline', Diagnostics[]> = { ours: [], baseline: [] };
  try {
    const check = (side: 'ours' | 'baseline', dir: string) => async () => {
      const run = await runNode([tsc, '--noEmit', '-p', join(dir, 'tsconfig.json'), '--extendedDiagnostics'], { cwd: dir });
      if (run.code !== 0) throw new Error(`tsc failed on the ${side} consumer (${run.code}):\n${run.stdout.slice(0, 3000)}`);
      diagnostics[side].push(parseDiagnostics(run.stdout));
      return run.ms;
    };
    const result = await compareRuns(check('ours', oursDir), check('baseline', baselineDir), options.quick ? { runs: 1, warmup: 0 } : { runs: 5, warmup: 1 });
    const last = (side: 'ours' | 'baseline') => diagnostics[side].at(-1)!;
    const checkMs = (side: 'ours' | 'baseline') => median(diagnostics[side].map((entry) => entry.checkMs));
    const describe = (side: 'ours' | 'baseline') =>
      `${side}: ${last(side).files} files, ${last(side).types} types, ${last(side).instantiations} instantiations, check time ${checkMs(side).toFixed(0)} ms`;
    return [
      figure({
        family: 'typecheck',
        name: 'tsc --noEmit of a one-action consumer of the built package (wall time)',
        unit: 'ms',
        better: 'lower',
        ours: result.ours,
        baseline: result.baseline,
        baselineLabel: 'openapi-typescript paths + openapi-fetch',
        targets: [{ kind: 'ratio', op: '<=', value: 1.5 }],
        notes: [describe('ours'), describe('baseline')],
      }),
      figure({
        family: 'typecheck',
        name: 'tsc instantiations of the same consumer (--extendedDiagnostics)',
        unit: 'instantiations',
        better: 'lower',
        ours: last('ours').instantiations,
        baseline: last('baseline').instantiations,
        baselineLabel: 'openapi-typescript paths + openapi-fetch',
        targets: [{ kind: 'report' }],
      }),
      figure({
        family: 'typecheck',
        name: 'tsc check time of the same consumer (--extendedDiagnostics)',
        unit: 'ms',
        better: 'lower',
        ours: checkMs('ours'),
        baseline: checkMs('baseline'),
        baselineLabel: 'openapi-typescript paths + openapi-fetch',
        targets: [{ kind: 'report' }],
      }),
    ];
  } finally {
    for (const dir of [oursDir, baselineDir]) {
      // The link first, so nothing can walk into the project's node_modules.
      await unlink(join(dir, 'node_modules'));
      await rm(dir, { recursive: true, force: true });
    }
  }
}
