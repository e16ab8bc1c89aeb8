// The data of the "Try it" panel (templates/docs/theme/try-it-panel.ts) for one page, written to
// the site's own public/ folder (`/try-it/<page>.json`) so the panel loads nothing off the host:
// the client operation's wire facts, its signature recipe, the validator that checks it, the
// page's wire examples (unsigned: the panel signs with the sandbox merchant's password), and the
// follow-up operations one click away.
import type { ClientOperation } from '../../model/operations.js';
import type { S2sProtocol, SpecModel, WebhookModel } from '../../model/spec-model.js';
import { operationRequestExamples, s2sRequestExamples } from '../../model/examples.js';
import { clientCallPath } from '../../../templates/docs/theme/typescript-call.js';
import { clientOperation, paths, type Site } from './site.js';

export interface TryItFollowUp {
  readonly label: string;
  /** The follow-up's own panel data (`/try-it/s2s/card-capture.json`). */
  readonly data: string;
  /** Shown after an answer whose `status` (or `result`) is one of these; every answer when absent. */
  readonly after?: readonly string[];
}

export interface TryItData {
  readonly title: string;
  readonly page: string;
  readonly protocol: ClientOperation['protocol'];
  readonly path: string;
  readonly bodyStyle: 'form' | 'json';
  readonly keyField?: string;
  /** The fields the client fills with the operation's own values (`action: SALE`); the panel fills them too. */
  readonly head: Readonly<Record<string, string>>;
  /** Every field the client fills (the model's `clientFilled`): not in the form, not in "Copy as TypeScript". */
  readonly clientFilled: readonly string[];
  /** The request schema, whose validator module (`validate/<schema>`) the client's operation loads. */
  readonly validator: string;
  readonly signature?: ClientOperation['signature'];
  readonly signingFields: readonly string[];
  readonly headers: readonly string[];
  /** How the TypeScript client makes the same call (`s2s.card.sale`, `checkout.createSession`). */
  readonly clientCall: string;
  readonly examples: readonly { readonly name: string; readonly value: Readonly<Record<string, unknown>> }[];
  readonly followUps: readonly TryItFollowUp[];
  /** The callback the sandbox sends for this protocol, to verify each one the panel shows. */
  readonly callbackSignature?: { readonly name: string; readonly signature: WebhookModel['signature']; readonly signingFields: readonly string[]; readonly context: Readonly<Record<string, string>> };
  /** The command that starts the sandbox, shown when none answers (added by the emitter). */
  readonly start?: string;
  /** On a callback page: the callback the panel waits for after sending. */
  readonly callback?: string;
}

/** Where a page's panel data lives in the built site. */
export const tryItPath = (page: string) => `/try-it${page}.json`;

/** The tag a page carries: the theme's async component, given its data's address. */
export const tryItTag = (page: string) => `<TryIt data="${tryItPath(page)}" />`;

/** An example as the reader fills the form: without the fields the client (and the panel) fills. */
function formValue(operation: ClientOperation, value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !operation.clientFilled.includes(key)));
}

/** The follow-ups of an S2S action: CAPTURE after AUTH, a refund after SALE or CAPTURE, a status lookup. */
function s2sFollowUps(model: SpecModel, protocol: S2sProtocol, action: string): TryItFollowUp[] {
  const has = (name: string) => model.s2sActions.find((candidate) => candidate.protocol === protocol && candidate.action === name);
  const link = (label: string, name: string, after?: readonly string[]): TryItFollowUp[] => {
    const target = has(name);
    return target ? [{ label, data: tryItPath(paths.action(target)), ...(after ? { after } : {}) }] : [];
  };
  return [
    ...(action === 'AUTH' ? link('CAPTURE', 'CAPTURE', ['PENDING']) : []),
    ...(action === 'SALE' || action === 'CAPTURE' ? link('Refund (CREDITVOID)', 'CREDITVOID', ['SETTLED']) : []),
    ...(action === 'AUTH' ? link('Void (CREDITVOID)', 'CREDITVOID', ['PENDING']) : []),
    ...(action !== 'GET_TRANS_STATUS' ? link('Status lookup (GET_TRANS_STATUS)', 'GET_TRANS_STATUS') : []),
  ];
}

function operationData(site: Site, operation: ClientOperation, page: string, examples: readonly { key: string; summary?: string; value: Record<string, unknown> }[], followUps: TryItFollowUp[]): TryItData {
  return {
    title: operation.title,
    page,
    protocol: operation.protocol,
    path: operation.path,
    bodyStyle: operation.bodyStyle,
    ...(operation.keyField ? { keyField: operation.keyField } : {}),
    head: operation.head,
    clientFilled: operation.clientFilled,
    validator: operation.requestSchemaName,
    ...(operation.signature ? { signature: operation.signature } : {}),
    signingFields: operation.signingFields,
    headers: operation.headers,
    clientCall: clientCallPath(operation.protocol, operation.names.method),
    examples: examples.map((example) => ({ name: example.summary ?? example.key, value: formValue(operation, example.value) })),
    followUps,
    ...callbackSignature(site.model, operation.protocol),
  };
}

function callbackSignature(model: SpecModel, protocol: ClientOperation['protocol']): Pick<TryItData, 'callbackSignature'> {
  const webhook = model.webhooks.find((candidate) => candidate.kind === 'callback' && candidate.protocol === protocol);
  return webhook ? { callbackSignature: { name: webhook.name, signature: webhook.signature, signingFields: webhook.signingFields, context: webhook.context } } : {};
}

export function actionTryIt(site: Site, protocol: S2sProtocol, action: string): TryItData {
  const operation = clientOperation(site, protocol, action);
  const page = paths.action({ protocol, action });
  return operationData(site, operation, page, s2sRequestExamples(site.model, protocol, action), s2sFollowUps(site.model, protocol, action));
}

const CHECKOUT_FOLLOW_UPS: Readonly<Record<string, readonly string[]>> = {
  createSession: ['getPaymentStatus'],
  capturePayment: ['refundPayment', 'getPaymentStatus'],
};

export function checkoutTryIt(site: Site, operationId: string): TryItData {
  const endpoint = site.model.checkoutOperations.find((candidate) => candidate.operationId === operationId)!;
  const operation = clientOperation(site, 'checkout', operationId);
  const followUps = (CHECKOUT_FOLLOW_UPS[operationId] ?? ['getPaymentStatus'])
    .filter((id) => id !== operationId)
    .flatMap((id) => {
      const target = site.model.checkoutOperations.find((candidate) => candidate.operationId === id);
      return target ? [{ label: target.summary, data: tryItPath(paths.checkout(target)) }] : [];
    });
  return operationData(site, operation, paths.checkout(endpoint), operationRequestExamples(endpoint.operation), followUps);
}

/** A callback page's panel: the request that makes the platform send it (a SALE; a Checkout session). */
export function callbackTryIt(site: Site, webhook: WebhookModel): TryItData {
  const base = webhook.protocol === 'checkout' ? checkoutTryIt(site, 'createSession') : actionTryIt(site, webhook.protocol, 'SALE');
  return { ...base, page: paths.callback(webhook), callback: webhook.name };
}
