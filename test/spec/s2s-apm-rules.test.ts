// The S2S APM method rules: each rule the interface document states (or the facts give) names the
// rows that prove it: a spec example, one change, and the issue (wire path + JSON Schema keyword)
// the generated validator must report, or `valid` (limits are inclusive; what the platform
// accepts must validate).
import { describe, expect, it } from 'vitest';
import { collectExamples, loadBundledSpec } from '../support/spec-examples.js';
import { describeRuleTable, type Json, type RuleTable } from './rule-table.js';

const examples = new Map(collectExamples().map((example) => [example.id, example.value]));

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

const table: RuleTable = {
  // <pin_voucher>
  'PIN shorter than 16': [{ given: { example: 'SALE_apm_pin_voucher', schema: 'PostRequest', change: param('pin', '123456789012345') }, want: { path: 'parameters[pin]', rule: 'minLength' } }],
  'PIN longer than 16': [{ given: { example: 'SALE_apm_pin_voucher', schema: 'PostRequest', change: param('pin', '12345678901234567') }, want: { path: 'parameters[pin]', rule: 'maxLength' } }],
  'PIN voucher needs the payer address': [{ given: { example: 'SALE_apm_pin_voucher', schema: 'PostRequest', change: drop('payer_address') }, want: { path: 'payer_address', rule: 'required' } }],
  // Unknown method, auth
  // Document, Method-specific parameters: redirect-only methods "only carry a payment_method value".
  'a brand outside the table is a redirect-only method without parameters': [
    { given: { example: 'SALE_apm_vcard', schema: 'SaleApmRequest', change: set('brand', 'cash_ticket_x') }, want: 'valid' },
    { given: { example: 'SALE_apm_vcard', schema: 'PostRequest', change: (v) => ((v['brand'] = 'cash_ticket_x'), (v['parameters'] = { pin: '1' })) }, want: { path: 'brand', rule: 'discriminator' } },
  ],
  'a listed brand still takes its own rules': [{ given: { example: 'SALE_apm_pin_voucher', schema: 'SaleApmRequest', change: drop('parameters') }, want: { path: 'parameters', rule: 'required' } }],
  // Document, Limits: "Send exactly Y. Any other value is processed as an immediate sale."
  'auth other than Y is a sale, not an error': [
    { given: { example: 'SALE_apm_vcard_auth', schema: 'PostRequest', change: set('auth', 'N') }, want: 'valid' },
    { given: { example: 'SALE_apm_vcard_auth', schema: 'PostRequest', change: set('auth', 'y') }, want: 'valid' },
  ],
  // Document, Errors: a plain SALE with a zero amount is rejected.
  'a plain APM SALE with a zero amount is rejected': [
    { given: { example: 'SALE_apm_vcard', schema: 'PostRequest', change: set('order_amount', '0.00') }, want: { path: 'order_amount', rule: 'not', message: 'greater than 0' } },
  ],
  'auth=Y two-stage is accepted': [{ given: { example: 'SALE_apm_vcard_auth', schema: 'PostRequest', change: set('auth', 'Y') }, want: 'valid' }],
  // Document, Limits: zero is "Allowed only with `auth=Y` or `recurring_init=Y` on S2S CARD" (issue 23).
  'an APM SALE with auth=Y and a zero amount is refused': [
    { given: { example: 'SALE_apm_vcard_auth', schema: 'PostRequest', change: set('order_amount', '0.00') }, want: { path: 'order_amount', rule: 'not', message: 'greater than 0' } },
    { given: { example: 'SALE_apm_vcard', schema: 'PostRequest', change: (v) => ((v['order_amount'] = '0'), (v['recurring_init'] = 'Y')) }, want: { path: 'order_amount', rule: 'not' } },
  ],
  // Document: "Several redirect-only or app-confirmed methods | none | ... Some of them only carry a `payment_method` value" (issue 23).
  'a redirect-only method may carry parameters[payment_method]': [
    { given: { example: 'SALE_apm_vcard', schema: 'PostRequest', change: (v) => ((v['brand'] = 'cash_ticket_x'), (v['parameters'] = { payment_method: 'boleto' })) }, want: 'valid' },
  ],
  // Document: "NarrativeFileBase64 | string | no | Base64 content." (issue 23).
  'mobile money Base64 may be line-wrapped and large': [
    { given: { example: 'SALE_apm_mobile_money', schema: 'PostRequest', change: param('NarrativeFileBase64', 'JVBERi0x\nLjQK') }, want: 'valid' },
    { given: { example: 'SALE_apm_mobile_money', schema: 'PostRequest', change: param('NarrativeFileBase64', 'A'.repeat(2_000_000)) }, want: 'valid' },
    { given: { example: 'SALE_apm_mobile_money', schema: 'PostRequest', change: param('NarrativeFileBase64', 'QQ') }, want: 'valid' },
  ],
  // <bank_account_debit>
  'bank account debit needs the payer first name': [{ given: { example: 'SALE_apm_bank_account_debit', schema: 'PostRequest', change: drop('payer_first_name') }, want: { path: 'payer_first_name', rule: 'required' } }],
  'bank code is SWIFT-style, a description and not a format': [{ given: { example: 'SALE_apm_bank_account_debit', schema: 'PostRequest', change: param('bank_code', 'DEUT') }, want: 'valid' }],
  'bank account number is required': [{ given: { example: 'SALE_apm_bank_account_debit', schema: 'PostRequest', change: dropParam('bank_account_number') }, want: { path: 'parameters[bank_account_number]', rule: 'required' } }],
  // dl, <personal_id_method>, <ar_transfer>
  'dl needs document_number on S2S': [{ given: { example: 'SALE_apm_dl', schema: 'PostRequest', change: dropParam('document_number') }, want: { path: 'parameters[document_number]', rule: 'required' } }],
  'personalId is digits only for Brazil': [{ given: { example: 'SALE_apm_personal_id_method', schema: 'PostRequest', change: param('personalId', '1234567K') }, want: { path: 'parameters[personalId]', rule: 'pattern' } }],
  'personalId may hold letters for Chile': [{ given: { example: 'SALE_apm_personal_id_method', schema: 'PostRequest', change: (v) => ((v['payer_country'] = 'CL'), (v['parameters']['personalId'] = '12.345.678-K')) }, want: 'valid' }],
  'CUIL has no stated shape': [{ given: { example: 'SALE_apm_ar_transfer', schema: 'PostRequest', change: param('bank_cuil', '20-1234567-6') }, want: 'valid' }],
  // Crypto
  'crypto deposit currency is BTC, ETH, USDC or USDT': [{ given: { example: 'SALE_apm_crypto_deposit', schema: 'PostRequest', change: param('payment_currency', 'DOGE') }, want: { path: 'parameters[payment_currency]', rule: 'enum' } }],
  'crypto withdrawal currency is BTC, ETH, USDC or USDT': [{ given: { example: 'SALE_apm_crypto_withdrawal', schema: 'PostRequest', change: param('currency', 'XRP') }, want: { path: 'parameters[currency]', rule: 'enum' } }],
  'crypto withdrawal network is BTC, ETH, BSC or TRX': [{ given: { example: 'SALE_apm_crypto_withdrawal', schema: 'PostRequest', change: param('network', 'SOL') }, want: { path: 'parameters[network]', rule: 'enum' } }],
  'crypto withdrawal needs the address': [{ given: { example: 'SALE_apm_crypto_withdrawal', schema: 'PostRequest', change: dropParam('address') }, want: { path: 'parameters[address]', rule: 'required' } }],
  'trading deposit needs the gateway name': [{ given: { example: 'SALE_apm_trading_deposit', schema: 'PostRequest', change: dropParam('paymentGatewayName') }, want: { path: 'parameters[paymentGatewayName]', rule: 'required' } }],
  // Document: "Valid currency code." names no shape: a code that is not three capitals is a warning (issue 37).
  'fx conversion target that is not three capital letters is a warning': [{ given: { example: 'SALE_apm_fx_convert', schema: 'PostRequest', change: param('toCurrency', 'usd') }, want: { warning: { path: 'parameters[toCurrency]', rule: 'pattern' } } }],
  // ips
  'ips takes EUR, RSD, BAM, MKD only': [{ given: { example: 'SALE_apm_ips', schema: 'PostRequest', change: set('order_currency', 'USD') }, want: { path: 'order_currency', rule: 'enum' } }],
  'ips accepts MKD': [{ given: { example: 'SALE_apm_ips', schema: 'PostRequest', change: set('order_currency', 'MKD') }, want: 'valid' }],
  'ips takes no method parameters': [{ given: { example: 'SALE_apm_ips', schema: 'PostRequest', change: set('parameters', { qr: '1' }) }, want: { path: 'parameters', rule: 'maxProperties' } }],
  // Email / SMS transfer
  'SecurityQuestionAnswer is required (email transfer)': [{ given: { example: 'SALE_apm_email_transfer', schema: 'PostRequest', change: dropParam('SecurityQuestionAnswer') }, want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'required' } }],
  'SecurityQuestionAnswer at least 3 characters': [{ given: { example: 'SALE_apm_email_transfer', schema: 'PostRequest', change: param('SecurityQuestionAnswer', 'ab') }, want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'minLength' } }],
  'SecurityQuestionAnswer at most 25 characters': [{ given: { example: 'SALE_apm_email_transfer', schema: 'PostRequest', change: param('SecurityQuestionAnswer', 'a'.repeat(26)) }, want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'maxLength' } }],
  'SecurityQuestionAnswer has no spaces': [{ given: { example: 'SALE_apm_email_transfer', schema: 'PostRequest', change: param('SecurityQuestionAnswer', 'Rex 2019') }, want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'pattern' } }],
  'SecurityQuestionAnswer of exactly 3 characters passes': [{ given: { example: 'SALE_apm_email_transfer', schema: 'PostRequest', change: param('SecurityQuestionAnswer', 'abc') }, want: 'valid' }],
  'SecurityQuestionAnswer of exactly 25 characters passes': [{ given: { example: 'SALE_apm_email_transfer', schema: 'PostRequest', change: param('SecurityQuestionAnswer', 'a'.repeat(25)) }, want: 'valid' }],
  'SMS transfer answer follows the same no-space rule': [{ given: { example: 'SALE_apm_sms_transfer', schema: 'PostRequest', change: param('SecurityQuestionAnswer', 'Ott awa') }, want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'pattern' } }],
  // Groups P1 / P2, UPI
  'P2 accountName at least 1 character': [{ given: { example: 'SALE_apm_p2_a', schema: 'PostRequest', change: param('accountName', '') }, want: { path: 'parameters[accountName]', rule: 'minLength' } }],
  'P2 accountName at most 64 characters': [{ given: { example: 'SALE_apm_p2_b', schema: 'PostRequest', change: param('accountName', 'A'.repeat(65)) }, want: { path: 'parameters[accountName]', rule: 'maxLength' } }],
  'P2 accountName of 64 characters passes': [{ given: { example: 'SALE_apm_p2_c', schema: 'PostRequest', change: param('accountName', 'A'.repeat(64)) }, want: 'valid' }],
  'P1 personal_id has no stated length (safety cap only)': [
    { given: { example: 'SALE_apm_p1_c', schema: 'PostRequest', change: param('personal_id', '9'.repeat(65)) }, want: 'valid' },
    { given: { example: 'SALE_apm_p1_c', schema: 'PostRequest', change: param('personal_id', '9'.repeat(256)) }, want: { path: 'parameters[personal_id]', rule: 'maxLength', message: 'safety cap' } },
  ],
  'UPI id has no stated format': [{ given: { example: 'SALE_apm_upi_b', schema: 'PostRequest', change: param('upi_id', 'payer') }, want: 'valid' }],
  'UPI address is required': [{ given: { example: 'SALE_apm_upi_c', schema: 'PostRequest', change: drop('parameters') }, want: { path: 'parameters', rule: 'required' } }],
  // Installments, BNPL
  'product reference id at most 64': [{ given: { example: 'SALE_apm_installment_redirect', schema: 'PostRequest', change: param('product_reference_id', 'R'.repeat(65)) }, want: { path: 'parameters[product_reference_id]', rule: 'maxLength' } }],
  'product name at most 255': [{ given: { example: 'SALE_apm_installment_redirect', schema: 'PostRequest', change: param('product_name', 'N'.repeat(256)) }, want: { path: 'parameters[product_name]', rule: 'maxLength' } }],
  'product quantity at most 4 digits': [{ given: { example: 'SALE_apm_installment_redirect', schema: 'PostRequest', change: param('product_quantity', '12345') }, want: { path: 'parameters[product_quantity]', rule: 'pattern' } }],
  'product quantity of 4 digits passes': [{ given: { example: 'SALE_apm_installment_redirect', schema: 'PostRequest', change: param('product_quantity', '9999') }, want: 'valid' }],
  // Document: "ISO 8601 datetime, UTC." ISO 8601 has a basic form RFC 3339 lacks (issue 23).
  'bnpl buyer_registered_since takes ISO 8601 basic form': [{ given: { example: 'SALE_apm_bnpl_a', schema: 'PostRequest', change: param('buyer_registered_since', '20240301T100000Z') }, want: 'valid' }],
  // Document: "| `buyer_loyalty_level` | number | yes | Default 0. Count of placed orders. |" (issue 23).
  'bnpl buyer_loyalty_level has no digit limit': [
    { given: { example: 'SALE_apm_bnpl_a', schema: 'PostRequest', change: param('buyer_loyalty_level', '1234567890') }, want: 'valid' },
    { given: { example: 'SALE_apm_bnpl_a', schema: 'PostRequest', change: param('buyer_loyalty_level', '-1') }, want: { path: 'parameters[buyer_loyalty_level]', rule: 'pattern' } },
  ],
  // Issue 37 (7): the document types product_url, product_image_url, callbackUrl and redirectUrl
  // as strings: an address that is not an absolute URL is a warning, not a refusal.
  'installment product URLs are strings: a relative one is a warning': [
    { given: { example: 'SALE_apm_installment_redirect', schema: 'PostRequest', change: param('product_url', 'www.shop.example/p/1') }, want: { warning: { path: 'parameters[product_url]', rule: 'format', message: 'absolute URL' } } },
    { given: { example: 'SALE_apm_installment_redirect', schema: 'PostRequest', change: param('product_image_url', '/img/1.png') }, want: { warning: { path: 'parameters[product_image_url]', rule: 'format' } } },
  ],
  'local collection callbackUrl and redirectUrl are strings: a relative one is a warning': [
    { given: { example: 'SALE_apm_local_collection', schema: 'PostRequest', change: param('callbackUrl', 'merchant.example/cb') }, want: { warning: { path: 'parameters[callbackUrl]', rule: 'format' } } },
    { given: { example: 'SALE_apm_local_collection_spei', schema: 'PostRequest', change: param('redirectUrl', 'merchant.example/back') }, want: { warning: { path: 'parameters[redirectUrl]', rule: 'format' } } },
  ],
  // Issue 37 (8): the web-wallet token's apiVersion and apiVersionMinor are "Number.", not integers.
  'web-wallet apiVersion is a number': [
    {
      given: {
        example: 'SALE_apm_web_wallet',
        schema: 'PostRequest',
        change: (v) => {
          const token = JSON.parse(v['parameters']['paymentToken']) as Json;
          v['parameters']['paymentToken'] = JSON.stringify({ ...token, apiVersion: 2.5, apiVersionMinor: 0.5 });
        },
      },
      want: 'valid',
    },
  ],
  'APM order_currency that is not three capital letters is a warning': [{ given: { example: 'SALE_apm_vcard', schema: 'PostRequest', change: set('order_currency', 'eur') }, want: { warning: { path: 'order_currency', rule: 'pattern' } } }],
  'bnpl category is required': [{ given: { example: 'SALE_apm_bnpl_a', schema: 'PostRequest', change: dropParam('category') }, want: { path: 'parameters[category]', rule: 'required' } }],
  'bnpl amounts are decimals': [{ given: { example: 'SALE_apm_bnpl_b', schema: 'PostRequest', change: param('tax_amount', '19,00') }, want: { path: 'parameters[tax_amount]', rule: 'pattern' } }],
  // Open banking
  'payee identification type is one of the 20': [{ given: { example: 'SALE_apm_open_banking', schema: 'PostRequest', change: (v) => void (v['parameters']['payee_identifications'][0]['type'] = 'SWIFT') }, want: { path: 'parameters[payee_identifications][0][type]', rule: 'enum' } }],
  'payee identification needs its value': [{ given: { example: 'SALE_apm_open_banking', schema: 'PostRequest', change: (v) => void delete v['parameters']['payee_identifications'][1]['identification'] }, want: { path: 'parameters[payee_identifications][1][identification]', rule: 'required' } }],
  // Document: "| | `payee_identifications` | array | yes | Each entry has `type` and `identification`. |": no count is stated (issue 23).
  'payee identifications has no stated count': [{ given: { example: 'SALE_apm_open_banking', schema: 'PostRequest', change: param('payee_identifications', []) }, want: 'valid' }],
  'payee name is required': [{ given: { example: 'SALE_apm_open_banking', schema: 'PostRequest', change: dropParam('payee_name') }, want: { path: 'parameters[payee_name]', rule: 'required' } }],
  // Mobile money
  // Document: "The two narrative fields are each ignored without the other" (not an error).
  'a narrative field alone is ignored, not rejected': [
    { given: { example: 'SALE_apm_mobile_money', schema: 'PostRequest', change: dropParam('NarrativeFileBase64') }, want: 'valid' },
    { given: { example: 'SALE_apm_mobile_money', schema: 'PostRequest', change: dropParam('NarrativeFileName') }, want: 'valid' },
  ],
  // Issue 23: the "public reference of at least 8 characters" is not said to be `order_id`.
  'mobile money collection order_id is not held to 8 characters': [{ given: { example: 'SALE_apm_mobile_money_ke', schema: 'PostRequest', change: set('order_id', 'MM-01') }, want: 'valid' }],
  'mobile money collection needs the payer e-mail': [{ given: { example: 'SALE_apm_mobile_money_ke', schema: 'PostRequest', change: drop('payer_email') }, want: { path: 'payer_email', rule: 'required' } }],
  // <payout_email>
  'payout security question 10 to 40': [{ given: { example: 'SALE_apm_payout_email', schema: 'PostRequest', change: param('SecurityQuestion', 'Pet?') }, want: { path: 'parameters[SecurityQuestion]', rule: 'minLength' } }],
  'payout answer 3 to 40': [{ given: { example: 'SALE_apm_payout_email', schema: 'PostRequest', change: param('SecurityQuestionAnswer', 'x'.repeat(41)) }, want: { path: 'parameters[SecurityQuestionAnswer]', rule: 'maxLength' } }],
  'payout description 5 to 200': [{ given: { example: 'SALE_apm_payout_email', schema: 'PostRequest', change: set('order_description', 'Pay') }, want: { path: 'order_description', rule: 'minLength' } }],
  // Document, Limits: payout names up to 60 (the shared name field no longer caps them at 32).
  'payout names up to 60': [
    { given: { example: 'SALE_apm_payout_email', schema: 'PostRequest', change: set('payer_first_name', 'A'.repeat(40)) }, want: 'valid' },
    { given: { example: 'SALE_apm_payout_email', schema: 'PostRequest', change: set('payer_last_name', 'B'.repeat(61)) }, want: { path: 'payer_last_name', rule: 'maxLength' } },
  ],
  'payout e-mail at most 60': [{ given: { example: 'SALE_apm_payout_email', schema: 'PostRequest', change: set('payer_email', `${'j'.repeat(50)}@example.com`) }, want: { path: 'payer_email', rule: 'maxLength' } }],
  // Wallets
  'wallet token is required': [{ given: { example: 'SALE_apm_device_wallet', schema: 'PostRequest', change: dropParam('paymentToken') }, want: { path: 'parameters[paymentToken]', rule: 'required' } }],
  'wallet token is a JSON object string': [{ given: { example: 'SALE_apm_web_wallet', schema: 'PostRequest', change: param('paymentToken', 'eyJhcGlWZXJzaW9uIjoyfQ==') }, want: { path: 'parameters[paymentToken]', rule: 'pattern' } }],
  // Local collection
  'local collection common field accountId is required': [{ given: { example: 'SALE_apm_local_collection', schema: 'PostRequest', change: dropParam('accountId') }, want: { path: 'parameters[accountId]', rule: 'required' } }],
  'local collection type is a known variant': [{ given: { example: 'SALE_apm_local_collection', schema: 'PostRequest', change: param('type', 'CASH') }, want: { path: 'parameters[type]', rule: 'enum' } }],
  'PIX is market BR': [{ given: { example: 'SALE_apm_local_collection', schema: 'PostRequest', change: param('market', 'AR') }, want: { path: 'parameters[market]', rule: 'const' } }],
  'OFFLINE Argentina needs clientTaxId': [{ given: { example: 'SALE_apm_local_collection_offline_ar', schema: 'PostRequest', change: dropParam('clientTaxId') }, want: { path: 'parameters[clientTaxId]', rule: 'required' } }],
  'clientTaxId has no stated pattern': [
    { given: { example: 'SALE_apm_local_collection_offline_ar', schema: 'PostRequest', change: param('clientTaxId', '12-34') }, want: 'valid' },
    { given: { example: 'SALE_apm_local_collection_offline_cl', schema: 'PostRequest', change: param('clientTaxId', '12.345.678-X') }, want: 'valid' },
  ],
  'OFFLINE Chile needs clientTaxId': [{ given: { example: 'SALE_apm_local_collection_offline_cl', schema: 'PostRequest', change: dropParam('clientTaxId') }, want: { path: 'parameters[clientTaxId]', rule: 'required' } }],
  'OFFLINE Paraguay needs clientname': [{ given: { example: 'SALE_apm_local_collection_offline_py', schema: 'PostRequest', change: dropParam('clientname') }, want: { path: 'parameters[clientname]', rule: 'required' } }],
  'OFFLINE needs redirectUrl': [{ given: { example: 'SALE_apm_local_collection_offline_pe', schema: 'PostRequest', change: dropParam('redirectUrl') }, want: { path: 'parameters[redirectUrl]', rule: 'required' } }],
  // Document: `market` is a plain string outside PIX.
  'market is a plain string outside PIX': [
    { given: { example: 'SALE_apm_local_collection_offline_pe', schema: 'PostRequest', change: param('market', 'PER') }, want: 'valid' },
    { given: { example: 'SALE_apm_local_collection_offline_service_pe', schema: 'PostRequest', change: param('market', 'CL') }, want: 'valid' },
  ],
  'SPEI needs redirectUrl': [{ given: { example: 'SALE_apm_local_collection_spei', schema: 'PostRequest', change: dropParam('redirectUrl') }, want: { path: 'parameters[redirectUrl]', rule: 'required' } }],
  // Document, local-collection group (all fields required): the merchant collects them from the payer and sends them.
  'pull debit needs bankDetails': [{ given: { example: 'SALE_apm_local_collection_pull_ar', schema: 'PostRequest', change: dropParam('bankDetails') }, want: { path: 'parameters[bankDetails]', rule: 'required' } }],
  'bankDetails fields have no stated shape': [
    { given: { example: 'SALE_apm_local_collection_pull_ar', schema: 'PostRequest', change: (v) => void (v['parameters']['bankDetails']['cbu'] = '28505909') }, want: 'valid' },
    { given: { example: 'SALE_apm_local_collection_pull_pe', schema: 'PostRequest', change: (v) => void (v['parameters']['bankDetails']['otp'] = 'abc123') }, want: 'valid' },
  ],
  // CREDIT2VIRTUAL: currency, operator table (each limit inclusive), mobile number country
  'payout currency is GHS, KES, XOF, XAF, TZS or EGP': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: set('order_currency', 'USD') }, want: { path: 'order_currency', rule: 'enum' } }],
  'operator slug is a listed one': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: param('mobile_money_operator', 'mpesa-ke') }, want: { path: 'parameters[mobile_money_operator]', rule: 'enum' } }],
  'operator decides the currency': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: set('order_currency', 'GHS') }, want: { path: 'order_currency', rule: 'const' } }],
  'safaricom-ke below 10': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: set('order_amount', '9.99') }, want: { path: 'order_amount', rule: 'x-decimal-minimum' } }],
  'safaricom-ke exactly 10 passes': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: set('order_amount', '10') }, want: 'valid' }],
  'safaricom-ke exactly 150000 passes': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: set('order_amount', '150000.00') }, want: 'valid' }],
  'safaricom-ke above 150000': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: set('order_amount', '150000.01') }, want: { path: 'order_amount', rule: 'x-decimal-maximum' } }],
  'equitel-ke above 100000': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: payout('equitel-ke', 'KES', '100001') }, want: { path: 'order_amount', rule: 'x-decimal-maximum' } }],
  't-kash-ke below 50': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: payout('t-kash-ke', 'KES', '49.99') }, want: { path: 'order_amount', rule: 'x-decimal-minimum' } }],
  'telcom-ke exactly 200000 passes': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: payout('telcom-ke', 'KES', '200000') }, want: 'valid' }],
  'mtn-gh exactly 1 passes': [{ given: { example: 'CREDIT2VIRTUAL_mtn_gh', schema: 'PostRequest', change: set('order_amount', '1') }, want: 'valid' }],
  'mtn-gh above 50000': [{ given: { example: 'CREDIT2VIRTUAL_mtn_gh', schema: 'PostRequest', change: set('order_amount', '50000.5') }, want: { path: 'order_amount', rule: 'x-decimal-maximum' } }],
  'orange-ci below 2 XOF': [{ given: { example: 'CREDIT2VIRTUAL_orange_ci', schema: 'PostRequest', change: set('order_amount', '1') }, want: { path: 'order_amount', rule: 'x-decimal-minimum' } }],
  'mtn-cm exactly 1000000 XAF passes': [{ given: { example: 'CREDIT2VIRTUAL_orange_ci', schema: 'PostRequest', change: payout('mtn-cm', 'XAF', '1000000', '237671234567') }, want: 'valid' }],
  'orange-cm above 500000 XAF': [{ given: { example: 'CREDIT2VIRTUAL_orange_ci', schema: 'PostRequest', change: payout('orange-cm', 'XAF', '500001', '237691234567') }, want: { path: 'order_amount', rule: 'x-decimal-maximum' } }],
  'vodacom-tz below 1000 TZS': [{ given: { example: 'CREDIT2VIRTUAL_vodacom_tz', schema: 'PostRequest', change: set('order_amount', '999') }, want: { path: 'order_amount', rule: 'x-decimal-minimum' } }],
  'vodafone-eg exactly 30000 EGP passes': [{ given: { example: 'CREDIT2VIRTUAL_vodacom_tz', schema: 'PostRequest', change: payout('vodafone-eg', 'EGP', '30000.00', '201001234567') }, want: 'valid' }],
  // Document: "| `parameters[mobile_number]` | yes | Must match the operator's country. |" (issue 23).
  'a Kenyan number on a Ghana operator is refused': [{ given: { example: 'CREDIT2VIRTUAL_mtn_gh', schema: 'PostRequest', change: param('mobile_number', '254712345678') }, want: { path: 'parameters[mobile_number]', rule: 'not', message: "operator's country" } }],
  'a Ghana number on a Kenyan operator is refused': [
    { given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: param('mobile_number', '+233241234567') }, want: { path: 'parameters[mobile_number]', rule: 'not' } },
    { given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'Credit2VirtualRequest', change: param('mobile_number', '00233241234567') }, want: { path: 'parameters[mobile_number]', rule: 'not' } },
  ],
  'an Egyptian number on a Tanzanian operator is refused': [{ given: { example: 'CREDIT2VIRTUAL_vodacom_tz', schema: 'PostRequest', change: param('mobile_number', '201001234567') }, want: { path: 'parameters[mobile_number]', rule: 'not' } }],
  'a number of the operator\'s own country passes': [
    { given: { example: 'CREDIT2VIRTUAL_mtn_gh', schema: 'PostRequest', change: param('mobile_number', '+233241234567') }, want: 'valid' },
    { given: { example: 'CREDIT2VIRTUAL_vodacom_tz', schema: 'PostRequest', change: payout('vodafone-eg', 'EGP', '100', '201001234567') }, want: 'valid' },
  ],
  'a national-format number is left to the platform': [{ given: { example: 'CREDIT2VIRTUAL_mtn_gh', schema: 'PostRequest', change: param('mobile_number', '0241234567') }, want: 'valid' }],
  'payout needs the payee e-mail': [{ given: { example: 'CREDIT2VIRTUAL_safaricom_ke', schema: 'PostRequest', change: drop('payee_email') }, want: { path: 'payee_email', rule: 'required' } }],
  'payout needs the customer e-mail': [{ given: { example: 'CREDIT2VIRTUAL_mtn_gh', schema: 'PostRequest', change: dropParam('customer_email') }, want: { path: 'parameters[customer_email]', rule: 'required' } }],
  'payout brand is the mobile-money method': [{ given: { example: 'CREDIT2VIRTUAL_mtn_gh', schema: 'Credit2VirtualRequest', change: set('brand', 'vcard') }, want: { path: 'brand', rule: 'const' } }],
  // DEBIT2VIRTUAL / DEBIT2VIRTUAL_CALC
  'virtual-account debit needs a brand': [{ given: { example: 'DEBIT2VIRTUAL', schema: 'PostRequest', change: drop('brand') }, want: { path: 'brand', rule: 'required' } }],
  'virtual-account debit calculation needs the payer IP': [{ given: { example: 'DEBIT2VIRTUAL_CALC', schema: 'PostRequest', change: drop('payer_ip') }, want: { path: 'payer_ip', rule: 'required' } }],
};

describe('S2S APM redirect-only branch', () => {
  it('excludes exactly the brands the method mapping lists', () => {
    const schemas = loadBundledSpec()['components']['schemas'];
    expect(schemas['SaleApmRedirectOnlyRequest']['properties']['brand']['not']['enum']).toEqual(Object.keys(schemas['SaleApmMethodRequest']['discriminator']['mapping']));
  });
});

describeRuleTable('S2S APM method rules', table, {
  example: (id) => examples.get(`POST /post request ${id}`),
  style: () => 'form',
});
