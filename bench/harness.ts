// The shared bench harness: every figure is ours against a baseline, measured in the same run,
// interleaved (A, B, B, A, ...) after a warm-up, and summarised by the median of the rounds.
import { availableParallelism, cpus } from 'node:os';

export interface BenchOptions {
  /** Tiny iteration counts: proves every figure runs, says nothing about speed. */
  readonly quick: boolean;
  /**
   * Families that measure each row in a process of its own (validators) run every row in this
   * one process instead, one after another: to compare the two methods.
   */
  readonly rowsInOneProcess?: boolean;
}

export type Direction = 'higher' | 'lower';

/** A target on the ratio (ours / baseline) or on our absolute value. */
export type Target =
  | { readonly kind: 'ratio'; readonly op: '>=' | '<='; readonly value: number }
  | { readonly kind: 'absolute'; readonly op: '<' | '<=' | '>='; readonly value: number; readonly unit: string }
  | { readonly kind: 'report' };

export interface Figure {
  readonly family: string;
  readonly name: string;
  readonly unit: string;
  /** Which way is better for this unit (ops/s: higher; ms, kB: lower). */
  readonly better: Direction;
  readonly ours: number;
  readonly baseline: number;
  readonly baselineLabel: string;
  /** ours / baseline, always in that orientation. */
  readonly ratio: number;
  readonly targets: readonly Target[];
  /** undefined when the figure only reports. */
  readonly met: boolean | undefined;
  readonly notes: readonly string[];
}

export function figure(input: Omit<Figure, 'ratio' | 'met' | 'notes'> & { notes?: readonly string[] }): Figure {
  const ratio = input.ours / input.baseline;
  const verdicts = input.targets.flatMap((target) => {
    switch (target.kind) {
      case 'ratio':
        return [target.op === '>=' ? ratio >= target.value : ratio <= target.value];
      case 'absolute':
        return [target.op === '<' ? input.ours < target.value : target.op === '<=' ? input.ours <= target.value : input.ours >= target.value];
      case 'report':
        return [];
    }
  });
  return { ...input, ratio, met: verdicts.length === 0 ? undefined : verdicts.every(Boolean), notes: input.notes ?? [] };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Keeps results alive so the optimiser cannot drop the measured work. */
let sink: unknown;
export function consume(value: unknown): void {
  sink = value;
}
export function lastConsumed(): unknown {
  return sink;
}

export interface PairResult {
  /** Median over the rounds, in the unit the measurement produced. */
  readonly ours: number;
  readonly baseline: number;
  readonly rounds: number;
  readonly oursSamples: readonly number[];
  readonly baselineSamples: readonly number[];
}

/** A note listing every round of a pair of timed commands, in seconds (their samples are ms). */
export function secondsRunsNote(result: Pick<PairResult, 'oursSamples' | 'baselineSamples'>): string {
  const list = (samples: readonly number[]) => samples.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  return `runs: ours ${list(result.oursSamples)} s; baseline ${list(result.baselineSamples)} s`;
}

/**
 * A, B then B, A: the side measured second in one round goes first in the next, so a drift of
 * the machine (a neighbour's load, a GC debt carried over) falls on both sides alike.
 */
function sideOrder(round: number): readonly (0 | 1)[] {
  return round % 2 === 0 ? [0, 1] : [1, 0];
}

export interface ThroughputOptions {
  /** Measured rounds; each runs a batch of ours then a batch of the baseline. */
  readonly rounds: number;
  /** Time each side runs untimed before the first round (JIT warm-up, caches). */
  readonly warmupMs: number;
  /** Rough duration of one timed batch; the iteration count is calibrated during warm-up. */
  readonly batchMs: number;
  /**
   * What a batch is timed by: wall time (the default), or the CPU time this process spent
   * (user + system, every thread of it: a side's GC and compiler threads count for that side).
   * On a machine other processes load, a batch's wall time also counts the time it waited for a
   * core, which falls on the sides unevenly; its CPU time does not.
   */
  readonly clock?: 'wall' | 'cpu';
}

/** Milliseconds of CPU time this process has used (user + system). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The pair's clock, in milliseconds. */
const clockOf = (options: ThroughputOptions): (() => number) => (options.clock === 'cpu' ? cpuMs : () => performance.now());

export const throughputPreset = (options: BenchOptions): ThroughputOptions =>
  options.quick ? { rounds: 3, warmupMs: 5, batchMs: 2 } : { rounds: 15, warmupMs: 400, batchMs: 60 };

/**
 * Operations per second of two synchronous functions. `fn(i)` runs one operation; the harness
 * calls it with a running index so a caller can cycle through a set of inputs.
 */
export function compareThroughput(ours: (i: number) => unknown, baseline: (i: number) => unknown, options: ThroughputOptions): PairResult {
  const sides = [ours, baseline];
  const batch = sides.map((fn) => calibrate(fn, options));
  const now = clockOf(options);
  const samples: number[][] = [[], []];
  for (let round = 0; round < options.rounds; round++) {
    for (const side of sideOrder(round)) {
      const fn = sides[side]!;
      const n = batch[side]!;
      const started = now();
      for (let i = 0; i < n; i++) consume(fn(i));
      const elapsed = now() - started;
      samples[side]!.push((n * 1000) / Math.max(elapsed, 1e-6));
    }
  }
  return summarise(samples);
}

/** Warms `fn` up for `warmupMs` (by the pair's clock) and returns an iteration count that takes about `batchMs`. */
function calibrate(fn: (i: number) => unknown, options: ThroughputOptions): number {
  const now = clockOf(options);
  let iterations = 0;
  const started = now();
  let elapsed = 0;
  // Bounded: at most 10M calls even if the clock misbehaves.
  while (iterations < 10_000_000) {
    for (let i = 0; i < 16; i++) consume(fn(iterations + i));
    iterations += 16;
    elapsed = now() - started;
    if (elapsed >= options.warmupMs) break;
  }
  const perCall = elapsed / iterations;
  return Math.max(16, Math.min(5_000_000, Math.round(options.batchMs / Math.max(perCall, 1e-7))));
}

export interface AsyncOptions {
  readonly rounds: number;
  readonly warmup: number;
  /** Sequential operations per timed batch. */
  readonly batch: number;
}

/**
 * The warm-up brings both sides to the steady state a long-running merchant server sees: after
 * 400 operations a loopback round trip still ran a tenth slower (V8 still tiering up undici's and
 * the client's code, the young generation still growing), the client more so than the baseline.
 */
export const asyncPreset = (options: BenchOptions): AsyncOptions =>
  options.quick ? { rounds: 3, warmup: 5, batch: 5 } : { rounds: 40, warmup: 3000, batch: 100 };

/** Mean time per operation (ms) of two async functions, run one operation after another. */
export async function compareAsyncLatency(
  ours: (i: number) => Promise<unknown>,
  baseline: (i: number) => Promise<unknown>,
  options: AsyncOptions,
): Promise<PairResult> {
  const sides = [ours, baseline];
  for (let i = 0; i < options.warmup; i++) {
    consume(await ours(i));
    consume(await baseline(i));
  }
  const samples: number[][] = [[], []];
  for (let round = 0; round < options.rounds; round++) {
    for (const side of sideOrder(round)) {
      const fn = sides[side]!;
      const started = performance.now();
      for (let i = 0; i < options.batch; i++) consume(await fn(i));
      samples[side]!.push((performance.now() - started) / options.batch);
    }
  }
  return summarise(samples);
}

export interface RunOptions {
  readonly runs: number;
  /** Untimed runs of each side first (disk cache, compile cache). */
  readonly warmup: number;
}

/**
 * Interleaved single runs of two slow measurements (a spawned process, a build): each call
 * returns its own measurement (typically milliseconds); the result is the median of the runs.
 */
export async function compareRuns<T extends number>(
  ours: () => Promise<T>,
  baseline: () => Promise<T>,
  options: RunOptions,
): Promise<PairResult> {
  for (let i = 0; i < options.warmup; i++) {
    await ours();
    await baseline();
  }
  const samples: number[][] = [[], []];
  for (let run = 0; run < options.runs; run++) {
    samples[0]!.push(await ours());
    samples[1]!.push(await baseline());
  }
  return summarise(samples);
}

/**
 * The spread of the ratio over the rounds: each round's ours / baseline (the two batches ran
 * back to back), as "median [p25–p75]". It says how far one run's ratio can be trusted.
 */
export function pairedRatioSpread(result: PairResult): string {
  const ratios = result.oursSamples.map((ours, i) => ours / result.baselineSamples[i]!).sort((a, b) => a - b);
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
  return `${median(ratios).toFixed(2)}× [${at(0.25).toFixed(2)}–${at(0.75).toFixed(2)}]`;
}

function summarise(samples: number[][]): PairResult {
  const [ours = [], baseline = []] = samples;
  return { ours: median(ours), baseline: median(baseline), rounds: ours.length, oursSamples: ours, baselineSamples: baseline };
}

/** Wall time of an async function in milliseconds. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

// Formatting.

export interface MachineInfo {
  readonly cores: number;
  readonly cpu: string;
  readonly node: string;
  readonly platform: string;
}

export function machineInfo(): MachineInfo {
  const model = cpus()[0]?.model?.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return { cores: availableParallelism(), cpu: model, node: process.version, platform: `${process.platform} ${process.arch}` };
}

export function machineLine(info: MachineInfo = machineInfo()): string {
  return `cores: ${info.cores} (${info.cpu}), node ${info.node}, ${info.platform}`;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 100_000) return Math.round(value).toLocaleString('en-US');
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : String(ratio);
}

export function formatTargets(targets: readonly Target[]): string {
  if (targets.length === 0) return 'report';
  return targets
    .map((target) => {
      switch (target.kind) {
        case 'ratio':
          return `ratio ${target.op === '>=' ? '≥' : '≤'} ${target.value}×`;
        case 'absolute':
          return `${target.op === '<' ? '<' : target.op === '<=' ? '≤' : '≥'} ${target.value} ${target.unit}`;
        case 'report':
          return 'report';
      }
    })
    .join(', ');
}

export function verdict(met: boolean | undefined): string {
  return met === undefined ? '—' : met ? 'yes' : 'NO';
}

const HEADER = ['Figure', 'Ours', 'Baseline', 'Ratio (ours/baseline)', 'Target', 'Met'];

function rows(figures: readonly Figure[]): string[][] {
  return figures.map((f) => [
    f.name,
    `${formatNumber(f.ours)} ${f.unit}`,
    `${formatNumber(f.baseline)} ${f.unit} (${f.baselineLabel})`,
    `${formatRatio(f.ratio)} (${f.better} is better)`,
    formatTargets(f.targets),
    verdict(f.met),
  ]);
}

/** A plain-text table for the terminal. */
export function textTable(figures: readonly Figure[]): string {
  const body = rows(figures);
  const widths = HEADER.map((title, column) => Math.max(title.length, ...body.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return [line(HEADER), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}

/** The same table in markdown. */
export function markdownTable(figures: readonly Figure[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rows(figures).map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

export function notesText(figures: readonly Figure[]): string[] {
  return figures.flatMap((f) => f.notes.map((note) => `${f.name}: ${note}`));
}

/**
 * What is wrong with a quick run's figures (`npm run bench -- --smoke`, a CI step): a family that
 * gave no figure, a figure that is not a finite positive measurement, one without a target, or
 * one that a table leaves out. No speed is judged: timings of a quick run mean nothing.
 */
export function smokeProblems(figures: readonly Figure[], families: readonly string[]): string[] {
  const problems = families.filter((family) => !figures.some((f) => f.family === family)).map((family) => `${family}: no figure`);
  const text = textTable(figures);
  const markdown = markdownTable(figures);
  for (const f of figures) {
    for (const [label, value] of [['ours', f.ours], ['baseline', f.baseline], ['ratio', f.ratio]] as const) {
      if (!Number.isFinite(value) || value <= 0) problems.push(`${f.name}: ${label} = ${value}`);
    }
    if (f.name === '' || formatTargets(f.targets) === '') problems.push(`${f.family}: a figure without a name or target`);
    if (!text.includes(f.name) || !markdown.includes(f.name.replace(/\|/g, '\\|'))) problems.push(`${f.name}: missing from a table`);
  }
  return problems;
}
