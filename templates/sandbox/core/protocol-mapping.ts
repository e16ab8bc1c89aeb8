// Protocol Mapping (the document's "Protocol Mapping options"): operator-side options that add
// data to callbacks, status responses and the payer's return to success_url / cancel_url. Each is
// off by default, as on the platform; the sandbox takes them as settings (issue 15). Callbacks and
// status lookups read the same function, so a lookup answers what the callbacks sent.
import { createHash } from 'node:crypto';
import { maskPan } from '@payment-gateway/merchant-client';
import type { Transaction } from './store.js';

/** The fifteen payer attributes, configurable for S2S callbacks and status responses. */
export const PAYER_ATTRIBUTES = [
  'payer_first_name',
  'payer_last_name',
  'payer_birth_date',
  'payer_address',
  'payer_address2',
  'payer_house_number',
  'payer_phone_country_code',
  'payer_country',
  'payer_state',
  'payer_city',
  'payer_district',
  'payer_zip',
  'payer_email',
  'payer_phone',
  'payer_ip',
] as const;
export type PayerAttribute = (typeof PAYER_ATTRIBUTES)[number];

/** What "Return additional parameters" can append (the first choice is the payment method). */
export const RETURN_PARAMETERS = ['payment_method', 'brand'] as const;
export type ReturnParameter = (typeof RETURN_PARAMETERS)[number];

export interface ProtocolMapping {
  /** Checkout Payment Method: `payment_method` in callbacks, status responses and the success and cancel URLs. */
  readonly checkoutPaymentMethod?: boolean;
  /** Return additional parameters: appended to success_url and cancel_url; empty by default. */
  readonly returnParameters?: readonly ReturnParameter[];
  /** 3DS attributes in callback: the nine EMV 3DS fields, on payments that went through 3DS. */
  readonly threeDsAttributes?: boolean;
  /** Browser attributes in callback: the ten `browser_*` fields, when the payment carried browser data. */
  readonly browserAttributes?: boolean;
  /** Payer attributes in S2S callbacks and status responses: all fifteen (`true`) or the chosen ones. */
  readonly payerAttributes?: boolean | readonly PayerAttribute[];
  /** Status response additions: `card` (masked) and `card_expiration_date` in both GET_TRANS_STATUS variants. */
  readonly statusCard?: boolean;
  /** `brand` in callbacks and status responses. */
  readonly brand?: boolean;
  /** `arn` next to `rrn`: a missing `arn` is sent empty in callbacks and omitted in status responses. */
  readonly arn?: boolean;
  /** `initiator`, `source` and `sequence` (card on file). */
  readonly cofAttributes?: boolean;
}

/** The boolean settings, by name (the CLI's `--protocol-mapping a,b,...`). */
export const MAPPING_SWITCHES = [
  'checkoutPaymentMethod',
  'threeDsAttributes',
  'browserAttributes',
  'payerAttributes',
  'statusCard',
  'brand',
  'arn',
  'cofAttributes',
] as const;

/** Parses `checkoutPaymentMethod,payerAttributes=payer_email+payer_ip,returnParameters=brand`. */
export function parseProtocolMapping(text: string): ProtocolMapping {
  const mapping: Record<string, unknown> = {};
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [name, list] = item.split('=', 2) as [string, string | undefined];
    const values = list?.split('+').filter(Boolean);
    if (name === 'returnParameters') {
      const unknown = (values ?? []).filter((value) => !(RETURN_PARAMETERS as readonly string[]).includes(value));
      if (!values?.length || unknown.length) throw new Error(`returnParameters takes ${RETURN_PARAMETERS.join('+')}`);
      mapping[name] = values;
    } else if (name === 'payerAttributes' && values) {
      const unknown = values.filter((value) => !(PAYER_ATTRIBUTES as readonly string[]).includes(value));
      if (unknown.length) throw new Error(`unknown payer attribute ${unknown.join(', ')}`);
      mapping[name] = values;
    } else if ((MAPPING_SWITCHES as readonly string[]).includes(name) && values === undefined) {
      mapping[name] = true;
    } else {
      throw new Error(
        `unknown Protocol Mapping setting ${item}; one of ${[...MAPPING_SWITCHES, 'returnParameters'].join(', ')}`,
      );
    }
  }
  return mapping as ProtocolMapping;
}

/** The Checkout-terminology method name: the method's brand, or `card` for card payments. */
export function paymentMethodOf(transaction: Transaction): string {
  return transaction.protocol === 'apm' && transaction.brand ? transaction.brand : 'card';
}

/** The reported brand: the method's `brand`, or the card brand the test card number shows. */
export function brandOf(transaction: Transaction): string {
  if (transaction.protocol === 'apm' && transaction.brand) return transaction.brand;
  const number = transaction.cardNumber ?? '';
  if (number.startsWith('4')) return 'VISA';
  if (/^5[1-5]|^2[2-7]/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  return 'CARD';
}

/** A stable value derived from the transaction (the same in every callback and lookup). */
function derived(transaction: Transaction, name: string): string {
  return createHash('sha256').update(`${transaction.id}:${name}`).digest('hex');
}

function uuidOf(transaction: Transaction, name: string): string {
  const hex = derived(transaction, name);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The sandbox's 3DS result of a payment that went through the challenge page. */
function threeDs(transaction: Transaction): Record<string, string> {
  const authenticated = transaction.status !== 'DECLINED';
  return {
    threeDSServerTransID: uuidOf(transaction, 'threeDSServerTransID'),
    dsTransID: uuidOf(transaction, 'dsTransID'),
    acsTransID: uuidOf(transaction, 'acsTransID'),
    xid: Buffer.from(derived(transaction, 'xid').slice(0, 20)).toString('base64'),
    transStatus: authenticated ? 'Y' : 'N',
    ...(authenticated ? {} : { transStatusReason: '01' }),
    eci: authenticated ? '05' : '07',
    protocolVersion: '2.2.0',
    authenticationFlow: 'challenge',
  };
}

/**
 * The Protocol Mapping additions for one transaction: in a callback (`callback`) or a status
 * response (`status`). Payer attributes are S2S only; 3DS and browser attributes are callback
 * additions, `card` and `card_expiration_date` status ones (callbacks carry them anyway).
 */
export function mappingAdditions(
  transaction: Transaction,
  mapping: ProtocolMapping | undefined,
  where: 'callback' | 'status',
): Record<string, string> {
  if (!mapping) return {};
  const fields: Record<string, string> = {};
  if (mapping.checkoutPaymentMethod) fields['payment_method'] = paymentMethodOf(transaction);
  if (mapping.brand) fields['brand'] = brandOf(transaction);
  if (mapping.arn) {
    fields['rrn'] = BigInt(`0x${derived(transaction, 'rrn').slice(0, 12)}`)
      .toString()
      .slice(0, 12)
      .padStart(12, '0');
    // The sandbox has no acquirer, so the ARN is always missing: empty in callbacks, omitted in lookups.
    if (where === 'callback') fields['arn'] = '';
  }
  if (mapping.cofAttributes) {
    const repeat = transaction.recurringInitTransId !== undefined;
    // Their values are not shown in the document; these are the sandbox's own.
    fields['initiator'] = repeat ? 'merchant' : 'cardholder';
    fields['source'] = repeat ? 'recurring' : 'ecommerce';
    fields['sequence'] = repeat ? 'subsequent' : 'first';
  }
  const payer = mapping.payerAttributes === true ? PAYER_ATTRIBUTES : mapping.payerAttributes || [];
  if (transaction.protocol !== 'checkout') {
    for (const name of payer) {
      const value = transaction.payer?.[name];
      // A CREDIT2CARD callback is signed without the payer e-mail (F6), and the client's recipe
      // picks F2 whenever `payer_email` is present, so the sandbox leaves it out there.
      if (
        value === undefined ||
        (name === 'payer_email' && transaction.action === 'CREDIT2CARD' && where === 'callback')
      )
        continue;
      fields[name] = value;
    }
  }
  if (where === 'callback') {
    if (mapping.threeDsAttributes && transaction.history.some((transition) => transition.status === '3DS'))
      Object.assign(fields, threeDs(transaction));
    if (mapping.browserAttributes) Object.assign(fields, transaction.browser ?? {});
  } else if (mapping.statusCard) {
    if (transaction.cardNumber) fields['card'] = maskPan(transaction.cardNumber);
    if (transaction.cardExpiry) fields['card_expiration_date'] = transaction.cardExpiry;
  }
  return fields;
}

/** What the payer's return to success_url / cancel_url carries beyond the four fixed fields. */
export function returnAdditions(
  transaction: Transaction,
  mapping: ProtocolMapping | undefined,
): Record<string, string> {
  const chosen = new Set<ReturnParameter>(mapping?.returnParameters ?? []);
  if (mapping?.checkoutPaymentMethod) chosen.add('payment_method');
  return {
    ...(chosen.has('payment_method') ? { payment_method: paymentMethodOf(transaction) } : {}),
    ...(chosen.has('brand') ? { brand: brandOf(transaction) } : {}),
  };
}

/** The ten browser attributes from an HPF payment's `browser_info`. */
export function browserAttributesOf(info: unknown): Record<string, string> | undefined {
  if (!info || typeof info !== 'object') return undefined;
  const source = info as Record<string, unknown>;
  const names: Record<string, string> = {
    colorDepth: 'browser_color_depth',
    screenHeight: 'browser_screen_height',
    screenWidth: 'browser_screen_width',
    javaEnabled: 'browser_java_enabled',
    javaScriptEnabled: 'browser_javascript_enabled',
    language: 'browser_language',
    timeZoneOffset: 'browser_timezone_offset',
    userAgent: 'browser_user_agent',
    acceptHeader: 'browser_accept_headers',
    platform: 'browser_platform',
  };
  const fields: Record<string, string> = {};
  for (const [key, name] of Object.entries(names)) if (source[key] !== undefined) fields[name] = String(source[key]);
  return Object.keys(fields).length ? fields : undefined;
}

/** The payer attributes an S2S request carried (the request's own `payer_*` fields). */
export function payerAttributesOf(fields: Readonly<Record<string, unknown>>): Record<string, string> | undefined {
  const payer: Record<string, string> = {};
  for (const name of PAYER_ATTRIBUTES)
    if (typeof fields[name] === 'string' && fields[name] !== '') payer[name] = fields[name] as string;
  return Object.keys(payer).length ? payer : undefined;
}
