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

  it('agrees with the check digit as ISO/IEC 7812 defines it, on every length and on values that are not digits', () => {
    // The definition, plainly: from the right, every second digit doubled, its digits summed.
    const definition = (digits: string) =>
      [...digits].reverse().reduce((sum, char, index) => {
        const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
        return sum + (digit > 9 ? digit - 9 : digit);
      }, 0) % 10 === 0;
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647);
    for (let length = 0; length <= 24; length++) {
      for (let round = 0; round < 200; round++) {
        const digits = Array.from({ length }, () => String(random() % 10)).join('');
        expect(luhn(digits), digits).toBe(definition(digits));
      }
    }
    // Anything but digits is left to the pattern: the check says yes.
    for (const value of ['4111 1111 1111 1111', '411111111111111/', '41111111111111:1', '４１１１', '-4111111111111111']) expect(luhn(value), value).toBe(true);
  });
});

