// What the Try-it panel sends, built by the client package's own code: the form's fields (one per
// wire path of the page's example), the body they make (the form codec, or JSON), the validator's
// issues by wire path, the signature step by step (the runtime's interpreter), and the same call
// as curl (as TypeScript client code: ./typescript-call.ts).
/// <reference types="vite/client" />
import { decodeForm, encodeForm, flattenForm, type FormObject } from '@payment-gateway/merchant-client/form-codec';
import {
  computeSignature,
  readPath,
  signatureBytes,
  type SignatureRecipe,
} from '@payment-gateway/merchant-client/signature';
import { createHash } from './browser-crypto.js';

/** The panel data the docs emitter writes for a page (generators/emitters/docs/try-it.ts). */
export interface TryItData {
  readonly title: string;
  readonly page: string;
  readonly protocol: 'card' | 'apm' | 'checkout';
  readonly path: string;
  readonly bodyStyle: 'form' | 'json';
  readonly keyField?: string;
  /** The fields the client fills with the operation's own values (`action: SALE`): the panel fills them too. */
  readonly head: Readonly<Record<string, string>>;
  /** Every field the client fills (the model's list): not in the form, left out of "Copy as TypeScript". */
  readonly clientFilled: readonly string[];
  /** The request schema: its validator module is `validate/<name>` of the client package. */
  readonly validator: string;
  readonly signature?: SignatureRecipe;
  readonly signingFields: readonly string[];
  readonly headers: readonly string[];
  readonly clientCall: string;
  readonly examples: readonly { readonly name: string; readonly value: Readonly<Record<string, unknown>> }[];
  readonly followUps: readonly { readonly label: string; readonly data: string; readonly after?: readonly string[] }[];
  readonly callback?: string;
  readonly callbackSignature?: {
    readonly name: string;
    readonly signature: SignatureRecipe;
    readonly signingFields: readonly string[];
    readonly context: Readonly<Record<string, string>>;
  };
  /** How to start the sandbox, as the testing guide says. */
  readonly start: string;
}

/** One input of the form: a wire path (`parameters[pin]`, `order.amount`) and its text. */
export interface Field {
  readonly path: string;
  value: string;
  /** JSON bodies keep numbers and booleans typed as the example has them. */
  readonly type: 'string' | 'number' | 'boolean';
}

/** The fields of an example, one per wire path, in the example's order. */
export function exampleFields(data: TryItData, example: Readonly<Record<string, unknown>>): Field[] {
  if (data.bodyStyle === 'form')
    return flattenForm(example as FormObject).map(([path, value]) => ({ path, value, type: 'string' }));
  const fields: Field[] = [];
  const walk = (node: unknown, path: string) => {
    if (node !== null && typeof node === 'object' && !Array.isArray(node))
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
    else if (Array.isArray(node)) node.forEach((child, index) => walk(child, `${path}.${index}`));
    else
      fields.push({
        path,
        value: String(node ?? ''),
        type: typeof node === 'number' ? 'number' : typeof node === 'boolean' ? 'boolean' : 'string',
      });
  };
  walk(example, '');
  return fields;
}

function typed(field: Field): unknown {
  if (field.type === 'number' && field.value.trim() !== '' && Number.isFinite(Number(field.value)))
    return Number(field.value);
  if (field.type === 'boolean' && (field.value === 'true' || field.value === 'false')) return field.value === 'true';
  return field.value;
}

/**
 * The request object the fields make, opened as the client opens it: the operation's own values
 * (`action`) and the merchant key in its field (no hash yet).
 */
export function requestObject(data: TryItData, fields: readonly Field[], key: string): Record<string, unknown> {
  const head: Field[] = Object.entries(data.head).map(([path, value]) => ({ path, value, type: 'string' }));
  const withKey = [
    ...head,
    ...(data.keyField ? [{ path: data.keyField, value: key, type: 'string' as const }] : []),
    ...fields,
  ];
  if (data.bodyStyle === 'form')
    return decodeForm(
      withKey
        .filter((field) => field.value !== '')
        .map((field) => `${encodeURIComponent(field.path)}=${encodeURIComponent(field.value)}`)
        .join('&'),
    );
  const root: Record<string, unknown> = {};
  for (const field of withKey) {
    const segments = field.path.split('.');
    let node: Record<string, unknown> | unknown[] = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const container = node as Record<string, unknown>;
      if (last) container[segment] = typed(field);
      else {
        container[segment] ??= /^\d+$/.test(segments[index + 1]!) ? [] : {};
        node = container[segment] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export interface Issue {
  readonly path: string;
  readonly message: string;
}

interface ValidatorModule {
  readonly validate: (value: unknown) => {
    readonly ok: boolean;
    readonly issues?: readonly Issue[];
    readonly pending?: Promise<unknown>;
  };
}

/**
 * The client package's own per-operation validators (`validate/<Schema>`), each its own chunk as
 * the client's operations load them: a page fetches only the one it uses, and the pieces of it a
 * request reaches (a validator answers `pending` until they load).
 */
const VALIDATOR_MODULES = import.meta.glob<ValidatorModule>('@payment-gateway/merchant-client/validate/*.ts');

/** The client package's validator for the whole request: issues by wire path. */
export async function validate(data: TryItData, request: Readonly<Record<string, unknown>>): Promise<Issue[]> {
  const load = Object.entries(VALIDATOR_MODULES).find(([path]) => path.endsWith(`/${data.validator}.ts`))?.[1];
  if (!load) return [{ path: '(body)', message: `no validator ${data.validator} in the client package` }];
  const module = await load();
  let result = module.validate(request);
  while (!result.ok && result.pending) {
    await result.pending;
    result = module.validate(request);
  }
  return result.ok ? [] : (result.issues ?? []).map(({ path, message }) => ({ path: path || '(body)', message }));
}

export interface SignatureSteps {
  readonly recipe: string;
  /** The bytes before the first digest, as text (they contain the password). */
  readonly input: string;
  readonly digests: readonly { readonly name: string; readonly hex: string }[];
  readonly hash: string;
}

/** The signature as the runtime's interpreter computes it, with the steps the docs' worked examples show. */
export function signatureSteps(
  data: TryItData,
  request: Readonly<Record<string, unknown>>,
  signing: Readonly<Record<string, string>>,
  password: string,
): SignatureSteps | undefined {
  if (!data.signature) return undefined;
  const fields = { ...request, ...signing };
  const bytes = signatureBytes(data.signature, fields, password);
  const digests: { name: string; hex: string }[] = [];
  let current = bytes;
  for (const name of data.signature.digests) {
    current = createHash(name).update(current, 'latin1').digest('hex');
    digests.push({ name, hex: current });
  }
  const hash = computeSignature(data.signature, fields, password);
  return {
    recipe: data.signature.description ?? JSON.stringify(data.signature.input),
    input: new TextDecoder().decode(Uint8Array.from(bytes, (char) => char.charCodeAt(0))),
    digests,
    hash,
  };
}

/** The wire body, signed. */
export function wireBody(
  data: TryItData,
  request: Readonly<Record<string, unknown>>,
  hash: string | undefined,
): string {
  const signed = hash === undefined ? request : { ...request, hash };
  return data.bodyStyle === 'form' ? encodeForm(signed as FormObject) : JSON.stringify(signed, null, 2);
}

/** The same call with curl. */
export function curlCall(
  data: TryItData,
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const type = data.bodyStyle === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return [
    `curl -sS -X POST ${quote(`${url}${data.path}`)}`,
    `  -H ${quote(`Content-Type: ${type}`)}`,
    ...Object.entries(headers).map(([name, value]) => `  -H ${quote(`${name}: ${value}`)}`),
    `  --data-raw ${quote(body)}`,
  ].join(' \\\n');
}

/** A delivered callback as the sandbox's inspection shows it: card data masked, named in `masked`. */
export interface ShownCallback {
  readonly fields: Readonly<Record<string, unknown>>;
  /** The dotted paths of the fields shown masked (`card_token`): the merchant got them in full. */
  readonly masked?: readonly string[];
}

/**
 * Whether a delivered callback's `hash` is the one its recipe gives with the merchant's password,
 * checked over the fields as the merchant's endpoint received them: a field the sandbox shows
 * masked is put back from what this merchant itself sent or was answered (`known`, the same path:
 * the `card_token` a SALE answered), and the values the callback does not carry are taken from the
 * request that caused it (`sent`, as a merchant's handler takes them from its own order).
 * `masked` when a masked field the panel never saw may be what the hash covers.
 */
export function callbackVerified(
  data: TryItData,
  callback: ShownCallback,
  sent: Readonly<Record<string, unknown>>,
  known: readonly Readonly<Record<string, unknown>>[],
  password: string,
): 'verified' | 'not verified' | 'masked' | undefined {
  const recipe = data.callbackSignature;
  if (!recipe || typeof callback.fields['hash'] !== 'string') return undefined;
  let fields: Record<string, unknown> = { ...callback.fields };
  const unknown: string[] = [];
  for (const path of callback.masked ?? []) {
    const value = [sent, ...known]
      .map((exchange) => readPath(exchange, path))
      .find((found) => typeof found === 'string');
    if (value === undefined) unknown.push(path);
    else fields = withPath(fields, path.split('.'), value);
  }
  // The values the callback may leave out (`x-signature.context`: the payer e-mail, the card),
  // by the request's names, used only where the callback does not carry them.
  const names = [...recipe.signingFields, ...Object.keys(recipe.context)];
  const context = Object.fromEntries(
    names
      .filter((name) => fields[name] === undefined || fields[name] === '')
      .map((name) => [name, readPath(sent, recipe.context[name] ?? name)])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const hash = String(callback.fields['hash']).toLowerCase();
  if (computeSignature(recipe.signature, { ...fields, ...context }, password) === hash) return 'verified';
  return unknown.length > 0 ? 'masked' : 'not verified';
}

/** A copy of `node` with `value` at `path`. */
function withPath(node: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  const child = node[head];
  return {
    ...node,
    [head]:
      rest.length === 0
        ? value
        : withPath(typeof child === 'object' && child !== null ? { ...child } : {}, rest, value),
  };
}
