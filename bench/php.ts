// The PHP client's signed S2S CARD SALE round trip against the same request written by hand in
// PHP (cURL + md5 + http_build_query), both in one php process (bench/php/card-sale.php) against
// the loopback server the TypeScript round trip uses; the server checks both send the same bytes.
// BENCH_PHP_FLAGS passes php settings to both sides alike, e.g. a production-like opcache and JIT:
// BENCH_PHP_FLAGS="-d opcache.enable_cli=1 -d opcache.jit_buffer_size=64M -d opcache.jit=tracing".
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CLIENT_KEY, PASSWORD } from '../test/support/fixtures.js';
import { PROJECT_ROOT } from '../test/support/spec-examples.js';
import { SALE, startLoopback } from './client-roundtrip.js';
import { figure, median, pairedRatioSpread, type BenchOptions, type Figure } from './harness.js';

const SCRIPT = join(PROJECT_ROOT, 'bench/php/card-sale.php');

export async function benchPhp(options: BenchOptions): Promise<Figure[]> {
  const server = await startLoopback();
  const scratch = mkdtempSync(join(tmpdir(), 'bench-php-'));
  try {
    const saleFile = join(scratch, 'sale.json');
    writeFileSync(saleFile, JSON.stringify(SALE));
    const run = (...args: string[]) => promisify(execFile)('php', [...(process.env['BENCH_PHP_FLAGS'] ?? '').split(' ').filter(Boolean), SCRIPT, server.baseUrl, CLIENT_KEY, PASSWORD, saleFile, ...args], { maxBuffer: 1 << 24 });
    // Same request on the wire.
    await run('1', '1', 'once-ours');
    const oursBody = server.lastBody();
    await run('1', '1', 'once-baseline');
    if (server.lastBody() !== oursBody) throw new Error(`the two PHP sides send different bodies:\n  ours:     ${oursBody}\n  baseline: ${server.lastBody()}`);
    const [rounds, batch] = options.quick ? ['3', '5'] : ['15', '200'];
    const measure = async (mode: string) => {
      const samples = JSON.parse((await run(rounds, batch, mode)).stdout) as { ours: number[]; baseline: number[] };
      return { ours: median(samples.ours), baseline: median(samples.baseline), rounds: samples.ours.length, oursSamples: samples.ours, baselineSamples: samples.baseline };
    };
    const result = await measure('measure');
    const unvalidated = await measure('unvalidated');
    return [
      figure({
        family: 'php',
        name: 'PHP signed S2S CARD SALE round trip on loopback (validate, sign, encode, cURL, parse)',
        unit: 'µs',
        better: 'lower',
        ours: result.ours,
        baseline: result.baseline,
        baselineLabel: 'hand-written PHP: cURL + md5 + http_build_query',
        targets: [{ kind: 'ratio', op: '<=', value: 1.3 }],
        notes: [
          'both in one php process, interleaved, one reused cURL handle each; the same bytes on the wire',
          `per-round ratios, median [quartiles]: ${pairedRatioSpread(result)}`,
        ],
      }),
      figure({
        family: 'php',
        name: 'the same PHP SALE with validateRequests: false (sign, encode, cURL, parse): what request validation costs',
        unit: 'µs',
        better: 'lower',
        ours: unvalidated.ours,
        baseline: unvalidated.baseline,
        baselineLabel: 'hand-written PHP: cURL + md5 + http_build_query',
        targets: [{ kind: 'report' }],
        notes: [
          'the difference to the figure above is what the generated validators (src/Generated/Validators.php) cost on this SALE',
          `per-round ratios, median [quartiles]: ${pairedRatioSpread(unvalidated)}`,
        ],
      }),
    ];
  } finally {
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
