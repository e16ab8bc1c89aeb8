// Talking to the platform under test: S2S requests form-encoded to `{base}/post`, Checkout JSON to
// its paths, each signed with the operation's recipe from the client package, each answer read
// and kept for the report, masked with the client's one list of sensitive fields: card data and
// tokens by name, and every value they carried (and the password) wherever it comes back.
import {
  computeSignature,
  createRedactor,
  encodeForm,
  SENSITIVE_FIELDS,
  type FormObject,
  type Redactor,
} from '@payment-gateway/merchant-client';
import type { Exchange } from './report.js';
import type { CheckoutEntry, S2sEntry, Validator } from './tables.js';

export interface Target {
  readonly baseUrl: string;
  readonly checkoutUrl: string;
  readonly merchantKey: string;
  readonly password: string;
  /** Per-request timeout. */
  readonly timeoutMs: number;
  /** What the run has sent of card data, and how the report shows exchanges without it. */
  readonly redactor: Redactor;
}

/** The redactor of a run against a platform: the client's sensitive fields, and the merchant's password. */
export const runRedactor = (password: string): Redactor => createRedactor(SENSITIVE_FIELDS, [password]);

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly exchange: Exchange;
  /** Where a redirect answer (3xx) sends the client. */
  readonly location?: string;
}

async function send(
  target: Target,
  url: string,
  body: string,
  contentType: string,
  sent: unknown,
  method = 'POST',
  headers: Readonly<Record<string, string>> = {},
): Promise<Answer> {
  // Shown (and its card data remembered) before it leaves: an answer may echo it.
  const shownBody = target.redactor.body(sent, 'values');
  const response = await fetch(url, {
    method,
    headers: { ...headers, 'Content-Type': contentType, Accept: 'application/json' },
    ...(method === 'GET' ? {} : { body }),
    redirect: 'manual',
    signal: AbortSignal.timeout(target.timeoutMs),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text, and the scenario says what it expected.
  }
  const answer = JSON.stringify(target.redactor.body(parsed)).slice(0, 2000);
  const location = response.headers.get('location');
  return {
    status: response.status,
    body: parsed,
    ...(location ? { location } : {}),
    exchange: { request: `${method} ${url} ${JSON.stringify(shownBody)}`, status: response.status, answer },
  };
}

/** An S2S request of `entry` with the merchant's key and the recipe's hash (or `hash`, to send a wrong one). */
export function sendS2s(
  target: Target,
  entry: S2sEntry,
  fields: Readonly<Record<string, unknown>>,
  original: Readonly<Record<string, string>> = {},
  hash?: string,
): Promise<Answer> {
  const body: Record<string, unknown> = { ...fields, client_key: target.merchantKey };
  delete body['hash'];
  body['hash'] = hash ?? computeSignature(entry.operation.signature!, { ...original, ...body }, target.password);
  return send(
    target,
    `${target.baseUrl}/post`,
    encodeForm(body as FormObject),
    'application/x-www-form-urlencoded',
    body,
  );
}

export interface CheckoutSending {
  /** A hash to send instead of the recipe's (a wrong one). */
  readonly hash?: string;
  /** Signing-only inputs of the recipe, not sent. */
  readonly original?: Readonly<Record<string, string>>;
  /** Header parameters of the operation (the Hosted Payment Fields `Token`); never shown in a report. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A Checkout request of `entry` with the merchant's key and (for signed endpoints) the recipe's hash. */
export function sendCheckout(
  target: Target,
  entry: CheckoutEntry,
  fields: Readonly<Record<string, unknown>>,
  sending: CheckoutSending = {},
): Promise<Answer> {
  // A call authenticated otherwise (the HPF session token) carries no merchant key.
  const body: Record<string, unknown> = entry.operation.keyField
    ? { ...fields, [entry.operation.keyField]: target.merchantKey }
    : { ...fields };
  delete body['hash'];
  if (entry.signed)
    body['hash'] =
      sending.hash ?? computeSignature(entry.operation.signature!, { ...sending.original, ...body }, target.password);
  return send(
    target,
    `${target.checkoutUrl}${entry.path}`,
    JSON.stringify(body),
    'application/json',
    body,
    'POST',
    sending.headers,
  );
}

/** A plain request (probes, sandbox controls, the payer's pages): a form, or a JSON body. */
export function request(
  target: Target,
  url: string,
  method: 'GET' | 'POST',
  form?: Readonly<Record<string, string>>,
  json?: Readonly<Record<string, unknown>>,
): Promise<Answer> {
  if (json) return send(target, url, JSON.stringify(json), 'application/json', json, method);
  return send(
    target,
    url,
    new URLSearchParams(form ?? {}).toString(),
    'application/x-www-form-urlencoded',
    form ?? {},
    method,
  );
}

/** A field of an answer object, or undefined. */
export function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** The validator's verdict, awaiting a deferred piece once. */
export async function schemaIssues(validate: Validator | undefined, value: unknown): Promise<string | undefined> {
  if (!validate) return undefined;
  let result = validate(value);
  if (!result.ok && result.pending) {
    await result.pending;
    result = validate(value);
  }
  return result.ok ? undefined : result.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
}
