// The rules the interface document (and the public facts, where it is silent) states for Checkout
// and for the callbacks, one table row each: a spec example, one change, and the issue the
// generated validator must report for it (or none, for the "accepted" decisions). Also checks the
// callback and Checkout signature recipes against the documented vector and the examples' hashes.
import { describe, expect, it } from 'vitest';
import { computeSignature, type SignatureRecipe } from '../../generated/client/src/runtime/signature.js';
import { collectExamples, loadBundledSpec, type SpecExample } from '../support/spec-examples.js';
import { describeRuleTable, type Json, type RuleTable } from './rule-table.js';

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const spec = loadBundledSpec();

/** The spec's examples by id, plus the return query's parameter example (a GET webhook has no body). */
function examplesById(): Map<string, SpecExample> {
  const byId = new Map(collectExamples(spec).map((example) => [example.id, example]));
  const query = spec['webhooks']['paymentReturn']['get']['parameters'][0];
  for (const [key, example] of Object.entries<Json>(query['examples'])) {
    byId.set(`webhook paymentReturn query ${key}`, { id: key, schemaName: 'RedirectReturnQuery', style: 'form', value: example['value'] });
  }
  return byId;
}
const examples = examplesById();

const SESSION = 'POST /api/v1/session request';
const TOKEN = 'POST /api/v1/session/token request purchase';
const STATUS = 'POST /api/v1/payment/status request';
const CHECKOUT_CB = 'webhook checkoutCallback request';
const CARD_CB = 'webhook s2sCardCallback request';
const APM_CB = 'webhook s2sApmCallback request';

const table: RuleTable = {
  // Issue 23: what the document accepts and the spec refused.
  'customer.birth_date accepts 21.09.1990': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.customer.birth_date = '21.09.1990'; } }, want: 'valid' }],
  'payee birth and document-expiry dates take any date text': [
    { given: { example: `${SESSION} credit`, schema: 'SessionRequest', change: (v) => { v.payee.birth_date = '21.09.1990'; } }, want: 'valid' },
    { given: { example: `${SESSION} credit`, schema: 'SessionRequest', change: (v) => { v.payee.identity_exp_date = 'December 2030'; } }, want: 'valid' },
  ],
  // Document: "| `merchant_key` | string | Merchant key. |" (the S2S client_key is the UUID-shaped one).
  'merchant_key has no UUID shape': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.merchant_key = 'mk_live_42'; } }, want: 'valid' }],
  // Document: "| `methods` | array of string | Method identifiers to display. |"
  'methods may repeat an identifier': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.methods = ['card', 'card']; } }, want: 'valid' }],
  // Document: "| `session_expiry` | number | Session lifetime." Facts: "`session_expiry` 1–720 min".
  'session_expiry is a number': [
    { given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.session_expiry = 90.5; } }, want: 'valid' },
    { given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.session_expiry = 721; } }, want: { path: 'session_expiry', rule: 'maximum' } },
  ],
  // Document: the voucher wallet's items are described by meaning only, so the operator's names pass.
  'voucher wallet takes the operator\'s field names': [
    { given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.methods = ['voucher_wallet']; v.parameters = { voucher_wallet: { payerId: 'cust-42', payerFirstName: 'Jane', payerLastName: 'Roe', payerBirthDate: '21.09.1990' } }; } }, want: 'valid' },
  ],
  // Document: "| cart item | `shipping` | N10.N2 (S2S table: 12) | Conditional |": Checkout takes 13 characters.
  'APC item shipping is N10.N2 in Checkout': [
    { given: { example: `${SESSION} authorization`, schema: 'SessionRequest', change: (v) => { v.parameters.card.cart.items[0].shipping = '1234567890.00'; } }, want: 'valid' },
    { given: { example: `${SESSION} authorization`, schema: 'SessionRequest', change: (v) => { v.parameters.card.cart.items[0].totalDiscountAmount = '1234567890.00'; } }, want: 'valid' },
    { given: { example: `${SESSION} authorization`, schema: 'SessionRequest', change: (v) => { v.parameters.card.cart.items[0].shipping = '1.005'; } }, want: { path: 'parameters.card.cart.items[0].shipping', rule: 'pattern' } },
  ],
  'APC item currency takes either case in Checkout': [{ given: { example: `${SESSION} authorization`, schema: 'SessionRequest', change: (v) => { v.parameters.card.cart.items[0].currency = 'usd'; } }, want: 'valid' }],
  'the six payment-page-only methods are accepted in methods': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.methods = ['cash_ticket', 'page_qr']; } }, want: 'valid' }],
  // Session
  '`auth` is valid only for purchase': [{ given: { example: `${SESSION} debit_recurring`, schema: 'SessionRequest', change: (v) => { v.auth = true; } }, want: { path: 'auth', rule: 'const' } }],
  '`auth` false is harmless on a debit': [{ given: { example: `${SESSION} debit_recurring`, schema: 'SessionRequest', change: (v) => { v.auth = false; } }, want: 'valid' }],
  'a zero amount needs recurring_init true': [{ given: { example: `${SESSION} authorization`, schema: 'SessionRequest', change: (v) => { v.order.amount = '0.00'; } }, want: { path: 'order.amount', rule: 'not', message: expect.stringContaining('amount: This value should be greater than 0.') } }],
  'a zero amount is allowed with recurring_init true': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.order.amount = '0.00'; } }, want: 'valid' }],
  'schedule_start_date needs schedule_id': [{ given: { example: `${SESSION} schedule_trial`, schema: 'SessionRequest', change: (v) => { delete v.schedule_id; delete v.payment_schedule_amount; } }, want: { path: 'schedule_id', rule: 'dependentRequired' } }],
  'payment_schedule_amount needs schedule_id': [{ given: { example: `${SESSION} authorization`, schema: 'SessionRequest', change: (v) => { v.payment_schedule_amount = '9.99'; } }, want: { path: 'schedule_id', rule: 'dependentRequired' } }],
  'state is collected only for CA, US, JP, AU, IN: accepted (not validated) elsewhere': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.billing_address.country = 'DE'; v.billing_address.state = 'Bavaria'; } }, want: 'valid' }],
  'billing_address.phone_country_code is digits': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.billing_address.phone_country_code = '+1'; } }, want: { path: 'billing_address.phone_country_code', rule: 'pattern' } }],
  'billing_address.phone_country_code is at most 10 characters': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.billing_address.phone_country_code = '12345678901'; } }, want: { path: 'billing_address.phone_country_code', rule: 'maxLength' } }],
  'a hyphen is allowed for composite country codes': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.billing_address.phone_country_code = '1-684'; } }, want: 'valid' }],
  'card_token is a string (the document wins over the array in the facts)': [{ given: { example: `${SESSION} debit_recurring`, schema: 'SessionRequest', change: (v) => { v.card_token = [v.card_token]; } }, want: { path: 'card_token', rule: 'type' } }],
  'operation is purchase, debit or credit': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.operation = 'transfer'; } }, want: { path: 'operation', rule: 'enum' } }],
  'session_expiry is 1 to 720 minutes': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.session_expiry = 721; } }, want: { path: 'session_expiry', rule: 'maximum' } }],
  'success_url is required on the session': [{ given: { example: `${SESSION} pin_voucher`, schema: 'SessionRequest', change: (v) => { delete v.success_url; } }, want: { path: 'success_url', rule: 'required' } }],
  'the top-level payer_ip of one sample is accepted, as an IP': [{ given: { example: `${SESSION} sample_quirks`, schema: 'SessionRequest', change: (v) => { v.payer_ip = 'localhost'; } }, want: { path: 'payer_ip', rule: 'anyOf' } }],
  'custom_data is an object': [{ given: { example: `${SESSION} debit_recurring`, schema: 'SessionRequest', change: (v) => { v.custom_data = 'cart=A-1001'; } }, want: { path: 'custom_data', rule: 'type' } }],
  'parameters.card takes the APC set, with Checkout\'s shipping cost length (13)': [{ given: { example: `${SESSION} authorization`, schema: 'SessionRequest', change: (v) => { v.parameters.card.shipping.cost = '12345678901.00'; } }, want: { path: 'parameters.card.shipping.cost', rule: 'maxLength' } }],
  'APC recipient country is 2 letters or 3 digits in Checkout': [{ given: { example: `${SESSION} authorization`, schema: 'SessionRequest', change: (v) => { v.parameters.card.cart.items[0].recipient.country = 'USA'; } }, want: { path: 'parameters.card.cart.items[0].recipient.country', rule: 'pattern' } }],
  'a BNG installment set is sent whole': [{ given: { example: `${SESSION} authorization`, schema: 'SessionRequest', change: (v) => { v.parameters.card.bnrg_installm_def = '01'; } }, want: { path: 'parameters.card.bnrg_installm_months', rule: 'dependentRequired' } }],
  'parameters are keyed by method (the PIN of <pin_voucher> is 16 characters)': [{ given: { example: `${SESSION} pin_voucher`, schema: 'SessionRequest', change: (v) => { v.parameters.pin_voucher.pin = '1234'; } }, want: { path: 'parameters.pin_voucher.pin', rule: 'minLength' } }],
  // No length or format is given for these: safety caps only, and the two protocols agree.
  'billing_address.district and house_number take what S2S takes': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.billing_address.district = 'Friedrichshain-Kreuzberg Ortsteil Nord'; v.billing_address.house_number = '12A-14/3 bis'; } }, want: 'valid' }],
  'billing_address.country has no stated format': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.billing_address.country = 'deu'; } }, want: 'valid' }],
  'payee name and identity fields have no stated length': [{ given: { example: `${SESSION} credit`, schema: 'SessionRequest', change: (v) => { v.payee.name = 'N'.repeat(200); v.payee.identity_type = 'national identity card of the issuing state'; v.payee.identity_id = '9'.repeat(100); } }, want: 'valid' }],
  'url_target is any window target': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.url_target = 'checkout-frame'; } }, want: 'valid' }],
  // Hosted Payment Fields token
  'return_url is mandatory for HPF': [{ given: { example: TOKEN, schema: 'SessionTokenRequest', change: (v) => { delete v.return_url; } }, want: { path: 'return_url', rule: 'required' } }],
  // Issue 37 (6): "Like the session": the token request takes the session's operations, credit too.
  'the HPF token takes the session\'s operations, credit included': [{ given: { example: TOKEN, schema: 'SessionTokenRequest', change: (v) => { v.operation = 'credit'; } }, want: 'valid' }],
  // Issue 37 (quote 3): the session table gives `operation` and `order` a type, not a need.
  'the session and the HPF token need neither operation nor order': [
    { given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { delete v.operation; delete v.order; } }, want: 'valid' },
    { given: { example: TOKEN, schema: 'SessionTokenRequest', change: (v) => { delete v.operation; delete v.order; } }, want: 'valid' },
    { given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { delete v.order.description; } }, want: 'valid' },
  ],
  'the session order currency that is not three capital letters is a warning': [{ given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.order.currency = 'usd'; } }, want: { warning: { path: 'order.currency', rule: 'pattern' } } }],
  'customer.ip is the payer IP': [{ given: { example: TOKEN, schema: 'SessionTokenRequest', change: (v) => { v.customer.ip = '999.1.1.1'; } }, want: { path: 'customer.ip', rule: 'anyOf' } }],
  'the token request needs no success_url': [{ given: { example: TOKEN, schema: 'SessionTokenRequest', change: (v) => { delete v.success_url; } }, want: 'valid' }],
  // Status lookup
  'size above 100: "size should be within 1..100."': [{ given: { example: `${STATUS} by_order_id_size`, schema: 'CheckoutStatusRequest', change: (v) => { v.size = 101; } }, want: { path: 'size', rule: 'not', message: 'size should be within 1..100.' } }],
  'size below 1: "size should be within 1..100."': [{ given: { example: `${STATUS} by_order_id_size`, schema: 'CheckoutStatusRequest', change: (v) => { v.size = 0; } }, want: { path: 'size', rule: 'not', message: 'size should be within 1..100.' } }],
  'size 100 is the upper bound': [{ given: { example: `${STATUS} by_order_id_size`, schema: 'CheckoutStatusRequest', change: (v) => { v.size = 100; } }, want: 'valid' }],
  // No source refuses `size` on the lookup by payment_id, nor a lookup naming both: warnings.
  'size on the by-payment_id form is a warning': [{ given: { example: `${STATUS} by_payment_id`, schema: 'CheckoutStatusRequest', change: (v) => { v.size = 5; } }, want: { warning: { path: 'size', rule: 'false', message: 'lookup by `order_id` only' } } }],
  'payment_id beside order_id is a warning: the lookup by order_id is made': [{ given: { example: `${STATUS} by_order_id`, schema: 'CheckoutStatusRequest', change: (v) => { v.payment_id = '0b4b7e54-e5ad-11ec-9a66-0242ac140003'; } }, want: { warning: { path: 'payment_id', rule: 'false' } } }],
  'a lookup names payment_id or order_id': [{ given: { example: `${STATUS} by_order_id`, schema: 'CheckoutStatusRequest', change: (v) => { delete v.order_id; } }, want: { path: '', rule: 'anyOf' } }],
  // Payment operations
  'capture sends the amount it signs': [{ given: { example: 'POST /api/v1/payment/capture request capture', schema: 'CheckoutCaptureRequest', change: (v) => { delete v.amount; } }, want: { path: 'amount', rule: 'required' } }],
  'a recurring charge is greater than 0': [{ given: { example: 'POST /api/v1/payment/recurring request recurring', schema: 'CheckoutRecurringRequest', change: (v) => { v.order.amount = '0.00'; } }, want: { path: 'order.amount', rule: 'not' } }],
  'a recurring charge needs the token of the initiating payment': [{ given: { example: 'POST /api/v1/payment/recurring request recurring', schema: 'CheckoutRecurringRequest', change: (v) => { delete v.recurring_token; } }, want: { path: 'recurring_token', rule: 'required' } }],
  // Issue 37 (permission 1): the document's body of the payout to a stored card lists `card_token`,
  // not marked optional, and no card number (the document wins over the facts on a request's shape).
  'card credit needs card_token': [{ given: { example: 'POST /api/v1/payment/card/credit request card_token', schema: 'CheckoutCardCreditRequest', change: (v) => { delete v.card_token; } }, want: { path: 'card_token', rule: 'required' } }],
  // Checkout callback
  'card_token is present in every debit callback': [{ given: { example: `${CHECKOUT_CB} debit_settled`, schema: 'CheckoutCallback', change: (v) => { delete v.card_token; } }, want: { path: 'card_token', rule: 'required' } }],
  // Issue 23: no source gives an e-mail length, so the callbacks' 256 was a cap: marked, and generous.
  'a callback e-mail longer than 256 is accepted (a safety cap, not a platform limit)': [
    { given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.customer_email = `${'a'.repeat(290)}@example.com`; } }, want: 'valid' },
    { given: { example: `${CARD_CB} sale_settled`, schema: 'S2sCardCallback', change: (v) => { v.payer_email = `${'a'.repeat(290)}@example.com`; } }, want: 'valid' },
  ],
  'a sale callback needs no card_token': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { delete v.card_token; } }, want: 'valid' }],
  'payer_language is never returned': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.payer_language = 'en'; } }, want: { path: 'payer_language', rule: 'false' } }],
  'a missing arn is sent empty': [{ given: { example: `${CHECKOUT_CB} debit_settled`, schema: 'CheckoutCallback', change: (v) => { v.arn = ''; } }, want: 'valid' }],
  'callback values are strings on the wire': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.order_amount = 3.01; } }, want: { path: 'order_amount', rule: 'type' } }],
  'order_amount is a decimal string': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.order_amount = '3,01'; } }, want: { path: 'order_amount', rule: 'pattern' } }],
  'crypto amounts carry many decimals': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.order_amount = '0.00000001'; v.order_currency = 'USDT'; } }, want: 'valid' }],
  'card is masked (first 6 + last 4)': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.card = '4111111111111111'; } }, want: { path: 'card', rule: 'pattern' } }],
  'card_expiration_date is MM/YYYY': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.card_expiration_date = '12/22'; } }, want: { path: 'card_expiration_date', rule: 'pattern' } }],
  'date is YYYY-MM-DD hh:mm:ss': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.date = '2022-07-05T09:22:09Z'; } }, want: { path: 'date', rule: 'pattern' } }],
  'status is success, fail, waiting or undefined': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.status = 'settled'; } }, want: { path: 'status', rule: 'enum' } }],
  'custom_data comes back as bracket-nested strings': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.custom_data = { cart: { ref: 'A-1001', lines: ['1', '2'] } }; } }, want: 'valid' }],
  'custom_data leaves are strings': [{ given: { example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', change: (v) => { v.custom_data = { cart_ref: 1001 }; } }, want: { path: 'custom_data', rule: 'anyOf' } }],
  // The Protocol Mapping attributes have no stated format: whatever the platform sends is accepted.
  'browser and 3DS attributes have no stated format': [
    { given: { example: `${CHECKOUT_CB} debit_settled`, schema: 'CheckoutCallback', change: (v) => { v.browser_java_enabled = 'yes'; v.browser_timezone_offset = '-05:00'; } }, want: 'valid' },
    { given: { example: `${CHECKOUT_CB} debit_settled`, schema: 'CheckoutCallback', change: (v) => { v.transStatus = 'y'; v.eci = '005'; v.protocolVersion = '2.2.0-rc'; } }, want: 'valid' },
  ],
  'callback payer attributes are as wide as the request fields': [{ given: { example: `${CARD_CB} sale_settled`, schema: 'S2sCardCallback', change: (v) => { v.payer_country = 'United Kingdom'; v.payer_zip = 'Z'.repeat(200); v.payer_phone = '+44 20 7946 0000 ext. 1234 (office)'; } }, want: 'valid' }],
  'arn is sent as the acquirer gives it': [{ given: { example: `${CARD_CB} sale_settled`, schema: 'S2sCardCallback', change: (v) => { v.arn = '7401-2345 6789'; } }, want: 'valid' }],
  // S2S callbacks
  'payer_language is never returned (S2S CARD)': [{ given: { example: `${CARD_CB} sale_settled`, schema: 'S2sCardCallback', change: (v) => { v.payer_language = 'en'; } }, want: { path: 'payer_language', rule: 'false' } }],
  'payer_phone_country_code is digits (payer attributes)': [{ given: { example: `${CARD_CB} sale_settled`, schema: 'S2sCardCallback', change: (v) => { v.payer_phone_country_code = '+1'; } }, want: { path: 'payer_phone_country_code', rule: 'pattern' } }],
  'S2S status is an S2S transaction status': [{ given: { example: `${CARD_CB} credit2card`, schema: 'S2sCardCallback', change: (v) => { v.status = 'settled'; } }, want: { path: 'status', rule: 'enum' } }],
  'a callback carries its hash': [{ given: { example: `${CARD_CB} credit2card`, schema: 'S2sCardCallback', change: (v) => { delete v.hash; } }, want: { path: 'hash', rule: 'required' } }],
  'nested form fields report bracket paths': [{ given: { example: `${APM_CB} sale_settled`, schema: 'S2sApmCallback', change: (v) => { v.custom_data = { cart: { ref: 7 } }; } }, want: { path: 'custom_data', rule: 'anyOf' } }],
  'S2S APM result includes INIT (crypto)': [{ given: { example: `${APM_CB} sale_settled`, schema: 'S2sApmCallback', change: (v) => { v.result = 'INIT'; } }, want: 'valid' }],
  'S2S APM result is a known outcome': [{ given: { example: `${APM_CB} sale_declined`, schema: 'S2sApmCallback', change: (v) => { v.result = 'RJCT'; } }, want: { path: 'result', rule: 'enum' } }],
  // Return to success_url / cancel_url
  'the return always carries payment_id, trans_id, order_id, hash': [{ given: { example: 'webhook paymentReturn query success', schema: 'RedirectReturnQuery', change: (v) => { delete v.trans_id; } }, want: { path: 'trans_id', rule: 'required' } }],
  // Document, Limits: languages are "Case-insensitive and not validated".
  'billing_address.language is not validated': [
    { given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.billing_address.language = 'eng'; } }, want: 'valid' },
    { given: { example: `${SESSION} purchase`, schema: 'SessionRequest', change: (v) => { v.billing_address.language = 'zh-Hant'; } }, want: 'valid' },
  ],
  'payment_method and brand are optional on the return': [{ given: { example: 'webhook paymentReturn query success', schema: 'RedirectReturnQuery', change: (v) => { delete v.payment_method; delete v.brand; } }, want: 'valid' }],
};

const styleOf = (schema: string) => (/Callback$|ReturnQuery$/.test(schema) ? 'form' : 'json');

describeRuleTable('Checkout and callback rules', table, {
  example: (id) => {
    const found = examples.get(id);
    return found && found.schemaName !== undefined ? found.value : undefined;
  },
  style: styleOf,
});

const schemas: Json = spec['components']['schemas'];
const recipeOf = (name: string) => schemas[name]['x-signature'] as SignatureRecipe;

describe('callback and Checkout signatures', () => {
  it.each(['CheckoutCallback', 'S2sCardCallback', 'S2sApmCallback', 'RedirectReturnQuery'])('%s carries a well-formed recipe', (name) => {
    const recipe = recipeOf(name);
    expect(typeof recipe.description).toBe('string');
    expect(recipe.digests.length).toBeGreaterThan(0);
    expect(recipe.digests.every((digest) => ['md5', 'sha1', 'sha256'].includes(digest))).toBe(true);
    expect(recipe.input).toBeDefined();
    expect(computeSignature(recipe, {}, PASSWORD)).toMatch(/^[0-9a-f]{32,64}$/);
  });

  it('reproduces the documented CREDIT2CARD callback vector (facts §5.3, F6)', () => {
    const callback = { action: 'CREDIT2CARD', result: 'SUCCESS', status: 'SETTLED', order_id: '123456789', trans_id: '1d152122-6c86-11eb-8a49-0242ac120013' };
    // The documented callback carries no card: the verifier adds the CREDIT2CARD test card.
    expect(computeSignature(recipeOf('S2sCardCallback'), { ...callback, card: '4601541833776519' }, PASSWORD)).toBe('84dc0713fa38f18edb85da7aa94eca2e');
    // The masked card the callback may carry gives the same first 6 + last 4.
    expect(computeSignature(recipeOf('S2sCardCallback'), { ...callback, card: '460154******6519' }, PASSWORD)).toBe('84dc0713fa38f18edb85da7aa94eca2e');
  });

  it('uses F2 (with the payer e-mail) when payer_email is known', () => {
    const fields = { trans_id: '1d152122-6c86-11eb-8a49-0242ac120013', card: '411111****1111', payer_email: 'doe@example.com' };
    expect(computeSignature(recipeOf('S2sCardCallback'), fields, PASSWORD)).toBe('f83cdce3ecd917f477b92592b0793654');
  });

  it('signs the status lookup by order_id or by payment_id', () => {
    const recipe = recipeOf('CheckoutStatusRequest');
    const byOrder = computeSignature(recipe, { order_id: 'order-1234' }, PASSWORD);
    const byPayment = computeSignature(recipe, { payment_id: '0b4b7e54-e5ad-11ec-9a66-0242ac140003' }, PASSWORD);
    expect(byOrder).toBe('7b9b5c7ce860a0fec35649a656c17c89d01dcbce');
    expect(byPayment).toBe('d4bb62506768e7eccc7c63097b9d874c6a54020c');
  });

  const signed = [...examples.values()].filter(
    (example) => /^(POST \/api\/v1\/(session|payment)|webhook (checkoutCallback|s2sApmCallback)|webhook s2sCardCallback request (sale_settled|credit2card))/.test(example.id) && / request /.test(example.id),
  );
  it.each(signed.map((example) => [example.id, example] as const))('%s carries the hash its recipe computes', (_id, example) => {
    const value = example.value as Json;
    expect(computeSignature(recipeOf(example.schemaName), value, PASSWORD)).toBe(value['hash']);
  });

  it('signs the return query with the session order the merchant adds', () => {
    const query = examples.get('webhook paymentReturn query success')!.value as Json;
    const order = { order_amount: '100.00', order_currency: 'USD', order_description: 'Important gift' };
    expect(computeSignature(recipeOf('RedirectReturnQuery'), { ...order, ...query }, PASSWORD)).toBe(query['hash']);
  });
});
