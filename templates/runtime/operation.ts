// What the transport's parts share, as types only: an operation as generated code declares it,
// the client's options, and openapi-fetch's typed client and call options. The parts (seal,
// http, retry, response) and the orchestrator (`pipeline`) import these; nothing here imports them.
import type { Client, FetchOptions } from 'openapi-fetch';
import type { paths } from '../schema.js';
import type { CardStatusSignature } from './configuration.js';
import type { GatewayError } from './errors.js';
import type { InterfaceNoticeOption } from './interface-notice.js';
import type { SensitiveFields } from './sensitive.js';
import type { SignatureAlgorithm, SignatureRecipe } from './signature.js';
import type { Deferred, ValidationIssue, ValidationResult, WirePathStyle } from './validation.js';

/** The openapi-fetch client of a transport, typed by the spec's `paths`. */
export type FetchClient = Client<paths>;

/** A path of the spec the client posts to. */
export type PostPath = { [Path in keyof paths]: paths[Path] extends { post: object } ? Path : never }[keyof paths];

/**
 * openapi-fetch's options for one call of `Path`, exactly as its typed `paths` define them
 * (body, header parameters, bodySerializer, fetch, middleware), plus the call's mark, which
 * openapi-fetch copies onto the Request it builds (an extra option, as its `init` allows). Of
 * several paths: the options of one of them.
 */
export type SendInit<Path extends PostPath = PostPath> = Path extends PostPath
  ? FetchOptions<paths[Path]['post']> & { readonly gateway: GatewayCall }
  : never;

/**
 * The mark of one call of the client, on the Request openapi-fetch builds for it: a middleware
 * can read `request.gateway.operation`, e.g. to name a span.
 */
export interface GatewayCall {
  readonly operation: string;
}

/** What openapi-fetch answers: `data` (2xx) or `error`, parsed as JSON when they are JSON. */
export interface FetchOutcome {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: globalThis.Response;
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

export interface OperationDefinition<Path extends PostPath = PostPath> {
  /** `SALE` for S2S, the operationId for Checkout: names the operation in errors and logs. */
  readonly name: string;
  readonly path: Path;
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
   * `(client, init) => client.POST('/post', init)`: tsc checks the path and the options against
   * the spec. Absent (a test's own definition): posted to `path` untyped.
   * A method, so that a definition of one path is a definition of any.
   */
  send?(client: FetchClient, init: SendInit<Path>): Promise<FetchOutcome>;
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
  | { readonly type: 'error'; readonly operation: string; readonly error: GatewayError }
  | {
      /**
       * The request failed checks the spec marks as warnings (no platform rule, such as the Luhn
       * check digit of a card number): it is sent all the same. Messages never repeat values.
       */
      readonly type: 'warning';
      readonly operation: string;
      readonly warnings: readonly ValidationIssue[];
    };

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
  /** Receives every request, response, warning and error with card data masked. */
  readonly logger?: (event: LogEvent) => void;
  /**
   * When the server announces a newer interface than this package's (interface-notice.ts): `true`
   * says so on the console, a function receives the notice, `false` never; once per process.
   * Unset: only a sandbox's announcement, on the console.
   */
  readonly interfaceNotice?: InterfaceNoticeOption;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

export interface Transport {
  readonly options: ClientOptions;
  /** `options.signatureAlgorithm`, checked, md5 when absent. */
  readonly signatureAlgorithm: SignatureAlgorithm;
  /**
   * The configured openapi-fetch client every call goes through: `fetchClient.use(middleware)`
   * adds a merchant's middleware (tracing, headers), which sees each request after validation
   * and signing, as it goes on the wire.
   */
  readonly fetchClient: FetchClient;
  /** A path override per operation path, e.g. `/post` → `/post-va` for an APM deployment. */
  readonly pathFor: (path: string) => string;
}
