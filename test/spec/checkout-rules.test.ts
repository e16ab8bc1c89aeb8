// The rules the interface document (and the public facts, where it is silent) states for Checkout
// and for the callbacks, one table row each: a spec example, one change, and the issue the
// generated validator must report for it (or none, for the "accepted" decisions). Also checks the
// callback and Checkout signature recipes against the documented vector and the examples' hashes.
import { describe, expect, it } from 'vitest';
import { computeSignature, type SignatureRecipe } from '../../generated/client/src/runtime/signature.js';
import { generatedValidator } from '../support/generated-validators.js';
import { collectExamples, loadBundledSpec, type SpecExample } from '../support/spec-examples.js';

type Json = Record<string, any>;

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

interface Row {
  /** The rule as the document (or the facts) states it. */
  readonly rule: string;
  /** Base example, by its collectExamples() id. */
  readonly example: string;
  readonly schema: string;
  readonly mutate: (value: Json) => void;
  /** The issue wanted (wire path + JSON Schema keyword, optionally the message), or `valid`. */
  readonly want: { readonly path: string; readonly rule: string; readonly message?: unknown } | 'valid';
}

const SESSION = 'POST /api/v1/session request';
const TOKEN = 'POST /api/v1/session/token request purchase';
const STATUS = 'POST /api/v1/payment/status request';
const CHECKOUT_CB = 'webhook checkoutCallback request';
const CARD_CB = 'webhook s2sCardCallback request';
const APM_CB = 'webhook s2sApmCallback request';

const rows: Row[] = [
  // Session
  { rule: '`auth` is valid only for purchase', example: `${SESSION} debit_recurring`, schema: 'SessionRequest', mutate: (v) => { v.auth = true; }, want: { path: 'auth', rule: 'const' } },
  { rule: '`auth` false is harmless on a debit', example: `${SESSION} debit_recurring`, schema: 'SessionRequest', mutate: (v) => { v.auth = false; }, want: 'valid' },
  { rule: 'a zero amount needs recurring_init true', example: `${SESSION} authorization`, schema: 'SessionRequest', mutate: (v) => { v.order.amount = '0.00'; }, want: { path: 'order.amount', rule: 'not', message: expect.stringContaining('amount: This value should be greater than 0.') } },
  { rule: 'a zero amount is allowed with recurring_init true', example: `${SESSION} purchase`, schema: 'SessionRequest', mutate: (v) => { v.order.amount = '0.00'; }, want: 'valid' },
  { rule: 'schedule_start_date needs schedule_id', example: `${SESSION} schedule_trial`, schema: 'SessionRequest', mutate: (v) => { delete v.schedule_id; delete v.payment_schedule_amount; }, want: { path: 'schedule_id', rule: 'dependentRequired' } },
  { rule: 'payment_schedule_amount needs schedule_id', example: `${SESSION} authorization`, schema: 'SessionRequest', mutate: (v) => { v.payment_schedule_amount = '9.99'; }, want: { path: 'schedule_id', rule: 'dependentRequired' } },
  { rule: 'state is collected only for CA, US, JP, AU, IN: accepted (not validated) elsewhere', example: `${SESSION} purchase`, schema: 'SessionRequest', mutate: (v) => { v.billing_address.country = 'DE'; v.billing_address.state = 'Bavaria'; }, want: 'valid' },
  { rule: 'billing_address.phone_country_code is digits', example: `${SESSION} purchase`, schema: 'SessionRequest', mutate: (v) => { v.billing_address.phone_country_code = '+1'; }, want: { path: 'billing_address.phone_country_code', rule: 'pattern' } },
  { rule: 'billing_address.phone_country_code is at most 10 characters', example: `${SESSION} purchase`, schema: 'SessionRequest', mutate: (v) => { v.billing_address.phone_country_code = '12345678901'; }, want: { path: 'billing_address.phone_country_code', rule: 'maxLength' } },
  { rule: 'a hyphen is allowed for composite country codes', example: `${SESSION} purchase`, schema: 'SessionRequest', mutate: (v) => { v.billing_address.phone_country_code = '1-684'; }, want: 'valid' },
  { rule: 'card_token is a string (the document wins over the array in the facts)', example: `${SESSION} debit_recurring`, schema: 'SessionRequest', mutate: (v) => { v.card_token = [v.card_token]; }, want: { path: 'card_token', rule: 'type' } },
  { rule: 'operation is purchase, debit or credit', example: `${SESSION} purchase`, schema: 'SessionRequest', mutate: (v) => { v.operation = 'transfer'; }, want: { path: 'operation', rule: 'enum' } },
  { rule: 'session_expiry is 1 to 720 minutes', example: `${SESSION} purchase`, schema: 'SessionRequest', mutate: (v) => { v.session_expiry = 721; }, want: { path: 'session_expiry', rule: 'maximum' } },
  { rule: 'success_url is required on the session', example: `${SESSION} pin_voucher`, schema: 'SessionRequest', mutate: (v) => { delete v.success_url; }, want: { path: 'success_url', rule: 'required' } },
  { rule: 'the top-level payer_ip of one sample is accepted, as an IP', example: `${SESSION} sample_quirks`, schema: 'SessionRequest', mutate: (v) => { v.payer_ip = 'localhost'; }, want: { path: 'payer_ip', rule: 'anyOf' } },
  { rule: 'custom_data is an object', example: `${SESSION} debit_recurring`, schema: 'SessionRequest', mutate: (v) => { v.custom_data = 'cart=A-1001'; }, want: { path: 'custom_data', rule: 'type' } },
  { rule: 'parameters.card takes the APC set, with Checkout\'s shipping cost length (13)', example: `${SESSION} authorization`, schema: 'SessionRequest', mutate: (v) => { v.parameters.card.shipping.cost = '12345678901.00'; }, want: { path: 'parameters.card.shipping.cost', rule: 'maxLength' } },
  { rule: 'APC recipient country is 2 letters or 3 digits in Checkout', example: `${SESSION} authorization`, schema: 'SessionRequest', mutate: (v) => { v.parameters.card.cart.items[0].recipient.country = 'USA'; }, want: { path: 'parameters.card.cart.items[0].recipient.country', rule: 'pattern' } },
  { rule: 'a BNG installment set is sent whole', example: `${SESSION} authorization`, schema: 'SessionRequest', mutate: (v) => { v.parameters.card.bnrg_installm_def = '01'; }, want: { path: 'parameters.card.bnrg_installm_months', rule: 'dependentRequired' } },
  { rule: 'parameters are keyed by method (the PIN of <pin_voucher> is 16 characters)', example: `${SESSION} pin_voucher`, schema: 'SessionRequest', mutate: (v) => { v.parameters.pin_voucher.pin = '1234'; }, want: { path: 'parameters.pin_voucher.pin', rule: 'minLength' } },
  // Hosted Payment Fields token
  { rule: 'return_url is mandatory for HPF', example: TOKEN, schema: 'SessionTokenRequest', mutate: (v) => { delete v.return_url; }, want: { path: 'return_url', rule: 'required' } },
  { rule: 'HPF has payment endpoints for purchase and debit only', example: TOKEN, schema: 'SessionTokenRequest', mutate: (v) => { v.operation = 'credit'; }, want: { path: 'operation', rule: 'enum' } },
  { rule: 'customer.ip is the payer IP', example: TOKEN, schema: 'SessionTokenRequest', mutate: (v) => { v.customer.ip = '999.1.1.1'; }, want: { path: 'customer.ip', rule: 'anyOf' } },
  { rule: 'the token request needs no success_url', example: TOKEN, schema: 'SessionTokenRequest', mutate: (v) => { delete v.success_url; }, want: 'valid' },
  // Status lookup
  { rule: 'size above 100: "size should be within 1..100."', example: `${STATUS} by_order_id_size`, schema: 'CheckoutStatusRequest', mutate: (v) => { v.size = 101; }, want: { path: 'size', rule: 'not', message: 'size should be within 1..100.' } },
  { rule: 'size below 1: "size should be within 1..100."', example: `${STATUS} by_order_id_size`, schema: 'CheckoutStatusRequest', mutate: (v) => { v.size = 0; }, want: { path: 'size', rule: 'not', message: 'size should be within 1..100.' } },
  { rule: 'size 100 is the upper bound', example: `${STATUS} by_order_id_size`, schema: 'CheckoutStatusRequest', mutate: (v) => { v.size = 100; }, want: 'valid' },
  { rule: 'size exists only on the by-order_id form', example: `${STATUS} by_payment_id`, schema: 'CheckoutStatusRequest', mutate: (v) => { v.size = 5; }, want: { path: 'size', rule: 'false' } },
  { rule: 'payment_id and order_id exclude each other', example: `${STATUS} by_order_id`, schema: 'CheckoutStatusRequest', mutate: (v) => { v.payment_id = '0b4b7e54-e5ad-11ec-9a66-0242ac140003'; }, want: { path: '', rule: 'oneOf' } },
  { rule: 'a lookup names payment_id or order_id', example: `${STATUS} by_order_id`, schema: 'CheckoutStatusRequest', mutate: (v) => { delete v.order_id; }, want: { path: '', rule: 'anyOf' } },
  // Payment operations
  { rule: 'capture sends the amount it signs', example: 'POST /api/v1/payment/capture request capture', schema: 'CheckoutCaptureRequest', mutate: (v) => { delete v.amount; }, want: { path: 'amount', rule: 'required' } },
  { rule: 'a recurring charge is greater than 0', example: 'POST /api/v1/payment/recurring request recurring', schema: 'CheckoutRecurringRequest', mutate: (v) => { v.order.amount = '0.00'; }, want: { path: 'order.amount', rule: 'not' } },
  { rule: 'a recurring charge needs the token of the initiating payment', example: 'POST /api/v1/payment/recurring request recurring', schema: 'CheckoutRecurringRequest', mutate: (v) => { delete v.recurring_token; }, want: { path: 'recurring_token', rule: 'required' } },
  { rule: 'card credit: card_token and card_number exclude each other', example: 'POST /api/v1/payment/card/credit request card_token', schema: 'CheckoutCardCreditRequest', mutate: (v) => { v.card_number = '4111111111111111'; }, want: { path: 'card_number', rule: 'false' } },
  { rule: 'card credit: a card_token or a card_number is required', example: 'POST /api/v1/payment/card/credit request card_token', schema: 'CheckoutCardCreditRequest', mutate: (v) => { delete v.card_token; }, want: { path: '', rule: 'anyOf' } },
  // Checkout callback
  { rule: 'card_token is present in every debit callback', example: `${CHECKOUT_CB} debit_settled`, schema: 'CheckoutCallback', mutate: (v) => { delete v.card_token; }, want: { path: 'card_token', rule: 'required' } },
  { rule: 'a sale callback needs no card_token', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { delete v.card_token; }, want: 'valid' },
  { rule: 'payer_language is never returned', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.payer_language = 'en'; }, want: { path: 'payer_language', rule: 'false' } },
  { rule: 'a missing arn is sent empty', example: `${CHECKOUT_CB} debit_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.arn = ''; }, want: 'valid' },
  { rule: 'callback values are strings on the wire', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.order_amount = 3.01; }, want: { path: 'order_amount', rule: 'type' } },
  { rule: 'order_amount is a decimal string', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.order_amount = '3,01'; }, want: { path: 'order_amount', rule: 'pattern' } },
  { rule: 'crypto amounts carry many decimals', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.order_amount = '0.00000001'; v.order_currency = 'USDT'; }, want: 'valid' },
  { rule: 'card is masked (first 6 + last 4)', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.card = '4111111111111111'; }, want: { path: 'card', rule: 'pattern' } },
  { rule: 'card_expiration_date is MM/YYYY', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.card_expiration_date = '12/22'; }, want: { path: 'card_expiration_date', rule: 'pattern' } },
  { rule: 'date is YYYY-MM-DD hh:mm:ss', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.date = '2022-07-05T09:22:09Z'; }, want: { path: 'date', rule: 'pattern' } },
  { rule: 'status is success, fail, waiting or undefined', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.status = 'settled'; }, want: { path: 'status', rule: 'enum' } },
  { rule: 'custom_data comes back as bracket-nested strings', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.custom_data = { cart: { ref: 'A-1001', lines: ['1', '2'] } }; }, want: 'valid' },
  { rule: 'custom_data leaves are strings', example: `${CHECKOUT_CB} sale_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.custom_data = { cart_ref: 1001 }; }, want: { path: 'custom_data', rule: 'anyOf' } },
  { rule: '3DS browser flags are true/false text', example: `${CHECKOUT_CB} debit_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.browser_java_enabled = 'yes'; }, want: { path: 'browser_java_enabled', rule: 'enum' } },
  { rule: 'transStatus is one EMV letter', example: `${CHECKOUT_CB} debit_settled`, schema: 'CheckoutCallback', mutate: (v) => { v.transStatus = 'y'; }, want: { path: 'transStatus', rule: 'pattern' } },
  // S2S callbacks
  { rule: 'payer_language is never returned (S2S CARD)', example: `${CARD_CB} sale_settled`, schema: 'S2sCardCallback', mutate: (v) => { v.payer_language = 'en'; }, want: { path: 'payer_language', rule: 'false' } },
  { rule: 'payer_phone_country_code is digits (payer attributes)', example: `${CARD_CB} sale_settled`, schema: 'S2sCardCallback', mutate: (v) => { v.payer_phone_country_code = '+1'; }, want: { path: 'payer_phone_country_code', rule: 'pattern' } },
  { rule: 'S2S status is an S2S transaction status', example: `${CARD_CB} credit2card`, schema: 'S2sCardCallback', mutate: (v) => { v.status = 'settled'; }, want: { path: 'status', rule: 'enum' } },
  { rule: 'a callback carries its hash', example: `${CARD_CB} credit2card`, schema: 'S2sCardCallback', mutate: (v) => { delete v.hash; }, want: { path: 'hash', rule: 'required' } },
  { rule: 'nested form fields report bracket paths', example: `${APM_CB} sale_settled`, schema: 'S2sApmCallback', mutate: (v) => { v.custom_data = { cart: { ref: 7 } }; }, want: { path: 'custom_data', rule: 'anyOf' } },
  { rule: 'S2S APM result includes INIT (crypto)', example: `${APM_CB} sale_settled`, schema: 'S2sApmCallback', mutate: (v) => { v.result = 'INIT'; }, want: 'valid' },
  { rule: 'S2S APM result is a known outcome', example: `${APM_CB} sale_declined`, schema: 'S2sApmCallback', mutate: (v) => { v.result = 'RJCT'; }, want: { path: 'result', rule: 'enum' } },
  // Return to success_url / cancel_url
  { rule: 'the return always carries payment_id, trans_id, order_id, hash', example: 'webhook paymentReturn query success', schema: 'RedirectReturnQuery', mutate: (v) => { delete v.trans_id; }, want: { path: 'trans_id', rule: 'required' } },
  { rule: 'payment_method and brand are optional on the return', example: 'webhook paymentReturn query success', schema: 'RedirectReturnQuery', mutate: (v) => { delete v.payment_method; delete v.brand; }, want: 'valid' },
];

const styleOf = (schema: string) => (/Callback$|ReturnQuery$/.test(schema) ? 'form' : 'json');

describe('Checkout and callback rules', () => {
  it('has a row for every stated rule', () => {
    expect(rows.length).toBeGreaterThanOrEqual(25);
  });

  it.each(rows.map((row) => [row.rule, row] as const))('%s', (_rule, row) => {
    const base = examples.get(row.example);
    expect(base, `no example ${row.example}`).toBeDefined();
    expect(base!.schemaName).toBe(row.schema);
    const validate = generatedValidator(row.schema);
    expect(validate(base!.value, styleOf(row.schema)).ok, 'the base example is valid').toBe(true);
    const value = structuredClone(base!.value) as Json;
    row.mutate(value);
    const result = validate(value, styleOf(row.schema));
    if (row.want === 'valid') {
      expect(result.ok ? [] : result.issues).toEqual([]);
    } else {
      expect(result.ok).toBe(false);
      expect(result.ok ? [] : result.issues).toContainEqual(expect.objectContaining(row.want));
    }
  });
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
