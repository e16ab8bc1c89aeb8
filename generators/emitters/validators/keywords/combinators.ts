// Applicators on the value itself: $ref, allOf, anyOf, oneOf (discriminated or plain), not, if/then/else.
import { ISSUE_WORDS } from '../../../shared/issue-words.js';
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../../../model/json-schema.js';
import { block, ifElse, indent, isEmpty, type Code } from '../code.js';
import { literal, ownRead, ownValue, type CodeScope } from '../code-scope.js';
import { branchShape } from '../../../shared/branch-shape.js';
import { describeCondition, negateCondition } from '../../../shared/condition-text.js';
import type { KeywordDefinition } from '../keyword.js';
import { reachesWarning } from '../../../model/warnings.js';

export const COMBINATOR_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: '$ref',
    code: (schema, scope) => applyInPlace(scope.reference(schema.$ref!), scope),
  },
  {
    keyword: '$dynamicRef',
    code: (schema, scope) => applyInPlace(scope.dynamicReference(schema.$dynamicRef!), scope),
  },
  { keyword: 'allOf', code: (schema, scope) => schema.allOf!.map((member, index) => scope.same(member, ['allOf', index])) },
  { keyword: 'anyOf', code: (schema, scope) => emitAnyOf(schema.anyOf!, scope) },
  {
    keyword: 'oneOf',
    with: ['discriminator'],
    code: (schema, scope) => (schema.discriminator ? emitDiscriminated(schema, scope) : emitOneOf(schema.oneOf!, scope)),
  },
  { keyword: 'not', code: (schema, scope) => emitNot(schema.not!, scope) },
  { keyword: 'if', with: ['then', 'else'], code: (schema, scope) => emitIf(schema, scope) },
];

/** Runs the function `callee` on the value itself (`value`: how to pass it): reporting with the context, if there is one. */
const applyInPlace = (callee: string, scope: CodeScope, value = scope.value): Code =>
  scope.reports ? `if (!${callee}(${value}, ctx) && !ctx) return false;` : `if (!${callee}(${value})) return false;`;

/** The failure of a combinator: at once without a context (or in a function that only answers), else `report`. */
const failThen = (scope: CodeScope, report: () => Code): Code => (scope.reports ? ['if (!ctx) return false;', report()] : 'return false;');

function emitAnyOf(members: readonly JsonSchema[], scope: CodeScope): Code {
  const test = members.map((member, index) => `${scope.validator(member, ['anyOf', index])}(${scope.value})`).join(' || ');
  return ifElse(`!(${test})`, failThen(scope, () => reportClosest(members, 'anyOf', scope, ISSUE_WORDS.anyOf)), reportWarnings(members, 'anyOf', scope));
}

/**
 * A union on a valid value, in the reporting pass: its branches were only tested, so the first
 * that matches is run again with the context and reports its warnings. Only for a union whose
 * branches can meet an `x-warning`.
 */
function reportWarnings(members: readonly JsonSchema[], keyword: 'anyOf' | 'oneOf', scope: CodeScope): Code {
  if (!scope.reports || !members.some((member) => reachesWarning(member, (node) => scope.resolve(node)))) return [];
  const calls = members.map((member, index) => `${scope.validator(member, [keyword, index])}(${scope.value}`);
  return ifElse('ctx', calls.reduceRight<Code>((otherwise, call) => ifElse(`${call})`, `${call}, ctx);`, otherwise), []));
}

/** The branch is chosen by the tag's value, as ajv's `discriminator` does; the lint rule keeps tags and mapping in step. */
function emitDiscriminated(schema: SchemaObject, scope: CodeScope): Code {
  const { propertyName, mapping } = schema.discriminator!;
  if (!mapping) throw new Error(`discriminator on ${propertyName} needs a mapping`);
  const v = scope.value;
  const tag = scope.local('tag');
  const cases = Object.entries(mapping).map(([value, ref]) => {
    const target: JsonSchema = { $ref: ref };
    // A case is reached only with an object (its tag was read): a branch's function may take it as one.
    const branch = scope.branch(target, ['discriminator', value], { property: propertyName, value });
    return [`case ${literal(value)}:`, indent([applyInPlace(branch, scope, `${v} as Record<string, unknown>`), 'break;'])];
  });
  const allowed = Object.keys(mapping);
  // A missing tag fails here only when checking; collecting leaves it to `required`.
  const fallback = ['default:', indent(failThen(scope, () => ifElse(`${tag} !== undefined`, scope.recordAt(literal(propertyName), 'discriminator', ISSUE_WORDS.discriminator(allowed)))))];
  const read = `${scope.runtime('isPlainObject')}(${v}) ? ${ownRead(scope, v, propertyName)} : undefined`;
  return block('', [`const ${tag} = ${read};`, block(`switch (${tag})`, [...cases, fallback])]);
}

function emitOneOf(members: readonly JsonSchema[], scope: CodeScope): Code {
  const v = scope.value;
  const count = scope.local('matches');
  const tests = members.map((member, index) => `if (${scope.validator(member, ['oneOf', index])}(${v})) ${count}++;`);
  const labels = members.map((member, index) => scope.label(member, index)).join(', ');
  const counting = (fail: Code): Code[] => [`let ${count} = 0;`, ...tests, ifElse(`${count} !== 1`, fail, reportWarnings(members, 'oneOf', scope))];
  const report = () => ifElse(`${count} === 0`, reportClosest(members, 'oneOf', scope, ISSUE_WORDS.oneOfNone), scope.record('oneOf', ISSUE_WORDS.oneOfMany(labels)));
  // Alternatives told apart by a property each requires and the others forbid (card data, a card
  // token, a wallet token): the one whose property is present is the only one that can match, so
  // the answer is that alternative's alone, where counting runs them all. Reporting still counts.
  const order = presenceOrder(members, scope);
  if (order === undefined) return block('', counting(failThen(scope, report)));
  const chosen = order.reduceRight((rest, { index, key }) => `${ownValue(scope, v, key)} ? ${scope.validator(members[index]!, ['oneOf', index])}(${v}) : ${rest}`, 'false');
  const answer = `if (!(${chosen})) return false;`;
  return scope.reports ? ifElse('!ctx', answer, counting(report())) : answer;
}

/**
 * The alternatives of a oneOf over an object in an order where each has a property it requires
 * and every later one forbids (`false`), all unconditionally (the alternative itself, its allOf
 * members, bare $ref targets): when that property is present and those of the earlier ones are
 * not (each earlier one then fails), it is the only one that can match; when none is present,
 * none matches. Undefined when there is no such order. What is collected is only ever less than
 * the schemas say, so a property found truly tells the alternatives apart.
 */
function presenceOrder(members: readonly JsonSchema[], scope: CodeScope): { index: number; key: string }[] | undefined {
  if (scope.knownType !== 'object' || members.length < 2) return undefined;
  const shapes = members.map((member) => {
    const required = new Set<string>();
    const forbidden = new Set<string>();
    const seen = new Set<JsonSchema>();
    const visit = (node: JsonSchema): boolean => {
      const resolved = scope.resolve(node);
      if (!isSchemaObject(resolved) || seen.has(resolved)) return true;
      seen.add(resolved);
      // A part with a base URI of its own resolves its references elsewhere: not followed.
      if (resolved.$id !== undefined) return false;
      for (const key of resolved.required ?? []) required.add(key);
      for (const [key, property] of Object.entries(resolved.properties ?? {})) if (property === false) forbidden.add(key);
      return (resolved.allOf ?? []).every(visit);
    };
    return visit(member) ? { required, forbidden } : undefined;
  });
  if (shapes.some((shape) => shape === undefined)) return undefined;
  // Greedily: a choice that fits stays fitting as the alternatives left get fewer.
  const left = new Set(members.keys());
  const order: { index: number; key: string }[] = [];
  while (left.size > 0) {
    const next = [...left].flatMap((index) =>
      [...shapes[index]!.required].filter((key) => [...left].every((other) => other === index || shapes[other]!.forbidden.has(key))).map((key) => ({ index, key })),
    )[0];
    if (next === undefined) return undefined;
    order.push(next);
    left.delete(next.index);
  }
  return order;
}

/**
 * No branch matched (reporting code): the closest branch's own issues first, so the first one a
 * merchant reads is about a field the payer actually sent (`card_exp_month`), then one issue
 * naming every alternative and the closest.
 */
function reportClosest(members: readonly JsonSchema[], keyword: 'anyOf' | 'oneOf', scope: CodeScope, words: string): Code {
  const v = scope.value;
  const labels = members.map((member, index) => scope.label(member, index));
  const report = (index: number): Code => [
    `${scope.validator(members[index]!, [keyword, index])}(${v}, ctx);`,
    scope.record(keyword, `${words}: ${labels.join(', ')} (closest: ${labels[index]})`),
  ];
  const shapes = members.map((member) => branchShape(member, (schema) => scope.resolve(schema)));
  // No branch declares a property: nothing to compare, the first one reports.
  if (shapes.every(([declared, forbidden]) => declared.length === 0 && forbidden.length === 0)) return report(0);
  const cases = members.map((_, index) => [`case ${index}:`, indent([report(index), 'break;'])]);
  return block(`switch (${scope.runtime('closestAlternative')}(${v}, ${scope.hoistValue(shapes)}))`, cases);
}

function emitNot(excluded: JsonSchema, scope: CodeScope): Code {
  const resolved = scope.resolve(excluded);
  const message = isSchemaObject(resolved) && resolved.description ? resolved.description : ISSUE_WORDS.not;
  return scope.failIf(`${scope.predicate(excluded, ['not'])}(${scope.value})`, 'not', message);
}

function emitIf(schema: SchemaObject, scope: CodeScope): Code {
  const condition = describeCondition(schema.if!);
  const thenCode = schema.then !== undefined ? scope.same(schema.then, ['then'], condition) : [];
  const elseCode = schema.else !== undefined ? scope.same(schema.else, ['else'], negateCondition(condition)) : [];
  if (isEmpty(thenCode) && isEmpty(elseCode)) return [];
  return ifElse(`${scope.predicate(schema.if!, ['if'])}(${scope.value})`, thenCode, elseCode);
}
