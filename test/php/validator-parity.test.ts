// The generated PHP validators give the same verdict as the generated TypeScript validators on
// every example of the spec and every generic mutation of it, in one php process over a batch
// file, and the same issues and warnings (`x-warning`): each wire path, rule and message, in the
// same order. Each warning of the spec is met at least once: a change of an example trips it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedValidator } from '../support/generated-validators.js';
import { mutationsOf } from '../support/mutations.js';
import { collectExamples, loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { warningSites } from '../../generators/model/warnings.js';

interface Case {
  readonly label: string;
  readonly schema: string;
  readonly style: 'form' | 'json';
  readonly value: unknown;
}

/** Runs the PHP validator over the cases in one process. */
type Found = { path: string; rule: string; message: string }[];

function phpVerdicts(cases: readonly Case[]): { results: { ok: boolean; issues: Found; warnings: Found }[]; ms: number } {
  const dir = mkdtempSync(join(tmpdir(), 'php-validate-'));
  try {
    const file = join(dir, 'batch.json');
    writeFileSync(file, JSON.stringify({ cases: cases.map(({ schema, style, value }) => ({ schema, style, value })) }));
    const output = execFileSync('php', ['-d', 'memory_limit=1G', join(PROJECT_ROOT, 'test/php/bin/validate-batch.php'), file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    return JSON.parse(output) as { results: { ok: boolean; issues: Found; warnings: Found }[]; ms: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Changes of spec examples that trip each of the spec's warnings (a value no source refuses). */
const WARNED: readonly [example: string, change: (value: Record<string, any>) => void][] = [
  ['POST /post request SALE_card', (v) => void (v.card_number = '4111111111111112')],
  ['POST /post request SALE_card', (v) => void ((v.card_token = 'a'.repeat(64)), (v.order_currency = 'usd'), (v.recurring_init = 'y'))],
  ['POST /post request SALE_card_wallet', (v) => void (v.card_token = 'a'.repeat(64))],
  ['POST /post request CARD2CARD', (v) => void (v.payee_card_number = '5555555555554445')],
  ['POST /post request CREDIT2CARD', (v) => void (v.card_token = 'a'.repeat(64))],
  ['POST /post request CREATE_SCHEDULE', (v) => void ((v.interval_length = '0'), (v.payments_count = 'x'), (v.day_of_month = '32'))],
  ['POST /post request UPDATE_SCHEDULE', (v) => void (v.first_payment_interval_unit = 'week')],
  ['POST /post request SALE_apm_installment_redirect', (v) => void (v.parameters.product_url = 'www.shop.example/p/1')],
  ['POST /api/v1/payment/status request by_payment_id', (v) => void (v.size = 5)],
  ['POST /api/v1/payment/status request by_order_id', (v) => void (v.payment_id = '0b4b7e54-e5ad-11ec-9a66-0242ac140003')],
];

describe('PHP and TypeScript validators', () => {
  it('agree on every spec example and every mutation of it (100%), issue for issue and warning for warning', () => {
    const cases: Case[] = [];
    const examples = collectExamples();
    for (const example of examples) {
      cases.push({ label: `${example.id}`, schema: example.schemaName, style: example.style, value: example.value });
      for (const mutation of mutationsOf(example.value))
        cases.push({ label: `${example.id}: ${mutation.label}`, schema: example.schemaName, style: example.style, value: mutation.value });
    }
    for (const [id, change] of WARNED) {
      const example = examples.find((candidate) => candidate.id === id);
      expect(example, id).toBeDefined();
      const value = structuredClone(example!.value) as Record<string, any>;
      change(value);
      cases.push({ label: `${id}: warned`, schema: example!.schemaName, style: example!.style, value });
    }
    const { results, ms } = phpVerdicts(cases);
    expect(results).toHaveLength(cases.length);
    const disagreements: string[] = [];
    const warned = new Set<string>();
    const unnamed: string[] = [];
    const otherIssues: string[] = [];
    cases.forEach((entry, index) => {
      const ours = generatedValidator(entry.schema)(entry.value, entry.style);
      const php = results[index]!;
      if (ours.ok !== php.ok)
        disagreements.push(`${entry.label}: ts=${ours.ok} php=${php.ok} ${JSON.stringify(ours.ok ? php.issues : ours.issues).slice(0, 300)}`);
      if (!php.ok && php.issues.length === 0) unnamed.push(entry.label);
      if (!ours.ok && ours.ok === php.ok && JSON.stringify(ours.issues) !== JSON.stringify(php.issues))
        otherIssues.push(`${entry.label}: ts=${JSON.stringify(ours.issues).slice(0, 300)} php=${JSON.stringify(php.issues).slice(0, 300)}`);
      if (JSON.stringify(ours.warnings ?? []) !== JSON.stringify(php.warnings))
        otherIssues.push(`${entry.label}: warnings ts=${JSON.stringify(ours.warnings ?? []).slice(0, 300)} php=${JSON.stringify(php.warnings).slice(0, 300)}`);
      for (const warning of php.warnings) warned.add(`${warning.rule} ${warning.message}`);
    });
    // Every warning of the spec is met: a message no case trips would be a check nothing tested.
    const messages = warningSites(buildSpecModel(loadBundledSpec() as never, [])).map((site) => site.message);
    expect(messages.filter((message) => ![...warned].some((seen) => seen.endsWith(` ${message}`)))).toEqual([]);
    console.info(`validator parity: ${cases.length - disagreements.length}/${cases.length} verdicts agree, ${cases.length - otherIssues.length} with the same issues; PHP validated them in ${Math.round(ms)} ms`);
    expect(disagreements.slice(0, 30)).toEqual([]);
    expect(unnamed).toEqual([]);
    expect(otherIssues.slice(0, 30)).toEqual([]);
  }, 300_000);
});
