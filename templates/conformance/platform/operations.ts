// The operations the suites send to, named as the report names them (`S2S CARD CAPTURE`,
// `Checkout capturePayment`), and what the kit knows of each one's identifiers: which request
// fields name an earlier answer's, what its answer hands out, and the other names of an id.
import type { CheckoutEntry, S2sEntry } from '../tables.js';

export type Operation =
  { readonly kind: 's2s'; readonly entry: S2sEntry } | { readonly kind: 'checkout'; readonly entry: CheckoutEntry };

export const operationTitle = (operation: Operation) =>
  operation.kind === 's2s'
    ? `S2S ${operation.entry.protocol.toUpperCase()} ${operation.entry.action}`
    : `Checkout ${operation.entry.operationId}`;

export interface OperationIdentifiers {
  /** Request field → the spec's identifier schema it is (TransId, PaymentId, ScheduleId, OrderId, Token, CardToken). */
  readonly request: Readonly<Record<string, string>>;
  /** Answer field → identifier schema. */
  readonly answer: Readonly<Record<string, string>>;
  /** Every field the answer's schema declares. */
  readonly answerFields: readonly string[];
  /** The names one identifier may take in the request (`recurring_first_trans_id`, `recurring_init_trans_id`). */
  readonly aliases: readonly (readonly string[])[];
}

/** Keyed by the operation's title (`S2S CARD CAPTURE`, `Checkout capturePayment`). */
export type IdentifierTables = Readonly<Record<string, OperationIdentifiers>>;
