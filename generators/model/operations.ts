// S2S actions and Checkout endpoints as one list of operations of the same shape, with the names
// the generated code gives them, so one piece of code emits both and every emitter agrees.
import type { SigningModel, SpecModel } from './spec-model.js';
import { operationNames, type OperationNames } from './names.js';

const PROTOCOL_TITLE = { card: 'S2S CARD', apm: 'S2S APM', checkout: 'Checkout' } as const;

export interface ClientOperation extends Partial<SigningModel> {
  readonly signingFields: readonly string[];
  /** Header parameters the caller passes in `input.headers`. */
  readonly headers: readonly string[];
  readonly protocol: 'card' | 'apm' | 'checkout';
  readonly names: OperationNames;
  /** `S2S CARD SALE`, `Checkout createSession`: names the operation in errors and logs. */
  readonly title: string;
  readonly description: string;
  readonly path: string;
  readonly bodyStyle: 'form' | 'json';
  readonly action?: string;
  /** Absent for an operation the merchant key and hash do not authenticate. */
  readonly keyField?: 'client_key' | 'merchant_key';
  readonly requestSchemaName: string;
  readonly responseSchemaName?: string;
  readonly idempotent: boolean;
}

export function clientOperations(model: SpecModel): ClientOperation[] {
  const describe = (name: string) => {
    const schema = model.schema(name);
    return (schema.description ?? schema.title ?? '').replace(/\s+/g, ' ').trim();
  };
  const idempotent = (name: string) => model.schema(name)['x-idempotent'] === true;
  const s2s = model.s2sActions.map(
    (action): ClientOperation => ({
      protocol: action.protocol,
      names: operationNames(action.protocol, action.action),
      title: `${PROTOCOL_TITLE[action.protocol]} ${action.action}`,
      description: describe(action.requestSchemaName),
      path: model.s2sOperation?.path ?? '/post',
      bodyStyle: 'form',
      action: action.action,
      keyField: 'client_key',
      requestSchemaName: action.requestSchemaName,
      ...(action.responseSchemaName ? { responseSchemaName: action.responseSchemaName } : {}),
      idempotent: idempotent(action.requestSchemaName),
      signature: action.signature,
      signingFields: action.signingFields,
      headers: [],
    }),
  );
  const checkout = model.checkoutOperations.map(
    (operation): ClientOperation => ({
      protocol: 'checkout',
      names: operationNames('checkout', operation.operationId),
      title: `Checkout ${operation.operationId}`,
      description: describe(operation.requestSchemaName),
      path: operation.path,
      bodyStyle: 'json',
      ...(operation.signature ? { keyField: 'merchant_key' as const } : {}),
      requestSchemaName: operation.requestSchemaName,
      ...(operation.responseSchemaName ? { responseSchemaName: operation.responseSchemaName } : {}),
      idempotent: idempotent(operation.requestSchemaName),
      ...(operation.signature ? { signature: operation.signature } : {}),
      signingFields: operation.signingFields,
      headers: operation.headers,
    }),
  );
  return [...s2s, ...checkout];
}
