import { renderReport, type Family, type Report } from '../report.js';
import { type ProgressListener } from '../runner.js';
import { type CallbackListener } from './listener.js';
export interface PlatformSuiteOptions {
    readonly baseUrl: string;
    /** Defaults to baseUrl. */
    readonly checkoutUrl?: string;
    readonly merchantKey: string;
    readonly password: string;
    /** `HOST:PORT` for the kit's callback endpoint, or a listener already started; without it the callbacks family is skipped. */
    readonly callbackListen?: string | CallbackListener;
    /** Families or scenario-id fragments to run (`flows`, `errors`, `SALE`); all when absent. */
    readonly only?: readonly string[];
    readonly timeoutMs?: number;
    /** How long callbacks and asynchronous outcomes may take. */
    readonly callbackWaitMs?: number;
    readonly onProgress?: ProgressListener;
}
export declare function platformScenarioCounts(): Record<Family, number>;
export declare function runPlatformSuite(options: PlatformSuiteOptions): Promise<Report>;
export declare function hostPort(value: string): {
    host: string;
    port: number;
};
export { renderReport };
