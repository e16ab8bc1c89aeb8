// `npm run bench [-- --quick] [-- --smoke] [-- --write] [-- --only=validators,form-codec]`: every
// performance figure as a ratio against its baseline, measured side by side in this run.
//   --quick  tiny iteration counts (proves everything runs; the figures mean nothing)
//   --smoke  --quick, then fails (exit 1) unless every family gave finite, positive figures
//            that both tables show: CI's check that no bench family has rotted
//   --write  also writes bench/RESULTS.md: a section per family that ran (date, machine, table);
//            with --only, the other families' sections stay as they were
//   --only   runs only the named families
//   --rows-in-one-process  a family that runs each row in a process of its own (validators)
//            runs them all in its one process instead, one after another
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchBundleSize } from './bundle-size.js';
import { benchClientRoundtrip } from './client-roundtrip.js';
import { benchConformance } from './conformance.js';
import { benchDocs } from './docs.js';
import { benchEditLoop } from './edit-loop.js';
import { benchFormCodec } from './form-codec.js';
import { parseCommandLine } from '../generators/shared/command-line.js';
import { benchGenerateTime, runNode } from './generate-time.js';
import { machineInfo, machineLine, notesText, smokeProblems, textTable, type BenchOptions, type Figure } from './harness.js';
import { benchPhp } from './php.js';
import { resultsMarkdown } from './results-file.js';
import { benchSandbox } from './sandbox.js';
import { benchSpecCheck } from './spec-check.js';
import { benchTestTiers } from './test-tiers.js';
import { benchTypecheck } from './typecheck.js';
import { benchValidators } from './validators.js';

export const FAMILIES: readonly { readonly name: string; readonly run: (options: BenchOptions) => Promise<Figure[]> }[] = [
  { name: 'validators', run: benchValidators },
  { name: 'form-codec', run: benchFormCodec },
  { name: 'client-roundtrip', run: benchClientRoundtrip },
  { name: 'generate-time', run: benchGenerateTime },
  { name: 'edit-loop', run: benchEditLoop },
  { name: 'spec-check', run: benchSpecCheck },
  { name: 'typecheck', run: benchTypecheck },
  { name: 'bundle-size', run: benchBundleSize },
  { name: 'sandbox', run: benchSandbox },
  { name: 'conformance', run: benchConformance },
  { name: 'docs', run: benchDocs },
  { name: 'php', run: benchPhp },
  { name: 'test-tiers', run: benchTestTiers },
];

export async function runBench(options: BenchOptions, only?: readonly string[], progress: (line: string) => void = () => {}): Promise<Figure[]> {
  const unknown = (only ?? []).filter((name) => !FAMILIES.some((family) => family.name === name));
  if (unknown.length > 0) throw new Error(`unknown bench families: ${unknown.join(', ')} (known: ${FAMILIES.map((f) => f.name).join(', ')})`);
  const selected = FAMILIES.filter((family) => !only || only.includes(family.name));
  const run = async (family: (typeof FAMILIES)[number]) => {
    const started = performance.now();
    const figures = await family.run(options);
    progress(`  ${family.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return figures;
  };
  // Quick mode only proves that everything runs, so the families overlap (the spawned generation
  // and tsc runs dominate). A real run measures one family at a time, each in a process of its
  // own: nothing else of ours competes for the cores, and no family inherits another's heap and
  // JIT state (after the validators family, form decoding measured at half its speed).
  if (options.quick) return (await Promise.all(selected.map(run))).flat();
  const figures: Figure[] = [];
  for (const family of selected) figures.push(...(await runIsolated(family.name, options, progress)));
  return figures;
}

const FAMILY_JSON = '--family-json=';
const ROWS_IN_ONE_PROCESS = '--rows-in-one-process';

/** Runs one family in a child process (this script, with the same loader flags) and reads its figures. */
async function runIsolated(name: string, options: BenchOptions, progress: (line: string) => void): Promise<Figure[]> {
  const started = performance.now();
  const flags = options.rowsInOneProcess ? [ROWS_IN_ONE_PROCESS] : [];
  // An hour: the docs family builds a site with three releases several times over.
  const run = await runNode([...process.execArgv, fileURLToPath(import.meta.url), `${FAMILY_JSON}${name}`, ...flags], { timeoutMs: 3_600_000 });
  if (run.code !== 0) throw new Error(`bench family ${name} failed (${run.code}):\n${run.stderr.slice(-3000)}`);
  progress(`  ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Figure[];
}

const USAGE = `usage: npm run bench -- [--quick | --smoke] [--write] [--only=family,...] [--rows-in-one-process]

Measures every performance figure against its baseline, side by side in one run.
  --quick   tiny iteration counts (proves everything runs; the figures mean nothing)
  --smoke   --quick, then exit 1 unless every family gave finite, positive figures
  --write   also write bench/RESULTS.md
  --only    run only the named families
  --rows-in-one-process
            a family that runs each row in a process of its own (validators) runs
            them all in its one process, one after another`;

async function main(): Promise<void> {
  const { values } = parseCommandLine({
    usage: USAGE,
    options: { quick: { type: 'boolean' }, smoke: { type: 'boolean' }, write: { type: 'boolean' }, only: { type: 'string' }, 'family-json': { type: 'string' }, 'rows-in-one-process': { type: 'boolean' } },
  });
  if (values['family-json']) {
    // A child of runIsolated: one family, its figures as the last line of stdout.
    const family = FAMILIES.find((candidate) => candidate.name === values['family-json']);
    if (!family) throw new Error(`unknown bench family: ${values['family-json']}`);
    console.log(JSON.stringify(await family.run({ quick: false, rowsInOneProcess: values['rows-in-one-process'] === true })));
    return;
  }
  const smoke = values.smoke === true;
  const quick = smoke || values.quick === true;
  const write = values.write === true;
  const only = values.only ? values.only.split(',').filter(Boolean) : undefined;

  console.log(machineLine());
  const started = performance.now();
  const figures = await runBench({ quick, rowsInOneProcess: values['rows-in-one-process'] === true }, only, (line) => console.error(line));
  console.log('');
  console.log(textTable(figures));
  const notes = notesText(figures);
  if (notes.length > 0) console.log(`\n${notes.map((note) => `- ${note}`).join('\n')}`);
  const missed = figures.filter((f) => f.met === false);
  console.log(`\n${figures.length} figures in ${((performance.now() - started) / 1000).toFixed(1)} s${quick ? ' (quick mode: not meaningful)' : ''}; ${missed.length === 0 ? 'every target met' : `targets missed: ${missed.map((f) => f.name).join('; ')}`}`);
  if (smoke) {
    const problems = smokeProblems(figures, only ?? FAMILIES.map((family) => family.name));
    if (problems.length > 0) {
      console.error(`bench smoke failed:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
      process.exitCode = 1;
      return;
    }
    console.log('bench smoke: every family ran and gave finite figures');
  }
  if (write) {
    const path = join(import.meta.dirname, 'RESULTS.md');
    const writtenAt = new Date().toISOString();
    const machine = machineLine(machineInfo());
    const ran = FAMILIES.filter((family) => !only || only.includes(family.name)).map((family) => ({
      family: family.name,
      figures: figures.filter((f) => f.family === family.name),
      writtenAt,
      machine,
      quick,
    }));
    const previous = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    writeFileSync(path, resultsMarkdown(previous, ran, FAMILIES.map((family) => family.name)));
    console.log(`wrote ${path} (${ran.map((run) => run.family).join(', ')})`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
