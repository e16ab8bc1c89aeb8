// Test data that selects an outcome, as the platform's own test engines do (the public facts
// §5.1: the S2S CARD test cards, the `vcard` identifiers, the Checkout test cards). The expiry
// month selects the card scenario; the year is not checked (the public sources disagree on it).
// Data only, with no import: the docs emitter reads the same tables for the Testing guide.
/** What a card payment does, before any follow-up (CAPTURE, the 3DS page). */
export type CardScenario =
  | 'success'
  | 'decline'
  /** Authorizes, then its CAPTURE is declined. */
  | 'capture-decline'
  /** 3DS challenge: the payer passes and the payment settles. */
  | '3ds-success'
  /** 3DS challenge: after the challenge the payment is declined. */
  | '3ds-decline'
  | 'redirect-success'
  | 'redirect-decline'
  /** CREDIT2CARD stays PREPARE (the final status never comes). */
  | 'wait'
  /** No card brand, or a failed check digit (Checkout: "Bad Request. Brand of card does not support."). */
  | 'bad-card';

export interface TestCard {
  readonly number: string;
  /** `MM/YYYY`, or `any`. */
  readonly expiry: string;
  readonly scenario: CardScenario;
  readonly description: string;
}

export const VISA = '4111111111111111';

/** The test cards, in the order the README table lists them. */
export const TEST_CARDS: readonly TestCard[] = [
  {
    number: VISA,
    expiry: '01/2038',
    scenario: 'success',
    description: 'SALE SUCCESS/SETTLED; AUTH SUCCESS/PENDING; the card for recurring',
  },
  { number: VISA, expiry: '02/2038', scenario: 'decline', description: 'SALE and AUTH DECLINED/DECLINED' },
  {
    number: VISA,
    expiry: '03/2038',
    scenario: 'capture-decline',
    description: 'AUTH SUCCESS/PENDING, then CAPTURE DECLINED/PENDING',
  },
  {
    number: VISA,
    expiry: '05/2038',
    scenario: '3ds-success',
    description: 'REDIRECT/3DS, after the challenge SUCCESS/SETTLED',
  },
  {
    number: VISA,
    expiry: '06/2038',
    scenario: '3ds-decline',
    description: 'REDIRECT/3DS, after the challenge DECLINED/DECLINED',
  },
  {
    number: VISA,
    expiry: '12/2038',
    scenario: 'redirect-success',
    description: 'REDIRECT/REDIRECT, then SUCCESS/SETTLED',
  },
  {
    number: VISA,
    expiry: '12/2039',
    scenario: 'redirect-decline',
    description: 'REDIRECT/REDIRECT, then DECLINED/DECLINED',
  },
  { number: '4601541833776519', expiry: 'any', scenario: 'success', description: 'CREDIT2CARD SUCCESS/SETTLED' },
  {
    number: '4000000000000002',
    expiry: 'any',
    scenario: 'wait',
    description: 'CREDIT2CARD UNDEFINED/PREPARE (no final status)',
  },
  { number: '4917484589897107', expiry: 'any', scenario: 'decline', description: 'CREDIT2CARD DECLINED/DECLINED' },
  {
    number: '1111222233334444',
    expiry: 'any',
    scenario: 'bad-card',
    description: 'no card brand: refused on the hosted page',
  },
];

/** The `vcard` test connector: the identifier selects the outcome (facts §5.1). */
export const VCARD_IDENTIFIERS = { success: 'success@gmail.com', decline: 'fail@gmail.com' } as const;

/** Lifetimes the document gives (States and transitions, Limits). */
export const QR_LIFETIME_SECONDS = 60;
export const BANK_CODE_WINDOW_SECONDS = 300;

/** Decline reasons the sandbox reports. */
export const DECLINE_REASONS = {
  card: 'Declined by processing.',
  threeDs: '3DS authentication failed.',
  redirect: 'The payer did not complete the payment.',
  capture: 'Capture declined by processing.',
  identifier: 'Declined by the test connector.',
  qrExpired: 'The QR code expired.',
  window: 'The payer did not complete the transfer within 5 minutes.',
  bank: 'Rejected by the bank (RJCT).',
} as const;
