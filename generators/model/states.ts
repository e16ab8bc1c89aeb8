// The transaction state table: the states of the spec's `TransactionStatus` enum and the moves
// between them that the interface document's "States and transitions" section gives, plus the
// method behaviour the catalogue carries (the QR method's bank codes, the completion window).
// The docs draw it; a move naming a state the spec does not list fails generation.
import { methodCatalogue } from './method-catalogue.js';
import type { SpecModel } from './spec-model.js';

export interface Transition {
  readonly from: string;
  readonly to: string;
  /** What moves it: an action, a callback, the clock. */
  readonly by: string;
}

/** Start: the state a new payment has before its first answer. */
export const NEW_PAYMENT = 'new';

// The document's table, as moves between TransactionStatus values.
const DOCUMENTED: readonly Transition[] = [
  { from: NEW_PAYMENT, to: 'SETTLED', by: 'SALE succeeds' },
  { from: NEW_PAYMENT, to: 'DECLINED', by: 'SALE declined' },
  { from: NEW_PAYMENT, to: 'PENDING', by: 'SALE with auth=Y' },
  { from: NEW_PAYMENT, to: '3DS', by: '3DS challenge' },
  { from: NEW_PAYMENT, to: 'REDIRECT', by: 'payer redirected' },
  { from: NEW_PAYMENT, to: 'PREPARE', by: 'result not final' },
  { from: '3DS', to: 'SETTLED', by: 'challenge passed' },
  { from: '3DS', to: 'DECLINED', by: 'challenge failed' },
  { from: 'REDIRECT', to: 'SETTLED', by: 'payer completes' },
  { from: 'REDIRECT', to: 'DECLINED', by: 'payer fails' },
  { from: 'PREPARE', to: 'SETTLED', by: 'callback' },
  { from: 'PREPARE', to: 'DECLINED', by: 'callback' },
  { from: 'PENDING', to: 'SETTLED', by: 'CAPTURE' },
  { from: 'PENDING', to: 'REVERSAL', by: 'CREDITVOID' },
  { from: 'SETTLED', to: 'VOID', by: 'VOID (same day)' },
  { from: 'SETTLED', to: 'REFUND', by: 'CREDITVOID / REFUND' },
  { from: 'SETTLED', to: 'CHARGEBACK', by: 'chargeback' },
];

export interface StateTable {
  readonly states: readonly string[];
  readonly transitions: readonly Transition[];
}

export function stateTable(model: Pick<SpecModel, 'schemas' | 'schema'>): StateTable {
  const statuses = model.schemas.has('TransactionStatus') ? (model.schema('TransactionStatus').enum ?? []).map(String) : [];
  const transitions: Transition[] = [...DOCUMENTED];
  for (const method of methodCatalogue(model)) {
    if (method.qr) for (const [code, state] of Object.entries(method.qr.bankCallback)) transitions.push({ from: 'REDIRECT', to: state, by: `${method.title}: bank ${code}` });
    if (method.completionWindow) transitions.push({ from: 'REDIRECT', to: method.completionWindow.then, by: `${method.title}: ${method.completionWindow.seconds / 60} min elapse` });
  }
  const unique = [...new Map(transitions.map((move) => [`${move.from}>${move.to}>${move.by}`, move])).values()];
  for (const move of unique) {
    for (const state of [move.from, move.to]) if (state !== NEW_PAYMENT && !statuses.includes(state)) throw new Error(`State table: ${state} is not a TransactionStatus value`);
  }
  return { states: [NEW_PAYMENT, ...statuses], transitions: unique };
}
