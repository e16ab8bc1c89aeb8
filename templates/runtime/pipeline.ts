// The one hand-written request pipeline every generated method runs through:
// fill in key and action → validate → label to wire value → sign → encode → send (openapi-fetch) → classify.
// Generated code only declares operations (OperationDefinition) and calls `invoke`.
import createFetchClient, { createQuerySerializer } from 'openapi-fetch';
import {
  GatewayError,
  PlatformError,
  RequestValidationError,
  TransportError,
  type PlatformErrorEntry,
} from './errors.js';
import { checkClientOptions, signatureAlgorithmOf, type CardStatusSignature } from './configuration.js';
import { formBodySerializer } from './form-codec.js';
import { sanitize, scrubText, secretEncodings, secretValues, type SensitiveFields } from './sensitive.js';
import { computeSignature, recipeVariant, type SignatureAlgorithm, type SignatureRecipe } from './signature.js';
import { readRequestInput } from './request-input.js';
import type { ValidationResult, WirePathStyle } from './validation.js';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
export const JSON_CONTENT_TYPE = 'application/json';
const FORM_HEADERS = Object.freeze({ 'Content-Type': FORM_CONTENT_TYPE, Accept: JSON_CONTENT_TYPE });
const JSON_HEADERS = Object.freeze({ 'Content-Type': JSON_CONTENT_TYPE, Accept: JSON_CONTENT_TYPE });
const jsonBodySerializer = (body: unknown): string => JSON.stringify(body);

export interface OperationDefinition {
  /** `SALE` for S2S, the operationId for Checkout: names the operation in errors and logs. */
  readonly name: string;
  readonly path: string;
  readonly bodyStyle: WirePathStyle;
  /** The `action` value an S2S request carries. */
  readonly action?: string;
  /** The body field that carries the merchant key; absent when the key does not authenticate the call. */
  readonly keyField?: 'client_key' | 'merchant_key';
  /**
   * Loads the request validator on the operation's first call: a dynamic import of a module per
   * request schema, so a bundler splits the validators and a client that calls two operations
   * loads the code of two.
   */
  readonly validator: () => Promise<{ readonly validate: Validator }>;
  /** Absent for a call authenticated otherwise (the HPF session token header): then no `hash`. */
  readonly signature?: SignatureRecipe;
  /** Header parameters the caller passes in `input.headers` (the HPF `Token`). */
  readonly headers?: readonly string[];
  /** Lookups may be sent again after a failure; anything that moves money never is. */
  readonly idempotent: boolean;
  readonly sensitive: SensitiveFields;
  /** Body fields keyed by method label (Checkout `parameters`): `brandValues` renames their keys. */
  readonly methodKeyed?: readonly string[];
  /** The request field whose presence makes the answer an array of objects (Checkout status `size`). */
  readonly arrayWhen?: string;
  /** Values the signature covers that the request does not carry: required in `input.signing`. */
  readonly signing?: readonly string[];
  /** Every field the request defines: any other is refused (a `cardNumber` would be a second PAN on the wire). */
  readonly fields?: readonly string[];
}

export type Validator = (value: unknown, style?: WirePathStyle) => ValidationResult<unknown>;

const loadedValidators = new WeakMap<OperationDefinition, Validator>();

async function loadValidator(definition: OperationDefinition): Promise<Validator> {
  const { validate } = await definition.validator();
  loadedValidators.set(definition, validate);
  return validate;
}

/** The operation's request validator, loaded once (for a server validating what a client sends). */
export function requestValidator(definition: OperationDefinition): Promise<Validator> {
  const loaded = loadedValidators.get(definition);
  return loaded ? Promise.resolve(loaded) : loadValidator(definition);
}

export type LogEvent =
  | {
      readonly type: 'request';
      readonly operation: string;
      readonly url: string;
      readonly body: unknown;
      readonly attempt: number;
    }
  | {
      readonly type: 'response';
      readonly operation: string;
      readonly status: number;
      readonly body: unknown;
      readonly ms: number;
    }
  | { readonly type: 'error'; readonly operation: string; readonly error: GatewayError };

export interface ClientOptions {
  readonly baseUrl: string;
  /** `client_key` (S2S) or `merchant_key` (Checkout). */
  readonly merchantKey: string;
  /** The merchant password. It signs requests and never goes on the wire or into a log. */
  readonly password: string;
  /**
   * Real method value per neutral method label, for a deployment whose client was generated
   * with the labels (`{ pin_voucher: 'pv-real' }`): S2S `brand`, Checkout `methods` items and
   * `parameters.<method>` keys. Requests are validated with the label and sent, and signed, with
   * the real value. spec/deployment.yaml does the same at generation time.
   */
  readonly brandValues?: Readonly<Record<string, string>>;
  /** md5 unless the operator switched the merchant to SHA256 signatures. */
  readonly signatureAlgorithm?: SignatureAlgorithm;
  /** The S2S CARD CAPTURE / VOID / GET_TRANS_STATUS formula (default `document`; `vendor` needs `input.signing`). */
  readonly cardStatusSignature?: CardStatusSignature;
  /** Validate each request before sending (default true). */
  readonly validateRequests?: boolean;
  /** Per-attempt timeout in milliseconds (default 30 000). */
  readonly timeoutMs?: number;
  /** Extra attempts for idempotent lookups and for requests that never left (default 2). */
  readonly retries?: number;
  /** Delay before attempt n+1: retryDelayMs * 2^n (default 200). */
  readonly retryDelayMs?: number;
  /** Sends each request as `fetch(url, init)` (default: globalThis.fetch). */
  readonly fetch?: typeof globalThis.fetch;
  /** Receives every request, response and error with card data masked. */
  readonly logger?: (event: LogEvent) => void;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/** The part of openapi-fetch's client the pipeline calls. */
interface FetchClient {
  request(
    method: 'post',
    path: string,
    init: {
      body: unknown;
      headers: Readonly<Record<string, string>>;
      bodySerializer: (body: unknown) => string;
      parseAs: 'text';
      signal: AbortSignal;
    },
  ): Promise<{ data?: unknown; error?: unknown; response: globalThis.Response }>;
}

export interface Transport {
  readonly options: ClientOptions;
  /** `options.signatureAlgorithm`, checked, md5 when absent. */
  readonly signatureAlgorithm: SignatureAlgorithm;
  /** A path override per operation path, e.g. `/post` → `/post-va` for an APM deployment. */
  readonly pathFor: (path: string) => string;
  /** The openapi-fetch client, typed by what the pipeline uses (its full type costs consumers' tsc time). */
  readonly fetchClient: FetchClient;
}

/**
 * The request openapi-fetch builds for each call, kept as its URL and init so that fetch builds
 * the one undici Request itself: a real Request here would be built, then copied by fetch, which
 * costs about a fifth of a loopback round trip. No middleware is registered that would need more.
 */
class PreparedRequest {
  readonly method: string;
  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {
    this.method = init.method ?? 'GET';
  }
}

export function createTransport(
  options: ClientOptions,
  paths: Readonly<Record<string, string>> = {},
  /** The operation paths this client appends to `baseUrl` (checked: `baseUrl` must not end in one). */
  endpoints: readonly string[] = [],
): Transport {
  const signatureAlgorithm = checkClientOptions(options, [...endpoints, ...Object.values(paths)]);
  // Looked up per call, not captured: a test or an APM agent may replace globalThis.fetch later.
  const send = (request: PreparedRequest) => (options.fetch ?? globalThis.fetch)(request.url, request.init);
  const fetchClient = createFetchClient({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    Request: PreparedRequest as unknown as typeof Request,
    fetch: send as unknown as typeof globalThis.fetch,
    // Given as a function, openapi-fetch uses it as it is instead of building one per call.
    querySerializer: createQuerySerializer(),
  }) as unknown as FetchClient;
  return { options, signatureAlgorithm, pathFor: (path) => paths[path] ?? path, fetchClient };
}

type SigningValues = Readonly<Record<string, string | undefined>>;

/** Fields of the input that never go on the wire (a caller's `hash` is dropped too). */
const LOCAL_FIELDS = new Set(['signing', 'headers', 'hash']);

/**
 * The body exactly as it is sent: the caller's fields plus action and merchant key, method
 * labels replaced by the deployment's values, and the signature. `input.signing` (values of the
 * original payment the signature covers) is hashed and left out of the body. Not validated.
 */
export function buildRequest(
  definition: OperationDefinition,
  options: ClientOptions,
  input: object,
): Record<string, unknown> {
  const body = toWire(definition, options, unsignedBody(definition, options, input));
  return sign(
    definition,
    options.password,
    signatureAlgorithmOf('client options', options.signatureAlgorithm),
    body,
    (input as { signing?: SigningValues }).signing,
    options.cardStatusSignature,
  );
}

/** Whether the input carries fields that never go on the wire. */
function hasLocalFields(input: object): boolean {
  return Object.hasOwn(input, 'signing') || Object.hasOwn(input, 'headers') || Object.hasOwn(input, 'hash');
}

/**
 * action and merchant key, then the caller's fields, in wire order. The body is one fast object
 * for the validator and the encoder (no delete); the usual shapes are object literals with a
 * spread, which V8 copies in bulk, several times faster than adding fields one by one.
 */
function unsignedBody(definition: OperationDefinition, options: ClientOptions, input: object): Record<string, unknown> {
  const { action, keyField } = definition;
  if (!hasLocalFields(input)) {
    if (action !== undefined && keyField === 'client_key') return { action, client_key: options.merchantKey, ...input };
    if (action === undefined && keyField === 'merchant_key') return { merchant_key: options.merchantKey, ...input };
    if (action === undefined && keyField === undefined) return { ...input };
  }
  const body: Record<string, unknown> = {};
  if (action !== undefined) body['action'] = action;
  if (keyField !== undefined) body[keyField] = options.merchantKey;
  for (const key of Object.keys(input)) {
    if (!LOCAL_FIELDS.has(key)) body[key] = (input as Record<string, unknown>)[key];
  }
  return body;
}

/** The hex length of a recipe's last digest: what the `hash` slot holds while the body is validated. */
function digestLength(recipe: SignatureRecipe, algorithm: SignatureAlgorithm): number {
  const last = recipe.digests[recipe.digests.length - 1];
  return last === 'sha1' ? 40 : last === 'sha256' || algorithm === 'sha256' ? 64 : 32;
}

/** Adds `hash` to a body (in place: the body is the pipeline's own object). */
function sign(
  definition: OperationDefinition,
  password: string,
  algorithm: SignatureAlgorithm,
  body: Record<string, unknown>,
  signing: SigningValues | undefined,
  variant?: string,
): Record<string, unknown> {
  if (!definition.signature) return body;
  body['hash'] = computeSignature(
    recipeVariant(definition.signature, variant),
    signing === undefined ? body : { ...signing, ...body },
    password,
    algorithm,
  );
  return body;
}

/**
 * The body as it travels: each neutral method label (`brand`, the items of `methods`, the keys
 * of a method-keyed object such as Checkout `parameters`) replaced by the deployment's value.
 */
function toWire(
  definition: OperationDefinition,
  options: ClientOptions,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const brandValues = options.brandValues;
  if (brandValues === undefined) return body;
  const real = (label: unknown) =>
    typeof label === 'string' && Object.hasOwn(brandValues, label) ? brandValues[label]! : label;
  const wire = { ...body };
  if (typeof wire['brand'] === 'string') wire['brand'] = real(wire['brand']);
  if (Array.isArray(wire['methods'])) wire['methods'] = wire['methods'].map(real);
  for (const field of definition.methodKeyed ?? []) {
    const keyed = wire[field];
    if (typeof keyed === 'object' && keyed !== null && !Array.isArray(keyed))
      wire[field] = Object.fromEntries(Object.entries(keyed).map(([label, value]) => [real(label), value]));
  }
  return wire;
}

export async function invoke<Response>(
  transport: Transport,
  definition: OperationDefinition,
  input: object,
  call: CallOptions = {},
): Promise<Response> {
  const { options } = transport;
  // A logger that throws must not turn a completed payment into an error: it would be sent again.
  const logger = options.logger && quietly(options.logger);
  const log = (event: LogEvent) => logger?.(event);
  const fail = (error: GatewayError): never => {
    log({ type: 'error', operation: definition.name, error });
    throw error;
  };
  const read = readRequestInput(definition, input, options.cardStatusSignature);
  if (read.issues.length > 0) fail(new RequestValidationError(definition.name, read.issues));
  input = read.input;
  // Validate → sign, as documented: the body is validated with the hash slot reserved (a digest-
  // shaped placeholder), then method labels become their real values and it is signed once.
  const labelled = unsignedBody(definition, options, input);
  const { signature } = definition;
  if (signature) labelled['hash'] = '0'.repeat(digestLength(signature, transport.signatureAlgorithm));
  if (options.validateRequests !== false) {
    const validate = loadedValidators.get(definition) ?? (await loadValidator(definition));
    const result = validate(labelled, definition.bodyStyle);
    if (!result.ok) fail(new RequestValidationError(definition.name, result.issues));
  }
  const { signing, headers } = input as { signing?: SigningValues; headers?: Readonly<Record<string, string>> };
  const body = sign(
    definition,
    options.password,
    transport.signatureAlgorithm,
    toWire(definition, options, labelled),
    signing,
    options.cardStatusSignature,
  );
  // Computed only when something is logged or scrubbed: the happy path without a logger skips it.
  let secrets: string[] | undefined;
  const secretsOf = () =>
    (secrets ??= secretEncodings([
      ...secretValues({ ...signing, ...body }, definition.sensitive),
      ...Object.values(headers ?? {}),
      options.password,
    ]));
  const scrub = (text: string) => scrubText(text, secretsOf());
  const path = transport.pathFor(definition.path);
  const attempts = 1 + Math.max(0, options.retries ?? 2);

  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    logger?.({
      type: 'request',
      operation: definition.name,
      url: `${options.baseUrl}${path}`,
      body: sanitize(body, definition.sensitive, secretsOf()),
      attempt,
    });
    let outcome: Response;
    try {
      outcome = await sendOnce<Response>(transport, definition, path, body, headers, call, scrub, (status, parsed) =>
        logger?.({
          type: 'response',
          operation: definition.name,
          status,
          body: sanitize(parsed, definition.sensitive, secretsOf()),
          ms: Date.now() - started,
        }),
      );
    } catch (error) {
      const gatewayError =
        error instanceof GatewayError ? error : new TransportError(definition.name, 'response', scrub(String(error)));
      // A response that arrived but cannot be used ('response') would come back the same: never retried.
      const retryable =
        gatewayError instanceof TransportError &&
        gatewayError.failure !== 'aborted' &&
        gatewayError.failure !== 'response' &&
        (gatewayError.notSent ||
          (definition.idempotent && (gatewayError.failure !== 'http' || (gatewayError.status ?? 0) >= 500)));
      if (!retryable || attempt >= attempts) return fail(gatewayError);
      log({ type: 'error', operation: definition.name, error: gatewayError });
      await delay((options.retryDelayMs ?? 200) * 2 ** (attempt - 1), call.signal);
      continue;
    }
    return outcome;
  }
}

async function sendOnce<Response>(
  transport: Transport,
  definition: OperationDefinition,
  path: string,
  body: Record<string, unknown>,
  headers: Readonly<Record<string, string>> | undefined,
  call: CallOptions,
  scrub: (text: string) => string,
  onResponse: (status: number, parsed: unknown) => void,
): Promise<Response> {
  const timeoutMs = call.timeoutMs ?? transport.options.timeoutMs ?? 30_000;
  // One controller per attempt, its timer cleared as soon as the body is read (AbortSignal.timeout
  // would keep a timer pending per request for the whole timeout).
  const controller = new AbortController();
  const signal = controller.signal;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onCallerAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const isForm = definition.bodyStyle === 'form';
    let response: globalThis.Response;
    let received: unknown;
    try {
      // openapi-fetch sends JSON by default: a form body needs both its serializer and its header.
      const bodyHeaders = isForm ? FORM_HEADERS : JSON_HEADERS;
      const result = await transport.fetchClient.request('post', path, {
        body,
        headers: headers === undefined ? bodyHeaders : { ...headers, ...bodyHeaders },
        bodySerializer: isForm ? formBodySerializer : jsonBodySerializer,
        parseAs: 'text',
        signal,
      });
      response = result.response;
      // openapi-fetch hands over the text of a 2xx body, and an error body already JSON-parsed when it could.
      received = result.data ?? result.error ?? '';
    } catch (error) {
      if (call.signal?.aborted)
        throw new TransportError(definition.name, 'aborted', `${definition.name} was aborted by the caller`);
      if (signal.aborted)
        throw new TransportError(definition.name, 'timeout', `${definition.name} timed out after ${timeoutMs} ms`);
      const code = connectionErrorCode(error);
      const notSent = code !== undefined && NOT_SENT_CODES.has(code);
      throw new TransportError(
        definition.name,
        'connection',
        scrub(`${definition.name} could not reach the platform: ${code ?? describe(error)}`),
        undefined,
        notSent,
      );
    }

    let parsed: unknown = received;
    try {
      if (typeof received === 'string') parsed = received === '' ? undefined : JSON.parse(received);
    } catch {
      onResponse(response.status, undefined);
      throw new TransportError(
        definition.name,
        response.ok ? 'response' : 'http',
        `${definition.name}: HTTP ${response.status} with a body that is not JSON`,
        response.status,
      );
    }
    onResponse(response.status, parsed);
    const record =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : undefined;
    if (record && (record['result'] === 'ERROR' || (!response.ok && typeof record['error_message'] === 'string'))) {
      throw new PlatformError(definition.name, {
        http_code: typeof record['http_code'] === 'number' ? record['http_code'] : response.status,
        error_code:
          typeof record['error_code'] === 'number' || typeof record['error_code'] === 'string'
            ? record['error_code']
            : undefined,
        error_message: scrub(String(record['error_message'] ?? 'Unknown error')),
        errors: Array.isArray(record['errors']) ? record['errors'].map((entry) => scrubEntry(entry, scrub)) : [],
      });
    }
    if (!response.ok) {
      throw new TransportError(
        definition.name,
        'http',
        `${definition.name}: unexpected HTTP ${response.status}`,
        response.status,
      );
    }
    // With `arrayWhen` sent (Checkout status `size`) the answer is an array of objects.
    const wantsArray = definition.arrayWhen !== undefined && body[definition.arrayWhen] !== undefined;
    if (wantsArray ? !isObjectArray(parsed) : !record)
      throw new TransportError(
        definition.name,
        'response',
        `${definition.name}: the response is not ${wantsArray ? 'a JSON array of objects' : 'a JSON object'}`,
        response.status,
      );
    return parsed as Response;
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function isObjectArray(value: unknown): value is Record<string, unknown>[] {
  return (
    Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
  );
}

function scrubEntry(entry: unknown, scrub: (text: string) => string): PlatformErrorEntry {
  const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  const code = record['error_code'];
  return {
    ...(typeof code === 'number' || typeof code === 'string' ? { error_code: code } : {}),
    error_message: scrub(String(record['error_message'] ?? '')),
  };
}

/** The function, with whatever it throws ignored. */
function quietly<Argument>(fn: (argument: Argument) => void): (argument: Argument) => void {
  return (argument) => {
    try {
      fn(argument);
    } catch {
      // ignored
    }
  };
}

/** Connection errors that prove the request never reached the server. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function connectionErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Waits before a retry; an abort ends the wait early. The listener goes with the wait. */
function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
