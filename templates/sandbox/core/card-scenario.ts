// Which outcome a card selects: the spec's test cards (the tables' `testData`), and the client's
// own check digit test for any other number.
import { luhn as luhnCheck } from '@payment-gateway/merchant-client';
import { DECLINE_REASONS } from './decline-reasons.js';
import type { TransactionStatus } from './store.js';
import type { CardScenario, TestCard } from './tables.js';

/**
 * The scenario of a card: a test card with `any` expiry by its number; a test card listed with
 * several expiries by the expiry (the month alone when the year differs: the public sources
 * disagree on it); any other card that passes the Luhn check succeeds. A card whose expiry month
 * has passed on the sandbox clock (`now`) is declined as expired, as an issuer declines it,
 * whatever it would otherwise do.
 */
export function cardScenario(
  cards: readonly TestCard[],
  number: string | undefined,
  month: string | undefined,
  year: string | undefined,
  now?: number,
): CardScenario {
  if (number === undefined) return 'success';
  const digits = number.replace(/\s+/g, '');
  if (!luhn(digits)) return 'bad-card';
  const listed = cards.filter((card) => card.number === digits);
  const any = listed.find((card) => card.expiry === 'any');
  if (any) return any.scenario;
  const mm = (month ?? '').padStart(2, '0');
  const yyyy = year?.length === 2 ? `20${year}` : (year ?? '');
  if (now !== undefined && expired(mm, yyyy, now)) return 'expired';
  const chosen =
    listed.find((card) => card.expiry === `${mm}/${yyyy}`) ?? listed.find((card) => card.expiry.startsWith(`${mm}/`));
  return chosen?.scenario ?? 'success';
}

/** A card is valid through the last day of its expiry month: expired once that month is over. */
function expired(mm: string, yyyy: string, now: number): boolean {
  if (!/^(0[1-9]|1[0-2])$/.test(mm) || !/^[0-9]{4}$/.test(yyyy)) return false;
  const today = new Date(now);
  return Number(yyyy) * 12 + Number(mm) < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

/** A card number of 12 to 19 digits whose check digit is right (the client's own check). */
export function luhn(digits: string): boolean {
  return /^[0-9]{12,19}$/.test(digits) && luhnCheck(digits);
}

/**
 * The decline text of a scenario: the `reason` of the spec's test card for it (the platform's
 * text, where a source shows it), else the sandbox's own (`DECLINE_REASONS`).
 */
export function declineReason(cards: readonly TestCard[], scenario: CardScenario, own: string): string {
  return cards.find((card) => card.scenario === scenario && card.reason !== undefined)?.reason ?? own;
}

/**
 * The card every test data set succeeds with: the first `success` card with an expiry (HPF
 * payments and the trigger events take it).
 */
export function successCard(cards: readonly TestCard[]): { number: string; month: string; year: string } {
  const card = listedCard(
    cards,
    (candidate) => candidate.scenario === 'success' && /^\d{2}\/\d{4}$/.test(candidate.expiry),
    'success card with an expiry (MM/YYYY) for a hosted-fields payment to take',
  );
  const [month, year] = card.expiry.split('/') as [string, string];
  return { number: card.number, month, year };
}

/** The card a CREDIT2CARD payout succeeds with: the `success` card whose outcome names CREDIT2CARD. */
export function payoutCard(cards: readonly TestCard[]): { number: string } {
  const card = listedCard(
    cards,
    (candidate) => candidate.scenario === 'success' && /\bCREDIT2CARD\b/.test(candidate.outcome),
    'success card whose outcome names CREDIT2CARD for a payout to take',
  );
  return { number: card.number };
}

/**
 * The first test card `matches` accepts. Only the spec's test data names it: without one, the
 * caller fails with the reason rather than pay with a number the spec does not list.
 */
function listedCard(cards: readonly TestCard[], matches: (card: TestCard) => boolean, wanted: string): TestCard {
  const card = cards.find(matches);
  if (!card) throw new Error(`The spec's test data (info.x-test-data) lists no ${wanted}.`);
  return card;
}

/** The first status of a card payment: the test card decides, `auth` holds a success in PENDING. */
export function firstCardStatus(
  cards: readonly TestCard[],
  scenario: CardScenario,
  auth: boolean,
  mpi: boolean,
): { status: TransactionStatus; reason?: string } {
  switch (scenario) {
    case 'success':
    case 'capture-decline':
      return { status: auth ? 'PENDING' : 'SETTLED' };
    case 'decline':
    case 'bad-card':
      return { status: 'DECLINED', reason: declineReason(cards, scenario, DECLINE_REASONS.card) };
    case 'expired':
      return { status: 'DECLINED', reason: declineReason(cards, scenario, DECLINE_REASONS.expired) };
    case '3ds-success':
      return mpi ? { status: auth ? 'PENDING' : 'SETTLED' } : { status: '3DS' };
    case '3ds-decline':
      return mpi
        ? { status: 'DECLINED', reason: declineReason(cards, scenario, DECLINE_REASONS.threeDs) }
        : { status: '3DS' };
    case 'redirect-success':
    case 'redirect-decline':
      return { status: 'REDIRECT' };
    case 'wait':
      return { status: 'PREPARE' };
  }
}
