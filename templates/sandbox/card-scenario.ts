// Which outcome a card selects: the test cards of test-data.ts, and the client's own check digit
// test for any other number.
import { luhn as luhnCheck } from '@payment-gateway/merchant-client';
import { TEST_CARDS, VISA, type CardScenario } from './test-data.js';

/** Any other card that passes the Luhn check succeeds. */
export function cardScenario(
  number: string | undefined,
  month: string | undefined,
  year: string | undefined,
): CardScenario {
  if (number === undefined) return 'success';
  const digits = number.replace(/\s+/g, '');
  if (!luhn(digits)) return 'bad-card';
  if (digits !== VISA) return TEST_CARDS.find((card) => card.number === digits)?.scenario ?? 'success';
  const mm = (month ?? '').padStart(2, '0');
  const yyyy = year?.length === 2 ? `20${year}` : (year ?? '');
  const visa = TEST_CARDS.filter((card) => card.number === VISA);
  const chosen =
    visa.find((card) => card.expiry === `${mm}/${yyyy}`) ?? visa.find((card) => card.expiry.startsWith(`${mm}/`));
  return chosen?.scenario ?? 'success';
}

/** A card number of 12 to 19 digits whose check digit is right (the client's own check). */
export function luhn(digits: string): boolean {
  return /^[0-9]{12,19}$/.test(digits) && luhnCheck(digits);
}
