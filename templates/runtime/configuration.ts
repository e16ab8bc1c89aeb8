// Fails fast on configuration mistakes, when the client is created: a blank password would sign
// every request with nothing secret in it, and a base URL that already ends in an endpoint's
// path would post to `/post/post`. Messages name the option, never its value.
import { ConfigurationError } from './errors.js';
import type { SignatureAlgorithm } from './signature.js';

export const SIGNATURE_ALGORITHMS: readonly SignatureAlgorithm[] = ['md5', 'sha256'];

/** The signature algorithm an option names (md5 when absent); anything else is a ConfigurationError. */
export function signatureAlgorithmOf(where: string, algorithm: unknown): SignatureAlgorithm {
  if (algorithm === undefined) return 'md5';
  if (!SIGNATURE_ALGORITHMS.includes(algorithm as SignatureAlgorithm))
    throw new ConfigurationError(
      where,
      `signatureAlgorithm must be ${SIGNATURE_ALGORITHMS.map((name) => `'${name}'`).join(' or ')} (md5 unless the operator switched the merchant to SHA256)`,
    );
  return algorithm as SignatureAlgorithm;
}

/** The merchant password: a non-blank string. */
export function checkPassword(where: string, password: unknown): string {
  if (typeof password !== 'string' || password.trim() === '')
    throw new ConfigurationError(where, 'password must be the merchant password (a non-empty string)');
  return password;
}

export interface TransportSettings {
  readonly baseUrl: unknown;
  readonly merchantKey: unknown;
  readonly password: unknown;
  readonly signatureAlgorithm?: unknown;
  readonly brandValues?: unknown;
  readonly retries?: unknown;
  readonly timeoutMs?: unknown;
  readonly retryDelayMs?: unknown;
  readonly fetch?: unknown;
  readonly logger?: unknown;
  readonly cardStatusSignature?: unknown;
  readonly interfaceNotice?: unknown;
}

/**
 * S2S CARD CAPTURE, VOID and GET_TRANS_STATUS: the document's status-style signature, or the
 * vendor appendix's (`md5(upper(strrev(payer_email) . PASSWORD . trans_id . strrev(card))))`,
 * which needs the original payment's `payer_email` and `card_number` in `input.signing`).
 */
export type CardStatusSignature = 'document' | 'vendor';

/** Counts and durations: a NaN or negative `retries` would make the retry loop endless. */
const COUNT_OPTIONS = ['retries', 'timeoutMs', 'retryDelayMs'] as const;

/**
 * Checks a client's options. `endpoints` are the operation paths the client appends to
 * `baseUrl`: a base URL already ending in one of them is the endpoint's URL, not the base.
 */
export function checkClientOptions(settings: TransportSettings, endpoints: readonly string[]): SignatureAlgorithm {
  const where = 'client options';
  if (typeof settings !== 'object' || settings === null)
    throw new ConfigurationError(where, 'the client needs options { baseUrl, merchantKey, password }');
  checkPassword(where, settings.password);
  if (typeof settings.merchantKey !== 'string' || settings.merchantKey.trim() === '')
    throw new ConfigurationError(where, 'merchantKey must be the merchant key (a non-empty string)');
  let url: URL | undefined;
  try {
    if (typeof settings.baseUrl === 'string') url = new URL(settings.baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new ConfigurationError(where, 'baseUrl must be an absolute http(s) URL such as https://gateway.example');
  const basePath = url.pathname.replace(/\/+$/, '');
  const endpoint = endpoints.find((path) => path !== '/' && basePath.endsWith(path));
  if (endpoint !== undefined)
    throw new ConfigurationError(
      where,
      `baseUrl must not end in the endpoint path ${endpoint}: the client appends it itself (give the URL without ${endpoint})`,
    );
  const brandValues = settings.brandValues;
  if (
    brandValues !== undefined &&
    (typeof brandValues !== 'object' ||
      brandValues === null ||
      Object.values(brandValues).some((value) => typeof value !== 'string' || value === ''))
  )
    throw new ConfigurationError(where, 'brandValues must map each method label to its real value (non-empty strings)');
  for (const name of COUNT_OPTIONS) {
    const value = settings[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) >= 0))
      throw new ConfigurationError(where, `${name} must be a finite non-negative integer`);
  }
  const cardStatus = settings.cardStatusSignature;
  if (cardStatus !== undefined && cardStatus !== 'document' && cardStatus !== 'vendor')
    throw new ConfigurationError(where, "cardStatusSignature must be 'document' or 'vendor'");
  for (const name of ['fetch', 'logger'] as const) {
    if (settings[name] !== undefined && typeof settings[name] !== 'function')
      throw new ConfigurationError(where, `${name} must be a function`);
  }
  const notice = settings.interfaceNotice;
  if (notice !== undefined && typeof notice !== 'boolean' && typeof notice !== 'function')
    throw new ConfigurationError(where, 'interfaceNotice must be true, false or a function that receives the notice');
  return signatureAlgorithmOf(where, settings.signatureAlgorithm);
}
