// The shared model every emitter reads: the bundled document plus what the emitters would
// otherwise each derive again (operations, S2S actions per protocol, wire styles, sensitive fields).
import { HTTP_METHODS, type HttpMethod, type MediaTypeObject, type OpenApiDocument, type OperationObject } from './openapi.js';
import { isSchemaObject, refName, type JsonSchema, type SchemaObject } from './json-schema.js';
import { errorCatalogue, type ErrorCaseModel } from './error-catalogue.js';
import { fieldsOf } from './fields.js';
import { releaseHistory, type ReleaseModel } from './releases.js';
import { recipeFields, requestRecipe, signatureRecipe, signingContextNames, type SignatureRecipeData } from './signature-recipes.js';

export type { ErrorCaseModel } from './error-catalogue.js';
export type { ReleaseModel } from './releases.js';

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
export const JSON_MEDIA_TYPE = 'application/json';

export type WirePathStyle = 'form' | 'json';
export type S2sProtocol = 'card' | 'apm';
export const S2S_PROTOCOLS: readonly S2sProtocol[] = ['card', 'apm'];

export interface OperationModel {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly requestMediaType: string;
  readonly requestSchemaName: string;
  /** Success (2xx) response schema, when the operation names one. */
  readonly responseSchemaName?: string;
  /** Header parameters the caller supplies (the HPF `Token`). */
  readonly headers: readonly string[];
  readonly operation: OperationObject;
}

/** How a request is signed: the recipe, and the fields it reads that the request does not carry. */
export interface SigningModel {
  readonly signature: SignatureRecipeData;
  /** Signing-only inputs (the original payment's e-mail and card): hashed, never sent. */
  readonly signingFields: readonly string[];
}

/** One S2S action as a protocol offers it: `card` SALE is `SaleCardRequest`, `apm` SALE is `SaleApmRequest`. */
export interface S2sActionModel extends SigningModel {
  readonly protocol: S2sProtocol;
  readonly action: string;
  readonly requestSchemaName: string;
  readonly responseSchemaName?: string;
  /** The errors this action can return on this protocol (`x-errors`), besides the generic ones. */
  readonly errors: readonly ErrorCaseModel[];
}

/**
 * A Checkout endpoint: a JSON operation other than the S2S `/post`. One without `x-signature`
 * is authenticated otherwise (the HPF session token header): no merchant key, no hash.
 */
export interface CheckoutOperationModel extends OperationModel, Partial<SigningModel> {
  readonly signingFields: readonly string[];
  /** The errors this operation can return (`x-errors`), besides the generic ones. */
  readonly errors: readonly ErrorCaseModel[];
}

export type CallbackProtocol = 'checkout' | 'card' | 'apm';
export const CALLBACK_PROTOCOLS: readonly CallbackProtocol[] = ['checkout', 'card', 'apm'];

/**
 * A webhook the platform sends: a form-encoded callback POST, or (for the payer's return to
 * success/cancel URLs) a signed query. `x-protocols` on its schema names the protocol.
 */
export interface WebhookModel extends SigningModel {
  readonly name: string;
  readonly kind: 'callback' | 'return-query';
  readonly protocol: CallbackProtocol;
  readonly schemaName: string;
  /** Fields the schema requires: a callback is tried against this webhook only when all are present. */
  readonly required: readonly string[];
  /** Recipe field → the merchant request's name for it, for values a callback may not carry (`x-signature.context`). */
  readonly context: Readonly<Record<string, string>>;
}

export interface SpecModel {
  readonly document: OpenApiDocument;
  readonly specVersion: string;
  readonly schemas: ReadonlyMap<string, SchemaObject>;
  readonly operations: readonly OperationModel[];
  /** The form-encoded `POST /post` behind every S2S action; absent in specs without S2S. */
  readonly s2sOperation: OperationModel | undefined;
  readonly s2sActions: readonly S2sActionModel[];
  readonly checkoutOperations: readonly CheckoutOperationModel[];
  readonly webhooks: readonly WebhookModel[];
  /** Errors any operation may return (`info.x-errors`). */
  readonly genericErrors: readonly ErrorCaseModel[];
  /** The release history (`info.x-releases`), newest first; `Unreleased` is a release too. */
  readonly releases: readonly ReleaseModel[];
  /** How each schema's wire paths are written when it is validated on its own. */
  readonly wireStyles: ReadonlyMap<string, WirePathStyle>;
  readonly sourceFiles: readonly string[];
  schema(name: string): SchemaObject;
  resolve(schema: JsonSchema): JsonSchema;
}

export function buildSpecModel(document: OpenApiDocument, sourceFiles: readonly string[]): SpecModel {
  const schemas = new Map(Object.entries(document.components?.schemas ?? {}));
  const schema = (name: string): SchemaObject => {
    const found = schemas.get(name);
    // A component may be the boolean schema `false` (JSON Schema 2020-12).
    if (found === undefined) throw new Error(`Unknown schema ${name}`);
    return found;
  };
  const resolve = (node: JsonSchema): JsonSchema => (isSchemaObject(node) && node.$ref ? resolve(schema(refName(node.$ref))) : node);

  const operations = collectOperations(document);
  const s2sOperation = operations.find((operation) => operation.requestMediaType === FORM_MEDIA_TYPE && operation.path === '/post');

  // The model is this one object as it is built: what the collectors read of it (the field
  // layer's fields, kept per model) is read once, for them and for every face after them.
  const base = { document, specVersion: document.info.version, schemas, operations, s2sOperation, sourceFiles, schema, resolve };
  const withWebhooks = Object.assign(base, { webhooks: collectWebhooks(base, document) });
  return Object.assign(withWebhooks, {
    s2sActions: collectS2sActions(base),
    checkoutOperations: operations
      .filter((operation) => operation !== s2sOperation)
      .map((operation): CheckoutOperationModel => {
        const request = base.schema(operation.requestSchemaName);
        const recipe = request['x-signature'];
        const errors = errorCatalogue(request['x-errors'], `${operation.requestSchemaName} (${operation.operationId})`);
        return recipe === undefined
          ? { ...operation, signingFields: [], errors }
          : { ...operation, ...signing(base, operation.requestSchemaName, requestRecipe(recipe, `${operation.requestSchemaName} (${operation.operationId})`)), errors };
      }),
    genericErrors: document.info['x-errors'] === undefined ? [] : errorCatalogue(document.info['x-errors'], 'info'),
    releases: releaseHistory(document.info['x-releases']),
    wireStyles: collectWireStyles(withWebhooks),
  });
}

function collectWebhooks(model: ModelBase, document: OpenApiDocument): WebhookModel[] {
  const webhooks: WebhookModel[] = [];
  for (const [name, item] of Object.entries(document.webhooks ?? {})) {
    const body = item.post?.requestBody?.content?.[FORM_MEDIA_TYPE]?.schema;
    const query = (item.get as { parameters?: { in?: string; schema?: JsonSchema }[] } | undefined)?.parameters?.find((parameter) => parameter.in === 'query')?.schema;
    const schema = body ?? query;
    if (!isSchemaObject(schema) || !schema.$ref) continue;
    const schemaName = refName(schema.$ref);
    const target = model.schema(schemaName);
    const protocols = target['x-protocols'];
    const protocol = Array.isArray(protocols) && protocols.length === 1 ? (protocols[0] as CallbackProtocol) : undefined;
    if (!protocol || !CALLBACK_PROTOCOLS.includes(protocol)) throw new Error(`Webhook ${name}: ${schemaName} needs x-protocols with one of ${CALLBACK_PROTOCOLS.join(', ')}`);
    webhooks.push({
      name,
      kind: body ? 'callback' : 'return-query',
      protocol,
      schemaName,
      required: [...fieldsOf(model, target).top].filter(([, field]) => field.need === 'required').map(([name]) => name).sort(),
      context: signingContextNames((target['x-signature'] as { context?: unknown } | undefined)?.context, `webhook ${name}`),
      ...signing(model, schemaName, signatureRecipe(target['x-signature'], `${schemaName} (webhook ${name})`)),
    });
  }
  return webhooks;
}

/** A checked recipe with the fields it needs that the request schema does not declare. */
function signing(model: ModelBase, schemaName: string, signature: SignatureRecipeData): SigningModel {
  const declared = new Set(fieldsOf(model, model.schema(schemaName)).top.keys());
  const undeclared = (fields: readonly string[]) => fields.filter((field) => !declared.has(field.split('.')[0]!));
  const signingFields = undeclared(recipeFields(signature));
  if (!signature.variants) return { signature, signingFields };
  // Each variant carries the signing-only fields it needs: the client requires them when it is selected.
  const variants = Object.fromEntries(
    Object.entries(signature.variants).map(([name, variant]) => [name, { ...variant, signing: undeclared(recipeFields(variant)) }]),
  );
  return { signature: { ...signature, variants }, signingFields };
}

function collectOperations(document: OpenApiDocument): OperationModel[] {
  const operations: OperationModel[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const [requestMediaType, requestMedia] = singleMediaType(operation.requestBody?.content, `${operation.operationId} request`);
      const success = Object.entries(operation.responses ?? {}).find(([code]) => code.startsWith('2'))?.[1];
      const responseMedia = success?.content?.[JSON_MEDIA_TYPE];
      const parameters = ((operation as { parameters?: { in?: string; name?: string }[] }).parameters ?? []).filter((parameter) => parameter.in === 'header');
      operations.push({
        headers: parameters.map((parameter) => String(parameter.name)),
        operationId: operation.operationId,
        method,
        path,
        summary: operation.summary ?? operation.operationId,
        requestMediaType,
        requestSchemaName: schemaRefName(requestMedia.schema, `${operation.operationId} request`),
        ...(responseMedia?.schema ? { responseSchemaName: schemaRefName(responseMedia.schema, `${operation.operationId} response`) } : {}),
        operation,
      });
    }
  }
  return operations;
}

function singleMediaType(content: Readonly<Record<string, MediaTypeObject>> | undefined, what: string): [string, MediaTypeObject] {
  const entries = Object.entries(content ?? {});
  const first = entries[0];
  if (entries.length !== 1 || !first) throw new Error(`${what}: expected exactly one media type`);
  return first;
}

function schemaRefName(schema: JsonSchema | undefined, what: string): string {
  if (!isSchemaObject(schema) || !schema.$ref) throw new Error(`${what}: the schema must be a $ref to a component`);
  return refName(schema.$ref);
}

type ModelBase = Pick<SpecModel, 'schemas' | 's2sOperation' | 'schema' | 'resolve' | 'operations'>;

/**
 * Walks the `action` discriminator of the S2S body. A mapped schema that declares
 * `x-protocols` is one action for each protocol listed; one without is a union of
 * protocol variants (SALE: card | apm), each declaring its own.
 */
function collectS2sActions(model: ModelBase): S2sActionModel[] {
  if (!model.s2sOperation) return [];
  const body = model.schema(model.s2sOperation.requestSchemaName);
  const mapping = body.discriminator?.mapping;
  if (!mapping) throw new Error(`${model.s2sOperation.requestSchemaName} needs an action discriminator`);
  const responses = model.s2sOperation.responseSchemaName ? responseSchemasByAction(model, model.s2sOperation.responseSchemaName) : new Map<string, string>();
  const actions: S2sActionModel[] = [];
  for (const [action, ref] of Object.entries(mapping)) {
    const variants = protocolVariants(model, refName(ref));
    if (variants.length === 0) throw new Error(`Action ${action} (${refName(ref)}) declares no x-protocols`);
    for (const { protocol, schemaName } of variants) {
      const responseSchemaName = responses.get(action);
      const recipes = model.schema(schemaName)['x-signature'] as Record<string, unknown> | undefined;
      const errors = model.schema(schemaName)['x-errors'] as Record<string, unknown> | undefined;
      actions.push({
        protocol,
        action,
        requestSchemaName: schemaName,
        ...(responseSchemaName ? { responseSchemaName } : {}),
        ...signing(model, schemaName, requestRecipe(recipes?.[protocol], `${schemaName} (${protocol} ${action})`)),
        errors: errorCatalogue(errors?.[protocol], `${schemaName} (${protocol} ${action})`),
      });
    }
  }
  return actions;
}

function protocolVariants(model: ModelBase, schemaName: string): { protocol: S2sProtocol; schemaName: string }[] {
  const schema = model.schema(schemaName);
  const declared = schema['x-protocols'];
  if (Array.isArray(declared)) {
    return declared.map((protocol) => {
      if (!S2S_PROTOCOLS.includes(protocol as S2sProtocol)) throw new Error(`${schemaName}: unknown protocol ${String(protocol)}`);
      return { protocol: protocol as S2sProtocol, schemaName };
    });
  }
  return (schema.oneOf ?? []).flatMap((branch) =>
    isSchemaObject(branch) && branch.$ref ? protocolVariants(model, refName(branch.$ref)) : [],
  );
}

/** Response schemas of `/post`, keyed by the `action` values their branches carry. */
function responseSchemasByAction(model: ModelBase, unionName: string): Map<string, string> {
  const byAction = new Map<string, string>();
  for (const member of model.schema(unionName).anyOf ?? []) {
    if (!isSchemaObject(member) || !member.$ref) continue;
    const name = refName(member.$ref);
    for (const action of actionValues(model, model.schema(name), new Set())) {
      if (!byAction.has(action)) byAction.set(action, name);
    }
  }
  return byAction;
}

function actionValues(model: ModelBase, schema: JsonSchema, seen: Set<JsonSchema>): string[] {
  const resolved = model.resolve(schema);
  if (!isSchemaObject(resolved) || seen.has(resolved)) return [];
  seen.add(resolved);
  const own = model.resolve(resolved.properties?.['action'] ?? false);
  const values: string[] = [];
  if (isSchemaObject(own)) {
    if (typeof own.const === 'string') values.push(own.const);
    for (const value of own.enum ?? []) if (typeof value === 'string') values.push(value);
  }
  for (const branch of [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) values.push(...actionValues(model, branch, seen));
  return values;
}

/** A schema reached from a form body reports bracket paths; every other one dotted JSON paths. */
function collectWireStyles(model: ModelBase & Pick<SpecModel, 'operations' | 'webhooks'>): Map<string, WirePathStyle> {
  const styles = new Map<string, WirePathStyle>();
  const formReachable = new Set<string>();
  for (const operation of model.operations) {
    if (operation.requestMediaType === FORM_MEDIA_TYPE) visitRefs(model, operation.requestSchemaName, formReachable);
  }
  // Callbacks arrive form-encoded and return queries are form-style too.
  for (const webhook of model.webhooks) visitRefs(model, webhook.schemaName, formReachable);
  for (const name of model.schemas.keys()) styles.set(name, formReachable.has(name) ? 'form' : 'json');
  return styles;
}

export function visitRefs(model: Pick<SpecModel, 'schema'>, name: string, seen: Set<string>): void {
  if (seen.has(name)) return;
  seen.add(name);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null) {
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref === 'string') visitRefs(model, refName(ref), seen);
      Object.values(node).forEach(walk);
    }
  };
  walk(model.schema(name));
}
