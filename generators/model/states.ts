// The transaction state table: the spec's `info.x-transitions` (spec/states.yaml), moves between
// the values of `TransactionStatus`, plus the rows the method catalogue carries (the QR method's
// bank callback codes and status-lookup mapping, the bank-code transfer window). The docs draw it and the sandbox's store
// refuses a move it lacks. A state the spec does not list, or a refusal whose error no catalogue
// holds, fails generation.
import type { TransitionRule } from '../../templates/package/spec-behaviour.js';
import type { ErrorCaseModel } from './error-catalogue.js';
import { methodCatalogue } from './method-catalogue.js';
import type { SpecModel } from './spec-model.js';

/** One row of the state table: the shape the client package exports to the sandbox and the kit. */
export type Transition = TransitionRule;

/** Start: the state a new payment has before its first answer. */
export const NEW_PAYMENT = 'new';

export interface StateTable {
  readonly states: readonly string[];
  readonly transitions: readonly Transition[];
}

type StateModel = Pick<SpecModel, 'document' | 'schemas' | 'schema' | 's2sActions' | 'checkoutOperations' | 'genericErrors'>;

const KEYS = new Set(['from', 'to', 'by', 'protocols', 'error']);

export function stateTable(model: StateModel): StateTable {
  const statuses = model.schemas.has('TransactionStatus') ? (model.schema('TransactionStatus').enum ?? []).map(String) : [];
  const catalogued = new Set(cataloguedMessages(model));
  const transitions: Transition[] = documented(model.document.info['x-transitions']);
  for (const method of methodCatalogue(model)) {
    // The QR payment waits in REDIRECT (its answer carries the QR) until the bank reports.
    if (method.qr) {
      for (const [code, state] of Object.entries(method.qr.bankCallback)) transitions.push({ from: 'REDIRECT', to: state, by: `${method.title}: bank ${code}` });
      for (const [report, state] of Object.entries(method.qr.statusLookup)) transitions.push({ from: 'REDIRECT', to: state, by: `${method.title}: GET_TRANS_STATUS, bank reports ${report}` });
    }
    if (method.completionWindow) transitions.push({ from: 'REDIRECT', to: method.completionWindow.then, by: `${method.title}: ${method.completionWindow.seconds / 60} min elapse` });
  }
  const unique = [...new Map(transitions.map((move) => [`${move.from}>${move.to}>${move.by}`, move])).values()];
  for (const move of unique) {
    for (const state of [move.from, move.to]) if (state !== NEW_PAYMENT && !statuses.includes(state)) throw new Error(`State table: ${state} is not a TransactionStatus value`);
    if (move.error !== undefined && !catalogued.has(move.error)) throw new Error(`State table: "${move.error}" (${move.from} by ${move.by}) is in no x-errors catalogue`);
    if ((move.error !== undefined) !== (move.from === move.to)) throw new Error(`State table: ${move.from} by ${move.by}: a row that moves nothing carries an error, and only such a row`);
  }
  return { states: [NEW_PAYMENT, ...statuses], transitions: unique };
}

/** Reads and checks `x-transitions`: a list of `{from, to, by, protocols?, error?}`. */
function documented(value: unknown): Transition[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error('info.x-transitions must be a list of moves');
  return value.map((entry: unknown, index): Transition => {
    const at = `info.x-transitions[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${at}: a move is an object`);
    const record = entry as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !KEYS.has(key));
    if (unknown.length > 0) throw new Error(`${at}: unknown keys ${unknown.join(', ')}`);
    const { from, to, by, protocols, error } = record;
    if (typeof from !== 'string' || typeof to !== 'string' || typeof by !== 'string') throw new Error(`${at}: from, to and by are strings`);
    if (protocols !== undefined && !(Array.isArray(protocols) && protocols.every((protocol) => typeof protocol === 'string'))) throw new Error(`${at}: protocols is a list of protocol names`);
    if (error !== undefined && typeof error !== 'string') throw new Error(`${at}: error is a catalogued message`);
    return { from, to, by, ...(protocols !== undefined ? { protocols: protocols as string[] } : {}), ...(error !== undefined ? { error } : {}) };
  });
}

function cataloguedMessages(model: StateModel): string[] {
  const cases: ErrorCaseModel[] = [...model.genericErrors, ...model.s2sActions.flatMap((action) => action.errors), ...model.checkoutOperations.flatMap((operation) => operation.errors)];
  return cases.flatMap((entry) => (entry.message === undefined ? [] : [entry.message]));
}
