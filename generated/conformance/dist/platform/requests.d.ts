import type { Example } from '../tables.js';
/** A new order id, unique within and across runs. */
export declare function orderId(prefix?: string): string;
/** The example's body with fresh order ids (`order_id`, Checkout's `order.number`). */
export declare function fresh(example: Example): Record<string, unknown>;
/** The field that names an earlier request's result, when the example has one. */
export declare function names(body: Readonly<Record<string, unknown>>): string | undefined;
/** Sets a field by its wire path (dotted for JSON bodies: `order.amount`). */
export declare function setPath(body: Record<string, unknown>, path: string, value: unknown): void;
