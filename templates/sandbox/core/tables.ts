// What the sandbox knows of the spec, as the generated `spec-tables.ts` gives it: the client
// package's operation definitions (validator and signature recipe of every S2S action and
// Checkout endpoint), its callback definitions, the error catalogue, the response validators
// and the behaviour data. The runtime holds no schema, recipe or message of its own.
import type { CallbackDefinition, OperationDefinition, ValidationResult } from '@payment-gateway/merchant-client';

/** One entry of an operation's error catalogue (the spec's `x-errors`); the document leaves some codes and texts out. */
export interface ErrorCase {
  readonly code?: string;
  readonly message?: string;
  /** Reader text: when the platform answers this. */
  readonly when: string;
  /** The wire field the condition is about: how the sandbox finds the entry for a condition. */
  readonly field?: string;
  readonly httpStatus?: number;
  /** The release that introduced the case. */
  readonly since?: string;
}

export type ResponseValidator = (value: unknown) => ValidationResult<unknown>;

/** What the sandbox serves for one operation: the client's definition, its catalogue, its response validator. */
interface OperationEntry {
  readonly operation: OperationDefinition;
  /** Recipe inputs the request does not carry (the original payment's e-mail and card). */
  readonly signingFields: readonly string[];
  readonly errors: readonly ErrorCase[];
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
  /** Brand values by how the payer completes (the method catalogue's `completion`). */
  readonly brands: {
    readonly qr: readonly string[];
    readonly redirect: readonly string[];
    readonly bankCodeTransfer: readonly string[];
  };
}
