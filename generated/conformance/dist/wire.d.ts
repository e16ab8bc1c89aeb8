import type { Exchange } from './report.js';
import type { CheckoutEntry, S2sEntry, Validator } from './tables.js';
export interface Target {
    readonly baseUrl: string;
    readonly checkoutUrl: string;
    readonly merchantKey: string;
    readonly password: string;
    /** Per-request timeout. */
    readonly timeoutMs: number;
}
export interface Answer {
    readonly status: number;
    readonly body: unknown;
    readonly exchange: Exchange;
}
/** A body as the report may show it: the PAN as first 6 + last 4, no CVV, password or token. */
export declare function shown(value: unknown): unknown;
/** An S2S request of `entry` with the merchant's key and the recipe's hash (or `hash`, to send a wrong one). */
export declare function sendS2s(target: Target, entry: S2sEntry, fields: Readonly<Record<string, unknown>>, original?: Readonly<Record<string, string>>, hash?: string): Promise<Answer>;
/** A Checkout request of `entry` with the merchant's key and (for signed endpoints) the recipe's hash. */
export declare function sendCheckout(target: Target, entry: CheckoutEntry, fields: Readonly<Record<string, unknown>>, hash?: string): Promise<Answer>;
/** A plain request (probes, sandbox controls, hosted pages). */
export declare function request(target: Target, url: string, method: 'GET' | 'POST', form?: Readonly<Record<string, string>>): Promise<Answer>;
/** A field of an answer object, or undefined. */
export declare function field(body: unknown, name: string): unknown;
/** The validator's verdict, awaiting a deferred piece once. */
export declare function schemaIssues(validate: Validator | undefined, value: unknown): Promise<string | undefined>;
