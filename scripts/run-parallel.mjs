// `node scripts/run-parallel.mjs <script> [<script> ...]`: runs npm scripts side by side (each
// argument is one `npm run` command line, e.g. "spec:diff -- spec/releases") and fails when any
// fails. `npm run check` runs its lint, type-check and gate this way: each is one process on one
// core, and none reads what another writes. Each one's output is printed whole when it ends, so
// the steps' lines do not interleave.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const { npmCommand } = await tsImport('../generators/shared/npm-command.ts', import.meta.url);
const [program, cli] = npmCommand();
const results = await Promise.all(
  process.argv.slice(2).map(
    (commandLine) =>
      new Promise((resolve) => {
        const started = performance.now();
        const child = spawn(program, [cli, 'run', ...commandLine.split(' ')], { stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code) => {
          process.stdout.write(Buffer.concat(output));
          console.log(`${code === 0 ? 'done' : `FAILED (exit ${code})`}: npm run ${commandLine} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
