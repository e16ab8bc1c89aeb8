// S2S CARD CAPTURE, VOID and GET_TRANS_STATUS: the document's status-style signature by default,
// the vendor appendix's F2 with `cardStatusSignature: 'vendor'` (over the original payment's
// e-mail and card, given in input.signing and never sent).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createS2SClient, RequestValidationError } from '../../generated/client/src/index.js';
import { CLIENT_KEY, PASSWORD } from '../support/fixtures.js';
import { rejected } from '../support/hostile.js';
import { useLoopback } from '../support/loopback.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const TRANS_ID = 'aaaff66a-904f-11ea-833e-0242ac1f0007';
const reverse = (text: string) => [...text].reverse().join('');
const DOCUMENT_HASH = md5(reverse(TRANS_ID).toUpperCase() + PASSWORD);
const F2 = (email: string) => md5(`${reverse(email)}${PASSWORD}${TRANS_ID}${reverse('4111111111')}`.toUpperCase());

const server = useLoopback();

const client = (cardStatusSignature?: 'document' | 'vendor') =>
  createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0, ...(cardStatusSignature ? { cardStatusSignature } : {}) });
const sent = () => new URLSearchParams(server.received.at(-1)!.body);
const signing = { payer_email: 'doe@example.com', card_number: '4111111111111111' };

describe('cardStatusSignature', () => {
  it.each(['capture', 'void', 'getTransStatus'] as const)('%s: the document formula by default', async (method) => {
    server.reply({ body: { result: 'SUCCESS', status: 'SETTLED', trans_id: TRANS_ID, order_id: 'o' } });
    await client().card[method]({ trans_id: TRANS_ID });
    expect(sent().get('hash')).toBe(DOCUMENT_HASH);
  });

  it.each(['capture', 'void', 'getTransStatus'] as const)("%s: the vendor's F2 with cardStatusSignature 'vendor'", async (method) => {
    server.reply({ body: { result: 'SUCCESS', status: 'SETTLED', trans_id: TRANS_ID, order_id: 'o' } });
    await client('vendor').card[method]({ trans_id: TRANS_ID, signing });
    expect(sent().get('hash')).toBe(F2('doe@example.com'));
    expect(sent().has('payer_email')).toBe(false);
    expect(sent().has('card_number')).toBe(false);
  });

  it('GET_TRANS_STATUS of a CREDIT2CARD transaction: F2 with an empty e-mail (F6)', async () => {
    server.reply({ body: { result: 'SUCCESS', status: 'SETTLED', trans_id: TRANS_ID, order_id: 'o' } });
    await client('vendor').card.getTransStatus({ trans_id: TRANS_ID, signing: { payer_email: '', card_number: '4111111111111111' } });
    expect(sent().get('hash')).toBe(md5(`${PASSWORD}${TRANS_ID}${reverse('4111111111')}`.toUpperCase()));
  });

  it('vendor without the signing values fails before sending, naming them', async () => {
    const before = server.received.length;
    const error = await rejected(client('vendor').card.capture({ trans_id: TRANS_ID }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((issue) => issue.path)).toEqual(['signing']);
    expect(server.received.length).toBe(before);
  });

  it('S2S APM keeps its own formula under the option', async () => {
    server.reply({ body: { result: 'SUCCESS', status: 'SETTLED', trans_id: TRANS_ID, order_id: 'o' } });
    await client('vendor').apm.capture({ trans_id: TRANS_ID });
    expect(sent().get('hash')).toBe(DOCUMENT_HASH);
  });
});
