// The field layer's need agrees with the validators on every request, response and callback
// schema: each field of each example is dropped (the example kept otherwise), and the validator
// the client ships must accept the rest exactly when the layer says the field may be left out
// (optional, or required under a condition the example does not meet).
import { describe, expect, it } from 'vitest';
import { holds, ITEM, wirePath, type FieldPath } from '../../generators/model/conditions.js';
import { s2sRequestExamples, s2sResponseExamples, operationRequestExamples, operationResponseExamples, webhookExamples } from '../../generators/model/examples.js';
import { fieldsOf, mayOmit } from '../../generators/model/fields.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { generatedValidator } from '../support/generated-validators.js';
import { loadBundledSpec } from '../support/spec-examples.js';

const model = buildSpecModel(loadBundledSpec() as OpenApiDocument, []);

interface Case {
  readonly schemaName: string;
  readonly example: string;
  readonly value: Record<string, unknown>;
}

/** Every example with the schema it illustrates: each S2S action's own, each Checkout operation's, each callback's. */
const cases: Case[] = [
  ...model.s2sActions.flatMap((action) => [
    ...s2sRequestExamples(model, action.protocol, action.action).map((example) => ({ schemaName: action.requestSchemaName, example: example.key, value: example.value })),
    ...(action.responseSchemaName ? s2sResponseExamples(model, action.protocol, action.action).map((example) => ({ schemaName: action.responseSchemaName!, example: example.key, value: example.value })) : []),
  ]),
  ...model.checkoutOperations.flatMap((operation) => [
    ...operationRequestExamples(operation.operation).map((example) => ({ schemaName: operation.requestSchemaName, example: example.key, value: example.value })),
    ...(operation.responseSchemaName
      ? operationResponseExamples(operation.operation)
          .filter(({ status }) => status.startsWith('2'))
          .flatMap(({ examples }) => examples.map((example) => ({ schemaName: operation.responseSchemaName!, example: example.key, value: example.value })))
      : []),
  ]),
  ...model.webhooks.flatMap((webhook) => webhookExamples(model, webhook.name).map((example) => ({ schemaName: webhook.schemaName, example: example.key, value: example.value }))),
];

/** Each place the path is found in the value (an item path at its first item), as the parents to delete from. */
type Place = { holder: any; key: string | number };

function places(value: unknown, path: FieldPath): Place[] {
  let nodes: Place[] = [{ holder: { root: value }, key: 'root' }];
  for (const segment of path) {
    nodes = nodes.flatMap(({ holder, key }): Place[] => {
      const node = holder[key];
      if (segment === ITEM) return Array.isArray(node) && node.length > 0 ? [{ holder: node, key: 0 }] : [];
      return typeof node === 'object' && node !== null && !Array.isArray(node) && segment in node ? [{ holder: node, key: segment }] : [];
    });
  }
  return nodes;
}

function without(value: unknown, path: FieldPath): unknown | undefined {
  const copy = structuredClone(value);
  const found = places(copy, path);
  if (found.length === 0) return undefined;
  for (const { holder, key } of found) {
    if (Array.isArray(holder)) holder.splice(key as number, 1);
    else delete holder[key as string];
  }
  return copy;
}

describe('the field layer agrees with the validators on need', () => {
  it('covers every request, response and callback schema that has an example', () => {
    const schemas = new Set(cases.map((entry) => entry.schemaName));
    for (const action of model.s2sActions) expect(schemas).toContain(action.requestSchemaName);
    for (const operation of model.checkoutOperations) expect(schemas).toContain(operation.requestSchemaName);
    for (const webhook of model.webhooks) expect(schemas).toContain(webhook.schemaName);
    expect(schemas.size).toBeGreaterThan(60);
  });

  it.each(cases.map((entry) => [`${entry.schemaName} ${entry.example}`, entry] as const))('%s', (_name, { schemaName, value }) => {
    const validate = generatedValidator(schemaName);
    expect(validate(value).ok, 'the example itself is valid').toBe(true);
    const wrong: string[] = [];
    let judged = 0;
    for (const field of fieldsOf(model, model.schema(schemaName)).fields) {
      const dropped = without(value, field.path);
      if (dropped === undefined) continue;
      const omissible = mayOmit(field, (condition) => holds(condition, value));
      if (omissible === undefined) continue;
      judged++;
      const valid = validate(dropped).ok;
      if (valid !== omissible) wrong.push(`${wirePath(field.path, 'json')}: the layer says ${field.need}${field.when ? ' (condition met)' : ''}, the validator ${valid ? 'accepts' : 'refuses'} the example without it`);
    }
    expect(wrong).toEqual([]);
    expect(judged).toBeGreaterThan(0);
  });
});
