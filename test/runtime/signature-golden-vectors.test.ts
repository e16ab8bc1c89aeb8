// The golden vectors both clients are held to (test/fixtures/signature-vectors.json; PHPUnit reads
// the same file in test/php). Here: the file is what the spec gives now, it covers every recipe
// in md5 and sha256 and every recipe variant, the TypeScript interpreter recomputes every vector,
// and the independent rows keep their independently computed hashes.
import { beforeAll, describe, expect, it } from 'vitest';
import { computeSignature, recipeVariant, type SignatureRecipe } from '../../generated/client/src/runtime/signature.js';
import * as recipes from '../../generated/client/src/signatures.js';
import { loadModel } from '../../generators/pipeline.js';
import type { SpecModel } from '../../generators/model/spec-model.js';
import { VECTORS } from '../support/independent-vectors.js';
import { buildVectors, readVectors, recipeTargets, vectorsText } from '../support/signature-vectors.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const ALL = recipes as unknown as Record<string, SignatureRecipe>;
const vectors = readVectors();
let model: SpecModel;

beforeAll(async () => {
  model = await loadModel(PROJECT_ROOT);
}, 60_000);

describe('the golden signature vectors', () => {
  it('are what the spec gives now (else: npx tsx scripts/write-signature-vectors.ts)', async () => {
    expect(vectorsText(buildVectors(model))).toBe(vectorsText(vectors));
  });

  it('cover every recipe (requests, callbacks, the payment return) in md5 and sha256, and every variant', () => {
    const missing: string[] = [];
    for (const target of recipeTargets(model))
      for (const algorithm of ['md5', 'sha256']) {
        if (!vectors.some((vector) => vector.recipe === target.recipe && vector.algorithm === algorithm && !vector.variant)) missing.push(`${target.recipe} ${algorithm}`);
        for (const variant of Object.keys(ALL[target.recipe]?.variants ?? {}))
          if (!vectors.some((vector) => vector.recipe === target.recipe && vector.variant === variant && vector.algorithm === algorithm)) missing.push(`${target.recipe} ${variant} ${algorithm}`);
      }
    expect(recipeTargets(model).map((target) => target.webhook ?? target.operation)).toEqual(expect.arrayContaining(['checkoutCallback', 's2sCardCallback', 's2sApmCallback', 'paymentReturn', 'S2S CARD SALE']));
    expect(missing).toEqual([]);
  });

  it('choose every case of every recipe at least once', () => {
    const unchosen: string[] = [];
    for (const target of recipeTargets(model)) {
      const recipe = ALL[target.recipe]!;
      for (const [index, entry] of (recipe.cases ?? []).entries()) {
        const chosen = vectors.some((vector) => {
          if (vector.recipe !== target.recipe || vector.variant) return false;
          const { when } = entry;
          const value = (name: string) => vector.fields[name];
          const first = recipe.cases!.findIndex((candidate) =>
            typeof candidate.when === 'string' ? value(candidate.when) !== undefined && value(candidate.when) !== '' : value(candidate.when.field) === candidate.when.equals,
          );
          return first === index && when !== undefined;
        });
        if (!chosen) unchosen.push(`${target.recipe} case ${index + 1}`);
      }
    }
    expect(unchosen).toEqual([]);
  });

  it.each(vectors.map((vector) => [vector.id, vector] as const))('%s recomputes in TypeScript', (_id, vector) => {
    const recipe = recipeVariant(ALL[vector.recipe]!, vector.variant);
    expect(computeSignature(recipe, vector.fields, vector.password, vector.algorithm)).toBe(vector.expected);
  });

  it('keep the independently computed hashes of the independent rows', () => {
    const rows = vectors.filter((vector) => / independent #\d+ md5$/.test(vector.id));
    expect(rows.length).toBe(Object.values(VECTORS).flat().length);
    for (const vector of rows) {
      const [, recipe, index] = /^(\w+) independent #(\d+)/.exec(vector.id)!;
      expect(vector.expected, vector.id).toBe(VECTORS[recipe!]![Number(index) - 1]![1]);
    }
  });
});
