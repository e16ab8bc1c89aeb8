// The transaction state table: the spec's `info.x-transitions` (spec/states.yaml), moves between
// the values of `TransactionStatus`, plus the rows the method catalogue carries (the QR method's
// bank callback codes and status-lookup mapping, the bank-code transfer window). The docs draw it and the sandbox's store
// refuses a move it lacks. A state the spec does not list, or a refusal whose error no catalogue
// holds, fails generation.
import type { ErrorCaseModel } from './error-catalogue.js';
import { methodCatalogue } from './method-catalogue.js';
import type { SpecModel } from './spec-model.js';

/** What causes a move no one request names; the method rows add the bank's answers and the clock. */
export const TRANSITION_EVENTS = [
  'approved',
  'declined',
  'authorized',
  'challenge',
  'redirected',
  'undetermined',
  'challenge-passed',
  'challenge-failed',
  'payer-completed',
  'payer-failed',
  'final-result',
  'chargeback',
] as const;
export type TransitionEvent = (typeof TRANSITION_EVENTS)[number] | 'bank-callback' | 'status-lookup' | 'window-elapsed';

/** One row of the state table, in the shape the client package exports to the sandbox and the kit (`TransitionRule`). */
export interface Transition {
  readonly from: string;
  readonly to: string;
  /** Reader text. */
  readonly by: string;
  /** The S2S actions and Checkout operations (`CAPTURE`, `REFUND`) whose request moves it. */
  readonly actions?: readonly string[];
  /** What else moves it. */
  readonly event?: TransitionEvent;
  /** Which refunds it books: all that remains, or a part of it. */
  readonly amount?: 'remaining' | 'part';
  readonly protocols?: readonly string[];
  /** A row that moves nothing and refuses the operation with this catalogued message. */
  readonly error?: string;
  /** A method row: the method's `brand` (its label when it has none), and the bank's code or report. */
  readonly method?: string;
  readonly report?: string;
}

/** Start: the state a new payment has before its first answer. */
export const NEW_PAYMENT = 'new';

export interface StateTable {
  readonly states: readonly string[];
  readonly transitions: readonly Transition[];
}

type StateModel = Pick<SpecModel, 'document' | 'schemas' | 'schema' | 's2sActions' | 'checkoutOperations' | 'genericErrors'>;

const KEYS = new Set(['from', 'to', 'by', 'actions', 'event', 'amount', 'protocols', 'error']);

export function stateTable(model: StateModel): StateTable {
  const statuses = model.schemas.has('TransactionStatus') ? (model.schema('TransactionStatus').enum ?? []).map(String) : [];
  const catalogued = new Set(cataloguedMessages(model));
  const transitions: Transition[] = documented(model.document.info['x-transitions']);
  for (const method of methodCatalogue(model)) {
    const own = { from: 'REDIRECT', method: method.brand ?? method.label } as const;
    // The QR payment waits in REDIRECT (its answer carries the QR) until the bank reports.
    if (method.qr) {
      for (const [code, state] of Object.entries(method.qr.bankCallback)) transitions.push({ ...own, to: state, event: 'bank-callback', report: code, by: `${method.title}: bank ${code}` });
      for (const [report, state] of Object.entries(method.qr.statusLookup)) transitions.push({ ...own, to: state, event: 'status-lookup', report, by: `${method.title}: GET_TRANS_STATUS, bank reports ${report}` });
    }
    if (method.completionWindow) transitions.push({ ...own, to: method.completionWindow.then, event: 'window-elapsed', by: `${method.title}: ${method.completionWindow.seconds / 60} min elapse` });
  }
  const unique = [...new Map(transitions.map((move) => [`${move.from}>${move.to}>${move.by}`, move])).values()];
  const operations = new Set([...model.s2sActions.map((action) => action.action), ...model.checkoutOperations.map((operation) => operation.operationId.replace(/Payment$/, '').toUpperCase())]);
  for (const move of unique) {
    const at = `State table: ${move.from} by ${move.by}`;
    for (const state of [move.from, move.to]) if (state !== NEW_PAYMENT && !statuses.includes(state)) throw new Error(`State table: ${state} is not a TransactionStatus value`);
    if (move.error !== undefined && !catalogued.has(move.error)) throw new Error(`State table: "${move.error}" (${move.from} by ${move.by}) is in no x-errors catalogue`);
    if (move.error !== undefined && move.from !== move.to) throw new Error(`${at}: a row with an error moves nothing`);
    if (move.from === move.to && (move.error === undefined) === (move.amount !== 'part')) throw new Error(`${at}: a row that moves nothing refuses with an error or books a part of the amount`);
    for (const action of move.actions ?? []) if (!operations.has(action)) throw new Error(`${at}: ${action} is no S2S action or Checkout operation`);
  }
  return { states: [NEW_PAYMENT, ...statuses], transitions: unique };
}

/** Reads and checks `x-transitions`: a list of `{from, to, by, actions | event, amount?, protocols?, error?}`. */
function documented(value: unknown): Transition[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error('info.x-transitions must be a list of moves');
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  return value.map((entry: unknown, index): Transition => {
    const at = `info.x-transitions[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${at}: a move is an object`);
    const record = entry as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !KEYS.has(key));
    if (unknown.length > 0) throw new Error(`${at}: unknown keys ${unknown.join(', ')}`);
    const { from, to, by, actions, event, amount, protocols, error } = record;
    if (typeof from !== 'string' || typeof to !== 'string' || typeof by !== 'string') throw new Error(`${at}: from, to and by are strings`);
    if ((actions === undefined) === (event === undefined)) throw new Error(`${at}: a move names its actions or its event, one of the two`);
    if (actions !== undefined && !(strings(actions) && (actions as string[]).length > 0)) throw new Error(`${at}: actions is a list of operation names`);
    if (event !== undefined && !(TRANSITION_EVENTS as readonly unknown[]).includes(event)) throw new Error(`${at}: event is one of ${TRANSITION_EVENTS.join(', ')}`);
    if (amount !== undefined && amount !== 'remaining' && amount !== 'part') throw new Error(`${at}: amount is remaining or part`);
    if (protocols !== undefined && !strings(protocols)) throw new Error(`${at}: protocols is a list of protocol names`);
    if (error !== undefined && typeof error !== 'string') throw new Error(`${at}: error is a catalogued message`);
    return {
      from,
      to,
      by,
      ...(actions !== undefined ? { actions: actions as string[] } : {}),
      ...(event !== undefined ? { event: event as TransitionEvent } : {}),
      ...(amount !== undefined ? { amount } : {}),
      ...(protocols !== undefined ? { protocols: protocols as string[] } : {}),
      ...(error !== undefined ? { error } : {}),
    };
  });
}

function cataloguedMessages(model: StateModel): string[] {
  const cases: ErrorCaseModel[] = [...model.genericErrors, ...model.s2sActions.flatMap((action) => action.errors), ...model.checkoutOperations.flatMap((operation) => operation.errors)];
  return cases.flatMap((entry) => (entry.message === undefined ? [] : [entry.message]));
}
