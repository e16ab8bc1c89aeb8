// Object keywords: required, properties (incl. `false` = must be absent), additionalProperties,
// dependentRequired, property counts.
import { isSchemaObject, type SchemaObject } from '../../../model/json-schema.js';
import { block, ifElse, isEmpty, type Code } from '../code.js';
import { literal, member, ownValue, type CodeScope } from '../code-scope.js';

export const OBJECT_KEYWORDS = [
  'properties',
  'required',
  'additionalProperties',
  'dependentRequired',
  'minProperties',
  'maxProperties',
] as const;

export function emitObjectKeywords(schema: SchemaObject, scope: CodeScope): Code {
  const o = scope.value;
  const lines: Code[] = [];
  const required = new Set(schema.required ?? []);
  // A required key with a property schema is checked where that property is read (one read).
  const readWithProperty = (key: string) => schema.properties !== undefined && Object.hasOwn(schema.properties, key) && isSchemaObject(schema.properties[key]);
  const missing = (key: string) => scope.failAt(literal(key), 'required', 'is required');
  for (const key of required) {
    if (!readWithProperty(key)) lines.push(scope.failAtIf(`!(${ownValue(scope, o, key)})`, literal(key), 'required', 'is required'));
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
    const read = `const ${local} = ${member(o, key)};`;
    const present = ownValue(scope, o, key, local);
    const base = scope.callable(property);
    const otherwise = required.has(key) ? missing(key) : [];
    if (base !== undefined) {
      // The most common property by far (a $ref): one call, no nested block.
      const call = `(ctx ? ctx.visit(${literal(key)}, ${local}, v_${base}) : v_${base}(${local}))`;
      lines.push(read, isEmpty(otherwise) ? `if (${present} && !${call}) return false;` : ifElse(present, `if (!${call}) return false;`, otherwise));
      continue;
    }
    const body = scope.child(property, local, literal(key), ['properties', key]);
    if (!isEmpty(body) || !isEmpty(otherwise)) lines.push(read, ifElse(present, body, otherwise));
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== true) {
    const known = Object.keys(schema.properties ?? {});
    const key = scope.local('key');
    const isKnown = known.length === 0 ? undefined : `${scope.hoistSet(known)}.has(${key})`;
    const statement =
      schema.additionalProperties === false
        ? scope.failAt(key, 'additionalProperties', 'is not allowed')
        : scope.child(schema.additionalProperties, `${o}[${key}]`, key, ['additionalProperties']);
    const skip = `if (${isKnown ? `${isKnown} || ` : ''}${o}[${key}] === undefined) continue;`;
    lines.push(block(`for (const ${key} of Object.keys(${o}))`, [skip, statement]));
  }
  const count = () => `Object.keys(${o}).length`;
  if (schema.minProperties !== undefined) {
    lines.push(scope.failIf(`${count()} < ${schema.minProperties}`, 'minProperties', `must have at least ${schema.minProperties} properties`));
  }
  if (schema.maxProperties !== undefined) {
    const message = schema.maxProperties === 0 ? 'must be empty' : `must have at most ${schema.maxProperties} properties`;
    lines.push(scope.failIf(`${count()} > ${schema.maxProperties}`, 'maxProperties', message));
  }
  return lines;
}
