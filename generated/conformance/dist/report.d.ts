export declare const FAMILIES: readonly ["examples", "errors", "flows", "signatures", "callbacks", "merchant"];
export type Family = (typeof FAMILIES)[number];
export type Outcome = 'pass' | 'fail' | 'skip';
/** One HTTP exchange as the report shows it: card data masked, no password. */
export interface Exchange {
    readonly request: string;
    readonly status: number;
    readonly answer: string;
}
export interface ScenarioResult {
    readonly id: string;
    readonly family: Family;
    readonly title: string;
    readonly outcome: Outcome;
    /** What differs from the spec (fail), or why it did not run (skip). */
    readonly detail?: string;
    readonly exchange?: Exchange;
    readonly ms: number;
}
export interface Report {
    readonly suite: 'platform' | 'merchant';
    readonly specVersion: string;
    readonly target: string;
    readonly results: readonly ScenarioResult[];
    /** What the run could not judge, in words (sandbox controls missing, idempotence by answers only). */
    readonly notes: readonly string[];
}
export type ReportFormat = 'md' | 'json' | 'junit';
export declare function summary(report: Report): Record<Outcome, number>;
export declare function passed(report: Report): boolean;
export declare function renderReport(report: Report, format: ReportFormat): string;
