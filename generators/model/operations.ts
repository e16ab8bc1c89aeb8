// S2S actions and Checkout endpoints as one list of operations of the same shape, with the names
// the generated code gives them, so one piece of code emits both and every emitter agrees.
import { schemaFields } from './fields.js';
import { isSchemaObject, refName } from './json-schema.js';
import type { SigningModel, SpecModel } from './spec-model.js';
import { operationNames, type OperationNames } from './names.js';

const PROTOCOL_TITLE = { card: 'S2S CARD', apm: 'S2S APM', checkout: 'Checkout' } as const;

/** The field a signed request carries its signature in (the `hash` every signed request schema requires). */
export const SIGNATURE_FIELD = 'hash';

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
  /** The fields the client fills with the operation's own values: the S2S selector (`action: SALE`). */
  readonly head: Readonly<Record<string, string>>;
  /**
   * Every wire field the client fills itself: `head`'s, the credential (`keyField`) and the
   * signature (`SIGNATURE_FIELD`) of a signed operation. The caller never passes them: the input
   * types, the docs' samples, the Try-it form and the PHP shapes leave them out.
   */
  readonly clientFilled: readonly string[];
  readonly requestSchemaName: string;
  readonly responseSchemaName?: string;
  readonly idempotent: boolean;
  /** Top-level body fields keyed by method label (`x-keyed-by: method`). */
  readonly methodKeyed: readonly string[];
  /** `x-array-when` of the response: the request field that makes it an array of `itemSchemaName`. */
  readonly arrayWhen?: { readonly field: string; readonly itemSchemaName: string };
  /**
   * Every top-level field the request schema defines (through $ref, allOf, oneOf, anyOf,
   * if/then/else, dependentSchemas); absent when the schema takes fields it does not name.
   */
  readonly fields?: readonly string[];
}

export function clientOperations(model: SpecModel): ClientOperation[] {
  const describe = (name: string) => {
    const schema = model.schema(name);
    return (schema.description ?? schema.title ?? '').replace(/\s+/g, ' ').trim();
  };
  const idempotent = (name: string) => model.schema(name)['x-idempotent'] === true;
  // The S2S body's discriminator names the field that selects the action.
  const selector = model.s2sOperation && model.schema(model.s2sOperation.requestSchemaName).discriminator?.propertyName;
  const s2s = model.s2sActions.map(
    (action): ClientOperation => ({
      protocol: action.protocol,
      names: operationNames(action.protocol, action.action),
      title: `${PROTOCOL_TITLE[action.protocol]} ${action.action}`,
      description: describe(action.requestSchemaName),
      path: model.s2sOperation?.path ?? '/post',
      bodyStyle: 'form',
      action: action.action,
      ...filled(selector ? { [selector]: action.action } : {}, 'client_key', action.signature),
      requestSchemaName: action.requestSchemaName,
      ...(action.responseSchemaName ? { responseSchemaName: action.responseSchemaName } : {}),
      idempotent: idempotent(action.requestSchemaName),
      signature: action.signature,
      signingFields: action.signingFields,
      headers: [],
      ...shapes(model, action.requestSchemaName, action.responseSchemaName),
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
      ...filled({}, operation.signature ? 'merchant_key' : undefined, operation.signature),
      requestSchemaName: operation.requestSchemaName,
      ...(operation.responseSchemaName ? { responseSchemaName: operation.responseSchemaName } : {}),
      idempotent: idempotent(operation.requestSchemaName),
      ...(operation.signature ? { signature: operation.signature } : {}),
      signingFields: operation.signingFields,
      headers: operation.headers,
      ...shapes(model, operation.requestSchemaName, operation.responseSchemaName),
    }),
  );
  return [...s2s, ...checkout];
}

/** The fields the client fills: the head, the credential (`keyField`, when the operation is signed with it) and the signature. */
function filled(head: Record<string, string>, keyField: ClientOperation['keyField'], signature: unknown): Pick<ClientOperation, 'keyField' | 'head' | 'clientFilled'> {
  return {
    ...(keyField ? { keyField } : {}),
    head,
    clientFilled: [...Object.keys(head), ...(keyField ? [keyField] : []), ...(signature ? [SIGNATURE_FIELD] : [])],
  };
}

/** Every field some operation's client fills, sorted: what no caller's input carries. */
export function clientFilledFields(operations: readonly ClientOperation[]): string[] {
  return [...new Set(operations.flatMap((operation) => operation.clientFilled))].sort();
}

/** What the runtime needs to know of a request's and a response's shape beyond validation. */
function shapes(
  model: SpecModel,
  requestSchemaName: string,
  responseSchemaName: string | undefined,
): Pick<ClientOperation, 'methodKeyed' | 'arrayWhen' | 'fields'> {
  const request = schemaFields(model, requestSchemaName);
  const fields = request.closed ? { fields: [...request.top.keys()].sort() } : {};
  const methodKeyed = [...request.top].filter(([, field]) => field.shape === 'keyed').map(([name]) => name);
  const response = responseSchemaName ? model.schema(responseSchemaName) : undefined;
  const field = response?.['x-array-when'];
  if (typeof field !== 'string') return { methodKeyed, ...fields };
  const item = response?.oneOf?.find((branch) => isSchemaObject(branch) && branch.$ref);
  if (!isSchemaObject(item) || !item.$ref)
    throw new Error(`${responseSchemaName}: x-array-when needs a oneOf of a $ref and an array of it`);
  return { methodKeyed, arrayWhen: { field, itemSchemaName: refName(item.$ref) }, ...fields };
}
