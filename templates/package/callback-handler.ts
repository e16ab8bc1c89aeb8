// createCallbackHandler: the framework-facing callback endpoint, over the generated parseCallback.
import { parseCallback, type GatewayCallback } from './callbacks.js';
import {
  createCallbackHandlerWith,
  type CallbackHandler,
  type CallbackHandlerOptions,
} from './runtime/callback-handler.js';

/**
 * A callback endpoint for node:http and Express (`handler`), Web-standard runtimes
 * (`handler.fetch`) and any other framework (`handler.respond(rawBody)`). It reads the raw body,
 * verifies it with parseCallback, runs `onEvent`, and answers `OK`; `ERROR` with 400 when the
 * body is not an authentic callback, 500 when `onEvent` throws (so the platform delivers again).
 */
export function createCallbackHandler(options: CallbackHandlerOptions<GatewayCallback>): CallbackHandler {
  return createCallbackHandlerWith(parseCallback, options);
}
