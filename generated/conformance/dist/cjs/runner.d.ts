import type { Exchange, Family, ScenarioResult } from './report.js';
export declare class Difference extends Error {
    readonly name = "Difference";
}
export declare class Skipped extends Error {
    readonly name = "Skipped";
}
export interface ScenarioContext {
    /** Records the exchange the report shows if the scenario fails. */
    saw(exchange: Exchange): void;
    /** Fails the scenario naming what differs from the spec. */
    differ(difference: string): never;
    skip(reason: string): never;
}
export interface Scenario {
    readonly id: string;
    readonly family: Family;
    readonly title: string;
    run(context: ScenarioContext): Promise<void>;
}
export type ProgressListener = (result: ScenarioResult, done: number, total: number) => void;
export declare function runScenarios(scenarios: readonly Scenario[], onProgress?: ProgressListener): Promise<ScenarioResult[]>;
