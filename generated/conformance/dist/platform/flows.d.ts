import type { Scenario } from '../runner.js';
import type { ConformanceTables } from '../tables.js';
import { type Target } from '../wire.js';
/** A payment a flow made: what its callbacks and status lookups must agree with. */
export interface Payment {
    readonly flow: string;
    readonly protocol: 'card' | 'apm' | 'checkout';
    /** trans_id (S2S) or order number (Checkout): how its callbacks name it. */
    readonly id: string;
    readonly orderId: string;
    /** Values the callback's signature covers that it does not carry. */
    readonly signingContext: Readonly<Record<string, string>>;
    /** The status the last step left it in. */
    status: string;
}
export interface FlowOptions {
    /** The target serves the sandbox's controls (`/_sandbox/...`): challenge pages can be completed. */
    readonly sandboxControls: boolean;
    /** Where each payment is recorded. */
    readonly payments: Payment[];
    /** How long an asynchronous outcome (CREDITVOID) may take to show in the status lookup. */
    readonly settleMs: number;
}
export declare function flowScenarios(target: Target, tables: ConformanceTables, options: FlowOptions): Scenario[];
