// A PAN whose check digit fails is a warning (issue 37): no source makes the Luhn check a platform
// rule, so the client sends the request and hands the warning (rule `luhn`, the wire path, never
// the number) to the logger. The sandbox's test cards and the documented test cards pass it.
import { describe, expect, it } from 'vitest';
import { createS2SClient, luhn, type Card2cardCardInput, type LogEvent } from '../../generated/client/src/index.js';
import { TEST_CARDS } from '../../generated/sandbox/src/index.js';
import { CARD_SALE, CLIENT_KEY, PASSWORD } from '../support/fixtures.js';
import { useLoopback } from '../support/loopback.js';

const server = useLoopback();

function client() {
  const events: LogEvent[] = [];
  const s2s = createS2SClient({ baseUrl: server.baseUrl, merchantKey: CLIENT_KEY, password: PASSWORD, retries: 0, logger: (event) => events.push(event) });
  return { s2s, events, warnings: () => events.flatMap((event) => (event.type === 'warning' ? event.warnings : [])) };
}

describe('Luhn', () => {
  it("card_number '4111111111111112' is sent, with a warning (rule luhn) that never repeats the number", async () => {
    const { s2s, events, warnings } = client();
    const before = server.received.length;
    await s2s.card.sale({ ...CARD_SALE, card_number: '4111111111111112' } as typeof CARD_SALE);
    expect(server.received.length).toBe(before + 1);
    expect(server.received.at(-1)!.body).toContain('card_number=4111111111111112');
    expect(warnings()).toEqual([expect.objectContaining({ path: 'card_number', rule: 'luhn', message: expect.stringContaining('mistyped') })]);
    expect(JSON.stringify(events.filter((event) => event.type === 'warning'))).not.toContain('4111111111111112');
  });

  it('a payee PAN (CARD2CARD payee_card_number) is checked too', async () => {
    const { s2s, warnings } = client();
    const input = { ...CARD_SALE, payee_card_number: '5555555555554445' } as unknown as Card2cardCardInput;
    await s2s.card.card2card(input);
    expect(warnings()).toEqual([expect.objectContaining({ path: 'payee_card_number', rule: 'luhn' })]);
  });

  it('a number that passes gives no warning', async () => {
    const { s2s, events } = client();
    await s2s.card.sale(CARD_SALE);
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
  });

  it('every sandbox test card and the documented test cards pass', () => {
    const numbers = [...TEST_CARDS.map((card) => card.number), '4111111111111111', '4601541833776519', '1111222233334444', '5555555555554444'];
    for (const number of numbers) expect(luhn(number), number).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
  });
});
