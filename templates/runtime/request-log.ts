// Logging as openapi-fetch middleware, given per call after the merchant's: the request as it
// leaves, the response as it arrives, card data masked and the request's secrets scrubbed.
import type { Middleware } from 'openapi-fetch';
import type { LogEvent, OperationDefinition } from './operation.js';
import { sanitize } from './sensitive.js';

export function loggingMiddleware(
  definition: OperationDefinition,
  logger: (event: LogEvent) => void,
  attempt: number,
  body: () => Readonly<Record<string, unknown>>,
  secrets: () => string[],
): Middleware {
  let started = 0;
  return {
    onRequest({ request }) {
      started = Date.now();
      const event = { type: 'request', operation: definition.name, url: request.url, attempt } as const;
      // The request as sent: its own fields, sensitive ones masked by name.
      logger({ ...event, body: sanitize(body(), definition.sensitive, secrets(), 'values') });
    },
    async onResponse({ response }) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await response.clone().text());
      } catch {
        parsed = undefined;
      }
      const ms = Date.now() - started;
      const { status } = response;
      logger({
        type: 'response',
        operation: definition.name,
        status,
        body: sanitize(parsed, definition.sensitive, secrets()),
        ms,
      });
    },
  };
}

/** The function, with whatever it throws ignored: a logger that throws must not fail a completed payment. */
export function quietly<Argument>(fn: (argument: Argument) => void): (argument: Argument) => void {
  return (argument) => {
    try {
      fn(argument);
    } catch {
      // ignored
    }
  };
}
