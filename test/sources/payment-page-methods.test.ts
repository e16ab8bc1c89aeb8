// The catalogue's payment-page-only methods against the document: one entry per bullet of its
// "Methods with page-side behaviour only" list (what each entry carries: test/spec/payment-page-methods.test.ts).
import { describe, expect, it } from 'vitest';
import { methodCatalogue } from '../../generators/model/method-catalogue.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { readInterfaceDocument } from '../support/outside-inputs.js';
import { loadBundledSpec } from '../support/spec-examples.js';

/** The document's bullets under "Methods with page-side behaviour only:". */
function documentBullets(): string[] {
  const section = readInterfaceDocument().split('Methods with page-side behaviour only:')[1]!.split('\n\n')[1]!;
  return section.split('\n').filter((line) => line.startsWith('- '));
}

describe('payment-page-only methods and the document', () => {
  it('lists one catalogue entry per bullet of the document', () => {
    const pageOnly = methodCatalogue(buildSpecModel(loadBundledSpec() as OpenApiDocument, [])).filter((method) => method.paymentPageOnly);
    const bullets = documentBullets();
    expect(bullets).toHaveLength(6);
    expect(pageOnly).toHaveLength(bullets.length);
  });
});
