// The stated rules of the S2S CARD surface, one table row each: a spec example (by id), a mutation,
// the schema to validate with, and the issue wanted ({ path, rule } on the wire path). Rows without
// a wanted issue must stay valid. No issue message may repeat card data from the input.
import { describe, expect, it } from 'vitest';
import { computeSignature, type SignatureRecipe } from '../../generated/client/src/runtime/signature.js';
import { generatedValidator } from '../support/generated-validators.js';
import { collectExamples } from '../support/spec-examples.js';

type Body = Record<string, any>;

interface Row {
  readonly rule: string;
  readonly example: string;
  readonly mutate: (value: Body) => void;
  readonly schema: string;
  /** The issue wanted; absent when the mutated example must stay valid. */
  readonly want?: { readonly path: string; readonly rule: string };
  /** A text the wanted issue's message contains. */
  readonly message?: string;
}

const examples = new Map(collectExamples().map((example) => [example.id, example.value]));

function example(key: string): Body {
  const id = `POST /post request ${key}`;
  const value = examples.get(id);
  if (value === undefined) throw new Error(`No spec example ${id}`);
  return structuredClone(value) as Body;
}

const long = (length: number) => 'x'.repeat(length);

const rows: Row[] = [
  // Card fields (document: exp month 2 digits, year 4 digits).
  { rule: 'card_number is 12-19 digits', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.card_number = '4111'; }, want: { path: 'card_number', rule: 'pattern' } },
  { rule: 'card_exp_month is two digits', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.card_exp_month = '1'; }, want: { path: 'card_exp_month', rule: 'pattern' } },
  { rule: 'card_exp_month is 01-12', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.card_exp_month = '13'; }, want: { path: 'card_exp_month', rule: 'pattern' } },
  { rule: 'card_exp_year is four digits', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.card_exp_year = '38'; }, want: { path: 'card_exp_year', rule: 'pattern' } },
  { rule: 'card_cvv2 is 3-4 digits', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.card_cvv2 = '12'; }, want: { path: 'card_cvv2', rule: 'pattern' } },
  { rule: 'card data needs all four card fields', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { delete v.card_exp_year; }, want: { path: 'card_exp_year', rule: 'required' } },
  { rule: 'the whole body is checked through PostRequest too', example: 'SALE_card', schema: 'PostRequest', mutate: (v) => { v.card_exp_month = '00'; }, want: { path: 'card_exp_month', rule: 'pattern' } },
  { rule: 'an unknown action is refused', example: 'SALE_card', schema: 'PostRequest', mutate: (v) => { v.action = 'PURCHASE'; }, want: { path: 'action', rule: 'discriminator' } },
  // Wallet token: the four card fields must be absent.
  { rule: 'a wallet token excludes card_number', example: 'SALE_card_wallet', schema: 'SaleCardRequest', mutate: (v) => { v.card_number = '4111111111111111'; }, want: { path: 'card_number', rule: 'false' } },
  { rule: 'a wallet token excludes card_cvv2', example: 'SALE_card_wallet', schema: 'SaleCardRequest', mutate: (v) => { v.card_cvv2 = '123'; }, want: { path: 'card_cvv2', rule: 'false' } },
  { rule: 'digital_wallet needs payment_token', example: 'SALE_card_wallet', schema: 'SaleCardRequest', mutate: (v) => { delete v.payment_token; }, want: { path: 'payment_token', rule: 'required' } },
  // Card token (facts F1).
  { rule: 'card_token is not sent with card data', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.card_token = 'a'.repeat(64); }, want: { path: 'card_token', rule: 'false' } },
  { rule: 'card_token excludes the wallet', example: 'SALE_card_token', schema: 'SaleCardRequest', mutate: (v) => { v.digital_wallet = 'googlepay'; }, want: { path: 'digital_wallet', rule: 'false' } },
  { rule: 'a card token needs no card_cvv2', example: 'SALE_card_token', schema: 'SaleCardRequest', mutate: (v) => { delete v.card_cvv2; } },
  // mpi_data.
  { rule: 'mpi_data needs eci', example: 'SALE_card_mpi', schema: 'SaleCardRequest', mutate: (v) => { delete v.mpi_data.eci; }, want: { path: 'mpi_data[eci]', rule: 'required' } },
  { rule: 'mpi_data needs authentication_value', example: 'SALE_card_mpi', schema: 'SaleCardRequest', mutate: (v) => { delete v.mpi_data.authentication_value; }, want: { path: 'mpi_data[authentication_value]', rule: 'required' } },
  { rule: 'mpi_data needs ds_trans_id', example: 'SALE_card_mpi', schema: 'SaleCardRequest', mutate: (v) => { delete v.mpi_data.ds_trans_id; }, want: { path: 'mpi_data[ds_trans_id]', rule: 'required' } },
  { rule: 'mpi_data needs 3ds_version', example: 'SALE_card_mpi', schema: 'PostRequest', mutate: (v) => { delete v.mpi_data['3ds_version']; }, want: { path: 'mpi_data[3ds_version]', rule: 'required' } },
  { rule: 'mpi_data eci is two digits', example: 'SALE_card_mpi', schema: 'SaleCardRequest', mutate: (v) => { v.mpi_data.eci = '5'; }, want: { path: 'mpi_data[eci]', rule: 'pattern' } },
  { rule: 'mpi_data trans_status and xid are optional', example: 'SALE_card_mpi', schema: 'SaleCardRequest', mutate: (v) => { v.mpi_data.trans_status = 'Y'; v.mpi_data.xid = 'MDAwMDAwMDAwMDAwMDAwMDAwMDE='; } },
  { rule: 'mpi_data is not accepted with auth=Y', example: 'SALE_card_mpi', schema: 'SaleCardRequest', mutate: (v) => { v.auth = 'Y'; }, want: { path: 'mpi_data', rule: 'false' } },
  { rule: 'mpi_data is accepted with recurring_init=Y and auth=N', example: 'SALE_card_mpi', schema: 'SaleCardRequest', mutate: (v) => { v.auth = 'N'; } },
  // Schedules on SALE.
  { rule: 'schedule_start_date needs schedule_id', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { delete v.schedule_id; }, want: { path: 'schedule_id', rule: 'dependentRequired' } },
  { rule: 'payment_schedule_amount needs schedule_id', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.payment_schedule_amount = '5.00'; }, want: { path: 'schedule_id', rule: 'dependentRequired' } },
  { rule: 'schedule_start_date is a date', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.schedule_start_date = '2026-02-30'; }, want: { path: 'schedule_start_date', rule: 'format' } },
  // Zero amount.
  { rule: 'a plain sale with a zero amount is rejected', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.order_amount = '0.00'; }, want: { path: 'order_amount', rule: 'not' }, message: 'greater than 0' },
  { rule: 'a zero amount is allowed with auth=Y', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.order_amount = '0.00'; v.auth = 'Y'; } },
  { rule: 'a zero amount is allowed with recurring_init=Y', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.order_amount = '0'; v.recurring_init = 'Y'; } },
  { rule: 'a zero-amount DEBIT without recurring_init is rejected', example: 'DEBIT', schema: 'DebitRequest', mutate: (v) => { v.order_amount = '0.00'; }, want: { path: 'order_amount', rule: 'not' } },
  { rule: 'AUTH accepts a zero amount', example: 'AUTH', schema: 'AuthRequest', mutate: (v) => { v.order_amount = '0'; } },
  { rule: 'amounts are decimal strings', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.order_amount = '1,99'; }, want: { path: 'order_amount', rule: 'pattern' } },
  { rule: 'zero-exponent currencies send whole amounts', example: 'CREDIT2CARD_nsp', schema: 'Credit2CardRequest', mutate: (v) => { v.order_amount = '1500'; v.order_currency = 'XAF'; } },
  // AUTH (decided: SALE without auth and mpi_data).
  { rule: 'AUTH takes no auth field', example: 'AUTH', schema: 'AuthRequest', mutate: (v) => { v.auth = 'Y'; }, want: { path: 'auth', rule: 'false' } },
  { rule: 'AUTH takes no mpi_data', example: 'AUTH', schema: 'AuthRequest', mutate: (v) => { v.mpi_data = { eci: '05', authentication_value: 'AAAB', ds_trans_id: '9a1d2f1e-5b4c-4e38-9d0f-0c1b2a3d4e5f', '3ds_version': '2.2.0' }; }, want: { path: 'mpi_data', rule: 'false' } },
  { rule: 'AUTH needs term_url_3ds', example: 'AUTH', schema: 'PostRequest', mutate: (v) => { delete v.term_url_3ds; }, want: { path: 'term_url_3ds', rule: 'required' } },
  // Common S2S fields.
  { rule: 'payer_phone_country_code is at most 10 characters', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.payer_phone_country_code = '12345678901'; }, want: { path: 'payer_phone_country_code', rule: 'maxLength' } },
  { rule: 'payer_phone_country_code is digits', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.payer_phone_country_code = '+52'; }, want: { path: 'payer_phone_country_code', rule: 'pattern' } },
  { rule: 'payer_phone_country_code allows a hyphen', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.payer_phone_country_code = '1-684'; } },
  { rule: 'payer_language is a language code', example: 'SALE_card_token', schema: 'SaleCardRequest', mutate: (v) => { v.payer_language = 'english'; }, want: { path: 'payer_language', rule: 'pattern' } },
  { rule: 'payer_language is not validated against the list', example: 'SALE_card_token', schema: 'SaleCardRequest', mutate: (v) => { v.payer_language = 'zh-TW'; } },
  { rule: 'payer_state outside CA, US, JP, AU, IN is not validated', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { v.payer_country = 'DE'; v.payer_state = 'Bavaria'; } },
  { rule: 'payer_ip is required on SALE', example: 'SALE_card', schema: 'SaleCardRequest', mutate: (v) => { delete v.payer_ip; }, want: { path: 'payer_ip', rule: 'required' } },
  { rule: 'channel_id is at most 16 characters', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.channel_id = long(17); }, want: { path: 'channel_id', rule: 'maxLength' } },
  { rule: 'custom_data is opaque', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.custom_data = { any: { nested: ['a', 'b'] } }; } },
  // APC (S2S table lengths).
  { rule: 'APC item name is at most 255', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].name = long(256); }, want: { path: 'parameters[cart][items][0][name]', rule: 'maxLength' } },
  { rule: 'APC item quantityUnit is M, CM, KG, G or COUNT', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].quantityUnit = 'LB'; }, want: { path: 'parameters[cart][items][0][quantityUnit]', rule: 'enum' } },
  { rule: 'APC item quantity is at most 5 characters', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].quantity = '100000'; }, want: { path: 'parameters[cart][items][0][quantity]', rule: 'maxLength' } },
  { rule: 'APC item currency is three letters', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].currency = 'MX'; }, want: { path: 'parameters[cart][items][0][currency]', rule: 'pattern' } },
  { rule: 'APC item description is at most 2048', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].description = long(2049); }, want: { path: 'parameters[cart][items][0][description]', rule: 'maxLength' } },
  { rule: 'APC item price is at most 13', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].price = '12345678901.00'; }, want: { path: 'parameters[cart][items][0][price]', rule: 'maxLength' } },
  { rule: 'APC item tax is at most 13 (S2S table)', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].tax = long(14); }, want: { path: 'parameters[cart][items][0][tax]', rule: 'maxLength' } },
  { rule: 'APC item tax accepts 13 on S2S (Checkout says 6)', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].tax = '1234567890.00'; } },
  { rule: 'APC item shipping is at most 12 (S2S table)', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].shipping = '1234567890.00'; }, want: { path: 'parameters[cart][items][0][shipping]', rule: 'maxLength' } },
  { rule: 'APC item productUrl is a URL', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].productUrl = 'not a url'; }, want: { path: 'parameters[cart][items][0][productUrl]', rule: 'format' } },
  { rule: 'APC item commodityCode is at most 8', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].commodityCode = long(9); }, want: { path: 'parameters[cart][items][0][commodityCode]', rule: 'maxLength' } },
  { rule: 'APC recipient firstName is at most 48', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].recipient.firstName = long(49); }, want: { path: 'parameters[cart][items][0][recipient][firstName]', rule: 'maxLength' } },
  { rule: 'APC recipient country is at most 5 (S2S table)', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.items[0].recipient.country = 'MEXICO'; }, want: { path: 'parameters[cart][items][0][recipient][country]', rule: 'maxLength' } },
  { rule: 'APC shipping type is shipment or return', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.shipping.type = 'pickup'; }, want: { path: 'parameters[shipping][type]', rule: 'enum' } },
  { rule: 'APC shipping country is ISO alpha-2', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.shipping.country = 'MEX'; }, want: { path: 'parameters[shipping][country]', rule: 'pattern' } },
  { rule: 'APC shipping cost is at most 16 (S2S table)', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.shipping.cost = '12345678901234.00'; }, want: { path: 'parameters[shipping][cost]', rule: 'maxLength' } },
  { rule: 'APC shipping cost accepts 16 on S2S (Checkout says 13)', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.shipping.cost = '1234567890123.00'; } },
  { rule: 'APC shipping comment is at most 160', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.shipping.comment = long(161); }, want: { path: 'parameters[shipping][comment]', rule: 'maxLength' } },
  { rule: 'APC cart payment type is GIFTCARD or PROMOTION', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.payments[0].type = 'VOUCHER'; }, want: { path: 'parameters[cart][payments][0][type]', rule: 'enum' } },
  { rule: 'APC cart payment status is pending, authorized or captured', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.payments[0].status = 'settled'; }, want: { path: 'parameters[cart][payments][0][status]', rule: 'enum' } },
  { rule: 'APC cart payment amount is N10.N2', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.payments[0].amount = '1.001'; }, want: { path: 'parameters[cart][payments][0][amount]', rule: 'pattern' } },
  { rule: 'APC cart payment primary is a boolean', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.cart.payments[0].primary = 'yes'; }, want: { path: 'parameters[cart][payments][0][primary]', rule: 'anyOf' } },
  { rule: 'APC marketplace seller amount is a decimal', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.marketPlace.sellers[0].amount = 'ten'; }, want: { path: 'parameters[marketPlace][sellers][0][amount]', rule: 'pattern' } },
  // BNG, FCP, LBP, TWD (SALE).
  { rule: 'BNG bnrg_installm_months is two digits', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.bnrg_installm_months = '3'; }, want: { path: 'parameters[bnrg_installm_months]', rule: 'pattern' } },
  { rule: 'BNG bnrg_installm_def is 00 or 01', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.bnrg_installm_def = '02'; }, want: { path: 'parameters[bnrg_installm_def]', rule: 'enum' } },
  { rule: 'BNG bnrg_installm_plan is 03, 05 or 07', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.bnrg_installm_plan = '3'; }, want: { path: 'parameters[bnrg_installm_plan]', rule: 'enum' } },
  { rule: 'BNG needs all three fields once used', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { delete v.parameters.bnrg_installm_plan; }, want: { path: 'parameters[bnrg_installm_plan]', rule: 'dependentRequired' } },
  { rule: 'FCP document_type is cpf', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { Object.assign(v.parameters, { document_type: 'rg', document_number: '231.002.999-00', social_name: 'Harry Potter', fiscal_country: 'BR' }); }, want: { path: 'parameters[document_type]', rule: 'enum' } },
  { rule: 'FCP needs its four fields once used', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.document_type = 'cpf'; }, want: { path: 'parameters[fiscal_country]', rule: 'dependentRequired' } },
  { rule: 'FCP fiscal_country is alpha-2', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { Object.assign(v.parameters, { document_type: 'cpf', document_number: '231.002.999-00', social_name: 'Harry Potter', fiscal_country: 'BRA' }); }, want: { path: 'parameters[fiscal_country]', rule: 'pattern' } },
  { rule: 'LBP descriptor is at most 20', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.descriptor = long(21); }, want: { path: 'parameters[descriptor]', rule: 'maxLength' } },
  { rule: 'TWD shipping_postcode is at most 9 digits', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.shipping_postcode = '12345678A'; }, want: { path: 'parameters[shipping_postcode]', rule: 'pattern' } },
  { rule: 'TWD shipping_country accepts a 3-character code', example: 'SALE_card_parameters', schema: 'SaleCardRequest', mutate: (v) => { v.parameters.shipping_country = 'USA'; } },
  // ERS, PWD, NSP (CREDIT2CARD) and ERS (DEBIT).
  { rule: 'ERS payer_account_number is needed once the set is used', example: 'CREDIT2CARD', schema: 'Credit2CardRequest', mutate: (v) => { delete v.parameters.payer_account_number; }, want: { path: 'parameters[payer_account_number]', rule: 'dependentRequired' } },
  { rule: 'ERS on DEBIT takes free-text identity fields', example: 'DEBIT', schema: 'DebitRequest', mutate: (v) => { v.parameters.payee_identity_exp_date = 'April 2031'; } },
  { rule: 'ERS identity fields are bounded', example: 'DEBIT', schema: 'DebitRequest', mutate: (v) => { v.parameters.payer_nationality = long(256); }, want: { path: 'parameters[payer_nationality]', rule: 'maxLength' } },
  { rule: 'PWD needs both expiry fields', example: 'CREDIT2CARD', schema: 'Credit2CardRequest', mutate: (v) => { delete v.parameters.card_exp_year; }, want: { path: 'parameters[card_exp_year]', rule: 'dependentRequired' } },
  { rule: 'PWD card_exp_month is two digits', example: 'CREDIT2CARD', schema: 'Credit2CardRequest', mutate: (v) => { v.parameters.card_exp_month = '7'; }, want: { path: 'parameters[card_exp_month]', rule: 'pattern' } },
  { rule: 'NSP expiry is MM/YYYY', example: 'CREDIT2CARD_nsp', schema: 'Credit2CardRequest', mutate: (v) => { v.parameters.expiry = '2030/11'; }, want: { path: 'parameters[expiry]', rule: 'pattern' } },
  { rule: 'NSP expiry month is 01-12', example: 'CREDIT2CARD_nsp', schema: 'Credit2CardRequest', mutate: (v) => { v.parameters.expiry = '13/2030'; }, want: { path: 'parameters[expiry]', rule: 'pattern' } },
  { rule: 'CREDIT2CARD takes card_number or card_token, not both', example: 'CREDIT2CARD', schema: 'Credit2CardRequest', mutate: (v) => { v.card_token = 'a'.repeat(64); }, want: { path: 'card_token', rule: 'false' } },
  { rule: 'CREDIT2CARD needs a card', example: 'CREDIT2CARD', schema: 'Credit2CardRequest', mutate: (v) => { delete v.card_number; }, want: { path: 'card_number', rule: 'required' } },
  { rule: 'CREDIT2CARD accepts a card_token instead', example: 'CREDIT2CARD', schema: 'Credit2CardRequest', mutate: (v) => { delete v.card_number; v.card_token = 'a'.repeat(64); } },
  // PRC and payee card (CARD2CARD).
  { rule: 'PRC payer_identity_type is 1-8', example: 'CARD2CARD', schema: 'Card2CardRequest', mutate: (v) => { v.parameters.payer_identity_type = '9'; }, want: { path: 'parameters[payer_identity_type]', rule: 'enum' } },
  { rule: 'PRC payer_type is 0-3', example: 'CARD2CARD', schema: 'Card2CardRequest', mutate: (v) => { v.parameters.payer_type = '4'; }, want: { path: 'parameters[payer_type]', rule: 'enum' } },
  { rule: 'CARD2CARD needs payee_card_number', example: 'CARD2CARD', schema: 'Card2CardRequest', mutate: (v) => { delete v.payee_card_number; }, want: { path: 'payee_card_number', rule: 'required' } },
  { rule: 'payee_card_number is a card number', example: 'CARD2CARD', schema: 'PostRequest', mutate: (v) => { v.payee_card_number = '4111 1111 1111 1111'; }, want: { path: 'payee_card_number', rule: 'pattern' } },
  { rule: 'CARD2CARD needs the payer card', example: 'CARD2CARD', schema: 'Card2CardRequest', mutate: (v) => { delete v.card_cvv2; }, want: { path: 'card_cvv2', rule: 'required' } },
  // Schedules.
  { rule: 'delays is rejected on CREATE_SCHEDULE', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { v.delays = '1'; }, want: { path: 'delays', rule: 'not' }, message: 'Parameter is deprecated.' },
  { rule: 'delays is rejected on UPDATE_SCHEDULE', example: 'UPDATE_SCHEDULE', schema: 'PostRequest', mutate: (v) => { v.delays = '0'; }, want: { path: 'delays', rule: 'not' }, message: 'Parameter is deprecated.' },
  { rule: 'delay_by_interval needs first_payment_interval_length', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { v.delayed_first_payment = 'delay_by_interval'; v.first_payment_interval_unit = 'day'; }, want: { path: 'first_payment_interval_length', rule: 'required' } },
  { rule: 'delay_by_interval needs first_payment_interval_unit', example: 'UPDATE_SCHEDULE', schema: 'UpdateScheduleRequest', mutate: (v) => { delete v.first_payment_interval_unit; }, want: { path: 'first_payment_interval_unit', rule: 'required' } },
  { rule: 'day_of_week needs first_payment_day_of_week', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { delete v.first_payment_day_of_week; }, want: { path: 'first_payment_day_of_week', rule: 'required' } },
  { rule: 'day_of_month needs first_payment_day_of_month', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { v.delayed_first_payment = 'day_of_month'; }, want: { path: 'first_payment_day_of_month', rule: 'required' } },
  { rule: 'none needs no first_payment parameter', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { v.delayed_first_payment = 'none'; delete v.first_payment_day_of_week; } },
  { rule: 'delayed_first_payment has four variants', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { v.delayed_first_payment = 'day_of_year'; }, want: { path: 'delayed_first_payment', rule: 'enum' } },
  { rule: 'first_payment_day_of_month is 1-31', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { v.delayed_first_payment = 'day_of_month'; v.first_payment_day_of_month = '32'; }, want: { path: 'first_payment_day_of_month', rule: 'pattern' } },
  { rule: 'interval_length is never 0', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { v.interval_length = '0'; }, want: { path: 'interval_length', rule: 'pattern' } },
  { rule: 'interval_unit is day or month', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { v.interval_unit = 'week'; }, want: { path: 'interval_unit', rule: 'enum' } },
  { rule: 'day_of_month only with interval_unit=month', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { v.interval_unit = 'day'; }, want: { path: 'day_of_month', rule: 'false' } },
  { rule: 'CREATE_SCHEDULE needs payments_count', example: 'CREATE_SCHEDULE', schema: 'CreateScheduleRequest', mutate: (v) => { delete v.payments_count; }, want: { path: 'payments_count', rule: 'required' } },
  { rule: 'UPDATE_SCHEDULE changes only what is sent', example: 'UPDATE_SCHEDULE', schema: 'UpdateScheduleRequest', mutate: (v) => { for (const key of ['delayed_first_payment', 'first_payment_interval_length', 'first_payment_interval_unit']) delete v[key]; v.payments_count = '6'; } },
  { rule: 'UPDATE_SCHEDULE needs schedule_id', example: 'UPDATE_SCHEDULE', schema: 'UpdateScheduleRequest', mutate: (v) => { delete v.schedule_id; }, want: { path: 'schedule_id', rule: 'required' } },
  { rule: 'DESCHEDULE needs recurring_token', example: 'DESCHEDULE', schema: 'DescheduleRequest', mutate: (v) => { delete v.recurring_token; }, want: { path: 'recurring_token', rule: 'required' } },
  // Recurring charges, lookups and follow-ups.
  { rule: 'RECURRING_SALE needs the initiating transaction', example: 'RECURRING_SALE', schema: 'RecurringSaleRequest', mutate: (v) => { delete v.recurring_first_trans_id; }, want: { path: '', rule: 'anyOf' } },
  { rule: 'RECURRING_SALE accepts the document name recurring_init_trans_id', example: 'RECURRING_SALE', schema: 'RecurringSaleRequest', mutate: (v) => { v.recurring_init_trans_id = v.recurring_first_trans_id; delete v.recurring_first_trans_id; } },
  { rule: 'RECURRING_SALE needs recurring_token', example: 'RECURRING_SALE', schema: 'PostRequest', mutate: (v) => { delete v.recurring_token; }, want: { path: 'recurring_token', rule: 'required' } },
  { rule: 'RECURRING_DEBIT takes no auth', example: 'RECURRING_DEBIT', schema: 'RecurringDebitRequest', mutate: (v) => { v.auth = 'Y'; }, want: { path: 'auth', rule: 'false' } },
  { rule: 'GET_TRANS_STATUS_BY_ORDER needs order_id', example: 'GET_TRANS_STATUS_BY_ORDER', schema: 'GetTransStatusByOrderRequest', mutate: (v) => { delete v.order_id; }, want: { path: 'order_id', rule: 'required' } },
  { rule: 'VOID needs trans_id', example: 'VOID', schema: 'VoidRequest', mutate: (v) => { delete v.trans_id; }, want: { path: 'trans_id', rule: 'required' } },
  { rule: 'CREDITVOID amount is a decimal string', example: 'CREDITVOID', schema: 'CreditvoidRequest', mutate: (v) => { v.amount = '1,00'; }, want: { path: 'amount', rule: 'pattern' } },
  { rule: 'hash is lower-case hex', example: 'VOID', schema: 'PostRequest', mutate: (v) => { v.hash = String(v.hash).toUpperCase(); }, want: { path: 'hash', rule: 'pattern' } },
];

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

describe('S2S CARD rules', () => {
  it('has a row per stated rule', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });

  it.each(rows.map((row) => [row.rule, row] as const))('%s', (_rule, row) => {
    const value = example(row.example);
    row.mutate(value);
    const result = generatedValidator(row.schema)(value, 'form');
    if (!row.want) {
      expect(result.ok ? [] : result.issues).toEqual([]);
      return;
    }
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    expect(issues).toEqual(expect.arrayContaining([expect.objectContaining(row.want)]));
    if (row.message) {
      const wanted = issues.filter((issue) => issue.path === row.want!.path && issue.rule === row.want!.rule);
      expect(wanted.map((issue) => issue.message).join('\n')).toContain(row.message);
    }
    const messages = JSON.stringify(issues);
    for (const secret of [...cardData(value), '4111111111111111', '5555555555554444', '4601541833776519']) {
      expect(messages).not.toContain(secret);
    }
  });
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
