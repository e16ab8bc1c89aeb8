// What the kit knows of the spec, as the generated `scenarios.ts` gives it: per S2S action and
// Checkout endpoint the client package's operation definition (signature recipe), the spec's
// request examples, the error catalogue and the response validator; the state table, the test
// data and every callback's definition, validator and examples. The suites hold no schema,
// recipe, message or state move of their own.
import type {
  CallbackDefinition,
  ErrorCase,
  OperationDefinition,
  TestData,
  TransitionRule,
  ValidationResult,
} from '@payment-gateway/merchant-client';

export type { ErrorCase, TestData, TransitionRule };

export type Validator = (value: unknown) => ValidationResult<unknown>;

export interface Example {
  readonly key: string;
  readonly body: Readonly<Record<string, unknown>>;
}

interface OperationEntry {
  readonly operation: OperationDefinition;
  readonly errors: readonly ErrorCase[];
  readonly examples: readonly Example[];
  readonly validateResponse?: Validator;
}

export interface S2sEntry extends OperationEntry {
  readonly protocol: 'card' | 'apm';
  readonly action: string;
  /** Recipe inputs the request does not carry (the original payment's e-mail and card). */
  readonly signingFields: readonly string[];
}

export interface CheckoutEntry extends OperationEntry {
  readonly operationId: string;
  readonly path: string;
  /** False for the endpoints authenticated by the session token header instead of a hash. */
  readonly signed: boolean;
}

export interface CallbackEntry {
  readonly protocol: 'checkout' | 'card' | 'apm';
  readonly name: string;
  readonly definition: CallbackDefinition;
  readonly validate: Validator;
  /** Recipe field → the merchant request's name for it (values a callback may not carry). */
  readonly context: Readonly<Record<string, string>>;
  readonly examples: readonly Example[];
}

export interface ConformanceTables {
  readonly specVersion: string;
  readonly s2s: readonly S2sEntry[];
  readonly checkout: readonly CheckoutEntry[];
  readonly genericErrors: readonly ErrorCase[];
  readonly transitions: readonly TransitionRule[];
  readonly testData: TestData;
  readonly callbacks: readonly CallbackEntry[];
}
