// Applicators that combine schemas: allOf, anyOf, oneOf (discriminated or plain), not, if/then/else.
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../../../model/json-schema.js';
import { literal, ownValue, type CodeScope } from '../code-scope.js';
import { describeCondition, negateCondition } from '../condition-text.js';

export const COMBINATOR_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'discriminator', 'not', 'if', 'then', 'else'] as const;

export function emitCombinators(schema: SchemaObject, scope: CodeScope): string {
  const lines: string[] = [];
  for (const member of schema.allOf ?? []) lines.push(scope.same(member));
  if (schema.anyOf) lines.push(emitAnyOf(schema.anyOf, scope));
  if (schema.oneOf) lines.push(schema.discriminator ? emitDiscriminated(schema, scope) : emitOneOf(schema.oneOf, scope));
  if (schema.not !== undefined) lines.push(emitNot(schema.not, scope));
  if (schema.if !== undefined) lines.push(emitIf(schema, scope));
  return lines.join('\n');
}

function emitAnyOf(members: readonly JsonSchema[], scope: CodeScope): string {
  const test = members.map((member) => `${scope.validator(member)}(${scope.value})`).join(' || ');
  return `if (!(${test})) { if (!ctx) return false; ${reportClosest(members, scope, 'anyOf', 'must match at least one of')} }`;
}

/** The branch is chosen by the tag's value, as ajv's `discriminator` does; the lint rule keeps tags and mapping in step. */
function emitDiscriminated(schema: SchemaObject, scope: CodeScope): string {
  const { propertyName, mapping } = schema.discriminator!;
  if (!mapping) throw new Error(`discriminator on ${propertyName} needs a mapping`);
  const tag = scope.local('tag');
  const cases = Object.entries(mapping).map(([value, ref]) => {
    const target: JsonSchema = { $ref: ref };
    return `case ${literal(value)}: if (!${scope.validator(target)}(${scope.value}, ctx) && !ctx) return false; break;`;
  });
  const allowed = Object.keys(mapping).join(', ');
  // A missing tag fails here only when checking; collecting leaves it to `required`.
  const fallback = `if (!ctx) return false; if (${tag} !== undefined) ${scope.recordAt(literal(propertyName), 'discriminator', `must be one of: ${allowed}`)}`;
  const read = `${scope.runtime('isPlainObject')}(${scope.value}) && ${ownValue(scope, scope.value, propertyName)} ? ${scope.value}[${literal(propertyName)}] : undefined`;
  return `{ const ${tag} = ${read}; switch (${tag}) { ${cases.join(' ')} default: ${fallback} } }`;
}

function emitOneOf(members: readonly JsonSchema[], scope: CodeScope): string {
  const v = scope.value;
  const count = scope.local('matches');
  const tests = members.map((member) => `if (${scope.validator(member)}(${v})) ${count}++;`).join(' ');
  const labels = members.map((member, index) => scope.label(member, index)).join(', ');
  return `{ let ${count} = 0; ${tests}
    if (${count} !== 1) {
      if (!ctx) return false;
      if (${count} === 0) { ${reportClosest(members, scope, 'oneOf', 'must match exactly one of')} }
      else ${scope.record('oneOf', `must match only one of: ${labels}`)}
    } }`;
}

/**
 * No branch matched (reporting code): one issue naming every alternative and the closest, then
 * the closest branch's own issues, so they are about the fields the payer actually sent.
 */
function reportClosest(members: readonly JsonSchema[], scope: CodeScope, rule: string, words: string): string {
  const v = scope.value;
  const labels = members.map((member, index) => scope.label(member, index));
  const best = scope.local('best');
  const pick = members
    .map((member, index) => `{ const s = ${branchScore(member, v, scope)}; if (s > ${best}Score) { ${best}Score = s; ${best} = ${index}; } }`)
    .join(' ');
  const summaries = labels.map((label, index) => `case ${index}: ${scope.record(rule, `${words}: ${labels.join(', ')} (closest: ${label})`)} ${scope.validator(members[index]!)}(${v}, ctx); break;`);
  return `let ${best} = 0; let ${best}Score = -Infinity; ${pick} switch (${best}) { ${summaries.join(' ')} }`;
}

/** How much the input looks like a branch: properties it declares and that are present, minus a heavy weight per property it forbids. */
function branchScore(member: JsonSchema, value: string, scope: CodeScope): string {
  const declared = new Set<string>();
  const forbidden = new Set<string>();
  // allOf parts always apply, so their forbidden fields count; a nested oneOf/anyOf only adds
  // the fields its alternatives declare (an APM sale declares what its methods declare).
  const visit = (node: JsonSchema, seen: Set<JsonSchema>, always: boolean) => {
    const resolved = scope.resolve(node);
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
  const present = (key: string) => `(${ownValue(scope, value, key)} ? 1 : 0)`;
  const terms = [...[...declared].filter((key) => !forbidden.has(key)).map(present), ...[...forbidden].map((key) => `-1000 * ${present(key)}`)];
  return `${scope.runtime('isPlainObject')}(${value}) ? ${terms.length > 0 ? terms.join(' + ') : '0'} : 0`;
}

function emitNot(excluded: JsonSchema, scope: CodeScope): string {
  const resolved = scope.resolve(excluded);
  const message = isSchemaObject(resolved) && resolved.description ? resolved.description : 'must not match the excluded schema';
  return scope.failIf(`${scope.validator(excluded)}(${scope.value})`, 'not', message);
}

function emitIf(schema: SchemaObject, scope: CodeScope): string {
  const condition = describeCondition(schema.if!);
  const thenCode = schema.then !== undefined ? scope.same(schema.then, condition) : '';
  const elseCode = schema.else !== undefined ? scope.same(schema.else, negateCondition(condition)) : '';
  if (thenCode.trim() === '' && elseCode.trim() === '') return '';
  const test = `${scope.validator(schema.if!)}(${scope.value})`;
  if (elseCode.trim() === '') return `if (${test}) { ${thenCode} }`;
  if (thenCode.trim() === '') return `if (!${test}) { ${elseCode} }`;
  return `if (${test}) { ${thenCode} } else { ${elseCode} }`;
}
