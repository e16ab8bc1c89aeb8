// Given/want tables over the corpus of tiny edge-case specs (test/corpus/validators/<case>):
// each case is generated like the real spec, its validators.ts is snapshotted next to it, and
// every row of its cases.yaml runs through the generated `validateSubject` and `isSubject`. A row
// may plant keys on Object.prototype (as prototype pollution does) for its run: they are removed
// afterwards, whatever happens.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validatorsEmitter } from '../../generators/emitters/validators/index.js';
import { copyRuntime, CORPUS_DIR, generateCorpusCase, readCases } from '../support/corpus.js';
import { withPlantedKeys } from '../support/planted-keys.js';

interface CaseFile {
  readonly schema: string;
  readonly style: 'form' | 'json';
  readonly cases: readonly {
    readonly name: string;
    readonly given: unknown;
    readonly style?: 'form' | 'json';
    /** Keys assigned on Object.prototype while the row runs. */
    readonly planted?: Readonly<Record<string, unknown>>;
    readonly valid?: boolean;
    readonly want?: readonly { path: string; rule: string; message: string }[];
    /** What `x-warning` checks report, valid or not (none when absent). */
    readonly warnings?: readonly { path: string; rule: string; message: string }[];
  }[];
}

type Validate = (value: unknown, style?: 'form' | 'json') => { ok: boolean; issues?: unknown[]; warnings?: unknown[] };
type Guard = (value: unknown) => boolean;

const caseNames = readdirSync(join(CORPUS_DIR, 'validators')).filter((name) => name !== 'unsupported-keyword').sort();

describe.each(caseNames)('corpus %s', (name) => {
  it('generates validators matching the snapshot and the given/want table', async () => {
    const { outDir, files } = await generateCorpusCase('validators', name, [validatorsEmitter]);
    await copyRuntime(join(outDir, 'client', 'src'));
    const validators = files.get('client/src/validators.ts')!;
    await expect(validators).toMatchFileSnapshot(join(CORPUS_DIR, 'validators', name, 'validators.ts.snap'));
    const table = readCases<CaseFile>('validators', name);
    const module = (await import(pathToFileURL(join(outDir, 'client', 'src', 'validators.ts')).href)) as Record<string, Validate & Guard>;
    const validate = module[`validate${table.schema}`]! as Validate;
    const guard = module[`is${table.schema}`]! as Guard;
    for (const row of table.cases) {
      const [result, guarded] = withPlantedKeys(row.planted ?? {}, () => [validate(row.given, row.style ?? table.style), guard(row.given)] as const);
      expect(guarded, `${row.name}: the type guard`).toBe(result.ok);
      const warnings = row.warnings ? { warnings: row.warnings } : {};
      if (row.valid) {
        expect(result, row.name).toEqual({ ok: true, value: row.given, ...warnings });
        // The caller's value, also where a copy of it was validated.
        expect((result as { value?: unknown }).value, row.name).toBe(row.given);
      } else expect(result, row.name).toEqual({ ok: false, issues: row.want, ...warnings });
    }
  });
});

describe('a keyword the generator does not know', () => {
  it('fails generation with a message naming the keyword', async () => {
    await expect(generateCorpusCase('validators', 'unsupported-keyword', [validatorsEmitter])).rejects.toThrow(/Unsupported JSON Schema keyword "maxLenght"/);
  });
});
