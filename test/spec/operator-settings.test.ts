// The operator-side facts are data the docs and the sandbox can read (issue 12 §3): the MID
// settings, the wallets' card flow, and the fields required under a condition the request does
// not show. Read through generators/model from the bundle.
import { describe, expect, it } from 'vitest';
import { cardFlows, midSettings, requiredWhen } from '../../generators/model/operator-settings.js';
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

  it('gives both wallet methods the card-flow rules: virtual by default, an error on S2S CARD when unmet', () => {
    const flows = cardFlows(model);
    expect([...flows.keys()].sort()).toEqual(['<device_wallet>', '<web_wallet>']);
    for (const flow of flows.values()) {
      expect(flow).toMatchObject({ default: 'virtual', whenUnmet: { checkout: 'virtual', 's2s-apm': 'virtual', 's2s-card': 'error' }, panOnly3ds: 'acquirer' });
      expect(flow.requires).toEqual(['decryption-private-key', 'provider-supports-card-flow']);
    }
  });

  it('marks the connector-dependent requirements', () => {
    expect(requiredWhen(model)).toEqual(
      expect.arrayContaining([
        { field: 'CardSetErsCredit2Card.payer_account_number', condition: { connector: 'ERS' } },
        { field: 'CardSetNsp.expiry', condition: { connector: 'NSP' } },
      ]),
    );
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
