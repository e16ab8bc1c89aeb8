// The error catalogue (`x-errors`) is data every operation carries: each row of the document's
// Errors section is found on the operation it names, with its exact code and message.
import { describe, expect, it } from 'vitest';
import { buildSpecModel, type ErrorCaseModel } from '../../generators/model/spec-model.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { loadBundledSpec } from '../support/spec-examples.js';

const model = buildSpecModel(loadBundledSpec() as OpenApiDocument, []);

interface Row {
  /** `card VOID`, `apm SALE`, or a Checkout operationId. */
  readonly given: string;
  readonly want: Pick<ErrorCaseModel, 'code' | 'message' | 'field'>;
}

// The document's Errors section, row by row ("not shown" codes or messages are absent).
const rows: Row[] = [
  { given: 'getPaymentStatus', want: { code: '101000', message: 'Payment does not exist.', field: 'payment_id' } },
  { given: 'getPaymentStatus', want: { code: '101000', message: 'Order does not exist.', field: 'order_id' } },
  { given: 'getPaymentStatus', want: { message: 'size should be within 1..100.', field: 'size' } },
  { given: 'card GET_TRANS_STATUS', want: { code: '101000', message: 'Transaction does not exist.', field: 'trans_id' } },
  { given: 'card GET_TRANS_STATUS_BY_ORDER', want: { code: '101000', message: 'Order does not exist.', field: 'order_id' } },
  { given: 'card CAPTURE', want: { code: '101000', message: 'Transaction does not exist.', field: 'trans_id' } },
  { given: 'card VOID', want: { code: '100000', message: 'Payment not found.', field: 'trans_id' } },
  { given: 'card CREDITVOID', want: { code: '100000', message: 'Payment not found.', field: 'trans_id' } },
  { given: 'card DELETE_SCHEDULE', want: { code: '100000', message: 'Schedule not found', field: 'schedule_id' } },
  { given: 'card UPDATE_SCHEDULE', want: { code: '100000', message: 'Schedule not found', field: 'schedule_id' } },
  { given: 'card RECURRING_SALE', want: { code: '100000', message: 'Incorrect transaction', field: 'recurring_init_trans_id' } },
  { given: 'card CREATE_SCHEDULE', want: { message: 'Parameter is deprecated.', field: 'delays' } },
  { given: 'card UPDATE_SCHEDULE', want: { message: 'Parameter is deprecated.', field: 'delays' } },
  { given: 'card SALE', want: { message: 'amount: This value should be greater than 0.', field: 'order_amount' } },
  { given: 'apm SALE', want: { message: 'amount: This value should be greater than 0.', field: 'order_amount' } },
  { given: 'createSession', want: { message: 'amount: This value should be greater than 0.', field: 'order.amount' } },
  { given: 'apm VOID', want: { message: 'Void is not allowed.', field: 'trans_id' } },
  { given: 'card SALE', want: { field: 'payment_token' } },
  { given: 'card SALE', want: { field: 'mpi_data' } },
  // The public facts' S2S CARD codes (SRC-CARD), on every action that takes a `card_token`; the text is not shown.
  ...['SALE', 'AUTH', 'DEBIT', 'CARD2CARD', 'CREDIT2CARD'].map((action): Row => ({ given: `card ${action}`, want: { code: '205005', field: 'card_token' } })),
];

function errorsOf(given: string): readonly ErrorCaseModel[] {
  const [protocol, action] = given.split(' ');
  const found = action
    ? model.s2sActions.find((entry) => entry.protocol === protocol && entry.action === action)
    : model.checkoutOperations.find((entry) => entry.operationId === given);
  if (!found) throw new Error(`no operation ${given}`);
  return found.errors;
}

describe('error catalogue', () => {
  it.each(rows.map((row) => [`${row.given}: ${row.want.code ?? '(code not shown)'} ${row.want.message ?? '(message not shown)'}`, row] as const))('%s', (_name, row) => {
    const match = errorsOf(row.given).find((entry) => entry.field === row.want.field && entry.message === row.want.message);
    expect(match, JSON.stringify(errorsOf(row.given))).toBeDefined();
    expect(match?.code).toBe(row.want.code);
  });

  it('gives every S2S action and Checkout operation a catalogue, with codes as strings of digits', () => {
    const raw = loadBundledSpec() as { components: { schemas: Record<string, Record<string, unknown>> } };
    const missing = [
      ...model.s2sActions.filter((entry) => !Array.isArray((raw.components.schemas[entry.requestSchemaName]?.['x-errors'] as Record<string, unknown>)?.[entry.protocol])).map((entry) => `${entry.protocol} ${entry.action}`),
      ...model.checkoutOperations.filter((entry) => !Array.isArray(raw.components.schemas[entry.requestSchemaName]?.['x-errors'])).map((entry) => entry.operationId),
    ];
    expect(missing).toEqual([]);
    const all = [...model.genericErrors, ...model.s2sActions.flatMap((entry) => entry.errors), ...model.checkoutOperations.flatMap((entry) => entry.errors)];
    expect(all.filter((entry) => entry.code !== undefined && !/^[0-9]+$/.test(entry.code))).toEqual([]);
  });

  it('uses 101000 only for transactions, orders and payments', () => {
    const entities = [...model.s2sActions.flatMap((entry) => entry.errors), ...model.checkoutOperations.flatMap((entry) => entry.errors)]
      .filter((entry) => entry.code === '101000')
      .map((entry) => entry.message);
    expect(new Set(entities)).toEqual(new Set(['Transaction does not exist.', 'Order does not exist.', 'Payment does not exist.']));
  });

  it('carries the generic cases in info.x-errors', () => {
    expect(model.genericErrors).toContainEqual(expect.objectContaining({ code: '100000', message: 'This value is not correct.' }));
  });

  it('refuses a malformed catalogue when the model is built', () => {
    const raw = loadBundledSpec();
    const request = raw['components']['schemas']['CheckoutVoidRequest'];
    request['x-errors'] = [{ code: 101000, when: 'x' }];
    expect(() => buildSpecModel(raw as OpenApiDocument, [])).toThrow(/code is a string of digits/);
    delete request['x-errors'];
    expect(() => buildSpecModel(raw as OpenApiDocument, [])).toThrow(/x-errors must be a list/);
  });
});
