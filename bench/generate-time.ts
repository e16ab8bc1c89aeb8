// Wall time of the whole generation from nothing (`node generators/run.mjs`, what `npm run
// generate` runs, without npm's own start-up, into an empty generated/ with no cache) against
// openapi-typescript's CLI alone on the same bundled spec; and of a generation after a one-line
// spec edit (a field's description) with the cache of the run before it, as the platform team's
// edit loop runs it.
//
// Both run in a scratch copy of the project (spec, generators, templates, configs; node_modules
// linked), so the bench never rewrites generated/ and is not upset by someone editing spec/
// meanwhile: when the working tree's spec/ does not bundle at that moment, the copy falls back to
// spec/ as committed at HEAD (and the figure says so).
import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../test/support/spec-examples.js';
import { compareRuns, figure, secondsRunsNote, type BenchOptions, type Figure } from './harness.js';

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** Runs a node script to completion and times it; bounded by `timeoutMs`. */
export function runNode(args: readonly string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 120_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** The spec file the edit-loop figure edits. */
const EDITED_FILE = join('spec', 'components', 'fields.yaml');

/** What a generation reads: everything but node_modules, .git, generated/, tests and benches (a scratch copy for the benches that generate). */
const COPIED = ['spec', 'generators', 'templates', 'redocly', 'redocly.yaml', '.prettierrc.json', 'package.json', 'tsconfig.json'];

export async function projectCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-generate-'));
  await mkdir(join(dir, 'node_modules'));
  for (const entry of await readdir(join(PROJECT_ROOT, 'node_modules'))) {
    await symlink(join(PROJECT_ROOT, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  for (const entry of COPIED) {
    await cp(join(PROJECT_ROOT, entry), join(dir, entry), { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  return dir;
}

/** Replaces the copy's spec/ with the one committed at HEAD. */
async function committedSpec(dir: string): Promise<void> {
  await rm(join(dir, 'spec'), { recursive: true, force: true });
  await mkdir(join(dir, 'spec'));
  const archive = join(dir, 'spec.tar');
  await promisify(execFile)('git', ['archive', '--output', archive, 'HEAD', 'spec'], { cwd: PROJECT_ROOT });
  await promisify(execFile)('tar', ['-xf', archive, '-C', dir]);
  await rm(archive);
}

export async function benchGenerateTime(options: BenchOptions): Promise<Figure[]> {
  const dir = await projectCopy();
  const notes: string[] = [];
  try {
    let fellBack = false;
    /** Times one generation into an empty generated/ without a cache (both emptied untimed). */
    const generate = async (): Promise<number> => {
      await rm(join(dir, 'generated'), { recursive: true, force: true });
      await rm(join(dir, '.cache'), { recursive: true, force: true });
      return generateHere();
    };
    /** Times one generation as the copy stands (generated/, cache). */
    let fromCache = '';
    const generateHere = async (): Promise<number> => {
      const run = await runNode([join('generators', 'run.mjs')], { cwd: dir });
      fromCache = /from the cache: ([^.]*)/.exec(run.stdout)?.[1] ?? '';
      if (run.code === 0) return run.ms;
      if (!fellBack && run.stderr.includes('does not bundle')) {
        fellBack = true;
        notes.push('spec/ in the working tree did not bundle (an edit in progress?): measured with spec/ as committed at HEAD');
        await committedSpec(dir);
        return generate();
      }
      throw new Error(`generation failed (${run.code}):\n${run.stderr.slice(-2000)}`);
    };
    // openapi-typescript reads the project's bundled spec (generated/openapi.yaml, kept fresh by
    // the freshness test). It runs from an empty folder: it would otherwise pick up the project's
    // redocly.yaml and its lint rules, which are not part of "openapi-typescript alone".
    const bare = join(dir, 'openapi-typescript');
    await mkdir(bare);
    await cp(join(PROJECT_ROOT, 'generated', 'openapi.yaml'), join(bare, 'openapi.yaml'));
    const openapiTypescript = async (): Promise<number> => {
      const cli = join(PROJECT_ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      const run = await runNode([cli, join(bare, 'openapi.yaml'), '-o', join(bare, 'schema.ts')], { cwd: bare });
      if (run.code !== 0) throw new Error(`openapi-typescript failed (${run.code}):\n${run.stderr.slice(-2000)}`);
      return run.ms;
    };
    const preset = options.quick ? { runs: 1, warmup: 0 } : { runs: 5, warmup: 1 };
    const seconds = (ms: number) => ms / 1000;
    const result = await compareRuns(generate, openapiTypescript, preset);
    // The edit loop: the first field description of spec/components/fields.yaml gets one more
    // word before each run (a real edit every time), the cache and generated/ are the last run's.
    const edited = join(dir, EDITED_FILE);
    let edits = 0;
    const editAndGenerate = async (): Promise<number> => {
      const text = await readFile(edited, 'utf8');
      const line = /^( +description: )(.+)$/m.exec(text);
      if (!line) throw new Error(`${EDITED_FILE} has no field description to edit`);
      await writeFile(edited, text.replace(line[0], `${line[1]}${line[2]} Edited ${++edits}.`));
      return generateHere();
    };
    await generateHere();
    const warm = await compareRuns(editAndGenerate, openapiTypescript, preset);
    return [
      figure({
        family: 'generate-time',
        name: '`npm run generate` wall time, from nothing',
        unit: 's',
        better: 'lower',
        ours: seconds(result.ours),
        baseline: seconds(result.baseline),
        baselineLabel: 'openapi-typescript CLI alone',
        targets: [{ kind: 'ratio', op: '<=', value: 2 }],
        notes: [secondsRunsNote(result), ...notes],
      }),
      figure({
        family: 'generate-time',
        name: '`npm run generate` wall time after a one-line spec edit (a field description), with the cache of the run before',
        unit: 's',
        better: 'lower',
        ours: seconds(warm.ours),
        baseline: seconds(warm.baseline),
        baselineLabel: 'openapi-typescript CLI alone',
        targets: [{ kind: 'absolute', op: '<', value: 3, unit: 's' }],
        notes: [`${secondsRunsNote(warm)}; emitters from the cache after the last edit: ${fromCache || 'none'}`, ...notes],
      }),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
