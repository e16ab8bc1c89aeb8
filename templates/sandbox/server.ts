// The HTTP face of the sandbox on node:http: S2S on `POST /post` (and `/post-va`, and the bare
// base address some samples use), Checkout under `/api/v1/...`, the payer's pages, and the
// `/_sandbox/...` inspection and control endpoints. node:http is enough: the routes are few and
// fixed, bodies are decoded by the client package's codec, and nothing here needs a framework's
// plugins; it keeps the package's dependencies to the client and the QR library.
import { INTERFACE_HEADERS, maskPan, PACKAGE_VERSION, scrubText, SPEC_VERSION } from '@payment-gateway/merchant-client';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Answer, invalid } from './core/answers.js';
import { applyCors } from './cors.js';
import { CHECKOUT_HANDLERS } from './handlers/checkout.js';
import { MAX_ADVANCE_SECONDS } from './core/clock.js';
import { challengePage, hostedPage, postToChallenge, submitHostedPage, type Page } from './handlers/pages.js';
import { bankCallback, S2S_HANDLERS } from './handlers/s2s.js';
import type { MerchantSettings } from './core/merchant-settings.js';
import { Sandbox, type SandboxOptions } from './core/sandbox.js';
import { SCHEDULE_HANDLERS } from './handlers/schedules.js';
import type { CallbackRecord } from './core/delivery.js';
import { RefusedMove, type Transaction } from './core/store.js';
import type { SandboxTables } from './core/tables.js';
import { mediaType, parseJsonObject, readBody, sendJson, sendText } from './core/wire.js';

export interface StartOptions extends SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  readonly port?: number;
  readonly host?: string;
  /**
   * Origins (`https://docs.example`) whose pages may call the sandbox from a browser, besides the
   * loopback ones (`http://127.0.0.1:*`, `http://localhost:*`) that always may; `*` allows any.
   */
  readonly corsOrigins?: readonly string[];
}

export interface RunningSandbox {
  /** `http://127.0.0.1:PORT`: the S2S `base_url` and the Checkout `checkout_url` alike. */
  readonly url: string;
  /** Each merchant's key and password, with the settings it was given (`signatureAlgorithm`, ...). */
  readonly merchants: readonly ({ readonly key: string; readonly password: string } & MerchantSettings)[];
  /** The engine, for tests that look inside. */
  readonly sandbox: Sandbox;
  /** Moves sandbox time forward (as `POST /_sandbox/clock`). */
  advanceClock(seconds: number): void;
  /** Resolves once every callback queued so far has been attempted (retries wait for the clock). */
  callbacksSettled(): Promise<void>;
  close(): Promise<void>;
}

const S2S_PATHS = new Set(['/post', '/post-va', '/']);

export async function serve(tables: SandboxTables, options: StartOptions = {}): Promise<RunningSandbox> {
  const sandbox = new Sandbox(tables, options, { ...S2S_HANDLERS, ...SCHEDULE_HANDLERS }, CHECKOUT_HANDLERS);
  const checkoutPaths = new Map(tables.checkout.map((entry) => [entry.path, entry]));
  const corsOrigins = options.corsOrigins ?? [];
  const server: Server = createServer((request, response) => {
    // Every answer announces the interface this sandbox speaks and the release it belongs to: a
    // client of an older release reports it once (the client's interface notice).
    response.setHeader(INTERFACE_HEADERS.interfaceVersion, SPEC_VERSION);
    response.setHeader(INTERFACE_HEADERS.sandboxRelease, PACKAGE_VERSION);
    if (applyCors(request, response, corsOrigins)) return;
    route(sandbox, checkoutPaths, request, response).catch((error: unknown) => {
      // A defect of the sandbox, never of the request: answer, log the kind, keep serving.
      console.error(
        `payment-gateway-sandbox: internal error on ${request.method} ${scrubText(request.url?.split('?')[0] ?? '')}: ${(error as Error)?.name ?? 'Error'}`,
      );
      if (!response.headersSent)
        sendJson(response, 500, { error_message: 'The sandbox failed on this request (a sandbox defect).' });
      else response.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  sandbox.baseUrl = `http://${host}:${address.port}`;
  return {
    url: sandbox.baseUrl,
    merchants: merchantViews(sandbox),
    sandbox,
    advanceClock: (seconds) => sandbox.clock.advance(seconds),
    callbacksSettled: () => sandbox.delivery.settled(),
    close: () =>
      new Promise<void>((resolve) => {
        sandbox.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function route(
  sandbox: Sandbox,
  checkoutPaths: ReadonlyMap<string, SandboxTables['checkout'][number]>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://sandbox');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const method = request.method ?? 'GET';
  const segments = path.split('/').filter(Boolean);

  if (method === 'POST' && S2S_PATHS.has(path)) {
    const body = await readBody(request);
    if (!body.ok)
      return answer(response, invalidBody('s2s', body.error.field, body.error.message, body.error.httpStatus));
    if (mediaType(request) !== 'application/x-www-form-urlencoded') {
      return answer(
        response,
        invalidBody(
          's2s',
          'Content-Type',
          `S2S requests are application/x-www-form-urlencoded, not ${mediaType(request) || 'unspecified'}.`,
          415,
        ),
      );
    }
    return answer(response, await sandbox.s2s(body.text));
  }
  const checkoutEntry = checkoutPaths.get(path);
  if (checkoutEntry) {
    if (method !== 'POST') return sendJson(response, 405, { error_message: `${path} takes POST.` }, { Allow: 'POST' });
    const body = await readBody(request);
    if (!body.ok)
      return answer(response, invalidBody('checkout', body.error.field, body.error.message, body.error.httpStatus));
    if (mediaType(request) !== 'application/json') {
      return answer(
        response,
        invalidBody(
          'checkout',
          'Content-Type',
          `Checkout requests are application/json, not ${mediaType(request) || 'unspecified'}.`,
          415,
        ),
      );
    }
    return answer(
      response,
      await sandbox.checkout(checkoutEntry, body.text, request.headers as Record<string, string | undefined>),
    );
  }
  if (segments[0] === 'checkout' && segments[1]) {
    if (method === 'GET' && segments.length === 2) return page(response, hostedPage(sandbox, segments[1]));
    if (method === 'POST' && segments.length === 3 && (segments[2] === 'pay' || segments[2] === 'cancel')) {
      const body = await readBody(request);
      return page(response, submitHostedPage(sandbox, segments[1], segments[2], body.ok ? body.text : ''));
    }
  }
  if (segments[0] === '_sandbox') return control(sandbox, method, segments.slice(1), request, response);
  sendJson(response, 404, {
    error_message: `No route ${method} ${scrubText(path)}. S2S: POST /post; Checkout: POST /api/v1/...; inspection: GET /_sandbox/transactions.`,
  });
}

/** `/_sandbox/...`: the payer's challenge page, inspection, replay and the clock. */
async function control(
  sandbox: Sandbox,
  method: string,
  segments: readonly string[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const [resource, id, verb] = segments;
  const query = new URL(request.url ?? '/', 'http://sandbox').searchParams;
  // The root: what a browser page (the docs' Try-it panel) needs to sign its first request.
  if (!resource && method === 'GET')
    return sendJson(response, 200, {
      url: sandbox.baseUrl,
      merchants: merchantViews(sandbox),
      routes: INSPECTION_ROUTES,
    });
  if (resource === 'pay' && id) {
    if (method === 'GET') return page(response, await challengePage(sandbox, id, { method: 'GET' }));
    if (method === 'POST') {
      const body = await readBody(request);
      return page(response, await postToChallenge(sandbox, id, body.ok ? body.text : ''));
    }
  }
  if (resource === 'transactions' && method === 'GET') {
    if (!id)
      return sendJson(
        response,
        200,
        [...sandbox.store.transactions.values()].filter(matches(query, transactionView)).map(transactionView),
      );
    const transaction = sandbox.store.transactions.get(id) ?? sandbox.store.payments.get(id);
    return transaction
      ? sendJson(response, 200, transactionView(transaction))
      : sendJson(response, 404, { error_message: 'No such transaction.' });
  }
  if (resource === 'transactions' && id && verb === 'bank' && method === 'POST') {
    const body = await readJson(request);
    const transaction = sandbox.store.transactions.get(id);
    // The QR method's bank callback codes, as its x-method data gives them.
    const codes = [...new Set(sandbox.tables.methods.flatMap((entry) => Object.keys(entry.qr?.bankCallback ?? {})))];
    const code = typeof body?.['code'] === 'string' ? body['code'] : '';
    if (!transaction || !codes.includes(code))
      return sendJson(response, 400, {
        error_message: `POST {"code": C} with C one of ${codes.join(', ')} to a waiting QR payment.`,
      });
    if (transaction.status === 'REDIRECT' || transaction.status === 'PENDING') {
      try {
        bankCallback(sandbox, transaction, code);
      } catch (error) {
        if (error instanceof RefusedMove) return sendJson(response, 409, { error_message: error.message });
        throw error;
      }
    }
    return sendJson(response, 200, transactionView(transaction));
  }
  if (resource === 'callbacks' && method === 'GET' && !id)
    return sendJson(response, 200, sandbox.delivery.log.map(callbackView).filter(matches(query)));
  if (resource === 'callbacks' && id && verb === 'resend' && method === 'POST') {
    const record = sandbox.delivery.get(id);
    if (!record) return sendJson(response, 404, { error_message: 'No such callback.' });
    if (!record.url) return sendJson(response, 409, { error_message: 'The merchant has no callback URL.' });
    sandbox.delivery.resend(record);
    await sandbox.delivery.settled();
    return sendJson(response, 200, callbackView(record));
  }
  if (resource === 'clock' && method === 'POST') {
    const body = await readJson(request);
    const seconds = body?.['advance_seconds'];
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS)
      return sendJson(response, 400, {
        error_message: `POST {"advance_seconds": N} with N a number of seconds from 0 to ${MAX_ADVANCE_SECONDS} (366 days); advance again for more.`,
      });
    sandbox.clock.advance(seconds);
    return sendJson(response, 200, { now: new Date(sandbox.clock.now()).toISOString() });
  }
  if (resource === 'clock' && method === 'GET')
    return sendJson(response, 200, { now: new Date(sandbox.clock.now()).toISOString() });
  sendJson(response, 404, { error_message: `Sandbox routes: ${INSPECTION_ROUTES.join(', ')}.` });
}

const INSPECTION_ROUTES = [
  'GET /_sandbox',
  'GET /_sandbox/transactions[?trans_id=&order_id=&payment_id=]',
  'GET /_sandbox/transactions/{id}',
  'GET /_sandbox/callbacks[?trans_id=]',
  'POST /_sandbox/callbacks/{id}/resend',
  'GET|POST /_sandbox/clock',
];
/** The inspection filters: a view's top-level field equal to the query parameter of its name. */
const FILTERS = ['trans_id', 'order_id', 'payment_id'] as const;

function matches<T>(query: URLSearchParams, view: (item: T) => object = (item) => item as object) {
  const wanted = FILTERS.flatMap((name) => (query.has(name) ? [[name, query.get(name)] as const] : []));
  return (item: T): boolean => {
    if (wanted.length === 0) return true;
    const shown = view(item) as Record<string, unknown>;
    return wanted.every(([name, value]) => shown[name] === value);
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const body = await readBody(request);
  if (!body.ok) return undefined;
  const parsed = parseJsonObject(body.text || '{}');
  return parsed.ok ? parsed.value : undefined;
}

/** The merchants as the start line and `GET /_sandbox` list them: key, password and settings. */
const merchantViews = (sandbox: Sandbox) =>
  [...sandbox.store.merchants.values()].map(({ key, password, settings }) => ({ key, password, ...settings }));

/** A transaction as the inspection endpoint shows it: card masked, no secret. */
function transactionView(transaction: Transaction) {
  return {
    trans_id: transaction.id,
    ...(transaction.paymentId ? { payment_id: transaction.paymentId } : {}),
    protocol: transaction.protocol,
    merchant_key: transaction.merchant.key,
    action: transaction.action,
    order_id: transaction.orderId,
    amount: transaction.amount,
    currency: transaction.currency,
    status: transaction.status,
    ...(transaction.declineReason ? { decline_reason: transaction.declineReason } : {}),
    ...(transaction.cardNumber ? { card: maskPan(transaction.cardNumber) } : {}),
    ...(transaction.brand ? { brand: transaction.brand } : {}),
    ...(transaction.captured !== undefined ? { captured: transaction.captured } : {}),
    refunded: transaction.refunded,
    history: transaction.history.map((entry) => ({
      sequence: entry.sequence,
      status: entry.status,
      by: entry.by,
      at: new Date(entry.at).toISOString(),
      ...(entry.amount ? { amount: entry.amount } : {}),
      ...(entry.declined ? { declined: true } : {}),
    })),
  };
}

/** A callback as the inspection endpoint shows it: the log's masked fields, and which ones it masked. */
function callbackView(record: CallbackRecord) {
  return {
    id: record.id,
    kind: record.kind,
    trans_id: record.transactionId,
    sequence: record.sequence,
    url: record.url ?? null,
    state: record.state,
    ...(record.faults.length ? { faults: record.faults } : {}),
    fields: record.fields,
    ...(record.masked.length ? { masked: record.masked } : {}),
    attempts: record.attempts,
  };
}

function invalidBody(protocol: 's2s' | 'checkout', field: string, message: string, status: number): Answer {
  return new Answer(status, invalid(protocol, [{ field, message }]).body);
}

function answer(response: ServerResponse, result: Answer): void {
  sendJson(response, result.status, result.body);
}

function page(response: ServerResponse, result: Page): void {
  if (result.location) {
    response.writeHead(303, { Location: result.location, 'Content-Length': 0 });
    response.end();
  } else sendText(response, result.status, 'text/html; charset=utf-8', result.html ?? '');
}
