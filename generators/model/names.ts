// How spec vocabulary becomes the generated code's names, in one place so that no two emitters
// can disagree (the client calls what the validators define, types name the client's inputs).
// S2S CARD `GET_TRANS_STATUS` is the method `card.getTransStatus`, the function
// `getTransStatusCard`, the input `GetTransStatusCardInput`; Checkout `debitCard` is the method
// `checkout.debitCard`, the function `checkoutDebitCard`, the input `CheckoutDebitCardInput`.
import { stringLiteral } from '../shared/code-text.js';

export function clientMethodName(actionOrOperationId: string): string {
  if (!/^[A-Z0-9_]+$/.test(actionOrOperationId)) return actionOrOperationId;
  return actionOrOperationId.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const constant = (text: string) => text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();

export interface OperationNames {
  /** Method on the client object (`card.sale`, `createSession`). */
  readonly method: string;
  /** Standalone, tree-shakable function (`saleCard`, `checkoutCreateSession`). */
  readonly fn: string;
  /** Its OperationDefinition constant. */
  readonly operation: string;
  /** Input type alias. */
  readonly input: string;
  /** Signature recipe constant. */
  readonly signature: string;
}

export function operationNames(protocol: 'card' | 'apm' | 'checkout', actionOrOperationId: string): OperationNames {
  const method = clientMethodName(actionOrOperationId);
  const fn = protocol === 'checkout' ? `checkout${pascal(method)}` : `${method}${pascal(protocol)}`;
  return {
    method,
    fn,
    operation: `${fn}Operation`,
    input: `${pascal(fn)}Input`,
    signature: `${constant(pascal(fn))}_SIGNATURE`,
  };
}

/** Input type of a signing-only field set: values the signature covers but that are never sent. */
export function signingType(fields: readonly string[]): string {
  return `SigningInput<${fields.map(stringLiteral).join(' | ')}>`;
}

/** A callback or signed return query: its CallbackDefinition, signature recipe and verifier. */
export function webhookNames(webhookName: string) {
  const constant = webhookName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  return {
    definition: `${webhookName}Definition`,
    signature: `${constant}_SIGNATURE`,
    verify: `verify${pascal(webhookName)}`,
    /** The values its signature covers that it may not carry, by the request's names. */
    signingContext: `${pascal(webhookName)}SigningContext`,
    /** Its fields the hash covers, and those it does not. */
    signedFields: `${pascal(webhookName)}SignedFields`,
    unsignedFields: `${pascal(webhookName)}UnsignedFields`,
  };
}

/** `SaleCardRequest` → `SaleCardRequest`: a component schema's validator function base name; any character a name cannot hold becomes `_`. */
export function functionBase(schemaName: string): string {
  return schemaName.replace(/[^A-Za-z0-9_]/g, '_');
}

/**
 * The module, under the client's src, that holds a request schema's validator for the client to
 * load on the operation's first call: `validate/SaleCardRequest`.
 */
export function validatorModulePath(schemaName: string): string {
  return `validate/${schemaName}`;
}

/** The exported validator of a component schema: `validateSaleCardRequest`. */
export function validatorName(schemaName: string): string {
  return `validate${functionBase(schemaName)}`;
}
