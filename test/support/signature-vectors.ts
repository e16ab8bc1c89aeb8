// The golden signature vectors both clients are held to (test/fixtures/signature-vectors.json):
// every recipe of the spec (requests, callbacks, the payment return) over the independent rows
// (test/support/independent-vectors.ts), every request and callback example of the spec, PHP
// ksort and byte-string edge cases, each in md5 and sha256, and each recipe variant. Expected
// hashes come from the TypeScript interpreter; the TypeScript test recomputes them and checks the
// independent rows against their independently computed hashes, PHPUnit recomputes them all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computeSignature, recipeVariant, type SignatureRecipe } from '../../generated/client/src/runtime/signature.js';
import * as recipes from '../../generated/client/src/signatures.js';
import { clientOperations } from '../../generators/model/operations.js';
import { webhookNames } from '../../generators/model/names.js';
import type { SpecModel } from '../../generators/model/spec-model.js';
import { P, VECTORS } from './independent-vectors.js';
import { collectExamples, PROJECT_ROOT } from './spec-examples.js';

export const VECTORS_FILE = join(PROJECT_ROOT, 'test/fixtures/signature-vectors.json');

/** Where each client finds the recipe: TypeScript by its constant, PHP by its table key. */
export interface RecipeTarget {
  readonly recipe: string;
  readonly operation?: string;
  readonly webhook?: string;
}

export interface SignatureVector extends RecipeTarget {
  readonly id: string;
  readonly variant?: string;
  readonly algorithm: 'md5' | 'sha256';
  readonly password: string;
  readonly fields: Record<string, unknown>;
  readonly expected: string;
}

const ALL = recipes as unknown as Record<string, SignatureRecipe>;

export function recipeTargets(model: SpecModel): RecipeTarget[] {
  return [
    ...clientOperations(model).flatMap((operation) => (operation.signature ? [{ recipe: operation.names.signature, operation: operation.title }] : [])),
    ...model.webhooks.map((webhook) => ({ recipe: webhookNames(webhook.name).signature, webhook: webhook.name })),
  ];
}

export function buildVectors(model: SpecModel): SignatureVector[] {
  const targets = recipeTargets(model);
  const byRecipe = new Map(targets.map((target) => [target.recipe, target]));
  const rows: { id: string; target: RecipeTarget; fields: Record<string, unknown> }[] = [];
  for (const [recipe, entries] of Object.entries(VECTORS))
    entries.forEach(([fields], index) => rows.push({ id: `${recipe} independent #${index + 1}`, target: byRecipe.get(recipe)!, fields }));
  // The spec's own examples: a request signs what it carries, a callback what it received.
  const operations = clientOperations(model);
  for (const example of collectExamples()) {
    if (!/ request /.test(example.id) || typeof example.value !== 'object' || example.value === null) continue;
    const { hash: _hash, ...fields } = example.value as Record<string, unknown>;
    const webhook = /^webhook (\w+) /.exec(example.id)?.[1];
    const matches = webhook
      ? targets.filter((target) => target.webhook === webhook)
      : operations
          .filter((operation) =>
            operation.bodyStyle === 'form'
              ? operation.action === fields['action'] && !new RegExp(`_(?!${operation.protocol})(card|apm)(_|$)`).test(example.id)
              : operation.requestSchemaName === example.schemaName,
          )
          .flatMap((operation) => targets.filter((target) => target.operation === operation.title));
    for (const target of matches) rows.push({ id: `${example.id} (${target.recipe})`, target, fields });
  }
  // Every case of every recipe, on a row of the recipe with the case's condition made true.
  for (const target of targets) {
    const base = rows.find((row) => row.target === target)?.fields ?? {};
    (ALL[target.recipe]!.cases ?? []).forEach(({ when }, index) => {
      const fields = typeof when === 'string' ? { ...base, [when]: 'c0ffee0123456789' } : { ...base, [when.field]: when.equals };
      rows.push({ id: `${target.recipe} case ${index + 1}`, target, fields });
    });
  }
  // PHP ksort orders and byte strings (non-ASCII letters upper-cased and reversed as bytes).
  const apm = byRecipe.get('S2S_APM_CALLBACK_SIGNATURE')!;
  for (const fields of [
    { action: 'SALE', transactions: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    { b: 'vb', a: 'va', 10: 'v10', 9: 'v9', B: 'vB' },
    { a: 'va', 2: 'v2', '1.5': 'v1.5', '-1': 'v-1' },
    { 11: 'v11', '010': 'v010', 9: 'v9' },
    { action: 'SALE', amount: '1.00', result: 'SUCCESS', transactions: { b: { type: 'sale' }, a: { status: 'ok' } } },
  ])
    rows.push({ id: `ksort ${Object.keys(fields).join(',')}`, target: apm, fields });
  for (const identifier of ['ä', '€ µ ß', 'Ünïcödé 名前'])
    rows.push({ id: `bytes ${identifier}`, target: byRecipe.get('SALE_APM_SIGNATURE')!, fields: { identifier, order_id: 'o', order_amount: '1', order_currency: 'EUR' } });

  const vectors: SignatureVector[] = [];
  for (const { id, target, fields } of rows) {
    const recipe = ALL[target.recipe]!;
    const variants = [undefined, ...Object.keys(recipe.variants ?? {})];
    for (const variant of variants)
      for (const algorithm of ['md5', 'sha256'] as const) {
        const chosen = recipeVariant(recipe, variant);
        // A variant's signing-only values (the original payment's e-mail and card) come with the row.
        const signed = variant ? { payer_email: 'payer@example.com', card_number: '4111111111111111', ...fields } : fields;
        vectors.push({
          id: `${id}${variant ? ` variant ${variant}` : ''} ${algorithm}`,
          ...target,
          ...(variant ? { variant } : {}),
          algorithm,
          password: P,
          fields: signed,
          expected: computeSignature(chosen, signed, P, algorithm),
        });
      }
  }
  return vectors;
}

export function vectorsText(vectors: readonly SignatureVector[]): string {
  return `${JSON.stringify({ '//': 'Golden signature vectors for both clients. Written by `npx tsx scripts/write-signature-vectors.ts` from the spec; do not edit.', vectors }, null, 1)}\n`;
}

export function readVectors(): SignatureVector[] {
  return (JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as { vectors: SignatureVector[] }).vectors;
}
