// What every page needs to know of the site: the model, the client's operations, the method
// catalogue, and where each page lives (one place, so every link agrees with every path).
import { methodCatalogue, type MethodEntry } from '../../model/method-catalogue.js';
import { clientOperations, type ClientOperation } from '../../model/operations.js';
import type { CheckoutOperationModel, S2sActionModel, SpecModel, WebhookModel } from '../../model/spec-model.js';
import { slug } from './markdown.js';

export const PROTOCOL_TITLE = { card: 'S2S CARD', apm: 'S2S APM', checkout: 'Checkout' } as const;

export interface Site {
  readonly model: SpecModel;
  readonly operations: readonly ClientOperation[];
  readonly methods: readonly MethodEntry[];
}

export function buildSite(model: SpecModel): Site {
  return { model, operations: clientOperations(model), methods: methodCatalogue(model) };
}

/** Page paths without `.md`, as links write them (`/s2s/card-sale`). */
export const paths = {
  action: (action: Pick<S2sActionModel, 'protocol' | 'action'>) => `/s2s/${action.protocol}-${slug(action.action)}`,
  checkout: (operation: Pick<CheckoutOperationModel, 'operationId'>) => `/checkout/${slug(operation.operationId)}`,
  method: (method: Pick<MethodEntry, 'label'>) => `/methods/${slug(method.label)}`,
  callback: (webhook: Pick<WebhookModel, 'name'>) => `/callbacks/${slug(webhook.name)}`,
  guide: (name: string) => `/guide/${name}`,
};

export function clientOperation(site: Site, protocol: ClientOperation['protocol'], actionOrOperationId: string): ClientOperation {
  const found = site.operations.find((operation) =>
    protocol === 'checkout' ? operation.title === `Checkout ${actionOrOperationId}` : operation.protocol === protocol && operation.action === actionOrOperationId,
  );
  if (!found) throw new Error(`No client operation for ${protocol} ${actionOrOperationId}`);
  return found;
}

/** The id a method travels as: `brand` on S2S APM, the `methods` item and `parameters` key in Checkout. */
export function methodId(method: MethodEntry): string {
  return method.brand ?? method.label.replace(/[<>]/g, '');
}
