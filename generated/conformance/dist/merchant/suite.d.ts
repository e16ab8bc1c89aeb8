import type { Report } from '../report.js';
import { type ProgressListener } from '../runner.js';
export interface MerchantSuiteOptions {
    readonly callbackUrl: string;
    /** The password the endpoint verifies with (the merchant's, or a test merchant's). */
    readonly password: string;
    /** Where the endpoint reports how often it applied an event; idempotence is judged by answers without it. */
    readonly stateUrl?: string;
    /** The e-mail S2S CARD callbacks carry and are signed with (F2). */
    readonly payerEmail?: string;
    /** How long a late delivery waits after the others (the platform retries for hours; a short wait shows the same). */
    readonly lateMs?: number;
    readonly timeoutMs?: number;
    readonly onProgress?: ProgressListener;
}
export declare function runMerchantSuite(options: MerchantSuiteOptions): Promise<Report>;
