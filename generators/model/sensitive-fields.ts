// Which wire fields carry card data: the field layer's `x-sensitive` marks (pan | secret) over
// every request, response and callback, by field name. One list: the TypeScript client exports it
// (`SENSITIVE_FIELDS`), the PHP client has it as a table, and the sandbox's logs and the
// conformance kit's reports mask with the client's.
import { fieldsOf, type Sensitivity } from './fields.js';
import type { SpecModel } from './spec-model.js';

export type { Sensitivity } from './fields.js';

/** Field name → sensitivity. A name marked anywhere is masked everywhere; `pan` wins over `secret`. */
export function sensitiveFields(model: Pick<SpecModel, 'schema' | 'resolve' | 'operations' | 's2sActions' | 'webhooks'>): Map<string, Sensitivity> {
  const found = new Map<string, Sensitivity>();
  const schemas = new Set([
    ...model.operations.flatMap((operation) => [operation.requestSchemaName, operation.responseSchemaName]),
    ...model.s2sActions.flatMap((action) => [action.requestSchemaName, action.responseSchemaName]),
    ...model.webhooks.map((webhook) => webhook.schemaName),
  ]);
  for (const name of schemas) {
    if (name === undefined) continue;
    for (const field of fieldsOf(model, model.schema(name)).fields) {
      const key = field.path.at(-1)!;
      if (field.sensitive && found.get(key) !== 'pan') found.set(key, field.sensitive);
    }
  }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}
