export interface CallbackListener {
    readonly url: string;
    /** Raw bodies in arrival order. */
    readonly received: readonly string[];
    close(): Promise<void>;
}
export declare function startCallbackListener(options?: {
    readonly host?: string;
    readonly port?: number;
}): Promise<CallbackListener>;
