// The names a request may give one field: an `anyOf` whose branches each require exactly one
// property ("the initiating transaction is named by `recurring_first_trans_id` or
// `recurring_init_trans_id`"). A consumer that reads the field reads whichever name was sent.
import { isSchemaObject, type JsonSchema } from './json-schema.js';
import type { SpecModel } from './spec-model.js';

/** Each group lists the names of one field, in the spec's order; found through $ref and allOf. */
export function fieldAlternatives(model: Pick<SpecModel, 'resolve' | 'schema'>, schemaName: string): string[][] {
  const groups: string[][] = [];
  const seen = new Set<JsonSchema>();
  const walk = (node: JsonSchema): void => {
    const resolved = model.resolve(node);
    if (!isSchemaObject(resolved) || seen.has(resolved)) return;
    seen.add(resolved);
    const branches = (resolved.anyOf ?? []).map((branch) => model.resolve(branch));
    const names = branches.map((branch) => (isSchemaObject(branch) && branch.required?.length === 1 ? branch.required[0] : undefined));
    if (names.length > 1 && names.every((name) => name !== undefined)) groups.push(names as string[]);
    for (const part of resolved.allOf ?? []) walk(part);
  };
  walk(model.schema(schemaName));
  return groups;
}
