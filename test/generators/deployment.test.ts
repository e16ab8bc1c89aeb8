// spec/deployment.yaml's brand values are applied at generation: the APM SALE branch's brand
// const, the discriminator mapping, Checkout's method-keyed parameters and the examples all use
// the real value, and the generated validators accept it.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bundleEmitter } from '../../generators/emitters/bundle/index.js';
import { generate, loadModel } from '../../generators/pipeline.js';
import { methodCatalogue } from '../../generators/model/method-catalogue.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const DEPLOYMENT = 'test/corpus/deployment/brand-values.yaml';

describe('deployment brand values', () => {
  it('rewrite the brand const, the mapping keys and Checkout method keys', async () => {
    const files = await generate({ projectRoot: PROJECT_ROOT, deploymentFile: DEPLOYMENT, emitters: [bundleEmitter] });
    const spec = parse(files.get('openapi.yaml')!) as { components: { schemas: Record<string, any> } };
    const schemas = spec.components.schemas;
    const mapping = schemas['SaleApmMethodRequest'].discriminator.mapping as Record<string, string>;
    expect(Object.keys(mapping)).toContain('pv-real');
    expect(Object.keys(mapping)).not.toContain('pin_voucher');
    expect(schemas[mapping['pv-real']!.replace('#/components/schemas/', '')].properties.brand.const).toBe('pv-real');
    expect(Object.keys(schemas['SessionMethodParameters'].properties)).toContain('pv-real');
    // The redirect-only branch excludes the same (renamed) brands the mapping lists.
    expect(schemas['SaleApmRedirectOnlyRequest'].properties.brand.not.enum).toEqual(Object.keys(mapping));
  });

  it('reach the method catalogue', async () => {
    const model = await loadModel(PROJECT_ROOT, 'spec/openapi.yaml', DEPLOYMENT);
    const entry = methodCatalogue(model).find((method) => method.label === '<pin_voucher>');
    expect(entry?.brand).toBe('pv-real');
  });

  it('default to the label without angle brackets', async () => {
    const model = await loadModel(PROJECT_ROOT);
    expect(methodCatalogue(model).find((method) => method.label === '<pin_voucher>')?.brand).toBe('pin_voucher');
  });
});

describe('deployment cardStatusSignature', () => {
  const F2 = { upper: [{ reverse: 'payer_email' }, '$password', 'trans_id', { reverse: { first6last4: 'card_number' } }] };
  const DOCUMENT = [{ upper: { reverse: 'trans_id' } }, '$password'];

  it('vendor rewrites the S2S CARD CAPTURE, VOID and GET_TRANS_STATUS recipes to F2, which then need input.signing', async () => {
    const model = await loadModel(PROJECT_ROOT, 'spec/openapi.yaml', 'test/corpus/deployment/card-status-vendor.yaml');
    for (const action of ['CAPTURE', 'VOID', 'GET_TRANS_STATUS']) {
      const card = model.s2sActions.find((entry) => entry.action === action && entry.protocol === 'card')!;
      expect(card.signature.input, action).toEqual(F2);
      expect(card.signature.variants).toBeUndefined();
      expect(card.signingFields).toEqual(['card_number', 'payer_email']);
      const apm = model.s2sActions.find((entry) => entry.action === action && entry.protocol === 'apm');
      if (apm) expect(apm.signature.input, `${action} apm`).toEqual(DOCUMENT);
    }
  });

  it('document (the default) keeps the document formula, the vendor one as an opt-in variant', async () => {
    const model = await loadModel(PROJECT_ROOT);
    const capture = model.s2sActions.find((entry) => entry.action === 'CAPTURE' && entry.protocol === 'card')!;
    expect(capture.signature.input).toEqual(DOCUMENT);
    expect(capture.signingFields).toEqual([]);
    expect(capture.signature.variants?.['vendor']).toMatchObject({ input: F2, signing: ['card_number', 'payer_email'] });
  });
});
