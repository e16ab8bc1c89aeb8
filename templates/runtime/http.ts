// HTTP: one attempt of a call, through openapi-fetch as its users know it: the operation's typed
// call with the seal as its `bodySerializer`, the attempt's own `fetch` (per-attempt timeout, the
// caller's abort, redirects refused) and the call's `middleware` (the logger). What goes wrong on
// the way is a TransportError that says what happened and whether the request certainly never left.
import type { Middleware } from 'openapi-fetch';
import { GatewayError, TransportError } from './errors.js';
import type { CallOptions, FetchOutcome, GatewayCall, SendInit, Transport, OperationDefinition } from './operation.js';
import { SealPending, type Seal } from './seal.js';
import { describeError } from './sensitive.js';

/**
 * Card data goes to baseUrl only: a 307 would send the body on to wherever it points. Not
 * following also spares undici a copy of every request (its body stream teed) kept for one.
 */
export const REDIRECT = 'error';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const JSON_CONTENT_TYPE = 'application/json';
const FORM_HEADERS = Object.freeze({ 'Content-Type': FORM_CONTENT_TYPE, Accept: JSON_CONTENT_TYPE });
const JSON_HEADERS = Object.freeze({ 'Content-Type': JSON_CONTENT_TYPE, Accept: JSON_CONTENT_TYPE });

/** The content type a body style is sent with, and JSON accepted back. */
const contentHeaders = (definition: Pick<OperationDefinition, 'bodyStyle'>): Readonly<Record<string, string>> =>
  definition.bodyStyle === 'form' ? FORM_HEADERS : JSON_HEADERS;
const NO_PARAMS = Object.freeze({});
const DEFAULT_TIMEOUT_MS = 30_000;

/** One call as the attempts send it. */
export interface CallPlan {
  readonly definition: OperationDefinition;
  /** The labelled body (`labelledBody`): openapi-fetch's typed `body`, which the seal encodes (and signs in place). */
  readonly body: Record<string, unknown>;
  readonly seal: Seal;
  /** The operation's header parameters (the HPF `Token`), from `input.headers`. */
  readonly headers: Readonly<Record<string, string>> | undefined;
  /** The mark openapi-fetch copies onto the Request it builds (an extra option, as its init allows). */
  readonly mark: GatewayCall;
}

/**
 * Sends one attempt and answers what openapi-fetch answers. Throws a GatewayError, or the seal's
 * SealPending (nothing was sent).
 */
export async function sendAttempt(
  transport: Transport,
  plan: CallPlan,
  middleware: Middleware[] | undefined,
  call: CallOptions,
  scrub: (text: string) => string,
): Promise<FetchOutcome> {
  const { definition } = plan;
  const timeoutMs = call.timeoutMs ?? transport.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // One controller per attempt, its timer cleared as soon as the answer is read (AbortSignal.timeout
  // would keep a timer pending per request for the whole timeout).
  const controller = new AbortController();
  const signal = controller.signal;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onCallerAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const init = {
      body: plan.body,
      params: plan.headers === undefined ? NO_PARAMS : { header: plan.headers },
      headers: contentHeaders(definition),
      bodySerializer: plan.seal.encode,
      fetch: attemptFetch(transport, plan, signal),
      gateway: plan.mark,
      ...(middleware ? { middleware } : {}),
    };
    return await post(transport, definition, init);
  } catch (error) {
    if (error instanceof GatewayError || error instanceof SealPending) throw error;
    throw failure(definition.name, error, call.signal?.aborted === true, signal.aborted, timeoutMs, scrub);
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * The operation's typed openapi-fetch call (`definition.send`). The options are typed by the
 * spec's `paths` there; the pipeline builds them for any operation, so it states once here that
 * its body is the operation's request (read from the method's typed input, then validated unless
 * the caller turned validation off) and its header parameters the operation's.
 */
function post(
  transport: Transport,
  definition: OperationDefinition,
  init: Omit<SendInit, 'body' | 'params'> & { readonly body: object; readonly params: object },
): Promise<FetchOutcome> {
  const typed = init as SendInit;
  const path = transport.pathFor(definition.path);
  if (path === definition.path && definition.send) return definition.send(transport.fetchClient, typed);
  // A deployment's own endpoint path (postPath `/post-va`), or a definition without its typed call:
  // the same options, on a path the spec does not name.
  return transport.fetchClient.request('post', path as '/post', typed as SendInit<'/post'>);
}

/**
 * The attempt's `fetch` (openapi-fetch's per-call option). The Request openapi-fetch built for
 * this call (its mark on it; middleware may have changed its headers) goes out as
 * `fetch(url, init)` with the sealed string as body, so fetch builds its one Request instead of
 * copying this one through a stream. A Request a middleware replaced goes out as it is. The
 * signal goes to fetch only: the Request middleware sees does not follow it (each follower costs
 * undici a listener, a WeakRef and a finalizer).
 */
function attemptFetch(
  transport: Transport,
  plan: CallPlan,
  signal: AbortSignal,
): (request: Request) => Promise<globalThis.Response> {
  return (request) => {
    // Looked up per call, not captured: a test or an APM agent may replace globalThis.fetch later.
    const send = transport.options.fetch ?? globalThis.fetch;
    if ((request as { gateway?: unknown }).gateway !== plan.mark) return send(request, { redirect: REDIRECT, signal });
    const { method, url, headers } = request;
    return send(url, { method, headers, body: plan.seal.encode(plan.body), redirect: REDIRECT, signal });
  };
}

/** Connection errors that prove the request never reached the server. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/** What an attempt that threw (fetch, or openapi-fetch reading the answer) failed on. */
function failure(
  operation: string,
  error: unknown,
  abortedByCaller: boolean,
  timedOut: boolean,
  timeoutMs: number,
  scrub: (text: string) => string,
): TransportError {
  if (abortedByCaller) return new TransportError(operation, 'aborted', `${operation} was aborted by the caller`);
  if (timedOut) return new TransportError(operation, 'timeout', `${operation} timed out after ${timeoutMs} ms`);
  // openapi-fetch parses a 2xx body as JSON: a body that is not JSON arrived, and would again.
  if (error instanceof SyntaxError)
    return new TransportError(operation, 'response', `${operation}: a 2xx answer with a body that is not JSON`);
  if ((error as { cause?: { message?: unknown } }).cause?.message === 'unexpected redirect')
    return new TransportError(operation, 'response', `${operation}: a redirect, which the client never follows`);
  const code = connectionErrorCode(error);
  return new TransportError(
    operation,
    'connection',
    scrub(`${operation} could not reach the platform: ${code ?? describeError(error)}`),
    undefined,
    code !== undefined && NOT_SENT_CODES.has(code),
  );
}

function connectionErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
