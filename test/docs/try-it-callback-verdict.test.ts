// The Try-it panel's callback verdict over what the sandbox shows: the sandbox's delivery log masks
// a callback's card data (SENSITIVE_FIELDS) and names what it masked; the panel verifies the hash
// over the fields as the merchant received them, each masked one put back from what the merchant
// itself sent or was answered. An S2S APM callback's hash covers every field, the card token too,
// so the verdict is honest only when the value put back is the one the callback carried.
import { buildTestCallback } from '@payment-gateway/merchant-client';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCallbackDelivery } from '../../generated/sandbox/src/index.js';
import { callbackVerified } from '../../templates/docs/theme/try-it-request.js';
import { DOCS_DIR } from '../support/docs-pages.js';

const PASSWORD = 'sandbox-password';
const data = JSON.parse(readFileSync(join(DOCS_DIR, 'public', 'try-it', 's2s', 'apm-sale.json'), 'utf8'));
const TOKEN = 'c0ffee00-1111-4222-8333-444455556666';

/** An S2S APM callback carrying a card token, as the sandbox's log shows it. */
function shown() {
  const body = buildTestCallback(
    'apm',
    {
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: 'ORDER-1',
      trans_id: 'T-1',
      amount: '2.00',
      currency: 'USD',
      card_token: TOKEN,
    },
    { password: PASSWORD },
  );
  return createCallbackDelivery().enqueue({ kind: 'apm', transactionId: 'T-1', sequence: 1, url: undefined, body });
}

describe('the Try-it verdict on a callback whose hash covers a masked field', () => {
  it('the sandbox shows the token masked and says so', () => {
    const record = shown();
    expect(record.masked).toEqual(['card_token']);
    expect(JSON.stringify(record.fields)).not.toContain(TOKEN);
  });

  it('verifies with the token the merchant was answered, and only with it', () => {
    const record = shown();
    const sent = { action: 'SALE', order_id: 'ORDER-1' };
    expect(callbackVerified(data, record, sent, [{ trans_id: 'T-1', card_token: TOKEN }], PASSWORD)).toBe('verified');
    expect(callbackVerified(data, record, sent, [{ card_token: 'another-token-0000' }], PASSWORD)).toBe('not verified');
    // A token the merchant never saw: the panel cannot check, and says so instead of failing the hash.
    expect(callbackVerified(data, record, sent, [], PASSWORD)).toBe('masked');
    // A shown field changed: the hash does not verify, whatever the merchant knows.
    const changed = { ...record, fields: { ...record.fields, amount: '200.00' } };
    expect(callbackVerified(data, changed, sent, [{ card_token: TOKEN }], PASSWORD)).toBe('not verified');
  });
});
