// The shapes of the behaviour data the spec states besides its schemas: the state table
// (`info.x-transitions` and the method rows) and the test data (`info.x-test-data`). The model
// checks and builds them; the sandbox plays them and the conformance kit runs them, all in these
// shapes (type-only: the package ships no code for them).

/** What causes a move no one request names (the method rows: the bank's answers and the clock). */
export type TransitionEvent =
  | 'approved'
  | 'declined'
  | 'authorized'
  | 'challenge'
  | 'redirected'
  | 'undetermined'
  | 'challenge-passed'
  | 'challenge-failed'
  | 'payer-completed'
  | 'payer-failed'
  | 'final-result'
  | 'chargeback'
  | 'bank-callback'
  | 'status-lookup'
  | 'window-elapsed';

/** One row of the state table; `new` is a payment before its first answer. */
export interface TransitionRule {
  readonly from: string;
  readonly to: string;
  /** Reader text: what moves it. Code reads `actions` and `event`. */
  readonly by: string;
  /** The S2S actions and Checkout operations (`CAPTURE`, `REFUND`) whose request moves it. */
  readonly actions?: readonly string[];
  /** What else moves it. */
  readonly event?: TransitionEvent;
  /** Which refunds it books: all that remains, or a part of it (a row that then moves nothing). */
  readonly amount?: 'remaining' | 'part';
  /** Only on these protocols (`card`, `apm`, `checkout`); every protocol when absent. */
  readonly protocols?: readonly string[];
  /** A row that moves nothing (`to` is `from`) refuses the operation with this catalogued message. */
  readonly error?: string;
  /** A method row: the method's `brand` (its label when it has none), and the bank's code or report. */
  readonly method?: string;
  readonly report?: string;
}

/** What a test card or identifier makes a payment do. */
export type CardScenario =
  | 'success'
  | 'decline'
  /** Authorizes, then its CAPTURE is declined. */
  | 'capture-decline'
  | '3ds-success'
  | '3ds-decline'
  | 'redirect-success'
  | 'redirect-decline'
  /** Stays PREPARE (the final status never comes). */
  | 'wait'
  /** No card brand, or a failed check digit. */
  | 'bad-card'
  /** Its expiry month has passed: declined as an issuer declines an expired card. */
  | 'expired';

export interface TestCard {
  readonly number: string;
  /** `MM/YYYY`, or `any`. */
  readonly expiry: string;
  readonly scenario: CardScenario;
  /** Reader text: what the card does. */
  readonly outcome: string;
  /** The decline text the platform answers for this card, where a source shows it. */
  readonly reason?: string;
}

/** An identifier of the S2S APM test connector and what it makes a payment do. */
export interface TestIdentifier {
  readonly brand: string;
  readonly identifier: string;
  readonly scenario: CardScenario;
}

export interface TestData {
  readonly cards: readonly TestCard[];
  readonly identifiers: readonly TestIdentifier[];
}
