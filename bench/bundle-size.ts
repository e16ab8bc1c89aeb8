// min+gzip size of what a merchant ships: an esbuild bundle (minified, tree-shaken, platform
// node, openapi-fetch bundled in) of the client core and of a one-action consumer, against
// openapi-fetch alone. Sizes are deterministic: one build each.
import { CARD_SALE, CLIENT_KEY } from '../test/support/fixtures.js';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../test/support/spec-examples.js';
import { figure, type BenchOptions, type Figure } from './harness.js';

const CLIENT_SRC = join(PROJECT_ROOT, 'generated', 'client', 'src');

export interface BundleSize {
  readonly minified: number;
  readonly gzipped: number;
  /** Inputs by bytes in the output, largest first. */
  readonly largest: readonly { readonly path: string; readonly bytes: number }[];
}

export async function bundleSize(contents: string, resolveDir: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents, resolveDir, sourcefile: 'entry.ts', loader: 'ts' },
    bundle: true,
    minify: true,
    treeShaking: true,
    platform: 'node',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, largest: largestInputs(result.metafile) };
}

function largestInputs(metafile: Metafile): { path: string; bytes: number }[] {
  const output = Object.values(metafile.outputs)[0];
  if (!output) return [];
  return Object.entries(output.inputs)
    .map(([path, input]) => ({ path: path.replace(/^.*?(generated\/client\/src\/|node_modules\/)/, ''), bytes: input.bytesInOutput }))
    .filter((input) => input.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

export const ENTRIES = {
  openapiFetch: `export { default } from 'openapi-fetch';\n`,
  core: [
    `export * from './runtime/pipeline.js';`,
    `export * from './runtime/form-codec.js';`,
    `export * from './runtime/signature.js';`,
  ].join('\n'),
  oneAction: `import { createTransport, saleCard } from './index.js';

const transport = createTransport({ baseUrl: 'https://gateway.example', merchantKey: ${JSON.stringify(CLIENT_KEY)}, password: 'secret' });
const response = await saleCard(transport, ${JSON.stringify(CARD_SALE, null, 2)});
console.log(response.result);
`,
};

const kB = (bytes: number) => bytes / 1000;

function describe(size: BundleSize): string {
  const top = size.largest.slice(0, 4).map((input) => `${input.path} ${(input.bytes / 1000).toFixed(1)} kB`);
  return `${kB(size.minified).toFixed(1)} kB minified; largest inputs (minified): ${top.join(', ')}`;
}

export async function benchBundleSize(_options: BenchOptions): Promise<Figure[]> {
  const [openapiFetch, core, oneAction] = await Promise.all([
    bundleSize(ENTRIES.openapiFetch, PROJECT_ROOT),
    bundleSize(ENTRIES.core, CLIENT_SRC),
    bundleSize(ENTRIES.oneAction, CLIENT_SRC),
  ]);
  const common = { family: 'bundle-size', unit: 'kB min+gz', better: 'lower' as const, baseline: kB(openapiFetch.gzipped), baselineLabel: 'openapi-fetch alone' };
  return [
    figure({
      ...common,
      name: 'client core (pipeline + form codec + signature, openapi-fetch bundled in)',
      ours: kB(core.gzipped),
      targets: [{ kind: 'absolute', op: '<=', value: 8, unit: 'kB' }],
      notes: [describe(core), `baseline ${describe(openapiFetch)}`],
    }),
    figure({
      ...common,
      name: 'one-action consumer (saleCard + createTransport)',
      ours: kB(oneAction.gzipped),
      targets: [{ kind: 'absolute', op: '<=', value: 15, unit: 'kB' }],
      notes: [describe(oneAction)],
    }),
  ];
}
