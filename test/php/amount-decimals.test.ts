// The amount rule in the PHP client: the same verdict and the same issue (path, rule, words) as
// the TypeScript validators on every given/want case (test/support/amount-cases.ts), S2S form and
// Checkout JSON, in one php process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AMOUNT_CASES } from '../support/amount-cases.js';
import { generatedValidator } from '../support/generated-validators.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const SALE = {
  action: 'SALE',
  client_key: '0f8fad5b-d9cb-469f-a165-70867728950e',
  order_id: 'ORDER-1',
  order_description: 'Order',
  card_number: '4111111111111111',
  card_exp_month: '01',
  card_exp_year: '2038',
  card_cvv2: '123',
  payer_email: 'payer@example.com',
  payer_ip: '203.0.113.10',
  term_url_3ds: 'https://merchant.example/3ds',
  hash: '0'.repeat(32),
};

const cases = AMOUNT_CASES.flatMap(([amount, currency, accepted]) => [
  { schema: 'SaleCardRequest', style: 'form' as const, value: { ...SALE, order_amount: amount, order_currency: currency }, accepted, path: 'order_amount' },
  { schema: 'SessionOrder', style: 'json' as const, value: { number: 'ORDER-1', amount, currency, description: 'Order' }, accepted, path: 'amount' },
]);

describe('the amount rule in the PHP validators', () => {
  it('refuses and accepts what the TypeScript validators do, issue for issue', () => {
    const dir = mkdtempSync(join(tmpdir(), 'php-amounts-'));
    try {
      const file = join(dir, 'batch.json');
      writeFileSync(file, JSON.stringify({ cases: cases.map(({ schema, style, value }) => ({ schema, style, value })) }));
      const { results } = JSON.parse(execFileSync('php', [join(PROJECT_ROOT, 'test/php/bin/validate-batch.php'), file], { encoding: 'utf8' })) as { results: { ok: boolean; issues: { path: string; rule: string; message: string }[] }[] };
      cases.forEach((entry, index) => {
        const php = results[index]!;
        const ts = generatedValidator(entry.schema)(entry.value, entry.style);
        const label = `${entry.schema} ${JSON.stringify(entry.value).slice(0, 80)}`;
        expect(php.issues.filter((issue) => issue.rule === 'decimals').map((issue) => issue.path), label).toEqual(entry.accepted ? [] : [entry.path]);
        expect(php.issues, label).toEqual(ts.ok ? [] : ts.issues.map(({ path, rule, message }) => ({ path, rule, message })));
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
