import type { Scenario } from '../runner.js';
import type { CheckoutEntry, Example, S2sEntry } from '../tables.js';
import { type Answer, type Target } from '../wire.js';
export type Operation = {
    readonly kind: 's2s';
    readonly entry: S2sEntry;
} | {
    readonly kind: 'checkout';
    readonly entry: CheckoutEntry;
};
export declare const operationTitle: (operation: Operation) => string;
/** Sends a body to the operation, signed (or with `hash`). */
export declare function sendTo(target: Target, operation: Operation, body: Readonly<Record<string, unknown>>, hash?: string): Promise<Answer>;
/** Why an example cannot run on its own, or undefined. */
export declare function standalone(operation: Operation, example: Example): string | undefined;
/** The answer is an acceptance: 2xx, and on S2S a result other than ERROR. */
export declare function refusal(operation: Operation, answer: Answer): string | undefined;
export declare function exampleScenarios(target: Target, operations: readonly Operation[]): Scenario[];
