// The one hand-written request pipeline every generated method runs through: fill in key and
// action, then openapi-fetch with its middleware in order: the gateway's (validate → label to wire
// value → sign → encode), the merchant's, the logger's; then send and classify the answer.
// Generated code only declares operations (OperationDefinition, with its typed openapi-fetch
// call) and calls `invoke`.
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../schema.js';
import {
  ConfigurationError,
  GatewayError,
  PlatformError,
  RequestValidationError,
  TransportError,
  type WireErrorEntry,
} from './errors.js';
import { checkClientOptions, signatureAlgorithmOf, type CardStatusSignature } from './configuration.js';
import { encodeForm, type FormObject } from './form-codec.js';
import {
  describeError,
  sanitize,
  scrubText,
  secretEncodings,
  secretValues,
  type SensitiveFields,
} from './sensitive.js';
import { computeSignature, recipeVariant, type SignatureAlgorithm, type SignatureRecipe } from './signature.js';
import { LOCAL_FIELDS, readRequestInput } from './request-input.js';
import { loadDeferred, type Deferred, type ValidationResult, type WirePathStyle } from './validation.js';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
export const JSON_CONTENT_TYPE = 'application/json';
const FORM_HEADERS = Object.freeze({ 'Content-Type': FORM_CONTENT_TYPE, Accept: JSON_CONTENT_TYPE });
const JSON_HEADERS = Object.freeze({ 'Content-Type': JSON_CONTENT_TYPE, Accept: JSON_CONTENT_TYPE });
const NO_PARAMS = Object.freeze({});
/** The content type a body style is sent with, and JSON accepted back. */
const contentHeaders = (definition: OperationDefinition) =>
  definition.bodyStyle === 'form' ? FORM_HEADERS : JSON_HEADERS;
const noSerializer = () => undefined;
const redirect = 'error';

/** The openapi-fetch client of a transport, typed by the spec's `paths`. */
export type FetchClient = Client<paths>;

/** What openapi-fetch answers: `data` (2xx) or `error`, parsed as JSON when they are JSON. */
export interface FetchOutcome {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: globalThis.Response;
}

/**
 * openapi-fetch's per-call options as the pipeline fills them. The body and the header
 * parameters come from the method's typed input (checked there), so they are not typed again.
 */
export type SendInit = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** `header`: the operation's header parameters (the HPF `Token`), from `input.headers`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  params: any;
  headers?: Readonly<Record<string, string>>;
  /** None: the gateway middleware encodes the body once it is validated and signed. */
  bodySerializer: () => undefined;
  fetch: (request: Request) => Promise<globalThis.Response>;
  middleware?: Middleware[];
  /** The class openapi-fetch builds the call's request with: `AttemptRequest` when no merchant middleware reads it. */
  Request?: typeof globalThis.Request;
  /** Marks the Request openapi-fetch builds for this call (copied onto it): see `sendAttempt`. */
  gateway: GatewayCall;
};

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
   * Loads the module of the request schema on the operation's first call (also with
   * `validateRequests: false`: it lists the fields the request defines): a dynamic import per
   * request schema, so a bundler splits the validators and a client that calls two operations
   * loads the code of two, and `createS2SClient` carries no operation's field list.
   */
  readonly validator: () => Promise<RequestModule>;
  /**
   * The operation's openapi-fetch call through the spec's typed `paths`, e.g.
   * `(client, init) => client.POST('/post', init)`; absent: posted to `path`.
   */
  readonly send?: (client: FetchClient, init: SendInit) => Promise<FetchOutcome>;
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
}

export type Validator = (value: unknown, style?: WirePathStyle) => ValidationResult<unknown>;

/** What the client loads on an operation's first call: the module of its request schema. */
export interface RequestModule {
  readonly validate: Validator;
  /** The validator's deferred pieces: loaded as requests reach them, or all at once by `requestValidator`. */
  readonly deferred?: readonly Deferred[];
  /** Every field the request defines: any other is refused (a `cardNumber` would be a second PAN on the wire). */
  readonly fields?: readonly string[];
}

const loadedModules = new WeakMap<OperationDefinition, RequestModule>();

async function loadRequestModule(definition: OperationDefinition): Promise<RequestModule> {
  const module = await definition.validator();
  loadedModules.set(definition, module);
  return module;
}

/**
 * The operation's request validator with all its deferred pieces loaded, so it never answers
 * `pending` (for a server validating what a client sends).
 */
export async function requestValidator(definition: OperationDefinition): Promise<Validator> {
  const { validate, deferred } = await definition.validator();
  await loadDeferred(deferred ?? []);
  return validate;
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

export interface Transport {
  readonly options: ClientOptions;
  /** `options.signatureAlgorithm`, checked, md5 when absent. */
  readonly signatureAlgorithm: SignatureAlgorithm;
  /** A path override per operation path, e.g. `/post` → `/post-va` for an APM deployment. */
  readonly pathFor: (path: string) => string;
  /**
   * The configured openapi-fetch client every call goes through: `fetchClient.use(middleware)`
   * adds a merchant's middleware (tracing, headers), which sees each request after validation
   * and signing, as it goes on the wire.
   */
  readonly fetchClient: FetchClient;
  /** Whether `fetchClient.use` added middleware that `fetchClient.eject` has not removed. */
  readonly hasMerchantMiddleware: () => boolean;
}

/**
 * The mark of one pipeline call, copied by openapi-fetch onto the Request it builds: a
 * middleware can read `request.gateway.operation`, e.g. to name a span.
 */
export interface GatewayCall {
  readonly operation: string;
}

/** The mark as the pipeline made it: the gateway middleware seals the body through it, and `sendAttempt` knows the Request still carries that body. */
interface PipelineCall extends GatewayCall {
  /**
   * Validates, labels, signs and encodes the body: once per call, each attempt sends the same
   * bytes. Synchronous, unless the body reaches a deferred validator piece not loaded yet.
   */
  readonly seal: () => string | Promise<string>;
  /** The headers the call sends (content type, accept, its header parameters), as one record. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The request openapi-fetch builds for an attempt that no merchant middleware will see (its
 * per-call `Request` option): URL and method for `sendAttempt`, which adds the call's headers
 * and sealed body. fetch builds the one WHATWG Request from them; a Request built here too would
 * cost an AbortSignal, a header list and a body stream per call, only to be dropped.
 */
class AttemptRequest {
  readonly method: string;
  constructor(
    readonly url: string,
    init: RequestInit,
  ) {
    this.method = init.method ?? 'POST';
  }
}

/**
 * The pipeline's own openapi-fetch middleware, first on every transport's client, so the
 * merchant's middleware after it sees each request validated, signed and encoded, as it goes on
 * the wire. A merchant's own call through `fetchClient` carries no mark and passes untouched.
 */
const gatewayMiddleware: Middleware = {
  onRequest({ request }) {
    const call = (request as { gateway?: PipelineCall }).gateway;
    if (call === undefined) return undefined;
    // A Request the merchant's middleware reads carries the body; sendAttempt adds it to an AttemptRequest.
    const carry = (body: string) =>
      (request as unknown) instanceof AttemptRequest
        ? undefined
        : Object.assign(new Request(request, { body }), { gateway: call });
    const body = call.seal();
    return typeof body === 'string' ? carry(body) : body.then(carry);
  },
};

/**
 * An attempt's `fetch` (openapi-fetch's per-call option): the Request openapi-fetch built (whose
 * headers middleware may have changed) goes out as `fetch(url, init)` with the body the pipeline
 * encoded, so fetch builds its one Request instead of copying this one through a stream (a fifth
 * of a loopback round trip). An AttemptRequest goes out with the call's own headers, as a plain
 * record (no middleware could change them). A Request a middleware replaced goes out as it is.
 * The signal goes to fetch only: the Request middleware sees does not follow it (each follower
 * costs undici a listener, a WeakRef and a finalizer).
 */
function sendAttempt(
  options: ClientOptions,
  gateway: PipelineCall,
  signal: AbortSignal,
): (request: Request) => Promise<globalThis.Response> {
  return (request) => {
    // Looked up per call, not captured: a test or an APM agent may replace globalThis.fetch later.
    const send = options.fetch ?? globalThis.fetch;
    if ((request as { gateway?: GatewayCall }).gateway !== gateway) return send(request, { redirect, signal });
    const headers = (request as unknown) instanceof AttemptRequest ? gateway.headers : request.headers;
    const sendSealed = (body: string) => send(request.url, { method: request.method, headers, body, redirect, signal });
    // Sealed by the gateway middleware already: a string, unless a deferred piece was loaded for it.
    const body = gateway.seal();
    return typeof body === 'string' ? sendSealed(body) : body.then(sendSealed);
  };
}

export function createTransport(
  options: ClientOptions,
  paths: Readonly<Record<string, string>> = {},
  /** The operation paths this client appends to `baseUrl` (checked: `baseUrl` must not end in one). */
  endpoints: readonly string[] = [],
): Transport {
  const signatureAlgorithm = checkClientOptions(options, [...endpoints, ...Object.values(paths)]);
  const fetchClient = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    // The caller's fetch for a merchant's own calls through the client; the pipeline's attempts pass their own.
    fetch: (request) => (options.fetch ?? globalThis.fetch)(request),
    // Card data goes to baseUrl only: a 307 would send the body on to wherever it points. Not
    // following also spares undici a copy of every request (its body stream teed) kept for one.
    redirect,
  });
  fetchClient.use(gatewayMiddleware);
  // The middleware the merchant registered, counted as openapi-fetch keeps it (a list: the same
  // one may be added twice), so an attempt knows whether anyone else reads its Request.
  const merchantMiddleware: Middleware[] = [];
  const { use, eject } = fetchClient;
  fetchClient.use = (...middleware) => {
    // One by one: openapi-fetch throws at a malformed one, having kept those before it.
    for (const added of middleware) {
      use(added);
      if (added) merchantMiddleware.push(added);
    }
  };
  fetchClient.eject = (...middleware) => {
    for (const ejected of middleware) {
      const index = merchantMiddleware.indexOf(ejected);
      if (index !== -1) merchantMiddleware.splice(index, 1);
    }
    eject(...middleware);
  };
  return {
    options,
    signatureAlgorithm,
    pathFor: (path) => paths[path] ?? path,
    fetchClient,
    hasMerchantMiddleware: () => merchantMiddleware.length > 0,
  };
}

type SigningValues = Readonly<Record<string, string | undefined>>;

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
  const body = toWire(definition, options, unsignedBody(withHead(definition, options)(input)));
  return sign(
    definition,
    options.password,
    signatureAlgorithmOf('client options', options.signatureAlgorithm),
    body,
    (input as { signing?: SigningValues }).signing,
    options.cardStatusSignature,
  );
}

/**
 * Copies the caller's fields after those that open every body, in wire order: action and
 * merchant key (the caller's own values win). Object literals, so V8 builds each body with fast
 * properties in one step: grown key by key, it would become a slow dictionary for the
 * validator, the signer and the encoder.
 */
function withHead(
  definition: OperationDefinition,
  options: ClientOptions,
): (fields: object) => Record<string, unknown> {
  const { action, keyField } = definition;
  const key = options.merchantKey;
  if (keyField === undefined)
    return action === undefined ? (fields) => ({ ...fields }) : (fields) => ({ action, ...fields });
  return action === undefined
    ? (fields) => ({ [keyField]: key, ...fields })
    : (fields) => ({ action, [keyField]: key, ...fields });
}

function hasLocalFields(fields: object): boolean {
  for (const name of LOCAL_FIELDS) if (Object.hasOwn(fields, name)) return true;
  return false;
}

/**
 * The body before signing: the head and the caller's fields (`fields`, opened by `withHead`)
 * without those that never go on the wire (LOCAL_FIELDS). Usually that is `fields` itself, with
 * no copy and no delete (which would make it a slow dictionary object).
 */
function unsignedBody(fields: Record<string, unknown>): Record<string, unknown> {
  if (!hasLocalFields(fields)) return fields;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { signing, headers, hash, ...body } = fields;
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
  const fail = (error: GatewayError): never => {
    logger?.({ type: 'error', operation: definition.name, error });
    throw error;
  };
  // The request schema's module, loaded on the operation's first call: its validator and field list.
  const module =
    loadedModules.get(definition) ??
    (await loadRequestModule(definition).catch((error: unknown) => fail(codeNotLoaded(definition, error))));
  // The input read once: an object, walkable, every property readable, no field the request does
  // not define, and the signing values its recipe needs. The pipeline works on that copy only.
  const read = readRequestInput(
    definition,
    input,
    options.cardStatusSignature,
    withHead(definition, options),
    module.fields,
  );
  if (read.issues.length > 0) fail(new RequestValidationError(definition.name, read.issues));
  input = read.input;
  const validate = options.validateRequests === false ? undefined : module.validate;
  const { signing, headers } = input as { signing?: SigningValues; headers?: Readonly<Record<string, string>> };
  const isForm = definition.bodyStyle === 'form';
  // Validate → sign, as documented: the body is validated with the hash slot reserved (a digest-
  // shaped placeholder), then method labels become their real values and it is signed once.
  const labelled = unsignedBody(input as Record<string, unknown>);
  const { signature } = definition;
  if (signature) labelled['hash'] = '0'.repeat(digestLength(signature, transport.signatureAlgorithm));
  let body: Record<string, unknown> | undefined;
  let sealed: string | Promise<string> | undefined;
  // What the gateway middleware runs, once per call: validate → label → sign → encode.
  const sealBody = (): string | Promise<string> => {
    const validation = validate?.(labelled, definition.bodyStyle);
    if (validation && !validation.ok) {
      if (!validation.pending) throw new RequestValidationError(definition.name, validation.issues);
      // A part whose validator code is not loaded yet (connector `parameters`, a wallet token):
      // loaded, then the body is validated again (validation is pure).
      return validation.pending.then(sealBody, (error: unknown) => {
        throw codeNotLoaded(definition, error);
      });
    }
    const signed = sign(
      definition,
      options.password,
      transport.signatureAlgorithm,
      toWire(definition, options, labelled),
      signing,
      options.cardStatusSignature,
    );
    body = signed;
    // Kept as the string from here on, also when the seal began as a promise.
    return (sealed = isForm ? encodeForm(signed as FormObject) : JSON.stringify(signed));
  };
  const gateway: PipelineCall = {
    operation: definition.name,
    seal: () => (sealed ??= sealBody()),
    headers: headers === undefined ? contentHeaders(definition) : { ...contentHeaders(definition), ...headers },
  };
  // Computed only when something is logged or scrubbed: the happy path without a logger skips it.
  let secrets: string[] | undefined;
  const secretsOf = () =>
    (secrets ??= secretEncodings([
      ...secretValues({ ...signing, ...(body ?? labelled) }, definition.sensitive),
      ...Object.values(headers ?? {}),
      options.password,
    ]));
  const scrub = (text: string) => scrubText(text, secretsOf());
  const params = headers === undefined ? NO_PARAMS : { header: headers };
  const attemptsAllowed = 1 + Math.max(0, options.retries ?? 2);

  for (let attempt = 1; ; attempt++) {
    const middleware = logger ? [loggingMiddleware(definition, logger, attempt, () => body, secretsOf)] : undefined;
    let outcome: Response;
    try {
      outcome = await sendOnce<Response>(transport, definition, labelled, params, gateway, middleware, call, scrub);
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
      if (!retryable || attempt >= attemptsAllowed) return fail(gatewayError);
      logger?.({ type: 'error', operation: definition.name, error: gatewayError });
      await delay((options.retryDelayMs ?? 200) * 2 ** (attempt - 1), call.signal);
      continue;
    }
    return outcome;
  }
}

/** Logging as openapi-fetch middleware: the request as it leaves, the response as it arrives, card data masked. */
function loggingMiddleware(
  definition: OperationDefinition,
  logger: (event: LogEvent) => void,
  attempt: number,
  body: () => Record<string, unknown> | undefined,
  secrets: () => string[],
): Middleware {
  let started = 0;
  return {
    onRequest({ request }) {
      started = Date.now();
      const event = { type: 'request', operation: definition.name, url: request.url, attempt } as const;
      // The request as sent: its own fields, sensitive ones masked by name.
      logger({ ...event, body: sanitize(body(), definition.sensitive, secrets(), 'values') });
    },
    async onResponse({ response }) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await response.clone().text());
      } catch {
        parsed = undefined;
      }
      const ms = Date.now() - started;
      const { status } = response;
      logger({
        type: 'response',
        operation: definition.name,
        status,
        body: sanitize(parsed, definition.sensitive, secrets()),
        ms,
      });
    },
  };
}

async function sendOnce<Response>(
  transport: Transport,
  definition: OperationDefinition,
  labelled: Record<string, unknown>,
  params: SendInit['params'],
  gateway: PipelineCall,
  middleware: Middleware[] | undefined,
  call: CallOptions,
  scrub: (text: string) => string,
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
    let outcome: FetchOutcome;
    try {
      const init: SendInit = {
        body: labelled,
        params,
        bodySerializer: noSerializer,
        fetch: sendAttempt(transport.options, gateway, signal),
        gateway,
      };
      if (middleware) init.middleware = middleware;
      // The headers go through openapi-fetch onto a Request the merchant's middleware reads; an
      // AttemptRequest, which no one reads, leaves them to sendAttempt (not merged into a Headers
      // object only to be copied out again).
      if (transport.hasMerchantMiddleware()) init.headers = contentHeaders(definition);
      else init.Request = AttemptRequest as unknown as typeof Request;
      const path = transport.pathFor(definition.path);
      // A deployment's own endpoint path (postPath) is not one of the spec's paths.
      outcome = await (path === definition.path && definition.send
        ? definition.send(transport.fetchClient, init)
        : transport.fetchClient.request('post', path as '/post', init));
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      if (call.signal?.aborted)
        throw new TransportError(definition.name, 'aborted', `${definition.name} was aborted by the caller`);
      if (signal.aborted)
        throw new TransportError(definition.name, 'timeout', `${definition.name} timed out after ${timeoutMs} ms`);
      // openapi-fetch parses a 2xx body as JSON: a body that is not JSON arrived, and would again.
      if (error instanceof SyntaxError)
        throw new TransportError(
          definition.name,
          'response',
          `${definition.name}: a 2xx answer with a body that is not JSON`,
        );
      if ((error as { cause?: { message?: unknown } }).cause?.message === 'unexpected redirect')
        throw new TransportError(
          definition.name,
          'response',
          `${definition.name}: a redirect, which the client never follows`,
        );
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
    const { response } = outcome;
    const parsed = response.ok ? outcome.data : outcome.error;
    // openapi-fetch hands over an error body that is not JSON as its text.
    if (typeof parsed === 'string')
      throw new TransportError(
        definition.name,
        'http',
        `${definition.name}: HTTP ${response.status} with a body that is not JSON`,
        response.status,
      );
    const record =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : undefined;
    if (record && (record['result'] === 'ERROR' || (!response.ok && typeof record['error_message'] === 'string'))) {
      throw new PlatformError(definition.name, {
        http_code: typeof record['http_code'] === 'number' ? record['http_code'] : response.status,
        error_code: record['error_code'],
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
    const wantsArray = definition.arrayWhen !== undefined && labelled[definition.arrayWhen] !== undefined;
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

function scrubEntry(entry: unknown, scrub: (text: string) => string): WireErrorEntry {
  const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  return { error_code: record['error_code'], error_message: scrub(String(record['error_message'] ?? '')) };
}

/** A failed import of the operation's validator code (a bundler's chunk that cannot be loaded), as a GatewayError. */
function codeNotLoaded(definition: OperationDefinition, error: unknown): ConfigurationError {
  return new ConfigurationError(
    definition.name,
    `the validator code of ${definition.name} could not be loaded: ${describeError(error)}`,
  );
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
