import type { Exchange } from '../report.js';
export interface Delivery {
    readonly status: number;
    readonly text: string;
    readonly exchange: Exchange;
}
export declare function deliver(url: string, body: string, timeoutMs: number): Promise<Delivery>;
/**
 * A delivery the platform counts as failed and retries: the whole body is sent, and the
 * connection is dropped without waiting for the answer, as when the endpoint answers too late.
 * The endpoint may well have applied it: the redelivery must not apply it again.
 */
export declare function dropAnswer(url: string, body: string): Promise<void>;
/** The endpoint acknowledged it: 2xx, and on S2S the text `OK` the platform waits for. */
export declare function acknowledged(delivery: Delivery, protocol: string): boolean;
