// The callback endpoint as frameworks mount it: the raw body in, `OK` or `ERROR` out. It reads
// the raw body itself (a parsed body has lost the exact values the signature covers), verifies
// it with the generated parseCallback, and hands the event to the merchant. The platform expects
// `OK`; any other answer makes it deliver again, which is what a failed onEvent needs.
import { checkPassword } from './configuration.js';
import { ConfigurationError, GatewayError } from './errors.js';
import { decodeForm } from './form-codec.js';
import type { ParseCallbackOptions, SigningContextValues } from './callbacks.js';

export interface CallbackHandlerOptions<Event, SigningContext = SigningContextValues> extends Omit<
  ParseCallbackOptions<SigningContext>,
  'signingContext'
> {
  /**
   * The values the signature covers that the callback does not carry, looked up from the
   * merchant's own order (S2S CARD: the payer e-mail). It gets the fields as received, BEFORE
   * verification: use them only to find the order, never to act on.
   */
  readonly signingContext?: (
    fields: Readonly<Record<string, unknown>>,
  ) => SigningContext | undefined | Promise<SigningContext | undefined>;
  /** Runs once per verified callback; when it throws, the answer is 500 and the platform delivers again. */
  readonly onEvent: (event: Event) => void | Promise<void>;
  /** Told about every refused or failed delivery (no card data: the errors are the package's own). */
  readonly onError?: (error: unknown) => void;
  /** The largest body read (default 1 MiB); a larger one is refused with 413. */
  readonly maxBodyBytes?: number;
}

export interface CallbackAnswer {
  readonly status: 200 | 400 | 405 | 413 | 500;
  readonly body: 'OK' | 'ERROR';
}

/** What the node:http handler needs of a request: node's IncomingMessage, Express's req. */
export interface NodeCallbackRequest extends AsyncIterable<Uint8Array | string> {
  readonly method?: string | undefined;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Set by a body parser that already ran (express.raw / express.text give the raw body). */
  readonly body?: unknown;
  readonly readableEnded?: boolean;
}

/** What the node:http handler needs of a response: node's ServerResponse, Express's res. */
export interface NodeCallbackResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body: string): unknown;
}

export interface CallbackHandler {
  /** node:http and Express: `createServer(handler)`, `app.post('/callbacks', handler)`. */
  (request: NodeCallbackRequest, response: NodeCallbackResponse): Promise<void>;
  /** Web standard (Hono, Next.js route handlers, workers): `export const POST = handler.fetch`. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Any other framework, given the raw body it read: `{ status, body }` to send as text/plain. */
  readonly respond: (rawBody: string | Uint8Array) => Promise<CallbackAnswer>;
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const OK: CallbackAnswer = { status: 200, body: 'OK' };
const answer = (status: CallbackAnswer['status']): CallbackAnswer => ({ status, body: 'ERROR' });

/** A request this handler refuses before verification (size, method, a body parsed too early). */
export class CallbackRequestError extends GatewayError {
  override readonly name = 'CallbackRequestError';
  readonly kind = 'signature' as const;
  constructor(
    readonly status: 405 | 413 | 500,
    message: string,
  ) {
    super('callback', message);
  }
}

const PARSED_BODY_HELP =
  'The callback body was already parsed by another middleware (express.urlencoded / express.json): mount the callback route before it, or give this route express.raw({ type: "*/*" }), so the handler gets the exact bytes the platform signed.';

export function createCallbackHandlerWith<Event, SigningContext>(
  parse: (rawBody: string | Uint8Array, options: ParseCallbackOptions<SigningContext>) => Event,
  options: CallbackHandlerOptions<Event, SigningContext>,
): CallbackHandler {
  checkHandlerOptions(options);
  const { signingContext, onEvent, onError, maxBodyBytes = DEFAULT_MAX_BODY_BYTES, ...parseOptions } = options;
  const refuse = (error: unknown, status: CallbackAnswer['status']): CallbackAnswer => {
    try {
      onError?.(error);
    } catch {
      // A failing error hook must not change the answer the platform gets.
    }
    return answer(status);
  };

  const respond = async (rawBody: string | Uint8Array): Promise<CallbackAnswer> => {
    let context: SigningContext | undefined = undefined;
    if (signingContext) {
      let fields: Readonly<Record<string, unknown>>;
      try {
        fields = decodeForm(rawBody);
      } catch (error) {
        return refuse(error, 400);
      }
      try {
        context = await signingContext(fields);
      } catch (error) {
        // The merchant's own lookup failed: a later delivery may get past it.
        return refuse(error, 500);
      }
    }
    let event: Event;
    try {
      event = parse(rawBody, context === undefined ? parseOptions : { ...parseOptions, signingContext: context });
    } catch (error) {
      // parseCallback only throws for a body that is not an authentic callback.
      return refuse(error, 400);
    }
    try {
      await onEvent(event);
      return OK;
    } catch (error) {
      return refuse(error, 500);
    }
  };

  const handler = async (request: NodeCallbackRequest, response: NodeCallbackResponse): Promise<void> => {
    let result: CallbackAnswer;
    try {
      result = await respond(await readNodeBody(request, maxBodyBytes));
    } catch (error) {
      result = refuse(error, error instanceof CallbackRequestError ? error.status : 400);
    }
    response.statusCode = result.status;
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    if (result.status === 405) response.setHeader('Allow', 'POST');
    response.end(result.body);
  };

  const fetch = async (request: Request): Promise<Response> => {
    let result: CallbackAnswer;
    try {
      result = await respond(await readWebBody(request, maxBodyBytes));
    } catch (error) {
      result = refuse(error, error instanceof CallbackRequestError ? error.status : 400);
    }
    const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' };
    if (result.status === 405) headers['Allow'] = 'POST';
    return new Response(result.body, { status: result.status, headers });
  };

  return Object.assign(handler, { fetch, respond });
}

/** The options, checked when the handler is created: a ConfigurationError names what is wrong. */
function checkHandlerOptions(options: unknown): void {
  const where = 'createCallbackHandler';
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError(where, `${where} needs options { password, onEvent }`);
  const { password, onEvent, onError, signingContext, maxBodyBytes } = options as Record<string, unknown>;
  checkPassword(where, password);
  if (typeof onEvent !== 'function')
    throw new ConfigurationError(where, 'onEvent must be a function that handles each verified callback');
  if (onError !== undefined && typeof onError !== 'function')
    throw new ConfigurationError(where, 'onError must be a function');
  if (signingContext !== undefined && typeof signingContext !== 'function')
    throw new ConfigurationError(where, 'signingContext must be a function that looks the values up from your order');
  if (maxBodyBytes !== undefined && !(Number.isSafeInteger(maxBodyBytes) && (maxBodyBytes as number) > 0))
    throw new ConfigurationError(where, 'maxBodyBytes must be a positive integer');
}

function tooLarge(maxBodyBytes: number): CallbackRequestError {
  return new CallbackRequestError(413, `The callback body is larger than ${maxBodyBytes} bytes.`);
}

function checkMethod(method: string | undefined): void {
  if (method !== undefined && method.toUpperCase() !== 'POST')
    throw new CallbackRequestError(405, `Callbacks are POSTed; got ${method}.`);
}

async function readNodeBody(request: NodeCallbackRequest, maxBodyBytes: number): Promise<string | Uint8Array> {
  checkMethod(request.method);
  const { body } = request;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if ((body !== undefined && !isEmptyObject(body)) || request.readableEnded)
    throw new CallbackRequestError(500, PARSED_BODY_HELP);
  return readLimited(request, maxBodyBytes);
}

/** Express leaves `req.body` as `{}` when no parser matched the content type: the stream is still unread. */
function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

async function readWebBody(request: Request, maxBodyBytes: number): Promise<Uint8Array> {
  checkMethod(request.method);
  if (Number(request.headers.get('content-length') ?? 0) > maxBodyBytes) throw tooLarge(maxBodyBytes);
  if (!request.body) return new Uint8Array();
  return readLimited(request.body as unknown as AsyncIterable<Uint8Array>, maxBodyBytes);
}

/** The whole body as bytes, refused as soon as it passes the limit. */
async function readLimited(body: AsyncIterable<Uint8Array | string>, maxBodyBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > maxBodyBytes) throw tooLarge(maxBodyBytes);
    chunks.push(bytes);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
