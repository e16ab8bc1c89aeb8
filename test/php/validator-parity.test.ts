// The generated PHP validators give the same verdict as the generated TypeScript validators on
// every example of the spec and every generic mutation of it, in one php process over a batch
// file, and the same issues: each wire path, rule and message, in the same order.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedValidator } from '../support/generated-validators.js';
import { mutationsOf } from '../support/mutations.js';
import { collectExamples, PROJECT_ROOT } from '../support/spec-examples.js';

interface Case {
  readonly label: string;
  readonly schema: string;
  readonly style: 'form' | 'json';
  readonly value: unknown;
}

/** Runs the PHP validator over the cases in one process. */
function phpVerdicts(cases: readonly Case[]): { results: { ok: boolean; issues: { path: string; rule: string; message: string }[] }[]; ms: number } {
  const dir = mkdtempSync(join(tmpdir(), 'php-validate-'));
  try {
    const file = join(dir, 'batch.json');
    writeFileSync(file, JSON.stringify({ cases: cases.map(({ schema, style, value }) => ({ schema, style, value })) }));
    const output = execFileSync('php', ['-d', 'memory_limit=1G', join(PROJECT_ROOT, 'test/php/bin/validate-batch.php'), file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    return JSON.parse(output) as { results: { ok: boolean; issues: { path: string; rule: string; message: string }[] }[]; ms: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('PHP and TypeScript validators', () => {
  it('agree on every spec example and every mutation of it (100%), issue for issue', () => {
    const cases: Case[] = [];
    for (const example of collectExamples()) {
      cases.push({ label: `${example.id}`, schema: example.schemaName, style: example.style, value: example.value });
      for (const mutation of mutationsOf(example.value))
        cases.push({ label: `${example.id}: ${mutation.label}`, schema: example.schemaName, style: example.style, value: mutation.value });
    }
    const { results, ms } = phpVerdicts(cases);
    expect(results).toHaveLength(cases.length);
    const disagreements: string[] = [];
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
    });
    console.info(`validator parity: ${cases.length - disagreements.length}/${cases.length} verdicts agree, ${cases.length - otherIssues.length} with the same issues; PHP validated them in ${Math.round(ms)} ms`);
    expect(disagreements.slice(0, 30)).toEqual([]);
    expect(unnamed).toEqual([]);
    expect(otherIssues.slice(0, 30)).toEqual([]);
  }, 300_000);
});
