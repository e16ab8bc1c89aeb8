// The S2S APM method rules, one row per rule the interface document states (or the spec decided):
// a spec example, one mutation of it, and the issue (wire path + JSON Schema keyword) the
// generated validator must report. Rows without `want` must stay valid (limits are inclusive).
import { describe, expect, it } from 'vitest';
import { generatedValidator } from '../support/generated-validators.js';
import { collectExamples } from '../support/spec-examples.js';

type Json = Record<string, any>;

interface Row {
  /** What the row checks. */
  readonly rule: string;
  /** Example id suffix: `SALE_apm_pin_voucher` → `POST /post request SALE_apm_pin_voucher`. */
  readonly example: string;
  readonly mutate: (value: Json) => void;
  /** Component schema to validate with (default PostRequest, the whole form body). */
  readonly schema?: string;
  /** The issue that must be reported; absent: the mutated value must be valid. */
  readonly want?: { readonly path: string; readonly rule: string };
}

const examples = new Map(collectExamples().map((example) => [example.id, example]));

const set = (key: string, value: unknown) => (v: Json) => void (v[key] = value);
const param = (key: string, value: unknown) => (v: Json) => void (v['parameters'][key] = value);
const drop = (key: string) => (v: Json) => void delete v[key];
const dropParam = (key: string) => (v: Json) => void delete v['parameters'][key];
const payout = (operator: string, currency: string, amount: string, mobile?: string) => (v: Json) => {
  v['parameters']['mobile_money_operator'] = operator;
  v['order_currency'] = currency;
  v['order_amount'] = amount;
  if (mobile) v['parameters']['mobile_number'] = mobile;
};

const rows: Row[] = [
  // <pin_voucher>
  { rule: 'PIN shorter than 16', example: 'SALE_apm_pin_voucher', mutate: param('pin', '123456789012345'), want: { path: 'parameters[pin]', rule: 'minLength' } },
  { rule: 'PIN longer than 16', example: 'SALE_apm_pin_voucher', mutate: param('pin', '12345678901234567'), want: { path: 'parameters[pin]', rule: 'maxLength' } },
  { rule: 'PIN voucher needs the payer address', example: 'SALE_apm_pin_voucher', mutate: drop('payer_address'), want: { path: 'payer_address', rule: 'required' } },
  // Unknown method, auth
  { rule: 'brand outside the method table', example: 'SALE_apm_vcard', schema: 'SaleApmRequest', mutate: set('brand', 'paypal'), want: { path: 'brand', rule: 'discriminator' } },
  { rule: 'auth must be exactly Y', example: 'SALE_apm_vcard_auth', mutate: set('auth', 'N'), want: { path: 'auth', rule: 'const' } },
  { rule: 'auth=Y two-stage is accepted', example: 'SALE_apm_vcard_auth', mutate: set('auth', 'Y') },
  // <bank_account_debit>
  { rule: 'bank account debit needs the payer first name', example: 'SALE_apm_bank_account_debit', mutate: drop('payer_first_name'), want: { path: 'payer_first_name', rule: 'required' } },
  { rule: 'bank code is SWIFT-style', example: 'SALE_apm_bank_account_debit', mutate: param('bank_code', 'DEUT'), want: { path: 'parameters[bank_code]', rule: 'pattern' } },
  { rule: 'bank account number is required', example: 'SALE_apm_bank_account_debit', mutate: dropParam('bank_account_number'), want: { path: 'parameters[bank_account_number]', rule: 'required' } },
  // dl, <personal_id_method>, <ar_transfer>
  { rule: 'dl needs document_number on S2S', example: 'SALE_apm_dl', mutate: dropParam('document_number'), want: { path: 'parameters[document_number]', rule: 'required' } },
  { rule: 'personalId is digits only for Brazil', example: 'SALE_apm_personal_id_method', mutate: param('personalId', '1234567K'), want: { path: 'parameters[personalId]', rule: 'pattern' } },
  { rule: 'personalId may hold letters for Chile', example: 'SALE_apm_personal_id_method', mutate: (v) => ((v['payer_country'] = 'CL'), (v['parameters']['personalId'] = '12.345.678-K')) },
  { rule: 'CUIL is 11 digits', example: 'SALE_apm_ar_transfer', mutate: param('bank_cuil', '20-1234567-6'), want: { path: 'parameters[bank_cuil]', rule: 'pattern' } },
  // Crypto
  { rule: 'crypto deposit currency is BTC, ETH, USDC or USDT', example: 'SALE_apm_crypto_deposit', mutate: param('payment_currency', 'DOGE'), want: { path: 'parameters[payment_currency]', rule: 'enum' } },
  { rule: 'crypto withdrawal currency is BTC, ETH, USDC or USDT', example: 'SALE_apm_crypto_withdrawal', mutate: param('currency', 'XRP'), want: { path: 'parameters[currency]', rule: 'enum' } },
  { rule: 'crypto withdrawal network is BTC, ETH, BSC or TRX', example: 'SALE_apm_crypto_withdrawal', mutate: param('network', 'SOL'), want: { path: 'parameters[network]', rule: 'enum' } },
  { rule: 'crypto withdrawal needs the address', example: 'SALE_apm_crypto_withdrawal', mutate: dropParam('address'), want: { path: 'parameters[address]', rule: 'required' } },
  { rule: 'trading deposit needs the gateway name', example: 'SALE_apm_trading_deposit', mutate: dropParam('paymentGatewayName'), want: { path: 'parameters[paymentGatewayName]', rule: 'required' } },
  { rule: 'fx conversion target is a currency code', example: 'SALE_apm_fx_convert', mutate: param('toCurrency', 'usd'), want: { path: 'parameters[toCurrency]', rule: 'pattern' } },
  // ips
  { rule: 'ips takes EUR, RSD, BAM, MKD only', example: 'SALE_apm_ips', mutate: set('order_currency', 'USD'), want: { path: 'order_currency', rule: 'enum' } },
  { rule: 'ips accepts MKD', example: 'SALE_apm_ips', mutate: set('order_currency', 'MKD') },
  { rule: 'ips takes no method parameters', example: 'SALE_apm_ips', mutate: set('parameters', { qr: '1' }), want: { path: 'parameters', rule: 'maxProperties' } },
  // Email / SMS transfer
  { rule: 'SecurityQuestionAnswer is required (email transfer)', example: 'SALE_apm_email_transfer', mutate: dropParam('SecurityQuestionAnswer'), want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'required' } },
  { rule: 'SecurityQuestionAnswer at least 3 characters', example: 'SALE_apm_email_transfer', mutate: param('SecurityQuestionAnswer', 'ab'), want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'minLength' } },
  { rule: 'SecurityQuestionAnswer at most 25 characters', example: 'SALE_apm_email_transfer', mutate: param('SecurityQuestionAnswer', 'a'.repeat(26)), want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'maxLength' } },
  { rule: 'SecurityQuestionAnswer has no spaces', example: 'SALE_apm_email_transfer', mutate: param('SecurityQuestionAnswer', 'Rex 2019'), want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'pattern' } },
  { rule: 'SecurityQuestionAnswer of exactly 3 characters passes', example: 'SALE_apm_email_transfer', mutate: param('SecurityQuestionAnswer', 'abc') },
  { rule: 'SecurityQuestionAnswer of exactly 25 characters passes', example: 'SALE_apm_email_transfer', mutate: param('SecurityQuestionAnswer', 'a'.repeat(25)) },
  { rule: 'SMS transfer answer follows the same no-space rule', example: 'SALE_apm_sms_transfer', mutate: param('SecurityQuestionAnswer', 'Ott awa'), want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'pattern' } },
  // Groups P1 / P2, UPI
  { rule: 'P2 accountName at least 1 character', example: 'SALE_apm_p2_a', mutate: param('accountName', ''), want: { path: 'parameters[accountName]', rule: 'minLength' } },
  { rule: 'P2 accountName at most 64 characters', example: 'SALE_apm_p2_b', mutate: param('accountName', 'A'.repeat(65)), want: { path: 'parameters[accountName]', rule: 'maxLength' } },
  { rule: 'P2 accountName of 64 characters passes', example: 'SALE_apm_p2_c', mutate: param('accountName', 'A'.repeat(64)) },
  { rule: 'P1 personal_id is bounded', example: 'SALE_apm_p1_c', mutate: param('personal_id', '9'.repeat(65)), want: { path: 'parameters[personal_id]', rule: 'maxLength' } },
  { rule: 'UPI id is handle@provider', example: 'SALE_apm_upi_b', mutate: param('upi_id', 'payer'), want: { path: 'parameters[upi_id]', rule: 'pattern' } },
  { rule: 'UPI address is required', example: 'SALE_apm_upi_c', mutate: drop('parameters'), want: { path: 'parameters', rule: 'required' } },
  // Installments, BNPL
  { rule: 'product reference id at most 64', example: 'SALE_apm_installment_redirect', mutate: param('product_reference_id', 'R'.repeat(65)), want: { path: 'parameters[product_reference_id]', rule: 'maxLength' } },
  { rule: 'product name at most 255', example: 'SALE_apm_installment_redirect', mutate: param('product_name', 'N'.repeat(256)), want: { path: 'parameters[product_name]', rule: 'maxLength' } },
  { rule: 'product quantity at most 4 digits', example: 'SALE_apm_installment_redirect', mutate: param('product_quantity', '12345'), want: { path: 'parameters[product_quantity]', rule: 'pattern' } },
  { rule: 'product quantity of 4 digits passes', example: 'SALE_apm_installment_redirect', mutate: param('product_quantity', '9999') },
  { rule: 'bnpl buyer_registered_since is a date-time', example: 'SALE_apm_bnpl_a', mutate: param('buyer_registered_since', '2024-03-01'), want: { path: 'parameters[buyer_registered_since]', rule: 'format' } },
  { rule: 'bnpl category is required', example: 'SALE_apm_bnpl_a', mutate: dropParam('category'), want: { path: 'parameters[category]', rule: 'required' } },
  { rule: 'bnpl amounts are decimals', example: 'SALE_apm_bnpl_b', mutate: param('tax_amount', '19,00'), want: { path: 'parameters[tax_amount]', rule: 'pattern' } },
  // Open banking
  { rule: 'payee identification type is one of the 20', example: 'SALE_apm_open_banking', mutate: (v) => void (v['parameters']['payee_identifications'][0]['type'] = 'SWIFT'), want: { path: 'parameters[payee_identifications][0][type]', rule: 'enum' } },
  { rule: 'payee identification needs its value', example: 'SALE_apm_open_banking', mutate: (v) => void delete v['parameters']['payee_identifications'][1]['identification'], want: { path: 'parameters[payee_identifications][1][identification]', rule: 'required' } },
  { rule: 'payee identifications is not empty', example: 'SALE_apm_open_banking', mutate: param('payee_identifications', []), want: { path: 'parameters[payee_identifications]', rule: 'minItems' } },
  { rule: 'payee name is required', example: 'SALE_apm_open_banking', mutate: dropParam('payee_name'), want: { path: 'parameters[payee_name]', rule: 'required' } },
  // Mobile money
  { rule: 'narrative file name needs the content', example: 'SALE_apm_mobile_money', mutate: dropParam('NarrativeFileBase64'), want: { path: 'parameters[NarrativeFileBase64]', rule: 'dependentRequired' } },
  { rule: 'narrative content needs the file name', example: 'SALE_apm_mobile_money', mutate: dropParam('NarrativeFileName'), want: { path: 'parameters[NarrativeFileName]', rule: 'dependentRequired' } },
  { rule: 'mobile money collection reference at least 8', example: 'SALE_apm_mobile_money_ke', mutate: set('order_id', 'MM-0001'), want: { path: 'order_id', rule: 'minLength' } },
  { rule: 'mobile money collection needs the payer e-mail', example: 'SALE_apm_mobile_money_ke', mutate: drop('payer_email'), want: { path: 'payer_email', rule: 'required' } },
  // <payout_email>
  { rule: 'payout security question 10 to 40', example: 'SALE_apm_payout_email', mutate: param('SecurityQuestion', 'Pet?'), want: { path: 'parameters[SecurityQuestion]', rule: 'minLength' } },
  { rule: 'payout answer 3 to 40', example: 'SALE_apm_payout_email', mutate: param('SecurityQuestionAnswer', 'x'.repeat(41)), want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'maxLength' } },
  { rule: 'payout description 5 to 200', example: 'SALE_apm_payout_email', mutate: set('order_description', 'Pay'), want: { path: 'order_description', rule: 'minLength' } },
  { rule: 'payout e-mail at most 60', example: 'SALE_apm_payout_email', mutate: set('payer_email', `${'j'.repeat(50)}@example.com`), want: { path: 'payer_email', rule: 'maxLength' } },
  // Wallets
  { rule: 'wallet token is required', example: 'SALE_apm_device_wallet', mutate: dropParam('paymentToken'), want: { path: 'parameters[paymentToken]', rule: 'required' } },
  { rule: 'wallet token is a JSON object string', example: 'SALE_apm_web_wallet', mutate: param('paymentToken', 'eyJhcGlWZXJzaW9uIjoyfQ=='), want: { path: 'parameters[paymentToken]', rule: 'pattern' } },
  // Local collection
  { rule: 'local collection common field accountId is required', example: 'SALE_apm_local_collection', mutate: dropParam('accountId'), want: { path: 'parameters[accountId]', rule: 'required' } },
  { rule: 'local collection type is a known variant', example: 'SALE_apm_local_collection', mutate: param('type', 'CASH'), want: { path: 'parameters[type]', rule: 'enum' } },
  { rule: 'PIX is market BR', example: 'SALE_apm_local_collection', mutate: param('market', 'AR'), want: { path: 'parameters[market]', rule: 'const' } },
  { rule: 'OFFLINE Argentina needs clientTaxId', example: 'SALE_apm_local_collection_offline_ar', mutate: dropParam('clientTaxId'), want: { path: 'parameters[clientTaxId]', rule: 'required' } },
  { rule: 'OFFLINE Argentina clientTaxId is a DNI or CUIT', example: 'SALE_apm_local_collection_offline_ar', mutate: param('clientTaxId', '12-34'), want: { path: 'parameters[clientTaxId]', rule: 'pattern' } },
  { rule: 'OFFLINE Chile clientTaxId is a CI or RUN', example: 'SALE_apm_local_collection_offline_cl', mutate: param('clientTaxId', '12.345.678-X'), want: { path: 'parameters[clientTaxId]', rule: 'pattern' } },
  { rule: 'OFFLINE Paraguay needs clientname', example: 'SALE_apm_local_collection_offline_py', mutate: dropParam('clientname'), want: { path: 'parameters[clientname]', rule: 'required' } },
  { rule: 'OFFLINE needs redirectUrl', example: 'SALE_apm_local_collection_offline_pe', mutate: dropParam('redirectUrl'), want: { path: 'parameters[redirectUrl]', rule: 'required' } },
  { rule: 'OFFLINE markets are AR, PY, PE, CL', example: 'SALE_apm_local_collection_offline_pe', mutate: param('market', 'BR'), want: { path: 'parameters[market]', rule: 'enum' } },
  { rule: 'OFFLINE_SERVICE_PAYMENT is market PE', example: 'SALE_apm_local_collection_offline_service_pe', mutate: param('market', 'CL'), want: { path: 'parameters[market]', rule: 'const' } },
  { rule: 'SPEI needs redirectUrl', example: 'SALE_apm_local_collection_spei', mutate: dropParam('redirectUrl'), want: { path: 'parameters[redirectUrl]', rule: 'required' } },
  { rule: 'pull debit bankDetails are collected from the payer (may be absent)', example: 'SALE_apm_local_collection_pull_ar', mutate: dropParam('bankDetails') },
  { rule: 'pull debit CBU is 22 digits', example: 'SALE_apm_local_collection_pull_ar', mutate: (v) => void (v['parameters']['bankDetails']['cbu'] = '28505909'), want: { path: 'parameters[bankDetails][cbu]', rule: 'pattern' } },
  { rule: 'pull wallet OTP is digits', example: 'SALE_apm_local_collection_pull_pe', mutate: (v) => void (v['parameters']['bankDetails']['otp'] = 'abc123'), want: { path: 'parameters[bankDetails][otp]', rule: 'pattern' } },
  // CREDIT2VIRTUAL: currency, operator table (each limit inclusive), mobile number country
  { rule: 'payout currency is GHS, KES, XOF, XAF, TZS or EGP', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: set('order_currency', 'USD'), want: { path: 'order_currency', rule: 'enum' } },
  { rule: 'operator slug is a listed one', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: param('mobile_money_operator', 'mpesa-ke'), want: { path: 'parameters[mobile_money_operator]', rule: 'enum' } },
  { rule: 'operator decides the currency', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: set('order_currency', 'GHS'), want: { path: 'order_currency', rule: 'const' } },
  { rule: 'safaricom-ke below 10', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: set('order_amount', '9.99'), want: { path: 'order_amount', rule: 'x-decimal-minimum' } },
  { rule: 'safaricom-ke exactly 10 passes', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: set('order_amount', '10') },
  { rule: 'safaricom-ke exactly 150000 passes', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: set('order_amount', '150000.00') },
  { rule: 'safaricom-ke above 150000', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: set('order_amount', '150000.01'), want: { path: 'order_amount', rule: 'x-decimal-maximum' } },
  { rule: 'equitel-ke above 100000', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: payout('equitel-ke', 'KES', '100001'), want: { path: 'order_amount', rule: 'x-decimal-maximum' } },
  { rule: 't-kash-ke below 50', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: payout('t-kash-ke', 'KES', '49.99'), want: { path: 'order_amount', rule: 'x-decimal-minimum' } },
  { rule: 'telcom-ke exactly 200000 passes', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: payout('telcom-ke', 'KES', '200000') },
  { rule: 'mtn-gh exactly 1 passes', example: 'CREDIT2VIRTUAL_mtn_gh', mutate: set('order_amount', '1') },
  { rule: 'mtn-gh above 50000', example: 'CREDIT2VIRTUAL_mtn_gh', mutate: set('order_amount', '50000.5'), want: { path: 'order_amount', rule: 'x-decimal-maximum' } },
  { rule: 'orange-ci below 2 XOF', example: 'CREDIT2VIRTUAL_orange_ci', mutate: set('order_amount', '1'), want: { path: 'order_amount', rule: 'x-decimal-minimum' } },
  { rule: 'mtn-cm exactly 1000000 XAF passes', example: 'CREDIT2VIRTUAL_orange_ci', mutate: payout('mtn-cm', 'XAF', '1000000', '237671234567') },
  { rule: 'orange-cm above 500000 XAF', example: 'CREDIT2VIRTUAL_orange_ci', mutate: payout('orange-cm', 'XAF', '500001', '237691234567'), want: { path: 'order_amount', rule: 'x-decimal-maximum' } },
  { rule: 'vodacom-tz below 1000 TZS', example: 'CREDIT2VIRTUAL_vodacom_tz', mutate: set('order_amount', '999'), want: { path: 'order_amount', rule: 'x-decimal-minimum' } },
  { rule: 'vodafone-eg exactly 30000 EGP passes', example: 'CREDIT2VIRTUAL_vodacom_tz', mutate: payout('vodafone-eg', 'EGP', '30000.00', '201001234567') },
  { rule: 'mobile number matches the operator country', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: param('mobile_number', '233241234567'), want: { path: 'parameters[mobile_number]', rule: 'pattern' } },
  { rule: 'payout needs the payee e-mail', example: 'CREDIT2VIRTUAL_safaricom_ke', mutate: drop('payee_email'), want: { path: 'payee_email', rule: 'required' } },
  { rule: 'payout needs the customer e-mail', example: 'CREDIT2VIRTUAL_mtn_gh', mutate: dropParam('customer_email'), want: { path: 'parameters[customer_email]', rule: 'required' } },
  { rule: 'payout brand is the mobile-money method', example: 'CREDIT2VIRTUAL_mtn_gh', schema: 'Credit2VirtualRequest', mutate: set('brand', 'vcard'), want: { path: 'brand', rule: 'const' } },
  // DEBIT2VIRTUAL / DEBIT2VIRTUAL_CALC
  { rule: 'virtual-account debit needs a brand', example: 'DEBIT2VIRTUAL', mutate: drop('brand'), want: { path: 'brand', rule: 'required' } },
  { rule: 'virtual-account debit calculation needs the payer IP', example: 'DEBIT2VIRTUAL_CALC', mutate: drop('payer_ip'), want: { path: 'payer_ip', rule: 'required' } },
];

describe('S2S APM method rules', () => {
  it('has a base example for every row', () => {
    const missing = rows.filter((row) => !examples.has(`POST /post request ${row.example}`)).map((row) => row.example);
    expect(missing).toEqual([]);
  });

  it.each(rows.map((row) => [row.rule, row] as const))('%s', (_rule, row) => {
    const base = examples.get(`POST /post request ${row.example}`);
    expect(base, row.example).toBeDefined();
    const schema = row.schema ?? 'PostRequest';
    const validate = generatedValidator(schema);
    expect(validate(base!.value, 'form').ok, `${row.example} must be valid before the mutation`).toBe(true);
    const value = structuredClone(base!.value) as Json;
    row.mutate(value);
    const result = validate(value, 'form');
    if (!row.want) {
      expect(result.ok ? [] : result.issues).toEqual([]);
      return;
    }
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues.map(({ path, rule }) => ({ path, rule }));
    expect(issues).toContainEqual(row.want);
  });
});
