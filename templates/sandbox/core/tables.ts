// What the sandbox knows of the spec, as the generated `spec-tables.ts` gives it: the client
// package's operation definitions (validator and signature recipe of every S2S action and
// Checkout endpoint), its callback definitions, the error catalogue, the response validators
// and the behaviour data: the state table, the methods' timings and bank codes, the test data and
// the callback delivery rules. The runtime holds no schema, recipe, message or rule of its own.
import type {
  CallbackDefinition,
  CardScenario,
  ErrorCase,
  OperationDefinition,
  TestCard,
  TestData,
  TransitionRule,
  ValidationResult,
} from '@payment-gateway/merchant-client';

export type { CardScenario, ErrorCase, TestCard, TestData, TransitionRule };

export type ResponseValidator = (value: unknown) => ValidationResult<unknown>;

/** What the sandbox serves for one operation: the client's definition, its catalogue, its response validator. */
interface OperationEntry {
  readonly operation: OperationDefinition;
  /** Recipe inputs the request does not carry (the original payment's e-mail and card). */
  readonly signingFields: readonly string[];
  readonly errors: readonly ErrorCase[];
  /** The names a request may give one field (`recurring_first_trans_id` or `recurring_init_trans_id`). */
  readonly alternatives: readonly (readonly string[])[];
  readonly validateResponse?: ResponseValidator;
}

export interface S2sActionEntry extends OperationEntry {
  readonly protocol: 'card' | 'apm';
  readonly action: string;
}

export interface CheckoutEntry extends OperationEntry {
  readonly operationId: string;
  readonly path: string;
}

export interface SandboxTables {
  readonly specVersion: string;
  readonly s2s: readonly S2sActionEntry[];
  readonly checkout: readonly CheckoutEntry[];
  /** Errors every operation may answer (`info.x-errors`). */
  readonly genericErrors: readonly ErrorCase[];
  readonly callbacks: {
    readonly checkout: CallbackDefinition;
    readonly card: CallbackDefinition;
    readonly apm: CallbackDefinition;
    /** The signed query of the payer's return to `success_url` / `cancel_url`. */
    readonly paymentReturn: CallbackDefinition;
  };
  /** The behaviour data of each method with an S2S APM brand (`x-method`). */
  readonly methods: readonly MethodBehaviour[];
  /** The state table (`x-transitions` and the method rows): a move it lacks is refused. */
  readonly transitions: readonly TransitionRule[];
  readonly testData: TestData;
  readonly delivery: DeliveryRules;
}

export interface MethodBehaviour {
  readonly brand: string;
  /** How the payer completes: `redirect`, `qr`, `hosted-page-fields`, ... */
  readonly completion: readonly string[];
  readonly qr?: { readonly lifetimeSeconds: number; readonly bankCallback: Readonly<Record<string, string>> };
  /** A payment the payer does not complete within `seconds` moves to `then`. */
  readonly completionWindow?: { readonly seconds: number; readonly then: string };
}

/** Callback delivery: the retry interval and attempts, and the timeouts within a window that block a URL. */
export interface DeliveryRules {
  readonly retry: { readonly intervalSeconds: number; readonly attempts: number };
  readonly block: { readonly timeouts: number; readonly withinSeconds: number; readonly forSeconds: number };
}
