// The stated rules of the S2S CARD surface, each naming the rows that prove it: a spec example (by
// id), one change, the schema to validate with, and the issue wanted ({ path, rule } on the wire
// path) or `valid`. No issue message may repeat card data from the input.
import { describe, expect, it } from 'vitest';
import { computeSignature, type SignatureRecipe } from '../../generated/client/src/runtime/signature.js';
import { collectExamples } from '../support/spec-examples.js';
import { describeRuleTable, type Json as Body, type RuleTable } from './rule-table.js';

const examples = new Map(collectExamples().map((example) => [example.id, example.value]));

function example(key: string): Body {
  const id = `POST /post request ${key}`;
  const value = examples.get(id);
  if (value === undefined) throw new Error(`No spec example ${id}`);
  return structuredClone(value) as Body;
}

const long = (length: number) => 'x'.repeat(length);

const table: RuleTable = {
  // Card fields (document: exp month 2 digits, year 4 digits; card number and CVV: no format given,
  // so a safety cap only).
  'card_number has no stated format': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.card_number = '4111 1111 1111 1111'; } }, want: 'valid' }],
  // Issue 37 (1): the document says only "Card number."; the Luhn check digit is a warning (no
  // network issues a failing number, so it is mistyped), never a refusal. The facts' Checkout test
  // number 1111 2222 3333 4444 in fact passes it.
  'a card number failing the Luhn check digit is a warning, and it is sent': [
    { given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.card_number = '4111111111111112'; } }, want: { warning: { path: 'card_number', rule: 'luhn', message: 'mistyped' } } },
    { given: { example: 'SALE_card', schema: 'PostRequest', change: (v) => { v.card_number = '4111111111111112'; } }, want: { warning: { path: 'card_number', rule: 'luhn' } } },
    { given: { example: 'CARD2CARD', schema: 'Card2CardRequest', change: (v) => { v.payee_card_number = '5555555555554445'; } }, want: { warning: { path: 'payee_card_number', rule: 'luhn' } } },
    { given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.card_number = '1111222233334444'; } }, want: 'valid' },
  ],
  'card_exp_month is two digits': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.card_exp_month = '1'; } }, want: { path: 'card_exp_month', rule: 'pattern' } }],
  'card_exp_month is 01-12': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.card_exp_month = '13'; } }, want: { path: 'card_exp_month', rule: 'pattern' } }],
  'card_exp_year is four digits': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.card_exp_year = '38'; } }, want: { path: 'card_exp_year', rule: 'pattern' } }],
  'card_cvv2 has no stated format': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.card_cvv2 = '12'; } }, want: 'valid' }],
  'payer_country has no stated format': [
    { given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.payer_country = 'us'; } }, want: 'valid' },
    { given: { example: 'SALE_card', schema: 'PostRequest', change: (v) => { v.payer_country = 'GBR'; } }, want: 'valid' },
  ],
  // Issue 37 (quote 1): "Currency code." names no shape; a code that is not three capitals is a warning.
  'order_currency that is not three capital letters is a warning': [
    { given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.order_currency = 'usd'; } }, want: { warning: { path: 'order_currency', rule: 'pattern', message: 'currency code' } } },
    { given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.order_currency = '840'; } }, want: { warning: { path: 'order_currency', rule: 'pattern' } } },
  ],
  // Issue 37 (quote 2): `Y` or `N` is stated for the APM `auth` only; on the card flags another
  // value is a warning.
  'card auth, recurring_init and req_token other than Y or N are warnings': [
    { given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.auth = 'y'; } }, want: { warning: { path: 'auth', rule: 'enum' } } },
    { given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.recurring_init = 'true'; } }, want: { warning: { path: 'recurring_init', rule: 'enum' } } },
    { given: { example: 'DEBIT', schema: 'DebitRequest', change: (v) => { v.req_token = '1'; } }, want: { warning: { path: 'req_token', rule: 'enum' } } },
  ],
  // Issue 37 (missing 1): `return_url` is a common field ("sometimes"), declared on the card payments.
  'return_url is a field of the card payments': [
    { given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.return_url = 'https://merchant.example/back'; } }, want: 'valid' },
    { given: { example: 'DEBIT', schema: 'DebitRequest', change: (v) => { v.return_url = 'https://merchant.example/back'; } }, want: 'valid' },
    { given: { example: 'CARD2CARD', schema: 'Card2CardRequest', change: (v) => { v.return_url = 'https://merchant.example/back'; } }, want: 'valid' },
  ],
  // No source forbids `brand` on AUTH (the client still names a field the request does not define).
  'AUTH refuses no brand': [{ given: { example: 'AUTH', schema: 'AuthRequest', change: (v) => { v.brand = 'vcard'; } }, want: 'valid' }],
  'payer_present values are not defined': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.payer_present = 'cardholder-present-ecom'; } }, want: 'valid' }],
  'digital_wallet is a value agreed with the operator': [{ given: { example: 'SALE_card_wallet', schema: 'SaleCardRequest', change: (v) => { v.digital_wallet = 'device-wallet-merchant-specific-value'; } }, want: 'valid' }],
  'card data needs all four card fields': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { delete v.card_exp_year; } }, want: { path: 'card_exp_year', rule: 'required' } }],
  'the whole body is checked through PostRequest too': [{ given: { example: 'SALE_card', schema: 'PostRequest', change: (v) => { v.card_exp_month = '00'; } }, want: { path: 'card_exp_month', rule: 'pattern' } }],
  'an unknown action is refused': [{ given: { example: 'SALE_card', schema: 'PostRequest', change: (v) => { v.action = 'PURCHASE'; } }, want: { path: 'action', rule: 'discriminator' } }],
  // Wallet token: the four card fields must be absent.
  'a wallet token excludes card_number': [{ given: { example: 'SALE_card_wallet', schema: 'SaleCardRequest', change: (v) => { v.card_number = '4111111111111111'; } }, want: { path: 'card_number', rule: 'false' } }],
  'a wallet token excludes card_cvv2': [{ given: { example: 'SALE_card_wallet', schema: 'SaleCardRequest', change: (v) => { v.card_cvv2 = '123'; } }, want: { path: 'card_cvv2', rule: 'false' } }],
  'digital_wallet needs payment_token': [{ given: { example: 'SALE_card_wallet', schema: 'SaleCardRequest', change: (v) => { delete v.payment_token; } }, want: { path: 'payment_token', rule: 'required' } }],
  // Card token (facts F1). Issue 37 (2, 3): the document forbids only the card fields beside a
  // wallet token; a card_token beside card data or a wallet token is a warning (which one the
  // platform uses is not documented), not a refusal.
  'card_token sent with card data is a warning': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.card_token = 'a'.repeat(64); } }, want: { warning: { path: 'card_token', rule: 'false', message: 'signed over the card token' } } }],
  'card_token sent with a wallet token is a warning': [{ given: { example: 'SALE_card_wallet', schema: 'SaleCardRequest', change: (v) => { v.card_token = 'a'.repeat(64); } }, want: { warning: { path: 'card_token', rule: 'false', message: 'signed as a wallet payment' } } }],
  'card_token excludes the wallet': [{ given: { example: 'SALE_card_token', schema: 'SaleCardRequest', change: (v) => { v.digital_wallet = 'googlepay'; } }, want: { path: 'digital_wallet', rule: 'false' } }],
  'a card token needs no card_cvv2': [{ given: { example: 'SALE_card_token', schema: 'SaleCardRequest', change: (v) => { delete v.card_cvv2; } }, want: 'valid' }],
  // mpi_data.
  'mpi_data needs eci': [{ given: { example: 'SALE_card_mpi', schema: 'SaleCardRequest', change: (v) => { delete v.mpi_data.eci; } }, want: { path: 'mpi_data[eci]', rule: 'required' } }],
  'mpi_data needs authentication_value': [{ given: { example: 'SALE_card_mpi', schema: 'SaleCardRequest', change: (v) => { delete v.mpi_data.authentication_value; } }, want: { path: 'mpi_data[authentication_value]', rule: 'required' } }],
  'mpi_data needs ds_trans_id': [{ given: { example: 'SALE_card_mpi', schema: 'SaleCardRequest', change: (v) => { delete v.mpi_data.ds_trans_id; } }, want: { path: 'mpi_data[ds_trans_id]', rule: 'required' } }],
  'mpi_data needs 3ds_version': [{ given: { example: 'SALE_card_mpi', schema: 'PostRequest', change: (v) => { delete v.mpi_data['3ds_version']; } }, want: { path: 'mpi_data[3ds_version]', rule: 'required' } }],
  // Document: the values go to the acquirer unchanged, no format given.
  'mpi_data values pass unchanged': [
    { given: { example: 'SALE_card_mpi', schema: 'SaleCardRequest', change: (v) => { v.mpi_data.eci = '5'; } }, want: 'valid' },
    { given: { example: 'SALE_card_mpi', schema: 'SaleCardRequest', change: (v) => { v.mpi_data.ds_trans_id = 'f25084f0-5b16-4c0a-ae5d-b24808a95e4bX'; v.mpi_data['3ds_version'] = '2.2.0.1'; v.mpi_data.trans_status = 'y'; } }, want: 'valid' },
    { given: { example: 'SALE_card_mpi', schema: 'SaleCardRequest', change: (v) => { v.mpi_data.authentication_value = 'A'.repeat(80); v.mpi_data.xid = 'X'.repeat(80); } }, want: 'valid' },
  ],
  'mpi_data trans_status and xid are optional': [{ given: { example: 'SALE_card_mpi', schema: 'SaleCardRequest', change: (v) => { v.mpi_data.trans_status = 'Y'; v.mpi_data.xid = 'MDAwMDAwMDAwMDAwMDAwMDAwMDE='; } }, want: 'valid' }],
  'mpi_data is not accepted with auth=Y': [{ given: { example: 'SALE_card_mpi', schema: 'SaleCardRequest', change: (v) => { v.auth = 'Y'; } }, want: { path: 'mpi_data', rule: 'false' } }],
  'mpi_data is accepted with recurring_init=Y and auth=N': [{ given: { example: 'SALE_card_mpi', schema: 'SaleCardRequest', change: (v) => { v.auth = 'N'; } }, want: 'valid' }],
  // Schedules on SALE.
  'schedule_start_date needs schedule_id': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { delete v.schedule_id; } }, want: { path: 'schedule_id', rule: 'dependentRequired' } }],
  'payment_schedule_amount needs schedule_id': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.payment_schedule_amount = '5.00'; } }, want: { path: 'schedule_id', rule: 'dependentRequired' } }],
  'schedule_start_date is a date': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.schedule_start_date = '2026-02-30'; } }, want: { path: 'schedule_start_date', rule: 'format' } }],
  // Zero amount.
  'a plain sale with a zero amount is rejected': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.order_amount = '0.00'; } }, want: { path: 'order_amount', rule: 'not', message: 'greater than 0' } }],
  'a zero amount is allowed with auth=Y': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.order_amount = '0.00'; v.auth = 'Y'; } }, want: 'valid' }],
  'a zero amount is allowed with recurring_init=Y': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.order_amount = '0'; v.recurring_init = 'Y'; } }, want: 'valid' }],
  'a zero-amount DEBIT without recurring_init is rejected': [{ given: { example: 'DEBIT', schema: 'DebitRequest', change: (v) => { v.order_amount = '0.00'; } }, want: { path: 'order_amount', rule: 'not' } }],
  // Document, Limits: zero only on SALE-like charges with auth=Y or recurring_init=Y; a payout never.
  'a zero-amount CREDIT2CARD is rejected, even with recurring_init=Y': [
    { given: { example: 'CREDIT2CARD', schema: 'Credit2CardRequest', change: (v) => { v.order_amount = '0.00'; v.recurring_init = 'Y'; } }, want: { path: 'order_amount', rule: 'not', message: 'greater than 0' } },
  ],
  'AUTH accepts a zero amount': [{ given: { example: 'AUTH', schema: 'AuthRequest', change: (v) => { v.order_amount = '0'; } }, want: 'valid' }],
  'amounts are decimal strings': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.order_amount = '1,99'; } }, want: { path: 'order_amount', rule: 'pattern' } }],
  'zero-exponent currencies send whole amounts': [{ given: { example: 'CREDIT2CARD_nsp', schema: 'Credit2CardRequest', change: (v) => { v.order_amount = '1500'; v.order_currency = 'XAF'; } }, want: 'valid' }],
  // AUTH: a SALE without mpi_data; the document does not forbid `auth` on it (issue 23).
  'AUTH accepts auth': [
    { given: { example: 'AUTH', schema: 'AuthRequest', change: (v) => { v.auth = 'Y'; } }, want: 'valid' },
    { given: { example: 'AUTH', schema: 'PostRequest', change: (v) => { v.auth = 'N'; } }, want: 'valid' },
  ],
  'AUTH takes no mpi_data': [{ given: { example: 'AUTH', schema: 'AuthRequest', change: (v) => { v.mpi_data = { eci: '05', authentication_value: 'AAAB', ds_trans_id: '9a1d2f1e-5b4c-4e38-9d0f-0c1b2a3d4e5f', '3ds_version': '2.2.0' }; } }, want: { path: 'mpi_data', rule: 'false' } }],
  'AUTH needs term_url_3ds': [{ given: { example: 'AUTH', schema: 'PostRequest', change: (v) => { delete v.term_url_3ds; } }, want: { path: 'term_url_3ds', rule: 'required' } }],
  // Common S2S fields.
  'payer_phone_country_code is at most 10 characters': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.payer_phone_country_code = '12345678901'; } }, want: { path: 'payer_phone_country_code', rule: 'maxLength' } }],
  'payer_phone_country_code is digits': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.payer_phone_country_code = '+52'; } }, want: { path: 'payer_phone_country_code', rule: 'pattern' } }],
  'payer_phone_country_code allows a hyphen': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.payer_phone_country_code = '1-684'; } }, want: 'valid' }],
  // Document, Limits: "Case-insensitive and not validated. An unlisted code falls back to English."
  'payer_language is not validated': [
    { given: { example: 'SALE_card_token', schema: 'SaleCardRequest', change: (v) => { v.payer_language = 'eng'; } }, want: 'valid' },
    { given: { example: 'SALE_card_token', schema: 'SaleCardRequest', change: (v) => { v.payer_language = 'zh-Hant'; } }, want: 'valid' },
  ],
  'payer_language is not validated against the list': [{ given: { example: 'SALE_card_token', schema: 'SaleCardRequest', change: (v) => { v.payer_language = 'zh-TW'; } }, want: 'valid' }],
  'payer_state outside CA, US, JP, AU, IN is not validated': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { v.payer_country = 'DE'; v.payer_state = 'Bavaria'; } }, want: 'valid' }],
  'payer_ip is required on SALE': [{ given: { example: 'SALE_card', schema: 'SaleCardRequest', change: (v) => { delete v.payer_ip; } }, want: { path: 'payer_ip', rule: 'required' } }],
  'channel_id has a generous safety cap only': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.channel_id = long(17); } }, want: 'valid' }],
  'custom_data is opaque': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.custom_data = { any: { nested: ['a', 'b'] } }; } }, want: 'valid' }],
  // APC (S2S table lengths).
  'APC item name is at most 255': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].name = long(256); } }, want: { path: 'parameters[cart][items][0][name]', rule: 'maxLength' } }],
  'APC item quantityUnit is M, CM, KG, G or COUNT': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].quantityUnit = 'LB'; } }, want: { path: 'parameters[cart][items][0][quantityUnit]', rule: 'enum' } }],
  'APC item quantity is at most 5 characters': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].quantity = '100000'; } }, want: { path: 'parameters[cart][items][0][quantity]', rule: 'maxLength' } }],
  // Document: "| cart item | `currency` | 3 | Conditional |": a length, no case (issue 23).
  'APC item currency is at most 3 characters, either case': [
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].currency = 'mxn'; } }, want: 'valid' },
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].currency = 'MXNN'; } }, want: { path: 'parameters[cart][items][0][currency]', rule: 'maxLength' } },
  ],
  'APC cart payment currency takes either case': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.payments[0].currency = 'usd'; } }, want: 'valid' }],
  'APC item description is at most 2048': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].description = long(2049); } }, want: { path: 'parameters[cart][items][0][description]', rule: 'maxLength' } }],
  'APC item price is at most 13': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].price = '12345678901.00'; } }, want: { path: 'parameters[cart][items][0][price]', rule: 'maxLength' } }],
  'APC item tax is at most 13 (S2S table)': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].tax = long(14); } }, want: { path: 'parameters[cart][items][0][tax]', rule: 'maxLength' } }],
  'APC item tax accepts 13 on S2S (Checkout says 6)': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].tax = '1234567890.00'; } }, want: 'valid' }],
  'APC item shipping is at most 12 (S2S table)': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].shipping = '1234567890.00'; } }, want: { path: 'parameters[cart][items][0][shipping]', rule: 'maxLength' } }],
  'APC item productUrl is a URL': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].productUrl = 'not a url'; } }, want: { path: 'parameters[cart][items][0][productUrl]', rule: 'format' } }],
  'APC item commodityCode is at most 8': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].commodityCode = long(9); } }, want: { path: 'parameters[cart][items][0][commodityCode]', rule: 'maxLength' } }],
  'APC recipient firstName is at most 48': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].recipient.firstName = long(49); } }, want: { path: 'parameters[cart][items][0][recipient][firstName]', rule: 'maxLength' } }],
  'APC recipient country is at most 5 (S2S table)': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].recipient.country = 'MEXICO'; } }, want: { path: 'parameters[cart][items][0][recipient][country]', rule: 'maxLength' } }],
  'APC shipping type is shipment or return': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.shipping.type = 'pickup'; } }, want: { path: 'parameters[shipping][type]', rule: 'enum' } }],
  'APC shipping country is ISO alpha-2': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.shipping.country = 'MEX'; } }, want: { path: 'parameters[shipping][country]', rule: 'pattern' } }],
  'APC shipping cost is at most 16 (S2S table)': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.shipping.cost = '12345678901234.00'; } }, want: { path: 'parameters[shipping][cost]', rule: 'maxLength' } }],
  'APC shipping cost accepts 16 on S2S (Checkout says 13)': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.shipping.cost = '1234567890123.00'; } }, want: 'valid' }],
  // Issue 37 (permission 3): the document's dotted names (`parameters[shipping.street1]`) have the
  // limits of the fields they spell.
  'APC dotted names have the limits of the fields they spell': [
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters['shipping.street1'] = long(150); } }, want: { path: 'parameters[shipping.street1]', rule: 'maxLength', message: '100' } },
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters['shipping.street1'] = long(100); v.parameters['shipping.type'] = 'return'; } }, want: 'valid' },
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters['cart.items.0.recipient.firstName'] = long(49); } }, want: { path: 'parameters[cart.items.0.recipient.firstName]', rule: 'maxLength' } },
  ],
  'APC shipping comment is at most 160': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.shipping.comment = long(161); } }, want: { path: 'parameters[shipping][comment]', rule: 'maxLength' } }],
  'APC cart payment type is GIFTCARD or PROMOTION': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.payments[0].type = 'VOUCHER'; } }, want: { path: 'parameters[cart][payments][0][type]', rule: 'enum' } }],
  'APC cart payment status is pending, authorized or captured': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.payments[0].status = 'settled'; } }, want: { path: 'parameters[cart][payments][0][status]', rule: 'enum' } }],
  'APC cart payment amount is N10.N2': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.payments[0].amount = '1.001'; } }, want: { path: 'parameters[cart][payments][0][amount]', rule: 'pattern' } }],
  // Document: "| cart payment | `primary` | boolean | Optional |": no text form is given for a form body.
  'APC cart payment primary is a boolean, its form text passed on': [
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.payments[0].primary = 'yes'; } }, want: 'valid' },
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.payments[0].primary = 3; } }, want: { path: 'parameters[cart][payments][0][primary]', rule: 'anyOf' } },
  ],
  // Document: "| marketplace seller | `amount` | 13 | Optional |": a length only (issue 23).
  'APC marketplace seller amount has no stated decimals': [
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.marketPlace.sellers[0].amount = '10.12345'; } }, want: 'valid' },
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.marketPlace.sellers[0].amount = '12345678901.123'; } }, want: { path: 'parameters[marketPlace][sellers][0][amount]', rule: 'maxLength' } },
  ],
  'APC item price has no stated decimals': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].price = '9.99999'; } }, want: 'valid' }],
  // BNG, FCP, LBP, TWD (SALE).
  'BNG bnrg_installm_months is two digits': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.bnrg_installm_months = '3'; } }, want: { path: 'parameters[bnrg_installm_months]', rule: 'pattern' } }],
  'BNG bnrg_installm_def is 00 or 01': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.bnrg_installm_def = '02'; } }, want: { path: 'parameters[bnrg_installm_def]', rule: 'enum' } }],
  'BNG bnrg_installm_plan is 03, 05 or 07': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.bnrg_installm_plan = '3'; } }, want: { path: 'parameters[bnrg_installm_plan]', rule: 'enum' } }],
  'BNG needs all three fields once used': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { delete v.parameters.bnrg_installm_plan; } }, want: { path: 'parameters[bnrg_installm_plan]', rule: 'dependentRequired' } }],
  'FCP document_type is cpf': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { Object.assign(v.parameters, { document_type: 'rg', document_number: '231.002.999-00', social_name: 'Harry Potter', fiscal_country: 'BR' }); } }, want: { path: 'parameters[document_type]', rule: 'enum' } }],
  'FCP needs its four fields once used': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.document_type = 'cpf'; } }, want: { path: 'parameters[fiscal_country]', rule: 'dependentRequired' } }],
  'FCP fiscal_country is alpha-2': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { Object.assign(v.parameters, { document_type: 'cpf', document_number: '231.002.999-00', social_name: 'Harry Potter', fiscal_country: 'BRA' }); } }, want: { path: 'parameters[fiscal_country]', rule: 'pattern' } }],
  'LBP descriptor is at most 20': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.descriptor = long(21); } }, want: { path: 'parameters[descriptor]', rule: 'maxLength' } }],
  'TWD shipping_postcode is at most 9 digits': [{ given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.shipping_postcode = '12345678A'; } }, want: { path: 'parameters[shipping_postcode]', rule: 'pattern' } }],
  // Document, TWD set: shipping_country is a "3-character code".
  'TWD shipping_country is a 3-character code': [
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.shipping_country = 'USA'; } }, want: 'valid' },
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.shipping_country = 'US'; } }, want: { path: 'parameters[shipping_country]', rule: 'minLength' } },
  ],
  // ERS, PWD, NSP (CREDIT2CARD) and ERS (DEBIT).
  'ERS payer_account_number is needed once the set is used': [{ given: { example: 'CREDIT2CARD', schema: 'Credit2CardRequest', change: (v) => { delete v.parameters.payer_account_number; } }, want: { path: 'parameters[payer_account_number]', rule: 'dependentRequired' } }],
  'ERS on DEBIT takes free-text identity fields': [{ given: { example: 'DEBIT', schema: 'DebitRequest', change: (v) => { v.parameters.payee_identity_exp_date = 'April 2031'; } }, want: 'valid' }],
  'ERS identity fields are bounded': [{ given: { example: 'DEBIT', schema: 'DebitRequest', change: (v) => { v.parameters.payer_nationality = long(256); } }, want: { path: 'parameters[payer_nationality]', rule: 'maxLength' } }],
  'PWD needs both expiry fields': [{ given: { example: 'CREDIT2CARD', schema: 'Credit2CardRequest', change: (v) => { delete v.parameters.card_exp_year; } }, want: { path: 'parameters[card_exp_year]', rule: 'dependentRequired' } }],
  'PWD card_exp_month is two digits': [{ given: { example: 'CREDIT2CARD', schema: 'Credit2CardRequest', change: (v) => { v.parameters.card_exp_month = '7'; } }, want: { path: 'parameters[card_exp_month]', rule: 'pattern' } }],
  'NSP expiry is MM/YYYY': [{ given: { example: 'CREDIT2CARD_nsp', schema: 'Credit2CardRequest', change: (v) => { v.parameters.expiry = '2030/11'; } }, want: { path: 'parameters[expiry]', rule: 'pattern' } }],
  'NSP expiry month is 01-12': [{ given: { example: 'CREDIT2CARD_nsp', schema: 'Credit2CardRequest', change: (v) => { v.parameters.expiry = '13/2030'; } }, want: { path: 'parameters[expiry]', rule: 'pattern' } }],
  // No source forbids both; the recipe signs over the token.
  'CREDIT2CARD with card_number and card_token is a warning': [{ given: { example: 'CREDIT2CARD', schema: 'Credit2CardRequest', change: (v) => { v.card_token = 'a'.repeat(64); } }, want: { warning: { path: 'card_token', rule: 'false' } } }],
  'CREDIT2CARD needs a card': [{ given: { example: 'CREDIT2CARD', schema: 'Credit2CardRequest', change: (v) => { delete v.card_number; } }, want: { path: 'card_number', rule: 'required' } }],
  'CREDIT2CARD accepts a card_token instead': [{ given: { example: 'CREDIT2CARD', schema: 'Credit2CardRequest', change: (v) => { delete v.card_number; v.card_token = 'a'.repeat(64); } }, want: 'valid' }],
  // PRC and payee card (CARD2CARD).
  'PRC payer_identity_type is 1-8': [{ given: { example: 'CARD2CARD', schema: 'Card2CardRequest', change: (v) => { v.parameters.payer_identity_type = '9'; } }, want: { path: 'parameters[payer_identity_type]', rule: 'enum' } }],
  'PRC payer_type is 0-3': [{ given: { example: 'CARD2CARD', schema: 'Card2CardRequest', change: (v) => { v.parameters.payer_type = '4'; } }, want: { path: 'parameters[payer_type]', rule: 'enum' } }],
  'CARD2CARD needs payee_card_number': [{ given: { example: 'CARD2CARD', schema: 'Card2CardRequest', change: (v) => { delete v.payee_card_number; } }, want: { path: 'payee_card_number', rule: 'required' } }],
  'payee_card_number has no stated format': [{ given: { example: 'CARD2CARD', schema: 'PostRequest', change: (v) => { v.payee_card_number = '4111 1111 1111 1111'; } }, want: 'valid' }],
  'CARD2CARD needs the payer card': [{ given: { example: 'CARD2CARD', schema: 'Card2CardRequest', change: (v) => { delete v.card_cvv2; } }, want: { path: 'card_cvv2', rule: 'required' } }],
  // Issue 23: CARD2CARD is "Like SALE, plus `payee_card_number` and payee fields", and SALE takes a card token.
  'CARD2CARD accepts a card_token instead of the card data': [
    { given: { example: 'CARD2CARD', schema: 'PostRequest', change: (v) => { delete v.card_number; delete v.card_cvv2; v.card_token = 'f5d6a0ab6fcfb6487a39e2256e50fff3'; } }, want: 'valid' },
    { given: { example: 'CARD2CARD', schema: 'Card2CardRequest', change: (v) => { v.card_token = 'f5d6a0ab6fcfb6487a39e2256e50fff3'; } }, want: { warning: { path: 'card_token', rule: 'false' } } },
  ],
  // Issue 23: birth dates have no stated format (the ERS sample sends 21.09.1990).
  'payer_birth_date accepts 21.09.1990': [{ given: { example: 'CARD2CARD', schema: 'PostRequest', change: (v) => { v.payer_birth_date = '21.09.1990'; } }, want: 'valid' }],
  'payee_birth_date accepts 21.09.1990': [{ given: { example: 'CARD2CARD', schema: 'PostRequest', change: (v) => { v.payee_birth_date = '21.09.1990'; } }, want: 'valid' }],
  // Issue 23: FCP `fiscal_country` is "alpha-2", no case.
  'FCP fiscal_country takes either case': [
    { given: { example: 'SALE_card_parameters', schema: 'PostRequest', change: (v) => { v.parameters.document_type = 'cpf'; v.parameters.document_number = '231.002.999-00'; v.parameters.social_name = 'Ana'; v.parameters.fiscal_country = 'br'; } }, want: 'valid' },
    { given: { example: 'SALE_card_parameters', schema: 'PostRequest', change: (v) => { v.parameters.document_type = 'cpf'; v.parameters.document_number = '231.002.999-00'; v.parameters.social_name = 'Ana'; v.parameters.fiscal_country = 'BRA'; } }, want: { path: 'parameters[fiscal_country]', rule: 'maxLength' } },
  ],
  // Issue 23: the S2S table gives 12 for item shipping and totalDiscountAmount (Checkout: N10.N2).
  'APC item totalDiscountAmount is at most 12 on S2S': [
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].totalDiscountAmount = '123456789.00'; } }, want: 'valid' },
    { given: { example: 'SALE_card_parameters', schema: 'SaleCardRequest', change: (v) => { v.parameters.cart.items[0].totalDiscountAmount = '1234567890.00'; } }, want: { path: 'parameters[cart][items][0][totalDiscountAmount]', rule: 'maxLength' } },
  ],
  // Schedules.
  'delays is rejected on CREATE_SCHEDULE': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.delays = '1'; } }, want: { path: 'delays', rule: 'not', message: 'Parameter is deprecated.' } }],
  'delays is rejected on UPDATE_SCHEDULE': [{ given: { example: 'UPDATE_SCHEDULE', schema: 'PostRequest', change: (v) => { v.delays = '0'; } }, want: { path: 'delays', rule: 'not', message: 'Parameter is deprecated.' } }],
  'delay_by_interval needs first_payment_interval_length': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.delayed_first_payment = 'delay_by_interval'; v.first_payment_interval_unit = 'day'; } }, want: { path: 'first_payment_interval_length', rule: 'required' } }],
  'delay_by_interval needs first_payment_interval_unit': [{ given: { example: 'UPDATE_SCHEDULE', schema: 'UpdateScheduleRequest', change: (v) => { delete v.first_payment_interval_unit; } }, want: { path: 'first_payment_interval_unit', rule: 'required' } }],
  'day_of_week needs first_payment_day_of_week': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { delete v.first_payment_day_of_week; } }, want: { path: 'first_payment_day_of_week', rule: 'required' } }],
  'day_of_month needs first_payment_day_of_month': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.delayed_first_payment = 'day_of_month'; } }, want: { path: 'first_payment_day_of_month', rule: 'required' } }],
  'none needs no first_payment parameter': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.delayed_first_payment = 'none'; delete v.first_payment_day_of_week; } }, want: 'valid' }],
  'delayed_first_payment has four variants': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.delayed_first_payment = 'day_of_year'; } }, want: { path: 'delayed_first_payment', rule: 'enum' } }],
  // Issue 37 (quotes 5, 6): no source gives these fields a shape, so a day or a count that is no
  // whole number is a warning.
  'first_payment_day_of_month out of 1-31 is a warning': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.delayed_first_payment = 'day_of_month'; v.first_payment_day_of_month = '32'; } }, want: { warning: { path: 'first_payment_day_of_month', rule: 'pattern', message: 'day of the month' } } }],
  'day_of_month out of 1-31 is a warning': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.day_of_month = '0'; } }, want: { warning: { path: 'day_of_month', rule: 'pattern' } } }],
  'interval_length of 0 is a warning': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.interval_length = '0'; } }, want: { warning: { path: 'interval_length', rule: 'pattern' } } }],
  'payments_count that is no whole number is a warning': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.payments_count = 'twelve'; } }, want: { warning: { path: 'payments_count', rule: 'pattern', message: 'whole number' } } }],
  'interval_unit is day or month': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.interval_unit = 'week'; } }, want: { path: 'interval_unit', rule: 'enum' } }],
  // Issue 37 (4): neither source ties day_of_month to interval_unit.
  'day_of_month is accepted with interval_unit=day': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { v.interval_unit = 'day'; } }, want: 'valid' }],
  // Issue 37 (5): the document gives first_payment_interval_unit no values: `week` is a warning.
  'first_payment_interval_unit other than day or month is a warning': [{ given: { example: 'UPDATE_SCHEDULE', schema: 'UpdateScheduleRequest', change: (v) => { v.first_payment_interval_unit = 'week'; } }, want: { warning: { path: 'first_payment_interval_unit', rule: 'enum' } } }],
  // Issue 37 (quote 4): "Schedule creation also uses `interval_length` and `interval_unit`" states no
  // need (issue 23: `name` and `payments_count` come from the vendor's table only).
  'CREATE_SCHEDULE takes interval_length and interval_unit as optional': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { delete v.interval_length; delete v.interval_unit; delete v.day_of_month; } }, want: 'valid' }],
  'CREATE_SCHEDULE takes payments_count and name as optional': [{ given: { example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', change: (v) => { delete v.payments_count; delete v.name; } }, want: 'valid' }],
  'UPDATE_SCHEDULE changes only what is sent': [{ given: { example: 'UPDATE_SCHEDULE', schema: 'UpdateScheduleRequest', change: (v) => { for (const key of ['delayed_first_payment', 'first_payment_interval_length', 'first_payment_interval_unit']) delete v[key]; v.payments_count = '6'; } }, want: 'valid' }],
  'UPDATE_SCHEDULE needs schedule_id': [{ given: { example: 'UPDATE_SCHEDULE', schema: 'UpdateScheduleRequest', change: (v) => { delete v.schedule_id; } }, want: { path: 'schedule_id', rule: 'required' } }],
  // The document names DESCHEDULE only; `recurring_token` is the vendor's (issue 23: not required).
  'DESCHEDULE needs the schedule_id, not the recurring_token': [
    { given: { example: 'DESCHEDULE', schema: 'DescheduleRequest', change: (v) => { delete v.recurring_token; } }, want: 'valid' },
    { given: { example: 'DESCHEDULE', schema: 'DescheduleRequest', change: (v) => { delete v.schedule_id; } }, want: { path: 'schedule_id', rule: 'required' } },
  ],
  // Recurring charges, lookups and follow-ups.
  'RECURRING_SALE needs the initiating transaction': [{ given: { example: 'RECURRING_SALE', schema: 'RecurringSaleRequest', change: (v) => { delete v.recurring_first_trans_id; } }, want: { path: '', rule: 'anyOf' } }],
  'RECURRING_SALE accepts the document name recurring_init_trans_id': [{ given: { example: 'RECURRING_SALE', schema: 'RecurringSaleRequest', change: (v) => { v.recurring_init_trans_id = v.recurring_first_trans_id; delete v.recurring_first_trans_id; } }, want: 'valid' }],
  'RECURRING_SALE needs recurring_token': [{ given: { example: 'RECURRING_SALE', schema: 'PostRequest', change: (v) => { delete v.recurring_token; } }, want: { path: 'recurring_token', rule: 'required' } }],
  // No source forbids `auth` on RECURRING_DEBIT: the validator refuses nothing (the client still
  // names a field the request does not define, by its name).
  'RECURRING_DEBIT refuses no auth': [{ given: { example: 'RECURRING_DEBIT', schema: 'RecurringDebitRequest', change: (v) => { v.auth = 'Y'; } }, want: 'valid' }],
  // Issue 37 (permission 2): the common-fields table marks `order_currency` "yes".
  'RECURRING_SALE needs order_currency': [{ given: { example: 'RECURRING_SALE', schema: 'RecurringSaleRequest', change: (v) => { delete v.order_currency; } }, want: { path: 'order_currency', rule: 'required' } }],
  'RECURRING_DEBIT needs order_currency': [{ given: { example: 'RECURRING_DEBIT', schema: 'PostRequest', change: (v) => { delete v.order_currency; } }, want: { path: 'order_currency', rule: 'required' } }],
  'GET_TRANS_STATUS_BY_ORDER needs order_id': [{ given: { example: 'GET_TRANS_STATUS_BY_ORDER', schema: 'GetTransStatusByOrderRequest', change: (v) => { delete v.order_id; } }, want: { path: 'order_id', rule: 'required' } }],
  'VOID needs trans_id': [{ given: { example: 'VOID', schema: 'VoidRequest', change: (v) => { delete v.trans_id; } }, want: { path: 'trans_id', rule: 'required' } }],
  'CREDITVOID amount is a decimal string': [{ given: { example: 'CREDITVOID', schema: 'CreditvoidRequest', change: (v) => { v.amount = '1,00'; } }, want: { path: 'amount', rule: 'pattern' } }],
  'hash is hex, either case': [
    { given: { example: 'VOID', schema: 'PostRequest', change: (v) => { v.hash = String(v.hash).toUpperCase(); } }, want: 'valid' },
    { given: { example: 'VOID', schema: 'PostRequest', change: (v) => { v.hash = 'z'.repeat(32); } }, want: { path: 'hash', rule: 'pattern' } },
  ],
};

/** Card data in the mutated input that no message may repeat. */
function cardData(value: Body): string[] {
  const found: string[] = [];
  const visit = (node: unknown, key: string) => {
    if (typeof node === 'string' && /card_number|card_cvv2|card_token|account_number/.test(key) && node.length >= 4) found.push(node);
    else if (node && typeof node === 'object') for (const [child, value] of Object.entries(node)) visit(value, child);
  };
  visit(value, '');
  return found;
}

describeRuleTable('S2S CARD rules', table, {
  example: (id) => examples.get(`POST /post request ${id}`),
  style: () => 'form',
  // No issue message may repeat card data from the input.
  afterEach: (issues, value) => {
    const messages = JSON.stringify(issues);
    for (const secret of [...cardData(value), '4111111111111111', '5555555555554444', '4601541833776519']) {
      expect(messages).not.toContain(secret);
    }
  },
});

// The example hashes are real: each recomputes from its recipe with the documented password.
// Recipes that sign the original payment's e-mail and card get them as extra signing inputs.
const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const ORIGINAL = { payer_email: 'doe@example.com', card_number: '4111111111111111' };

const signed: [example: string, recipe: string, extra?: Record<string, string>][] = [
  ['SALE_card', 'SALE_CARD_SIGNATURE'],
  ['SALE_card_token', 'SALE_CARD_SIGNATURE'],
  ['SALE_card_wallet', 'SALE_CARD_SIGNATURE'],
  ['SALE_card_parameters', 'SALE_CARD_SIGNATURE'],
  ['AUTH', 'AUTH_CARD_SIGNATURE'],
  ['DEBIT', 'DEBIT_CARD_SIGNATURE'],
  ['CREDIT2CARD', 'CREDIT2CARD_CARD_SIGNATURE'],
  ['CREDIT2CARD_nsp', 'CREDIT2CARD_CARD_SIGNATURE'],
  ['CARD2CARD', 'CARD2CARD_CARD_SIGNATURE'],
  ['VOID', 'VOID_CARD_SIGNATURE'],
  ['VOID', 'VOID_APM_SIGNATURE'],
  ['CREDITVOID', 'CREDITVOID_CARD_SIGNATURE', ORIGINAL],
  ['CREDITVOID_apm', 'CREDITVOID_APM_SIGNATURE'],
  ['REFUND', 'REFUND_CARD_SIGNATURE', ORIGINAL],
  ['GET_TRANS_STATUS_BY_ORDER', 'GET_TRANS_STATUS_BY_ORDER_CARD_SIGNATURE', ORIGINAL],
  ['CREATE_SCHEDULE', 'CREATE_SCHEDULE_CARD_SIGNATURE'],
  ['UPDATE_SCHEDULE', 'UPDATE_SCHEDULE_CARD_SIGNATURE'],
  ['DELETE_SCHEDULE', 'DELETE_SCHEDULE_CARD_SIGNATURE'],
  ['SCHEDULE_INFO', 'SCHEDULE_INFO_CARD_SIGNATURE'],
  ['PAUSE_SCHEDULE', 'PAUSE_SCHEDULE_CARD_SIGNATURE'],
  ['RUN_SCHEDULE', 'RUN_SCHEDULE_CARD_SIGNATURE'],
  ['DESCHEDULE', 'DESCHEDULE_CARD_SIGNATURE'],
  ['RECURRING_SALE', 'RECURRING_SALE_CARD_SIGNATURE', ORIGINAL],
  ['RECURRING_DEBIT', 'RECURRING_DEBIT_CARD_SIGNATURE', ORIGINAL],
];

describe('S2S CARD example hashes', () => {
  it.each(signed)('%s signs with %s', async (key, recipeName, extra) => {
    // Imported here so that a broken signatures module fails these rows only, not the rule table.
    const signatures = (await import('../../generated/client/src/signatures.js')) as unknown as Record<string, SignatureRecipe | undefined>;
    const recipe = signatures[recipeName];
    expect(recipe, recipeName).toBeDefined();
    const value = example(key);
    expect(computeSignature(recipe!, { ...value, ...extra }, PASSWORD)).toBe(value.hash);
  });
});
