// The spec check takes back what an earlier check parsed (generators/spec-check/parsed-files.ts):
// a file whose text is the same gives the same value, anchors still shared, never the object an
// earlier bundle rewrote; a changed text, another toolchain or a broken record is parsed again;
// and on the project's spec, a check from the record bundles exactly what a check that parses
// every file bundles.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaseResolver, Source } from '@redocly/openapi-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkSpec } from '../../generators/spec-check/check.js';
import { RememberingResolver } from '../../generators/spec-check/parsed-files.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'parsed-files-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const TEXT = 'shared: &anchor\n  b: 1\nagain: *anchor\nlist: [1, two]\n';

describe('RememberingResolver', () => {
  it('parses a file once for each text and place', async () => {
    const place = { dir: join(work, 'unit'), toolchain: 'toolchain A' };
    const parses = vi.spyOn(BaseResolver.prototype, 'parseDocument');
    const parse = async (text: string, toolchain = place.toolchain) => {
      const resolver = await RememberingResolver.open({ ...place, toolchain });
      const { parsed } = resolver.parseDocument(new Source('/spec/a.yaml', text));
      await resolver.remember();
      return parsed as { shared: { b: number }; again: unknown; list: unknown[] };
    };

    const first = await parse(TEXT);
    expect(parses).toHaveBeenCalledTimes(1);
    // Rewritten in place, as a bundle rewrites what it read: the record holds the parse as it was.
    first.shared.b = 2;
    const second = await parse(TEXT);
    expect(parses).toHaveBeenCalledTimes(1);
    expect(second).toEqual({ shared: { b: 1 }, again: { b: 1 }, list: [1, 'two'] });
    expect(second.again, 'an anchor stays one object').toBe(second.shared);

    expect(await parse(TEXT.replace('two', 'three'))).toMatchObject({ list: [1, 'three'] });
    expect(parses).toHaveBeenCalledTimes(2);
    await parse(TEXT.replace('two', 'three'), 'toolchain B');
    expect(parses).toHaveBeenCalledTimes(3);

    await writeFile(join(place.dir, 'parsed-files.v8'), 'not V8 data');
    expect(await parse(TEXT)).toMatchObject({ list: [1, 'two'] });
    expect(parses).toHaveBeenCalledTimes(4);
  });

  it('keeps no file that does not parse, and reports it as Redocly does', async () => {
    const place = { dir: join(work, 'broken'), toolchain: 'toolchain A' };
    for (let run = 0; run < 2; run++) {
      const resolver = await RememberingResolver.open(place);
      expect(() => resolver.parseDocument(new Source('/spec/a.yaml', 'a: [1, 2\n'))).toThrow(/a\.yaml/);
      await resolver.remember();
    }
  });
});

describe('the spec check from its record', () => {
  it("bundles the project's spec as a check that parses every file does", async () => {
    const place = { dir: join(work, 'project'), toolchain: 'toolchain A' };
    const parses = vi.spyOn(BaseResolver.prototype, 'parseDocument');
    const parsed = await checkSpec({ projectRoot: PROJECT_ROOT, passedExamples: place });
    const files = parses.mock.calls.length;
    expect(files).toBeGreaterThan(20);
    const remembered = await checkSpec({ projectRoot: PROJECT_ROOT, passedExamples: place });
    expect(parses.mock.calls.length, 'the second check parses nothing').toBe(files);
    expect(remembered.passes).toBe(true);
    expect(remembered.problems).toEqual(parsed.problems);
    // Key order too: the bundle is written out as it comes.
    expect(JSON.stringify(remembered.document)).toBe(JSON.stringify(parsed.document));
    // The files in the order they were read, which the record's quicker answers change.
    expect([...(remembered.fileDependencies ?? [])].sort()).toEqual([...(parsed.fileDependencies ?? [])].sort());
  });
});
