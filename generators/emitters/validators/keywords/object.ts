// Object keywords: required, properties (incl. `false` = must be absent), additionalProperties,
// dependentRequired, property counts.
import type { SchemaObject } from '../../../model/json-schema.js';
import { literal, ownValue, type CodeScope } from '../code-scope.js';

export const OBJECT_KEYWORDS = [
  'properties',
  'required',
  'additionalProperties',
  'dependentRequired',
  'minProperties',
  'maxProperties',
] as const;

export function emitObjectKeywords(schema: SchemaObject, scope: CodeScope): string {
  const o = scope.value;
  const lines: string[] = [];
  const at = (key: string) => `${o}[${literal(key)}]`;
  for (const key of schema.required ?? []) {
    lines.push(scope.failAtIf(`!(${ownValue(scope, o, key)})`, literal(key), 'required', 'is required'));
  }
  for (const [trigger, needed] of Object.entries(schema.dependentRequired ?? {})) {
    for (const key of needed) {
      const message = `is required when ${trigger} is present`;
      lines.push(scope.failAtIf(`${ownValue(scope, o, trigger)} && !(${ownValue(scope, o, key)})`, literal(key), 'dependentRequired', message));
    }
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property === true) continue;
    if (property === false) {
      lines.push(scope.failAtIf(ownValue(scope, o, key), literal(key), 'false', 'must not be present'));
      continue;
    }
    const local = scope.local('p');
    // Locals are unique within a function, so no block is needed around them.
    const base = scope.callable(property);
    if (base !== undefined) {
      // The most common property by far (a $ref): one call, no nested block.
      lines.push(`const ${local} = ${at(key)}; if (${ownValue(scope, o, key, local)} && !(ctx ? ctx.visit(${literal(key)}, ${local}, v_${base}) : v_${base}(${local}))) return false;`);
      continue;
    }
    const body = scope.child(property, local, literal(key));
    if (body.trim() !== '') lines.push(`const ${local} = ${at(key)}; if (${ownValue(scope, o, key, local)}) { ${body} }`);
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== true) {
    const known = Object.keys(schema.properties ?? {});
    const key = scope.local('key');
    const isKnown = known.length === 0 ? 'false' : `${scope.hoistSet(known)}.has(${key})`;
    const statement =
      schema.additionalProperties === false
        ? scope.failAt(key, 'additionalProperties', 'is not allowed')
        : scope.child(schema.additionalProperties, `${o}[${key}]`, key);
    lines.push(`for (const ${key} of Object.keys(${o})) { if (${isKnown} || ${o}[${key}] === undefined) continue; ${statement} }`);
  }
  const count = () => `Object.keys(${o}).length`;
  if (schema.minProperties !== undefined) {
    lines.push(scope.failIf(`${count()} < ${schema.minProperties}`, 'minProperties', `must have at least ${schema.minProperties} properties`));
  }
  if (schema.maxProperties !== undefined) {
    const message = schema.maxProperties === 0 ? 'must be empty' : `must have at most ${schema.maxProperties} properties`;
    lines.push(scope.failIf(`${count()} > ${schema.maxProperties}`, 'maxProperties', message));
  }
  return lines.join('\n');
}

