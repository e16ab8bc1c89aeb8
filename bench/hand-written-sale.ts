// The baseline a merchant engineer would write without a validator: a plain check, by hand, of
// an S2S CARD SALE with card data, the fields its example carries and the rules the spec gives
// them (required fields, strings, length caps, patterns, formats as short regular expressions,
// the Luhn digit, card data excluding a token or a wallet, no zero amount without auth). It
// answers yes or no, as the generated validator's valid path does.
//
// What it leaves out that the generated validator checks on every valid request: the amount's
// decimals against its currency's minor unit (x-amount-decimals), the grammars the formats name
// in full (RFC 5321 mailbox, RFC 3986 URI past the plain http(s) shape, a UUID's urn: form, IPv6
// beside IPv4), the optional fields the example leaves out, and lengths counted in code points.
// The Luhn digit and the currency's shape it checks as rules; the generated validator runs them as
// warnings, on the valid path too (a valid result carries its warnings).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AMOUNT = /^[0-9]+(\.[0-9]+)?$/;
const ZERO = /^0+(\.0+)?$/;
const CURRENCY = /^[A-Z]{3}$/;
const HASH = /^([0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/;
const MONTH = /^(0[1-9]|1[0-2])$/;
const YEAR = /^[0-9]{4}$/;
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-z0-9-]+(\.[a-z0-9-]+)*$/i;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const URL = /^https?:\/\/[^\s/?#]+([/?#][^\s]*)?$/i;
const PAYER_FIELDS = ['payer_first_name', 'payer_last_name', 'payer_address', 'payer_country', 'payer_state', 'payer_city', 'payer_zip', 'payer_phone'];

const text = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const optionalText = (value: unknown, max: number): boolean => value === undefined || text(value, max);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function checkSaleCard(request: unknown): boolean {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return false;
  const r = request as Record<string, unknown>;
  if (r['action'] !== 'SALE') return false;
  if (!text(r['client_key'], 255) || !UUID.test(r['client_key'])) return false;
  if (!text(r['order_id'], 255)) return false;
  if (!text(r['order_amount'], 255) || !AMOUNT.test(r['order_amount'])) return false;
  if (ZERO.test(r['order_amount']) && r['auth'] !== 'Y' && r['recurring_init'] !== 'Y') return false;
  if (!text(r['order_currency'], 255) || !CURRENCY.test(r['order_currency'])) return false;
  if (!text(r['order_description'], 4096)) return false;
  if (!text(r['hash'], 64) || !HASH.test(r['hash'])) return false;
  // Card data, and then neither a token nor a wallet.
  if (!text(r['card_number'], 255) || !/^[0-9]+$/.test(r['card_number']) || !luhn(r['card_number'])) return false;
  if (!text(r['card_exp_month'], 2) || !MONTH.test(r['card_exp_month'])) return false;
  if (!text(r['card_exp_year'], 4) || !YEAR.test(r['card_exp_year'])) return false;
  if (!text(r['card_cvv2'], 255)) return false;
  if (r['card_token'] !== undefined || r['digital_wallet'] !== undefined || r['payment_token'] !== undefined) return false;
  for (const field of PAYER_FIELDS) if (!optionalText(r[field], 255)) return false;
  if (r['payer_email'] !== undefined && (!text(r['payer_email'], 320) || !EMAIL.test(r['payer_email']))) return false;
  if (!text(r['payer_ip'], 255) || !IPV4.test(r['payer_ip'])) return false;
  if (!text(r['term_url_3ds'], 2048) || !URL.test(r['term_url_3ds'])) return false;
  return true;
}
