// The operator-side facts are data the docs and the sandbox can read (issue 12 §3): the MID
// settings, the wallets' card flow (on their method pages), and the fields required under a
// condition the request does not show (the field layer's need, so the docs'). Read through
// generators/model from the bundle.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paths } from '../../generators/emitters/docs/site.js';
import { fieldsOf } from '../../generators/model/fields.js';
import { methodCatalogue } from '../../generators/model/method-catalogue.js';
import { midSettings } from '../../generators/model/operator-settings.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { generatedValidator } from '../support/generated-validators.js';
import { collectExamples, loadBundledSpec } from '../support/spec-examples.js';

const document = loadBundledSpec() as OpenApiDocument;
const model = buildSpecModel(document, []);

describe('operator settings as data', () => {
  it('lists the MID settings with their values and defaults', () => {
    const settings = Object.fromEntries(midSettings(document).map((setting) => [setting.name, setting]));
    expect(settings['payment_mode']).toMatchObject({ values: ['SMS', 'DMS', 'SMS/DMS'], default: 'SMS/DMS' });
    expect(settings['card_on_file_support']?.changes).toContain('recurring_token');
    expect(settings['fee_calculation_method']).toMatchObject({ values: ['account_level', 'transaction_level'], default: 'account_level', methods: ['payout_email'] });
    expect(settings['account_uuid']).toMatchObject({ methods: ['payout_email'] });
    expect(settings['override_link_target']?.values).toEqual(['_blank', '_self', '_parent', '_top']);
  });

  it('gives both wallet methods the card-flow rules, and their method pages say them: virtual by default, an error on S2S CARD when unmet', () => {
    const wallets = methodCatalogue(model).filter((method) => method.cardFlow);
    expect(wallets.map((method) => method.label).sort()).toEqual(['<device_wallet>', '<web_wallet>']);
    for (const method of wallets) {
      const flow = method.cardFlow;
      expect(flow).toMatchObject({ default: 'virtual', whenUnmet: { checkout: 'virtual', 's2s-apm': 'virtual', 's2s-card': 'error' }, panOnly3ds: 'acquirer' });
      expect(flow!.requires).toEqual(['decryption-private-key', 'provider-supports-card-flow']);
      const page = readFileSync(new URL(`../../generated/docs${paths.method(method)}.md`, import.meta.url), 'utf8').replace(/\s+/g, ' ');
      const section = page.slice(page.indexOf('## Card flow'), page.indexOf('## Parameters'));
      for (const text of [flow!.whenMet, flow!.virtual, flow!.withoutDecryptedData]) expect(section).toContain(text.replace(/\s+/g, ' '));
      for (const [protocol, answer] of Object.entries(flow!.whenUnmet))
        expect(section).toContain(`| \`${protocol}\` | ${answer === 'error' ? 'the payment is refused with an error' : `\`${answer}\``}`);
    }
  });

  it('reads a connector-dependent requirement as a need under a condition the request does not show', () => {
    // Required there under that condition, alone (NSP) or beside conditions the request shows (ERS).
    const when = (schema: string, field: string) => fieldsOf(model, model.schema(schema)).top.get(field);
    const ers = when('CardSetErsCredit2Card', 'payer_account_number')!;
    expect(ers.need).toBe('conditional');
    expect(ers.when?.kind === 'any' ? ers.when.of : []).toContainEqual({ kind: 'context', name: 'connector', value: 'ERS' });
    expect(when('CardSetNsp', 'expiry')).toMatchObject({ need: 'conditional', when: { kind: 'context', name: 'connector', value: 'NSP' } });
  });
});

describe('the local-collection pull variants require their bankDetails (visible in the request)', () => {
  const validate = generatedValidator('PostRequest');
  it.each([
    ['AR', 'cbu'],
    ['AR', 'alias'],
    ['PE', 'phoneNumber'],
    ['PE', 'otp'],
  ])('market %s without bankDetails.%s is refused', (market, field) => {
    const value = collectExamples()
      .filter((candidate) => candidate.id.startsWith('POST /post request'))
      .map((candidate) => structuredClone(candidate.value) as Record<string, any>)
      .find((candidate) => candidate['parameters']?.type === 'PULL' && candidate['parameters']?.market === market)!;
    expect(validate(value, 'form').ok).toBe(true);
    delete value['parameters'].bankDetails[field];
    const result = validate(value, 'form');
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toContain(`parameters[bankDetails][${field}]`);
  });
});
