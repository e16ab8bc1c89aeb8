// The S2S status lookup sends what the document's Protocol Mapping options add to status
// responses (issue 12 §3), under the names callbacks and the Checkout status use: the fifteen payer
// attributes, `brand`, `rrn`/`arn`, `initiator`, `source`, `sequence`, and `payment_method` for the
// Checkout Payment Method. Read from the bundle, through allOf and $ref, as a client sees it.
import { describe, expect, it } from 'vitest';
import { generatedValidator } from '../support/generated-validators.js';
import { loadBundledSpec } from '../support/spec-examples.js';

type Json = Record<string, any>;
const spec = loadBundledSpec();
const schemas = spec['components']['schemas'] as Record<string, Json>;

function propertiesOf(schema: Json): Record<string, Json> {
  const resolved = typeof schema['$ref'] === 'string' ? schemas[schema['$ref'].replace('#/components/schemas/', '')]! : schema;
  return Object.assign({}, ...(resolved['allOf'] ?? []).map(propertiesOf), resolved['properties'] ?? {});
}

const PAYER_ATTRIBUTES = [
  'payer_first_name', 'payer_last_name', 'payer_birth_date', 'payer_address', 'payer_address2', 'payer_house_number',
  'payer_phone_country_code', 'payer_country', 'payer_state', 'payer_city', 'payer_district', 'payer_zip',
  'payer_email', 'payer_phone', 'payer_ip',
];

describe('S2S status lookup fields', () => {
  const lookup = propertiesOf({ $ref: '#/components/schemas/S2sStatusLookupFields' });
  const callback = propertiesOf({ $ref: '#/components/schemas/CallbackCommonFields' });

  it.each([...PAYER_ATTRIBUTES, 'brand', 'rrn', 'arn', 'initiator', 'source', 'sequence', 'payment_method', 'card', 'card_expiration_date'])(
    'carries %s, with the callback shape',
    (name) => {
      expect(lookup[name], name).toBeDefined();
      const { 'x-since': _since, ...shape } = lookup[name]!;
      // The same component (a $ref), or the same inline shape.
      if (name !== 'arn') expect(shape['$ref'] ?? shape).toEqual(callback[name]!['$ref'] ?? callback[name]);
    },
  );

  it('names the method field payment_method, as callbacks and the Checkout status do', () => {
    expect(lookup).not.toHaveProperty('checkout_payment_method');
    expect(propertiesOf({ $ref: '#/components/schemas/CheckoutPaymentStatus' })).toHaveProperty('payment_method');
  });

  it('omits a missing arn rather than sending it empty (Events rule 3)', () => {
    const validate = generatedValidator('GetTransStatusResponse');
    const answer = { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-1', trans_id: 'T-1' };
    expect(validate({ ...answer, arn: '74012345678901234567890', payer_country: 'United Kingdom', brand: 'VISA' }, 'json').ok).toBe(true);
    expect(validate({ ...answer, arn: '' }, 'json').ok).toBe(false);
    expect(validate({ ...answer, payer_language: 'en' }, 'json').ok).toBe(false);
  });
});
