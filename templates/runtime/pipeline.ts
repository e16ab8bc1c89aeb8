// The request pipeline every generated method runs through, as a thin orchestrator over parts
// with one job each (as stripe-node splits its request sender):
//   request-input: the caller's input read once (an object, walkable, only fields the request defines);
//   seal:          validate → label to wire value → sign → encode, pure, once per call;
//   http:          one attempt through openapi-fetch (typed call, timeout, abort, no redirects);
//   response:      the answer classified (data, PlatformError, TransportError);
//   retry:         which failure is sent again (lookups and requests that never left; never a payment);
//   interface-notice: a newer interface the server announces, reported once per process.
// On the wire the order is: the seal (openapi-fetch's bodySerializer), the merchant's middleware
// (`fetchClient.use`), the logger (per-call middleware), fetch.
import createFetchClient from 'openapi-fetch';
import type { paths } from '../schema.js';
import { ConfigurationError, GatewayError, RequestValidationError, TransportError } from './errors.js';
import { checkClientOptions } from './configuration.js';
import { noticeInterface } from './interface-notice.js';
import { sendAttempt, REDIRECT, type CallPlan } from './http.js';
import type {
  CallOptions,
  ClientOptions,
  OperationDefinition,
  RequestModule,
  Transport,
  Validator,
} from './operation.js';
import { readRequestInput } from './request-input.js';
import { loggingMiddleware, quietly } from './request-log.js';
import { readAnswer } from './response.js';
import { attemptsAllowed, retryable, retryDelay, wait } from './retry.js';
import { labelledBody, sealOf, SealPending, withHead, type SigningValues } from './seal.js';
import { describeError, scrubText, secretEncodings, secretValues } from './sensitive.js';
import { loadDeferred, type ValidationIssue } from './validation.js';

export type {
  CallOptions,
  ClientOptions,
  FetchClient,
  FetchOutcome,
  GatewayCall,
  LogEvent,
  OperationDefinition,
  PostPath,
  RequestModule,
  SendInit,
  Transport,
  Validator,
} from './operation.js';
export { buildRequest } from './seal.js';

export function createTransport(
  options: ClientOptions,
  paths: Readonly<Record<string, string>> = {},
  /** The operation paths this client appends to `baseUrl` (checked: `baseUrl` must not end in one). */
  endpoints: readonly string[] = [],
): Transport {
  const signatureAlgorithm = checkClientOptions(options, [...endpoints, ...Object.values(paths)]);
  const fetchClient = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    // The caller's fetch for a merchant's own calls through the client; each attempt of the pipeline passes its own.
    fetch: (request) => (options.fetch ?? globalThis.fetch)(request),
    redirect: REDIRECT,
  });
  return { options, signatureAlgorithm, fetchClient, pathFor: (path) => paths[path] ?? path };
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

export async function invoke<Response>(
  transport: Transport,
  definition: OperationDefinition,
  input: object,
  call: CallOptions = {},
): Promise<Response> {
  const { options, signatureAlgorithm } = transport;
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
  const fields = read.input as Record<string, unknown> & {
    readonly signing?: SigningValues;
    readonly headers?: Readonly<Record<string, string>>;
  };
  const { signing, headers } = fields;
  const validate = options.validateRequests === false ? undefined : module.validate;
  const body = labelledBody(definition, signatureAlgorithm, fields);
  const warn =
    logger &&
    ((warnings: readonly ValidationIssue[]) => logger({ type: 'warning', operation: definition.name, warnings }));
  const seal = sealOf(definition, options, signatureAlgorithm, validate, signing, warn);
  const plan: CallPlan = { definition, body, seal, headers, mark: { operation: definition.name } };
  // Computed only when something is logged or scrubbed: the happy path without a logger skips it.
  let secrets: string[] | undefined;
  const secretsOf = () =>
    (secrets ??= secretEncodings([
      ...secretValues({ ...signing, ...(seal.signed() ?? body) }, definition.sensitive),
      ...Object.values(headers ?? {}),
      options.password,
    ]));
  const scrub = (text: string) => scrubText(text, secretsOf());
  // With `arrayWhen` sent (Checkout status `size`) the answer is an array of objects.
  const wantsArray = definition.arrayWhen !== undefined && body[definition.arrayWhen] !== undefined;
  const attempts = attemptsAllowed(options);

  for (let attempt = 1; ;) {
    const middleware = logger && [
      loggingMiddleware(definition, logger, attempt, () => seal.signed() ?? body, secretsOf),
    ];
    try {
      const outcome = await sendAttempt(transport, plan, middleware, call, scrub);
      noticeInterface(outcome.response.headers, options.interfaceNotice, options.baseUrl);
      return readAnswer<Response>(definition.name, outcome, wantsArray, scrub);
    } catch (error) {
      if (error instanceof SealPending) {
        // A part whose validator code is not loaded yet (connector `parameters`, a wallet token):
        // loaded, then sealed again. Nothing was sent, so it is the same attempt.
        await error.load.catch((cause: unknown) => fail(codeNotLoaded(definition, cause)));
        continue;
      }
      const gatewayError =
        error instanceof GatewayError ? error : new TransportError(definition.name, 'response', scrub(String(error)));
      if (!retryable(gatewayError, definition.idempotent) || attempt >= attempts) return fail(gatewayError);
      logger?.({ type: 'error', operation: definition.name, error: gatewayError });
      await wait(retryDelay(options, attempt), call.signal);
      attempt++;
    }
  }
}

/** A failed import of the operation's validator code (a bundler's chunk that cannot be loaded), as a GatewayError. */
function codeNotLoaded(definition: OperationDefinition, error: unknown): ConfigurationError {
  return new ConfigurationError(
    definition.name,
    `the validator code of ${definition.name} could not be loaded: ${describeError(error)}`,
  );
}
