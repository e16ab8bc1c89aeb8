// A PAN whose check digit fails is refused before sending, with the rule `luhn` and without the
// number; the sandbox's test cards and the documented test cards pass.
import { describe, expect, it } from 'vitest';
import { createS2SClient, luhn, RequestValidationError, type Card2cardCardInput } from '../../generated/client/src/index.js';
import { TEST_CARDS } from '../../generated/sandbox/src/index.js';
import { CARD_SALE, CLIENT_KEY, PASSWORD } from '../support/fixtures.js';
import { rejected } from '../support/hostile.js';
import { useLoopback } from '../support/loopback.js';

const server = useLoopback();

const client = () => createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0 });

describe('Luhn', () => {
  it("card_number '4111111111111112' is refused before sending, rule luhn, the number not repeated", async () => {
    const before = server.received.length;
    const error = await rejected(client().card.sale({ ...CARD_SALE, card_number: '4111111111111112' } as typeof CARD_SALE));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toContainEqual(expect.objectContaining({ path: 'card_number', rule: 'luhn' }));
    expect(JSON.stringify(error) + (error as Error).message).not.toContain('4111111111111112');
    expect(server.received.length).toBe(before);
  });

  it('a payee PAN (CARD2CARD payee_card_number) is checked too', async () => {
    const input = { ...CARD_SALE, payee_card_number: '5555555555554445' } as unknown as Card2cardCardInput;
    const error = await rejected(client().card.card2card(input));
    expect((error as RequestValidationError).issues).toContainEqual(expect.objectContaining({ path: 'payee_card_number', rule: 'luhn' }));
  });

  it('every sandbox test card and the documented test cards pass', () => {
    const numbers = [...TEST_CARDS.map((card) => card.number), '4111111111111111', '4601541833776519', '1111222233334444', '5555555555554444'];
    for (const number of numbers) expect(luhn(number), number).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
  });
});
