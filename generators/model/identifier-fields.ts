// The request fields that name something an earlier answer created: a transaction, a Checkout
// payment, a schedule, an order, a card or recurring token. A field is one when its schema is the
// spec's component for that identifier; each alias of a field (`recurring_first_trans_id`,
// `recurring_init_trans_id`) is found the same way. The conformance kit reads this to chain an
// example after the request that creates what it names.
import { fieldAlternatives } from './field-alternatives.js';
import { isSchemaObject, type JsonSchema } from './json-schema.js';
import type { SpecModel } from './spec-model.js';

/** The identifier components: what an answer hands out and a later request refers to. */
export const IDENTIFIER_SCHEMAS = ['TransId', 'PaymentId', 'ScheduleId', 'OrderId', 'Token', 'CardToken'] as const;
export type IdentifierSchema = (typeof IDENTIFIER_SCHEMAS)[number];

const COMPONENT = /^#\/components\/schemas\/(.+)$/;

/** Top-level request field → its identifier component, through $ref, allOf, oneOf and anyOf. */
export function identifierFields(
  model: Pick<SpecModel, 'resolve' | 'schema'>,
  schemaName: string,
): Record<string, IdentifierSchema> {
  const fields: Record<string, IdentifierSchema> = {};
  const seen = new Set<JsonSchema>();
  const walk = (node: JsonSchema): void => {
    const resolved = model.resolve(node);
    if (!isSchemaObject(resolved) || seen.has(resolved)) return;
    seen.add(resolved);
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      const reference =
        isSchemaObject(property) && typeof property.$ref === 'string' ? COMPONENT.exec(property.$ref)?.[1] : undefined;
      if (reference && (IDENTIFIER_SCHEMAS as readonly string[]).includes(reference))
        fields[name] ??= reference as IdentifierSchema;
    }
    for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) walk(part);
  };
  walk(model.schema(schemaName));
  return fields;
}

/** The names one identifier may take in a request: field alternatives whose names are all the same identifier. */
export function identifierAliases(model: Pick<SpecModel, 'resolve' | 'schema'>, schemaName: string): string[][] {
  const fields = identifierFields(model, schemaName);
  return fieldAlternatives(model, schemaName).filter(
    (group) => fields[group[0]!] !== undefined && group.every((name) => fields[name] === fields[group[0]!]),
  );
}
