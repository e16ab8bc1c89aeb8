// Runs scenarios one after another: each gets a context that records its last exchange, fails
// with a named difference, or skips with a reason; progress goes to `onProgress` as each ends.
// Every text a result carries (the difference, the exchange) is scrubbed of the card data the run
// sent first, so neither the progress lines nor any rendering of the report can show it.
import type { Redactor } from '@payment-gateway/merchant-client';
import type { Exchange, Family, ScenarioResult } from './report.js';

export class Difference extends Error {
  override readonly name = 'Difference';
}

export class Skipped extends Error {
  override readonly name = 'Skipped';
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

export async function runScenarios(
  scenarios: readonly Scenario[],
  redactor: Redactor,
  onProgress?: ProgressListener,
): Promise<ScenarioResult[]> {
  const scrub = (text: string) => redactor.text(text);
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const started = Date.now();
    let exchange: Exchange | undefined;
    const context: ScenarioContext = {
      saw: (seen) =>
        void (exchange = { request: scrub(seen.request), status: seen.status, answer: scrub(seen.answer) }),
      differ: (difference) => {
        throw new Difference(difference);
      },
      skip: (reason) => {
        throw new Skipped(reason);
      },
    };
    let result: ScenarioResult;
    const base = { id: scenario.id, family: scenario.family, title: scenario.title };
    try {
      await scenario.run(context);
      result = { ...base, outcome: 'pass', ms: Date.now() - started };
    } catch (error) {
      const detail = scrub(error instanceof Error ? error.message : String(error));
      if (error instanceof Skipped) result = { ...base, outcome: 'skip', detail, ms: Date.now() - started };
      // Anything other than a named difference (a refused connection, a throw) fails the scenario too.
      else
        result = {
          ...base,
          outcome: 'fail',
          detail: error instanceof Difference ? detail : `${(error as Error).name ?? 'Error'}: ${detail}`,
          ...(exchange ? { exchange } : {}),
          ms: Date.now() - started,
        };
    }
    results.push(result);
    onProgress?.(result, results.length, scenarios.length);
  }
  return results;
}
