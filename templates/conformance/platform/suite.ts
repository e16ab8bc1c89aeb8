// The platform suite: the five families in order (examples, errors, signatures, flows, callbacks),
// over the target's S2S and Checkout URLs. It probes whether the target serves the sandbox's
// controls; scenarios that need them are skipped elsewhere and the report says so.
import { renderReport, type Family, type Report } from '../report.js';
import { runScenarios, type ProgressListener, type Scenario } from '../runner.js';
import { IDENTIFIERS, METHODS, TABLES } from '../scenarios.js';
import { request, runRedactor, type Target } from '../wire.js';
import { callbackScenarios } from './callbacks.js';
import { errorScenarios } from './errors.js';
import { exampleScenarios } from './examples.js';
import type { Operation } from './operations.js';
import { flowScenarios } from './flows.js';
import { startCallbackListener, type CallbackListener } from './listener.js';
import { signatureScenarios } from './signatures.js';
import { Steps, type Payment } from './steps.js';

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

const ORDER: readonly Family[] = ['examples', 'errors', 'signatures', 'flows', 'callbacks'];

/** Does the target serve the sandbox's controls (`GET /_sandbox/callbacks`)? */
async function probeSandbox(target: Target): Promise<boolean> {
  try {
    const answer = await request(target, `${target.baseUrl}/_sandbox/callbacks`, 'GET');
    return answer.status === 200 && Array.isArray(answer.body);
  } catch {
    return false;
  }
}

export function platformScenarioCounts(): Record<Family, number> {
  const target: Target = {
    baseUrl: '',
    checkoutUrl: '',
    merchantKey: '',
    password: '',
    timeoutMs: 0,
    redactor: runRedactor(''),
  };
  const counts = Object.fromEntries(ORDER.map((family) => [family, 0])) as Record<Family, number>;
  for (const scenario of allScenarios(target, true, [], undefined, 0)) counts[scenario.family]++;
  return counts;
}

function allScenarios(
  target: Target,
  sandboxControls: boolean,
  payments: Payment[],
  listener: CallbackListener | undefined,
  waitMs: number,
): Scenario[] {
  const operations: Operation[] = [
    ...TABLES.s2s.map((entry) => ({ kind: 's2s' as const, entry })),
    ...TABLES.checkout.map((entry) => ({ kind: 'checkout' as const, entry })),
  ];
  const steps = new Steps(target, TABLES, IDENTIFIERS, {
    sandboxControls,
    payments,
    settleMs: waitMs,
    exercised: new Set(),
    ...(listener ? { received: listener.received } : {}),
  });
  return [
    ...exampleScenarios(steps, operations),
    ...errorScenarios(steps, operations),
    ...signatureScenarios(target, IDENTIFIERS, operations),
    ...flowScenarios(steps, METHODS),
    ...callbackScenarios(TABLES, target.password, listener, payments, waitMs),
  ];
}

export async function runPlatformSuite(options: PlatformSuiteOptions): Promise<Report> {
  const target: Target = {
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    checkoutUrl: (options.checkoutUrl ?? options.baseUrl).replace(/\/$/, ''),
    merchantKey: options.merchantKey,
    password: options.password,
    timeoutMs: options.timeoutMs ?? 15_000,
    redactor: runRedactor(options.password),
  };
  const listen = options.callbackListen;
  const listener = typeof listen === 'string' ? await startCallbackListener(hostPort(listen)) : listen;
  try {
    const sandboxControls = await probeSandbox(target);
    const payments: Payment[] = [];
    const only = options.only ?? [];
    const callbacksChosen = only.includes('callbacks');
    // Callbacks are judged on the payments the flows make: asking for callbacks runs the flows too.
    const scenarios = allScenarios(
      target,
      sandboxControls,
      payments,
      listener,
      options.callbackWaitMs ?? 10_000,
    ).filter(
      (scenario) =>
        only.length === 0 ||
        only.some((tag) => scenario.family === tag || scenario.id.includes(tag)) ||
        (callbacksChosen && scenario.family === 'flows'),
    );
    const chosen = scenarios;
    const results = await runScenarios(chosen, target.redactor, options.onProgress);
    const notes = [
      ...(sandboxControls
        ? []
        : [
            "The target serves no sandbox controls: the 3DS and redirect pages, the hosted page and the Hosted Payment Fields were not completed (they need the payer), nor the examples that need a Checkout payment; the methods' bank callbacks and windows were not triggered, and the schedule was not followed over its dates (those need the sandbox's triggers and clock).",
          ]),
      ...(listener
        ? []
        : [
            'No callback listener: callbacks were not checked (pass --callback-listen HOST:PORT and point the merchant account at it).',
          ]),
    ];
    return { suite: 'platform', specVersion: TABLES.specVersion, target: target.baseUrl, results, notes };
  } finally {
    if (typeof listen === 'string') await listener?.close();
  }
}

export function hostPort(value: string): { host: string; port: number } {
  const match = /^(.+):(\d+)$/.exec(value);
  if (!match) throw new Error(`--callback-listen takes HOST:PORT, got ${value}`);
  return { host: match[1]!, port: Number(match[2]) };
}

export { renderReport };
