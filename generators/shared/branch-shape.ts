// What an alternative of a oneOf/anyOf says about an object's properties, for choosing the
// closest alternative when none matched (`closestAlternative` in each language's runtime): the
// properties it declares (present ones count for it) and those it forbids (present ones count
// heavily against it). Shared by the validator emitters of every language, so each client names
// the same alternative.
import { isSchemaObject, type JsonSchema } from '../model/json-schema.js';

export function branchShape(member: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema): [declared: string[], forbidden: string[]] {
  const declared = new Set<string>();
  const forbidden = new Set<string>();
  // allOf parts always apply, so their forbidden fields count; a nested oneOf/anyOf only adds
  // the fields its alternatives declare (an APM sale declares what its methods declare).
  const visit = (node: JsonSchema, seen: Set<JsonSchema>, always: boolean) => {
    const resolved = resolve(node);
    if (!isSchemaObject(resolved) || seen.has(resolved)) return;
    seen.add(resolved);
    for (const [key, property] of Object.entries(resolved.properties ?? {})) {
      if (property !== false) declared.add(key);
      else if (always) forbidden.add(key);
    }
    for (const part of resolved.allOf ?? []) visit(part, seen, always);
    for (const part of [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) visit(part, seen, false);
  };
  visit(member, new Set(), true);
  return [[...declared].filter((key) => !forbidden.has(key)), [...forbidden]];
}
