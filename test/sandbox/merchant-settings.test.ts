// The operator's per-merchant settings: a merchant set to sha256 or to the vendor's S2S CARD status
// formula is checked by them (a request signed the other way is refused, naming the formula and
// the likely cause), set programmatically or on the command line.
import { describe, expect, it } from 'vitest';
import { parseMerchant } from '../../generated/sandbox/src/index.js';
import { cardFields, sendS2s, startHarness } from './support.js';

const ORIGINAL = { payer_email: 'payer@example.com', card_number: '4111111111111111' };

describe('merchant signature settings', () => {
  it('a sha256 merchant accepts sha256 signatures and refuses md5 ones, saying what to check', async () => {
    const sha256 = await startHarness({ merchants: [{ key: '0f8fad5b-d9cb-469f-a165-70867728950e', password: 'p-sha', signatureAlgorithm: 'sha256' }] });
    const md5 = { ...sha256, settings: {} };
    try {
      const accepted = await sendS2s(sha256, 'card', cardFields('SALE'));
      expect([accepted.status, accepted.body.status], JSON.stringify(accepted.body)).toEqual([200, 'SETTLED']);
      const refused = await sendS2s(md5, 'card', cardFields('SALE'));
      expect(refused.status).toBe(400);
      const message = String(refused.body.errors[0].error_message);
      expect(message).toMatch(/^hash: Hash is not valid\. S2S CARD SALE is signed with: hash = sha256\(/);
      expect(message).toMatch(/password is not the one of this merchant key.*md5 or sha256/);
      expect(message).not.toContain('p-sha');
    } finally {
      await sha256.sandbox.close();
    }
  });

  it('a merchant on the vendor status formula checks CAPTURE and GET_TRANS_STATUS with it, over the original payment', async () => {
    const vendor = await startHarness({ merchants: [{ cardStatusSignature: 'vendor' }] });
    const document = { ...vendor, settings: {} };
    try {
      const auth = (await sendS2s(vendor, 'card', cardFields('AUTH'))).body;
      const refused = await sendS2s(document, 'card', { action: 'CAPTURE', trans_id: auth.trans_id });
      expect(refused.status).toBe(400);
      expect(String(refused.body.errors[0].error_message)).toContain('It also covers card_number and payer_email of the original payment.');
      expect((await sendS2s(vendor, 'card', { action: 'CAPTURE', trans_id: auth.trans_id }, ORIGINAL)).body.status).toBe('SETTLED');
      // The client set the same way signs the lookup itself.
      expect((await vendor.s2s.card.getTransStatus({ trans_id: auth.trans_id, signing: ORIGINAL })).status).toBe('SETTLED');
    } finally {
      await vendor.sandbox.close();
    }
  });

  it('lists each merchant with its settings, on the start line and at GET /_sandbox', async () => {
    const h = await startHarness({ merchants: [{ key: 'k1', password: 'p1', signatureAlgorithm: 'sha256', redirectMethod: 'GET' }] });
    try {
      expect(h.sandbox.merchants).toEqual([{ key: 'k1', password: 'p1', signatureAlgorithm: 'sha256', redirectMethod: 'GET' }]);
      expect((await (await fetch(`${h.sandbox.url}/_sandbox`)).json()).merchants).toEqual(h.sandbox.merchants);
    } finally {
      await h.sandbox.close();
    }
    await expect(startHarness({ merchants: [{ signatureAlgorithm: 'sha1' as never }] })).rejects.toThrow('merchant setting signatureAlgorithm is one of md5, sha256');
  });
});

describe('--merchant KEY:PASSWORD[,setting=value...]', () => {
  it.each([
    ['k:p', { key: 'k', password: 'p' }],
    ['k:p,signature=sha256', { key: 'k', password: 'p', signatureAlgorithm: 'sha256' }],
    ['k:p:with,commas,card-status-signature=vendor,redirect-method=GET', { key: 'k', password: 'p:with,commas', cardStatusSignature: 'vendor', redirectMethod: 'GET' }],
    ['k:p,unknown=1', { key: 'k', password: 'p,unknown=1' }],
  ])('%s', (given, want) => {
    expect(parseMerchant(given)).toEqual(want);
  });

  it.each([
    ['k:p,signature=sha1', 'merchant setting signature is one of md5, sha256'],
    [':p', '--merchant takes KEY:PASSWORD'],
    ['k:,signature=md5', '--merchant takes KEY:PASSWORD'],
  ])('refuses %s', (given, message) => {
    expect(() => parseMerchant(given)).toThrow(message);
  });
});
