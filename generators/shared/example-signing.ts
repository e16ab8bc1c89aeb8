// How the spec's examples are signed: one example password (the one the callback examples were
// signed with, which the signatures guide gives), the original payment's values a recipe reads
// that a request does not carry, and where each signed example is. The spec check recomputes
// every example's `hash` with these (`npm run spec:sign-examples` writes it), and the docs sign
// their worked examples the same way.
import { computeSignature, type SignatureRecipe } from '../../templates/runtime/signature.js';
import { mediaExamples, operationRequestExamples, s2sRequestExamples, webhookOperation, type NamedExample } from '../model/examples.js';
import type { MediaTypeObject } from '../model/openapi.js';
import type { SignatureRecipeData } from '../model/signature-recipes.js';
import { FORM_MEDIA_TYPE, type SpecModel } from '../model/spec-model.js';
import { testData } from '../model/test-data.js';

/** The password every example of the spec and the docs is signed with. */
export const EXAMPLE_PASSWORD = '13a4822c5907ed235f3a068c76184fc3';

/** Values for signing-only fields: the original payment's e-mail. */
const EXAMPLE_SIGNING: Readonly<Record<string, string>> = {
  payer_email: 'doe@example.com',
};

/**
 * The signing-only values the examples use for `fields`: the original payment's card is the
 * spec's success test card (its test data), the e-mail a fixed example value, and a value a
 * callback's recipe takes from a Checkout request (`context`: `order_amount` is the request's
 * `order.amount`) the one the Checkout request examples carry (the return query's order is the
 * session example's). A spec that describes no test data at all (a release recorded before
 * `info.x-test-data` existed) signs with the card of its own S2S CARD SALE example instead.
 */
export function exampleSigning(model: Pick<SpecModel, 'document' | 's2sOperation'> & Partial<Pick<SpecModel, 'checkoutOperations'>>, fields: readonly string[], context: Readonly<Record<string, string>> = {}): Record<string, string> {
  const fromRequests = (path: string): string | undefined => {
    for (const operation of model.checkoutOperations ?? []) {
      for (const example of operationRequestExamples(operation.operation)) {
        const value = path.split('.').reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), example.value);
        if (typeof value === 'string') return value;
      }
    }
    return undefined;
  };
  const value = (name: string): string => {
    // A dotted name is a Checkout request's JSON (`order.amount`); a plain one names the original
    // S2S payment's field, signed with the values below.
    const requested = context[name]?.includes('.') ? fromRequests(context[name]) : undefined;
    if (requested !== undefined) return requested;
    if (name !== 'card_number') return EXAMPLE_SIGNING[name] ?? 'value';
    if (model.document.info['x-test-data'] === undefined) {
      const sale = s2sRequestExamples(model, 'card', 'SALE').find((example) => typeof example.value['card_number'] === 'string');
      if (!sale) throw new Error("examples sign with the S2S CARD SALE example's card, as the spec has no test data (info.x-test-data), and that example has none");
      return sale.value['card_number'] as string;
    }
    const card = testData(model).cards.find((candidate) => candidate.scenario === 'success' && candidate.expiry !== 'any');
    if (!card) throw new Error('examples sign with the success test card, and the test data (info.x-test-data) lists none with an expiry');
    return card.number;
  };
  return Object.fromEntries(fields.map((name) => [name, value(name)]));
}

/** The hash an example's body gives under its recipe and the example password. */
export function exampleHash(recipe: SignatureRecipeData, value: Readonly<Record<string, unknown>>, signing: Readonly<Record<string, string>>): string {
  return computeSignature(recipe as SignatureRecipe, { ...value, ...signing }, EXAMPLE_PASSWORD);
}

/** An example's request with its `hash` recomputed by the runtime signer. */
export function signedExample(recipe: SignatureRecipeData | undefined, value: Readonly<Record<string, unknown>>, signing: Readonly<Record<string, string>>): Record<string, unknown> {
  if (!recipe || !('hash' in value)) return { ...value };
  return { ...value, hash: exampleHash(recipe, value, signing) };
}

/** An example that carries a `hash`, with the recipe it is signed by and where the bundle holds its value. */
export interface SignedExample {
  /** `S2S CARD CAPTURE`, `Checkout createSession`, `webhook checkoutCallback`. */
  readonly title: string;
  readonly key: string;
  /** The example's `value` in the bundled document (`['paths', '/post', 'post', ..., 'examples', key, 'value']`). */
  readonly at: readonly (string | number)[];
  readonly value: Readonly<Record<string, unknown>>;
  readonly recipe: SignatureRecipeData;
  readonly signing: Readonly<Record<string, string>>;
}

const PROTOCOL_TITLE = { card: 'S2S CARD', apm: 'S2S APM' } as const;
type QueryParameter = { readonly in?: string; readonly examples?: MediaTypeObject['examples'] };

/** Every example that carries a `hash`, once for each recipe it is signed by (an example two protocols share, once for each). */
export function signedExamples(model: SpecModel): SignedExample[] {
  const found: SignedExample[] = [];
  const add = (title: string, at: readonly (string | number)[], examples: readonly NamedExample[], recipe: SignatureRecipeData | undefined, signingFields: readonly string[], context?: Readonly<Record<string, string>>) => {
    if (!recipe) return;
    for (const example of examples) {
      if (!('hash' in example.value)) continue;
      found.push({ title, key: example.key, at: [...at, 'examples', example.key, 'value'], value: example.value, recipe, signing: exampleSigning(model, signingFields, context) });
    }
  };
  const s2s = model.s2sOperation;
  if (s2s) {
    const at = ['paths', s2s.path, s2s.method, 'requestBody', 'content', s2s.requestMediaType];
    for (const action of model.s2sActions) add(`${PROTOCOL_TITLE[action.protocol]} ${action.action}`, at, s2sRequestExamples(model, action.protocol, action.action), action.signature, action.signingFields);
  }
  for (const operation of model.checkoutOperations) {
    const at = ['paths', operation.path, operation.method, 'requestBody', 'content', operation.requestMediaType];
    add(`Checkout ${operation.operationId}`, at, operationRequestExamples(operation.operation), operation.signature, operation.signingFields);
  }
  for (const webhook of model.webhooks) {
    const operation = webhookOperation(model, webhook.name);
    if (!operation) continue;
    if (webhook.kind === 'callback') {
      add(`webhook ${webhook.name}`, ['webhooks', webhook.name, 'post', 'requestBody', 'content', FORM_MEDIA_TYPE], operationRequestExamples(operation), webhook.signature, webhook.signingFields, webhook.context);
      continue;
    }
    // A return query: the examples of its query parameter.
    const parameters = ((operation as { parameters?: QueryParameter[] }).parameters ?? []);
    const index = parameters.findIndex((parameter) => parameter.in === 'query');
    if (index >= 0) add(`webhook ${webhook.name}`, ['webhooks', webhook.name, 'get', 'parameters', index], mediaExamples({ examples: parameters[index]!.examples ?? {} }), webhook.signature, webhook.signingFields, webhook.context);
  }
  return found;
}
