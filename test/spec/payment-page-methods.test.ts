// The methods the document describes only by their payment-page behaviour ("Methods with
// page-side behaviour only") are in the method catalogue, marked payment-page-only: the docs list
// them, the client's catalogue carries the mark, and no S2S APM SALE branch offers them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { methodCatalogue } from '../../generators/model/method-catalogue.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { PAYMENT_METHODS } from '../../generated/client/src/methods.js';
import { loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';

const document = loadBundledSpec() as OpenApiDocument;
const model = buildSpecModel(document, []);
const pageOnly = methodCatalogue(model).filter((method) => method.paymentPageOnly);

describe('payment-page-only methods', () => {
  // One entry per bullet of the document's list: test/sources/payment-page-methods.test.ts.
  it.each([
    ['cash-ticket', /cash ticket/i],
    ['bank transfer by billing country', /billing country/i],
    ['third-party bank list', /bank list/i],
    ['crypto with no fixed amount', /crypto without a fixed amount/i],
    ['QR', /QR code/i],
    ['Benin and Togo mobile number', /Benin and Togo/i],
  ])('carries the %s method', (_what, title) => {
    expect(pageOnly.filter((method) => title.test(method.title))).toHaveLength(1);
  });

  it('offers none of them as an S2S APM SALE branch', () => {
    const mapping = (document.components?.schemas?.['SaleApmMethodRequest'] as { discriminator: { mapping: Record<string, string> } }).discriminator.mapping;
    for (const method of pageOnly) {
      expect(method.brand).toBeUndefined();
      expect(method.protocols).toEqual(['checkout']);
      expect(Object.keys(mapping)).not.toContain(method.label.replace(/[<>]/g, ''));
    }
  });

  it('ships the mark in the client catalogue and a docs page for each', () => {
    const shipped = PAYMENT_METHODS.filter((method) => method.paymentPageOnly);
    expect(shipped.map((method) => method.label).sort()).toEqual(pageOnly.map((method) => method.label).sort());
    for (const method of pageOnly) {
      const page = readFileSync(join(PROJECT_ROOT, 'generated', 'docs', 'methods', `${method.label.replace(/[<>]/g, '').replace(/_/g, '-')}.md`), 'utf8');
      expect(page).toContain('Payment page only');
    }
  });
});
