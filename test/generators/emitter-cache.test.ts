// The per-emitter cache (generate({ cacheDir })): a run from the cache gives the files a run
// without it gives, after each kind of edit, and runs only the emitters whose inputs changed; and
// the hint that starts the tools' workers early sees a spec file written after the last run.
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmitterCache, plainJson, writtenSince } from '../../generators/emitter-cache.js';
import { bundleEmitter } from '../../generators/emitters/bundle/index.js';
import { validatorsEmitter } from '../../generators/emitters/validators/index.js';
import { generate, type EmitterEvent } from '../../generators/pipeline.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const dir = join(PROJECT_ROOT, 'test', '.output', 'emitter-cache');
const specFile = join(dir, 'spec', 'openapi.yaml');
const cacheDir = join(dir, 'cache');
const emitters = [validatorsEmitter, bundleEmitter];

/** A generation of the spec as it is now, with or without the cache; with it, which emitters came from it. */
async function run(cached: boolean): Promise<{ files: ReadonlyMap<string, string>; fromCache: Record<string, boolean> }> {
  const events: EmitterEvent[] = [];
  const files = await generate({
    projectRoot: PROJECT_ROOT,
    rootFile: relative(PROJECT_ROOT, specFile),
    deploymentFile: 'test/corpus/no-deployment.yaml',
    emitters,
    ...(cached ? { cacheDir, onEmitter: (event: EmitterEvent) => events.push(event) } : {}),
  });
  return { files, fromCache: Object.fromEntries(events.map((event) => [event.emitter, event.cached])) };
}

/** Generates with the cache and without it, and compares the two. */
async function bothWays(): Promise<Record<string, boolean>> {
  const withCache = await run(true);
  const without = await run(false);
  expect([...withCache.files]).toEqual([...without.files]);
  return withCache.fromCache;
}

async function edit(from: string, to: string): Promise<void> {
  const text = await readFile(specFile, 'utf8');
  expect(text).toContain(from);
  await writeFile(specFile, text.replace(from, to));
}

describe('generation with a cache gives what generation without it gives', () => {
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs each emitter whose inputs changed, and only those', async () => {
    await rm(dir, { recursive: true, force: true });
    await mkdir(join(dir, 'spec'), { recursive: true });
    await writeFile(specFile, await readFile(join(CORPUS_DIR, 'validators', 'closed-objects', 'openapi.yaml'), 'utf8'));
    // A cold cache runs everything; the same spec again runs nothing.
    expect(await bothWays()).toEqual({ validators: false, bundle: false });
    expect(await bothWays()).toEqual({ validators: true, bundle: true });
    // The title is in the bundle, not in what the validators read.
    await edit('title: closed objects and numbers', 'title: closed objects, edited');
    expect(await bothWays()).toEqual({ validators: true, bundle: false });
    // A field's description is prose, which the validators do not read (model/field-prose.ts).
    await edit('maximum: 100}', 'maximum: 100, description: How big it is.}');
    expect(await bothWays()).toEqual({ validators: true, bundle: false });
    // Under `not` a description is the rule's words (the validators' message): they read it.
    await edit('enum: [a, b]}', 'enum: [a, b], not: {const: b, description: must not be b}}');
    expect(await bothWays()).toEqual({ validators: false, bundle: false });
    await edit('must not be b', 'must be a');
    expect(await bothWays()).toEqual({ validators: false, bundle: false });
    // A schema is in both.
    await edit('maxLength: 2', 'maxLength: 3');
    expect(await bothWays()).toEqual({ validators: false, bundle: false });
    // Back to a state seen two edits ago: the cache keeps one entry per emitter, so it runs again.
    await edit('maxLength: 3', 'maxLength: 2');
    expect(await bothWays()).toEqual({ validators: false, bundle: false });
  });
});

describe('plainJson', () => {
  it.each([
    { given: { a: [1, 'x', null, true, { b: {} }] }, want: '{"a":[1,"x",null,true,{"b":{}}]}' },
    { given: Object.assign(Object.create(null) as object, { a: 1 }), want: '{"a":1}' },
  ])('writes plain data: $want', ({ given, want }) => {
    expect(plainJson(given)).toBe(want);
  });

  it.each([
    { given: { schemas: new Map([['A', {}]]) }, want: /Map/ },
    { given: { names: new Set(['a']) }, want: /Set/ },
    { given: { f: () => 1 }, want: /Function/ },
    { given: { a: undefined }, want: /Undefined/ },
  ])('refuses what JSON would not show: $want', ({ given, want }) => {
    expect(() => plainJson(given)).toThrow(want);
  });
});

describe('the warm-up hint', () => {
  // warmUpWorkers starts the tools' workers before the digests when a spec file was written after
  // the last run recorded its inputs: writtenSince against EmitterCache.lastInputsTime.
  const hint = join(PROJECT_ROOT, 'test', '.output', 'warm-up-hint');
  afterAll(() => rm(hint, { recursive: true, force: true }));

  it('sees a file written after the last run, in any folder but node_modules and .bundle', async () => {
    await rm(hint, { recursive: true, force: true });
    for (const folder of ['spec/methods', 'spec/node_modules', 'spec/.bundle']) await mkdir(join(hint, folder), { recursive: true });
    const files = ['spec/openapi.yaml', 'spec/methods/card.yaml', 'spec/node_modules/x.yaml', 'spec/.bundle/x.mjs'];
    const before = new Date('2026-01-01T00:00:00Z');
    for (const file of files) {
      await writeFile(join(hint, file), 'x');
      await utimes(join(hint, file), before, before);
    }
    const cache = new EmitterCache(join(hint, 'cache'));
    expect(await cache.lastInputsTime(), 'no run yet').toBeUndefined();
    await cache.recordInputs('inputs');
    const lastRun = (await cache.lastInputsTime())!;
    expect(lastRun).toBeGreaterThan(before.getTime());
    expect(await writtenSince(hint, ['spec', 'missing.yaml'], lastRun)).toBe(false);

    const after = new Date(lastRun + 60_000);
    for (const ignored of ['spec/node_modules/x.yaml', 'spec/.bundle/x.mjs']) await utimes(join(hint, ignored), after, after);
    expect(await writtenSince(hint, ['spec'], lastRun), 'node_modules and .bundle are never inputs').toBe(false);
    await utimes(join(hint, 'spec/methods/card.yaml'), after, after);
    expect(await writtenSince(hint, ['spec'], lastRun)).toBe(true);
    expect(await writtenSince(hint, ['spec/openapi.yaml'], lastRun)).toBe(false);
  });
});
