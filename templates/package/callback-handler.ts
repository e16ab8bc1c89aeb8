// createCallbackHandler: the framework-facing callback endpoint, over the generated parseCallback.
import { parseCallback, type CallbackSigningContext } from './callbacks.js';
import { confirm, type ConfirmClients, type ConfirmedCallback } from './confirm.js';
import {
  createCallbackHandlerWith,
  type CallbackHandler,
  type CallbackHandlerOptions,
} from './runtime/callback-handler.js';

export interface GatewayCallbackHandlerOptions extends CallbackHandlerOptions<
  ConfirmedCallback,
  CallbackSigningContext
> {
  /**
   * Look each verified callback's payment up before `onEvent` (the hash does not cover the
   * status): the event then carries `confirmedStatus`. A failed lookup answers 500, so the
   * platform delivers again.
   */
  readonly confirmStatus?: ConfirmClients;
}

/**
 * A callback endpoint for node:http and Express (`handler`), Web-standard runtimes
 * (`handler.fetch`) and any other framework (`handler.respond(rawBody)`). It reads the raw body,
 * verifies it with parseCallback, runs `onEvent`, and answers `OK`; `ERROR` with 400 when the
 * body is not an authentic callback, 500 when `onEvent` throws (so the platform delivers again).
 */
export function createCallbackHandler(options: GatewayCallbackHandlerOptions): CallbackHandler {
  const clients = options?.confirmStatus;
  if (clients === undefined) return createCallbackHandlerWith(parseCallback, options);
  return createCallbackHandlerWith(parseCallback, {
    ...options,
    // The lookup answers the status union of the event's own protocol (confirm's return type).
    onEvent: async (event) =>
      options.onEvent({ ...event, confirmedStatus: await confirm(event, clients) } as ConfirmedCallback),
  });
}
