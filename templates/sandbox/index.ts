// @payment-gateway/sandbox: the payment platform on a merchant's laptop, generated from the same
// spec as @payment-gateway/merchant-client, whose validators, form codec and signature recipes
// it runs. `startSandbox()` for tests; `payment-gateway-sandbox` on the command line.
import { SandboxClock } from './runtime/core/clock.js';
import { CallbackDelivery, deliveryOptions, type DeliveryOptions } from './runtime/core/delivery.js';
import { serve, type RunningSandbox, type StartOptions } from './runtime/server.js';
import { postTrigger, triggerEvents, type TriggerResult } from './runtime/triggers.js';
import { TABLES } from './spec-tables.js';

export type { RunningSandbox, StartOptions } from './runtime/server.js';
export { CallbackDelivery } from './runtime/core/delivery.js';
export type { CallbackKind, CallbackRecord, DeliveryAttempt, DeliveryOptions } from './runtime/core/delivery.js';
export { CALLBACK_FAULTS, parseCallbackFaults } from './runtime/core/callback-faults.js';
export type { CallbackFault, FaultRule, Tamperer, Tampering } from './runtime/core/callback-faults.js';
export { signCallback } from './runtime/core/callbacks.js';
export type { SignedCallback } from './runtime/core/callbacks.js';
export type { SandboxClock } from './runtime/core/clock.js';
export { RefusedMove } from './runtime/core/store.js';
export { MERCHANT_SETTINGS, parseMerchant } from './runtime/core/merchant-settings.js';
export type { CardStatusSignature, MerchantSettings, RedirectMethod } from './runtime/core/merchant-settings.js';
export type { PayerAttribute, ProtocolMapping, ReturnParameter } from './runtime/core/protocol-mapping.js';
export {
  MAPPING_SWITCHES,
  PAYER_ATTRIBUTES,
  RETURN_PARAMETERS,
  parseProtocolMapping,
} from './runtime/core/protocol-mapping.js';
export { MAX_ADVANCE_SECONDS } from './runtime/core/clock.js';
export { TRIGGER_PAYER_EMAIL } from './runtime/triggers.js';
export type { TriggerEvent, TriggerResult } from './runtime/triggers.js';

/** The test cards of the spec (`x-test-data`): number, expiry (`MM/YYYY` or `any`), scenario, outcome and decline reason. */
export const TEST_CARDS = TABLES.testData.cards;
/** The S2S APM test connector's identifiers (`vcard`), by outcome. */
export const VCARD_IDENTIFIERS = Object.fromEntries(
  TABLES.testData.identifiers.map((entry) => [entry.scenario, entry.identifier]),
) as Readonly<Record<string, string>>;
/** The QR method's lifetime, from its `x-method` data. */
export const QR_LIFETIME_SECONDS = TABLES.methods.find((method) => method.qr)?.qr?.lifetimeSeconds;
/** The bank-code transfer methods' completion window, from their `x-method` data. */
export const BANK_CODE_WINDOW_SECONDS = TABLES.methods.find((method) => method.completionWindow)?.completionWindow
  ?.seconds;

/** The events `trigger` posts, by name; their cards are the spec's test cards, masked. */
export const TRIGGER_EVENTS = triggerEvents(TABLES.testData.cards);

/** Builds one of `TRIGGER_EVENTS`, signs it with `password` and posts it to `url`. */
export function trigger(event: string, url: string, password: string): Promise<TriggerResult> {
  return postTrigger(TRIGGER_EVENTS, event, url, password);
}

/**
 * The sandbox's callback delivery engine on a clock of its own, with the spec's retry and blocking
 * rules unless `options` says otherwise: `enqueue` a callback made with `signCallback`, then
 * `drain()` runs it to its end, faults and retries included, however long they wait.
 */
export function createCallbackDelivery(options: Partial<DeliveryOptions> = {}): CallbackDelivery {
  return new CallbackDelivery(new SandboxClock(), { ...deliveryOptions(TABLES.delivery), ...options });
}

/** Starts a sandbox on 127.0.0.1 (a free port unless `port` is given); `close()` stops it. */
export function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  return serve(TABLES, options);
}
