// One amount rule: an amount carries at most the decimals its currency takes (ISO 4217's minor
// unit, with the platform's exceptions in spec/currencies.yaml). Given/want over the TypeScript
// validators (S2S form and Checkout JSON), and the sandbox's answer to the same request: the
// platform's validation error naming the field. (The PHP validators: test/php/amount-decimals.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_CASES } from '../support/amount-cases.js';
import { DOCS_DIR } from '../support/docs-pages.js';
import { currencyExponents, isoMinorUnits } from '../../generators/model/currency-exponents.js';
import { generatedValidator } from '../support/generated-validators.js';
import { loadBundledSpec } from '../support/spec-examples.js';
import { cardFields, sendCheckout, sendS2s, startHarness, type Harness } from '../sandbox/support.js';

const SALE = cardFields('SALE');
const order = (amount: string, currency: string) => ({ number: 'ORDER-1', amount, currency, description: 'Order' });

describe('the currency table', () => {
  it('is ISO 4217 with the exceptions the spec states', () => {
    const table = currencyExponents({ document: loadBundledSpec() as never });
    expect([table.get('USD'), table.get('BHD'), table.get('XOF'), table.get('CLF')]).toEqual([2, 3, 0, 4]);
    expect(['UGX', 'JPY', 'KRW', 'CLP'].map((code) => [isoMinorUnits().get(code), table.get(code)])).toEqual(Array(4).fill([0, 2]));
    expect(table.has('XAU')).toBe(false);
  });
});

describe.each(AMOUNT_CASES)('%s %s', (amount, currency, accepted) => {
  it(`is ${accepted ? 'accepted' : 'refused, naming the field'} by the TypeScript validators (S2S and Checkout)`, () => {
    const s2s = generatedValidator('SaleCardRequest')({ ...SALE, client_key: '0f8fad5b-d9cb-469f-a165-70867728950e', hash: '0'.repeat(32), order_amount: amount, order_currency: currency }, 'form');
    const checkout = generatedValidator('SessionOrder')(order(amount, currency), 'json');
    for (const [result, path] of [[s2s, 'order_amount'], [checkout, 'amount']] as const) {
      const issues = result.ok ? [] : result.issues.filter((issue) => issue.rule === 'decimals');
      expect(issues.map((issue) => issue.path)).toEqual(accepted ? [] : [path]);
    }
  });
});

describe("the Limits page's table of decimals by currency", () => {
  const text = readFileSync(join(DOCS_DIR, 'guide/limits.md'), 'utf8');
  const section = text.slice(text.indexOf('## Amount decimals by currency'));
  const rows = [...section.matchAll(/^\| (\d) \| (.+?) \| .+ \|$/gm)].flatMap((row) => [...row[2]!.matchAll(/`([A-Z]{3})`/g)].map((currency) => [currency[1]!, Number(row[1])] as const));

  it('lists the currencies that take other than two decimals, and the platform\'s exceptions', () => {
    expect(rows.length).toBeGreaterThan(20);
    expect(rows).toContainEqual(['JPY', 2]);
    expect(rows).toContainEqual(['XOF', 0]);
  });

  it('agrees with the validators for every currency it lists: that many decimals pass, one more is refused', () => {
    const validate = generatedValidator('SessionOrder');
    const wrong = rows.filter(([currency, count]) => {
      const amount = (decimals: number) => (decimals === 0 ? '10' : `10.${'5'.repeat(decimals)}`);
      return !validate(order(amount(count), currency), 'json').ok || validate(order(amount(count + 1), currency), 'json').ok;
    });
    expect(wrong).toEqual([]);
  });
});

describe('the sandbox', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.sandbox.close();
  });

  it.each(AMOUNT_CASES.filter(([, currency]) => currency !== 'BTC'))('%s %s: the same verdict, the platform\'s error naming the field', async (amount, currency, accepted) => {
    const answer = await sendS2s(h, 'card', { ...cardFields('SALE'), order_amount: amount, order_currency: currency });
    if (accepted) expect(answer.body.status, JSON.stringify(answer.body)).toBe('SETTLED');
    else
      expect(answer.body).toMatchObject({
        result: 'ERROR',
        error_message: 'Request data is invalid.',
        errors: [{ error_message: expect.stringMatching(/^order_amount: must have (no decimals|at most \d decimals?): that is what its currency \(order_currency\) takes$/) }],
      });
  });

  it('refuses a Checkout order of 1.999 USD, naming order.amount', async () => {
    const answer = await sendCheckout(h, 'createSession', { operation: 'purchase', methods: ['card'], order: order('1.999', 'USD'), success_url: 'https://merchant.example/success' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].error_message).toMatch(/^order\.amount: must have at most 2 decimals/);
  });
});
