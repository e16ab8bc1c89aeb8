// How the platform delivers callbacks, as the spec states it (`x-delivery` on
// `CallbackAcknowledgement`): the retry interval and attempts, and the rule that blocks a URL
// (so many timeouts within a window block it for a while). The sandbox's delivery reads it.
import type { SpecModel } from './spec-model.js';

export interface CallbackDeliveryModel {
  readonly retry: { readonly intervalSeconds: number; readonly attempts: number };
  readonly block: { readonly timeouts: number; readonly withinSeconds: number; readonly forSeconds: number };
}

const SCHEMA = 'CallbackAcknowledgement';

export function callbackDelivery(model: Pick<SpecModel, 'schemas' | 'schema'>): CallbackDeliveryModel {
  if (!model.schemas.has(SCHEMA)) throw new Error(`The spec has no ${SCHEMA}: the callback delivery rules are its x-delivery`);
  const value = model.schema(SCHEMA)['x-delivery'] as { retry?: Record<string, unknown>; block?: Record<string, unknown> } | undefined;
  const count = (group: Record<string, unknown> | undefined, name: string, path: string): number => {
    const found = group?.[name];
    if (!Number.isInteger(found) || (found as number) <= 0) throw new Error(`${SCHEMA} x-delivery.${path}.${name} must be a positive whole number`);
    return found as number;
  };
  return {
    retry: { intervalSeconds: count(value?.retry, 'intervalSeconds', 'retry'), attempts: count(value?.retry, 'attempts', 'retry') },
    block: {
      timeouts: count(value?.block, 'timeouts', 'block'),
      withinSeconds: count(value?.block, 'withinSeconds', 'block'),
      forSeconds: count(value?.block, 'forSeconds', 'block'),
    },
  };
}
