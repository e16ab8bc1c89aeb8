// Signature vectors computed independently, straight from the formulas of the platform facts
// (PHP notation: strrev, strtoupper, md5, sha1), with no generated code involved: recipe
// constant → [fields, expected hash]. The signature tests check the TypeScript interpreter
// against them, and they are rows of the shared golden vectors both clients are held to
// (test/fixtures/signature-vectors.json).
import { createHash } from 'node:crypto';

export const P = '13a4822c5907ed235f3a068c76184fc3';
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');
export const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const strrev = (text: string) => [...text].reverse().join('');
export const upper = (text: string) => text.toUpperCase();
const pan = (card: string) => card.slice(0, 6) + card.slice(-4);

export const email = 'doe@example.com';
export const card = '4111111111111111';
export const trans = '1d152122-6c86-11eb-8a49-0242ac120013';
const token = 'c0ffee0123456789';
export const order = 'ORDER-12345';
const schedule = 'cc3a17e4-7a22-11ec-a3b0-0242ac120004';

const F1 = md5(upper(strrev(email) + P + strrev(pan(card))));
const F1_TOKEN = md5(upper(strrev(email) + P + strrev(token)));
const F2 = md5(upper(strrev(email) + P + trans + strrev(pan(card))));
const F4 = md5(upper(strrev(schedule + P)));
const STATUS = md5(upper(strrev(trans)) + P);
const checkout = (...parts: string[]) => sha1(md5(upper(parts.join('') + P)));

const cardFields = { payer_email: email, card_number: card };
export const statusFields = { trans_id: trans };
const scheduleFields = { schedule_id: schedule };

/** recipe constant → [fields, expected hash] */
export const VECTORS: Record<string, [Record<string, unknown>, string][]> = {
  SALE_CARD_SIGNATURE: [
    [cardFields, F1],
    [{ payer_email: email, card_token: token }, F1_TOKEN],
    [{ payer_email: email, digital_wallet: 'googlepay', payment_token: '{}' }, md5(upper(strrev(email) + P))],
  ],
  AUTH_CARD_SIGNATURE: [[cardFields, F1]],
  DEBIT_CARD_SIGNATURE: [[cardFields, F1], [{ payer_email: email, card_token: token }, F1_TOKEN]],
  CARD2CARD_CARD_SIGNATURE: [[cardFields, F1]],
  RECURRING_SALE_CARD_SIGNATURE: [[cardFields, F1]],
  RECURRING_DEBIT_CARD_SIGNATURE: [[cardFields, F1]],
  CREDIT2CARD_CARD_SIGNATURE: [[{ card_number: card }, md5(upper(P + strrev(pan(card))))], [{ card_token: token }, md5(upper(P + strrev(token)))]],
  CAPTURE_CARD_SIGNATURE: [[statusFields, STATUS]],
  CAPTURE_APM_SIGNATURE: [[statusFields, STATUS]],
  VOID_CARD_SIGNATURE: [[statusFields, STATUS]],
  VOID_APM_SIGNATURE: [[statusFields, STATUS]],
  GET_TRANS_STATUS_CARD_SIGNATURE: [[statusFields, STATUS]],
  GET_TRANS_STATUS_APM_SIGNATURE: [[statusFields, STATUS]],
  CREDITVOID_CARD_SIGNATURE: [[{ ...cardFields, trans_id: trans }, F2]],
  REFUND_CARD_SIGNATURE: [[{ ...cardFields, trans_id: trans }, F2]],
  CREDITVOID_APM_SIGNATURE: [[statusFields, md5(upper(strrev(trans + P)))]],
  REFUND_APM_SIGNATURE: [[statusFields, md5(upper(strrev(trans + P)))]],
  GET_TRANS_STATUS_BY_ORDER_CARD_SIGNATURE: [[{ ...cardFields, order_id: order }, md5(upper(strrev(email) + P + order + strrev(pan(card))))]],
  CREATE_SCHEDULE_CARD_SIGNATURE: [[{}, md5(upper(strrev(P)))]],
  UPDATE_SCHEDULE_CARD_SIGNATURE: [[scheduleFields, F4]],
  DELETE_SCHEDULE_CARD_SIGNATURE: [[scheduleFields, F4]],
  PAUSE_SCHEDULE_CARD_SIGNATURE: [[scheduleFields, F4]],
  RUN_SCHEDULE_CARD_SIGNATURE: [[scheduleFields, F4]],
  SCHEDULE_INFO_CARD_SIGNATURE: [[scheduleFields, F4]],
  DESCHEDULE_CARD_SIGNATURE: [[scheduleFields, F4]],
  SALE_APM_SIGNATURE: [
    [{ identifier: 'success@gmail.com', order_id: order, order_amount: '10.00', order_currency: 'USD' }, md5(upper(strrev(`success@gmail.com${order}10.00USD${P}`)))],
    [{ order_id: order, order_amount: '10.00', order_currency: 'USD' }, md5(upper(strrev(`${order}10.00USD${P}`)))],
  ],
  DEBIT2VIRTUAL_APM_SIGNATURE: [[{ identifier: 'id', order_id: order, order_amount: '5', order_currency: 'KES' }, md5(upper(strrev(`id${order}5KES${P}`)))]],
  DEBIT2VIRTUAL_CALC_APM_SIGNATURE: [[{ identifier: 'id', order_id: order, order_amount: '5', order_currency: 'KES' }, md5(upper(strrev(`id${order}5KES${P}`)))]],
  CREDIT2VIRTUAL_APM_SIGNATURE: [[{ order_id: order, order_amount: '1500', order_currency: 'KES' }, md5(upper(strrev(`${order}1500KES`)) + P)]],
  CHECKOUT_CREATE_SESSION_SIGNATURE: [[{ order: { number: 'order-1234', amount: '100.00', currency: 'USD', description: 'Important gift' } }, checkout('order-1234', '100.00', 'USD', 'Important gift')]],
  CHECKOUT_CREATE_SESSION_TOKEN_SIGNATURE: [[{ order: { number: 'o-1', amount: '1.00', currency: 'EUR', description: 'd' } }, checkout('o-1', '1.00', 'EUR', 'd')]],
  CHECKOUT_CREDIT_CARD_SIGNATURE: [[{ order_id: order, order_amount: '3.00', order_currency: 'USD', order_description: 'Payout' }, checkout(order, '3.00', 'USD', 'Payout')]],
  CHECKOUT_CAPTURE_PAYMENT_SIGNATURE: [[{ payment_id: 'p-1', amount: '1.00' }, checkout('p-1', '1.00')]],
  CHECKOUT_REFUND_PAYMENT_SIGNATURE: [[{ payment_id: 'p-1', amount: '0.50' }, checkout('p-1', '0.50')]],
  CHECKOUT_VOID_PAYMENT_SIGNATURE: [[{ payment_id: 'p-1' }, checkout('p-1')]],
  CHECKOUT_RETRY_PAYMENT_SIGNATURE: [[{ payment_id: 'p-1' }, checkout('p-1')]],
  CHECKOUT_GET_PAYMENT_STATUS_SIGNATURE: [[{ payment_id: 'p-1' }, checkout('p-1')], [{ order_id: order }, checkout(order)]],
  CHECKOUT_RECURRING_PAYMENT_SIGNATURE: [
    [{ recurring_init_trans_id: 'r-1', recurring_token: 'tok', order: { number: 'o-2', amount: '9.99', description: 'Monthly' } }, checkout('r-1', 'tok', 'o-2', '9.99', 'Monthly')],
  ],
  CHECKOUT_CALLBACK_SIGNATURE: [[{ id: 'p-1', order_number: 'o-1', order_amount: '3.01', order_currency: 'USD', order_description: 'd' }, checkout('p-1', 'o-1', '3.01', 'USD', 'd')]],
  PAYMENT_RETURN_SIGNATURE: [[{ payment_id: 'p-1', order_id: 'o-1', order_amount: '3.01', order_currency: 'USD', order_description: 'd' }, checkout('p-1', 'o-1', '3.01', 'USD', 'd')]],
  S2S_CARD_CALLBACK_SIGNATURE: [
    [{ payer_email: email, trans_id: trans, card: '411111****1111' }, F2],
    [{ action: 'CREDIT2CARD', order_id: '123456789', trans_id: trans, card: '4601541833776519' }, '84dc0713fa38f18edb85da7aa94eca2e'],
  ],
  S2S_APM_CALLBACK_SIGNATURE: [
    // ksort order: action, amount, result, transactions[...] (nested keys sorted too), then the password.
    [
      { result: 'SUCCESS', action: 'SALE', amount: '1.00', transactions: { b: { type: 'sale' }, a: { status: 'ok' } } },
      md5(upper(strrev('SALE') + strrev('1.00') + strrev('SUCCESS') + strrev('ok') + strrev('sale') + P)),
    ],
    [{ action: 'CREDIT2VIRTUAL', trans_id: 'T-9', order_id: 'O-9', status: 'SETTLED' }, md5(upper(strrev('T-9O-9SETTLED')) + P)],
  ],
};

