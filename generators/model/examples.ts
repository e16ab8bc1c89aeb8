// The spec's examples, sorted to what they illustrate: request examples of `POST /post` by action
// and protocol, response examples by action, Checkout and webhook examples by operation. The docs
// render them and the conformance kit sends them.
import type { MediaTypeObject, OperationObject } from './openapi.js';
import type { S2sProtocol, SpecModel } from './spec-model.js';

export interface NamedExample {
  readonly key: string;
  readonly summary?: string;
  readonly value: Record<string, unknown>;
}

export function mediaExamples(media: MediaTypeObject | undefined): NamedExample[] {
  return Object.entries(media?.examples ?? {}).flatMap(([key, example]) =>
    typeof example.value === 'object' && example.value !== null && !Array.isArray(example.value)
      ? [{ key, ...(example.summary ? { summary: example.summary } : {}), value: example.value as Record<string, unknown> }]
      : [],
  );
}

/** The protocol a `POST /post` request example is for: its key says so (`_apm`, `_card`), or `brand` marks APM. */
function exampleProtocol(example: NamedExample): S2sProtocol | undefined {
  if (/(^|_)apm(_|$)/.test(example.key)) return 'apm';
  if (/(^|_)card(_|$)/.test(example.key)) return 'card';
  if ('brand' in example.value) return 'apm';
  return undefined;
}

export function s2sRequestExamples(model: Pick<SpecModel, 's2sOperation'>, protocol: S2sProtocol, action: string): NamedExample[] {
  const media = model.s2sOperation?.operation.requestBody?.content?.['application/x-www-form-urlencoded'];
  const all = mediaExamples(media).filter((example) => example.value['action'] === action);
  const own = all.filter((example) => exampleProtocol(example) === protocol);
  // An action both protocols share (CAPTURE) has one example without a protocol mark; SALE on
  // CARD is the one without `brand`.
  return own.length > 0 ? own : all.filter((example) => exampleProtocol(example) === undefined && (action !== 'SALE' || protocol === 'card'));
}

/** An action's answers on one protocol: those whose key marks the other protocol (`_apm`, `_card`) are left out. */
export function s2sResponseExamples(model: SpecModel, protocol: S2sProtocol, action: string): NamedExample[] {
  const responses = model.s2sOperation?.operation.responses ?? {};
  return Object.values(responses).flatMap((response) =>
    mediaExamples(response.content?.['application/json']).filter((example) => example.value['action'] === action && (exampleProtocol(example) ?? protocol) === protocol),
  );
}

export function operationRequestExamples(operation: OperationObject): NamedExample[] {
  const content = operation.requestBody?.content ?? {};
  return Object.values(content).flatMap((media) => mediaExamples(media));
}

export function operationResponseExamples(operation: OperationObject): { status: string; examples: NamedExample[] }[] {
  return Object.entries(operation.responses ?? {}).map(([status, response]) => ({
    status,
    examples: Object.values(response.content ?? {}).flatMap((media) => mediaExamples(media)),
  }));
}

/** A webhook's examples: its form body's, or its query parameter's. */
export function webhookExamples(model: SpecModel, name: string): NamedExample[] {
  const item = model.document.webhooks?.[name] as
    | { post?: OperationObject; get?: { parameters?: { in?: string; examples?: MediaTypeObject['examples'] }[] } }
    | undefined;
  if (item?.post) return operationRequestExamples(item.post);
  const query = item?.get?.parameters?.find((parameter) => parameter.in === 'query');
  return mediaExamples(query ? { examples: query.examples ?? {} } : undefined);
}

export function webhookOperation(model: SpecModel, name: string): OperationObject | undefined {
  const item = model.document.webhooks?.[name] as { post?: OperationObject; get?: OperationObject } | undefined;
  return item?.post ?? item?.get;
}
