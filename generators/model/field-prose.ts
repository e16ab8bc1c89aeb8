// The part of the model an emitter that never shows what a field is for reads: the model built
// from the bundled document without the fields' descriptions. Only the types, the docs and the
// bundle show that prose; both clients with their validators, the kit and the sandbox are built
// from the rules. Declared as such an emitter's `reads` (`withoutFieldProse` in
// emitters/emitter.ts), it keeps the emitter's cached files through an edit of a field's
// description, the platform team's most common one.
//
// A description is also a rule's words: under `not` it is the validators' message, under
// `if`/`then`/`else` the words of a condition. So only the description of a component schema and
// of its fields (`properties`, `items`, down through fields) goes, and a component a rule reaches
// (`not`, `if`, `then`, `else`, through any `$ref`) keeps all of its own. An operation's request
// schema keeps its description (both clients' doc comments carry it as the operation's), and
// nothing outside `components.schemas` is touched: the `x-` extensions (a signature recipe's
// description), examples, enums and defaults are data. (The PHP validators fold schemas with the
// same content into one method: over this part, two that differ only in their fields' prose
// fold too, and an edit of that prose leaves the PHP package as it was.)
import type { OpenApiDocument } from './openapi.js';
import { buildSpecModel, type SpecModel } from './spec-model.js';

/** What such an emitter reads: the document without the prose, and the spec's files (for the banners). */
export interface ProselessSpec {
  readonly document: OpenApiDocument;
  readonly sourceFiles: readonly string[];
}

/** Where a field's schema stands: a map of fields, or one field schema for every item or other property. */
const FIELD_MAPS = new Set(['properties', 'patternProperties']);
const FIELD_SCHEMAS = new Set(['items', 'additionalProperties']);
/** Where a schema is a rule's words. */
const RULE_SCHEMAS = new Set(['not', 'if', 'then', 'else']);

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);
const COMPONENT_REF = '#/components/schemas/';

/** A copy of `schema` without its own description (unless `keepOwn`) and its fields'. */
function withoutFieldDescriptions(schema: Json, keepOwn: boolean): Json {
  if (!isObject(schema)) return schema;
  const copy: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' && !keepOwn && typeof value === 'string') continue;
    if (FIELD_SCHEMAS.has(key)) copy[key] = withoutFieldDescriptions(value, false);
    else if (FIELD_MAPS.has(key) && isObject(value)) copy[key] = Object.fromEntries(Object.entries(value).map(([name, field]) => [name, withoutFieldDescriptions(field, false)]));
    else copy[key] = value;
  }
  return copy;
}

/** Every component named by a `$ref` in `node`. */
function refsIn(node: Json, into: Set<string>): void {
  if (Array.isArray(node)) node.forEach((item) => refsIn(item, into));
  else if (isObject(node)) {
    if (typeof node['$ref'] === 'string' && node['$ref'].startsWith(COMPONENT_REF)) into.add(node['$ref'].slice(COMPONENT_REF.length));
    Object.values(node).forEach((value) => refsIn(value, into));
  }
}

/** The components a rule reaches: named in a `not`, `if`, `then` or `else` anywhere, and every component those name, transitively. */
function ruleComponents(schemas: ReadonlyMap<string, Json>): Set<string> {
  const reached = new Set<string>();
  const findRules = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(findRules);
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (RULE_SCHEMAS.has(key)) refsIn(value, reached);
        else findRules(value);
      }
    }
  };
  schemas.forEach(findRules);
  for (const name of reached) refsIn(schemas.get(name), reached); // a Set iterates what is added meanwhile
  return reached;
}

const proseless = new WeakMap<SpecModel, ProselessSpec>();

/** The model's document without the fields' descriptions (computed once per model). */
export function proselessSpec(model: SpecModel): ProselessSpec {
  let part = proseless.get(model);
  if (part === undefined) {
    const operationSchemas = new Set(model.operations.map((operation) => operation.requestSchemaName));
    for (const action of model.s2sActions) operationSchemas.add(action.requestSchemaName);
    const rules = ruleComponents(model.schemas);
    const schemas = Object.fromEntries([...model.schemas].map(([name, schema]) => [name, rules.has(name) ? schema : withoutFieldDescriptions(schema, operationSchemas.has(name))]));
    const document = { ...model.document, components: { ...model.document.components, schemas } } as OpenApiDocument;
    proseless.set(model, (part = { document, sourceFiles: model.sourceFiles }));
  }
  return part;
}

const rebuilt = new WeakMap<ProselessSpec, SpecModel>();

/** The model built from the proseless document alone (once, for every emitter that reads it). */
export function proselessModel(part: ProselessSpec): SpecModel {
  let model = rebuilt.get(part);
  if (model === undefined) rebuilt.set(part, (model = buildSpecModel(part.document, part.sourceFiles)));
  return model;
}
