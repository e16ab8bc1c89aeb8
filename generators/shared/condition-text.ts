// Words for an `if` schema, appended to the messages of its `then`/`else` branch so an issue
// says why the rule applies: "must not be present (when auth is "Y")". Shared by the validator
// emitters of every language, so an issue reads the same from each client.
import { isSchemaObject, type JsonSchema } from '../model/json-schema.js';

export interface Condition {
  readonly positive: boolean;
  readonly phrase: string;
}

export function describeCondition(schema: JsonSchema): Condition {
  if (isSchemaObject(schema) && schema.not !== undefined && Object.keys(schema).length === 1) {
    return negateCondition(describeCondition(schema.not));
  }
  return { positive: true, phrase: phrase(schema) };
}

export function negateCondition(condition: Condition): Condition {
  return { positive: !condition.positive, phrase: condition.phrase };
}

export function conditionSuffix(condition: Condition | undefined): string {
  if (!condition || condition.phrase === '') return '';
  return ` (${condition.positive ? 'when' : 'unless'} ${condition.phrase})`;
}

function phrase(schema: JsonSchema): string {
  if (!isSchemaObject(schema)) return schema ? 'always' : 'never';
  const parts: string[] = [];
  const properties = schema.properties ?? {};
  const described = new Set<string>();
  for (const [key, property] of Object.entries(properties)) {
    if (!isSchemaObject(property)) continue;
    if (property.const !== undefined) parts.push(`${key} is ${JSON.stringify(property.const)}`);
    else if (property.enum) parts.push(`${key} is one of ${property.enum.map((value) => JSON.stringify(value)).join(', ')}`);
    else if (property.not !== undefined && isSchemaObject(property.not) && property.not.const !== undefined) {
      parts.push(`${key} is not ${JSON.stringify(property.not.const)}`);
    } else continue;
    described.add(key);
  }
  for (const key of schema.required ?? []) if (!described.has(key)) parts.push(`${key} is present`);
  if (schema.anyOf) parts.push(schema.anyOf.map(phrase).join(' or '));
  if (schema.allOf) parts.push(...schema.allOf.map(phrase));
  return parts.join(' and ');
}
