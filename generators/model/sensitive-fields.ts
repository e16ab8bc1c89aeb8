// Which wire fields carry card data, from the spec's `x-sensitive` marks (pan | secret).
import { isSchemaObject, type JsonSchema } from './json-schema.js';
import type { SpecModel } from './spec-model.js';

export type Sensitivity = 'pan' | 'secret';

/** Property name → sensitivity, over every schema. A name marked anywhere is masked everywhere. */
export function sensitiveFields(model: Pick<SpecModel, 'schemas' | 'resolve'>): Map<string, Sensitivity> {
  const found = new Map<string, Sensitivity>();
  const visit = (node: JsonSchema, seen: Set<JsonSchema>) => {
    if (!isSchemaObject(node) || seen.has(node)) return;
    seen.add(node);
    for (const [key, property] of Object.entries(node.properties ?? {})) {
      const resolved = model.resolve(property);
      const own = isSchemaObject(property) ? property['x-sensitive'] : undefined;
      const mark = own ?? (isSchemaObject(resolved) ? resolved['x-sensitive'] : undefined);
      if (mark === 'pan' || mark === 'secret') {
        if (found.get(key) !== 'pan') found.set(key, mark);
      } else if (mark !== undefined) {
        throw new Error(`x-sensitive on ${key} must be pan or secret`);
      }
      visit(property, seen);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const part of node[key] ?? []) visit(part, seen);
    for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else'] as const) {
      const part = node[key];
      if (part !== undefined) visit(part, seen);
    }
  };
  for (const schema of model.schemas.values()) visit(schema, new Set());
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}
