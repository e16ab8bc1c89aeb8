// Applicators on the value itself: $ref, allOf, anyOf, oneOf (discriminated or plain), not,
// if/then/else. Issues and their words are the TypeScript validators' (emitters/validators).
import { ISSUE_WORDS } from '../../../../shared/issue-words.js';
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../../../../model/json-schema.js';
import { phpString } from '../../../../shared/php-literal.js';
import { branchShape } from '../../../../shared/branch-shape.js';
import { describeCondition, negateCondition } from '../../../../shared/condition-text.js';
import { ifElse, isEmpty, type Code } from '../code.js';
import type { KeywordDefinition, PhpScope } from '../keyword.js';
import { reachesWarning } from '../../../../model/warnings.js';

const RETURN_FALSE = 'return false;';
/** A failure: the predicate stops; the reporting body records what `report` makes. */
const failure = (scope: PhpScope, report: () => Code): Code => (scope.predicate ? RETURN_FALSE : report());
/** The method of `schema` run on the value: as a test in the predicate, recording in the reporting body. */
const apply = (scope: PhpScope, method: string): Code => (scope.predicate ? ifElse(`!self::${method}(${scope.value})`, RETURN_FALSE) : `self::${method}(${scope.value}, $ctx);`);

export const COMBINATOR_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: '$ref',
    code: (schema, scope) => apply(scope, scope.validator({ $ref: schema.$ref! }, ['$ref'])),
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

function emitAnyOf(members: readonly JsonSchema[], scope: PhpScope): Code {
  const test = members.map((member, index) => `self::${scope.validator(member, ['anyOf', index])}(${scope.value})`).join(' || ');
  return ifElse(`!(${test})`, failure(scope, () => reportClosest(members, 'anyOf', scope, ISSUE_WORDS.anyOf)), reportWarnings(members, 'anyOf', scope));
}

/**
 * A union on a valid value, in the reporting body: its branches were only tested, so the first
 * that matches runs again with the context and reports its warnings (as in TypeScript). Only for
 * a union whose branches can meet an `x-warning`.
 */
function reportWarnings(members: readonly JsonSchema[], keyword: 'anyOf' | 'oneOf', scope: PhpScope): Code {
  if (scope.predicate || !members.some((member) => reachesWarning(member, (node) => scope.resolve(node)))) return [];
  const methods = members.map((member, index) => `self::${scope.validator(member, [keyword, index])}`);
  return methods.reduceRight<Code>((otherwise, method) => ifElse(`${method}(${scope.value})`, `${method}(${scope.value}, $ctx);`, otherwise), []);
}

/** The branch is chosen by the tag's value, as the TypeScript validators (and ajv's `discriminator`) do. */
function emitDiscriminated(schema: SchemaObject, scope: PhpScope): Code {
  const { propertyName, mapping } = schema.discriminator!;
  if (!mapping) throw new Error(`discriminator on ${propertyName} needs a mapping`);
  const fields = scope.local('tagged');
  const key = phpString(propertyName);
  const branches = Object.entries(mapping).map(([value, ref]) => ({ value, method: scope.validator({ $ref: ref }, ['discriminator', value]) }));
  // A missing tag fails here only when checking; collecting leaves it to `required`.
  const fallback = failure(scope, () => ifElse(`array_key_exists(${key}, ${fields})`, scope.recordAt(key, 'discriminator', ISSUE_WORDS.discriminator(Object.keys(mapping)))));
  const chain = branches.reduceRight<Code>(
    (otherwise, { value, method }) => ifElse(`(${fields}[${key}] ?? null) === ${phpString(value)}`, apply(scope, method), otherwise),
    fallback,
  );
  return [`${fields} = Checks::isObject(${scope.value}) ? (array) ${scope.value} : [];`, chain];
}

function emitOneOf(members: readonly JsonSchema[], scope: PhpScope): Code {
  const count = scope.local('matches');
  const labels = members.map((member, index) => scope.label(member, index)).join(', ');
  return [
    `${count} = 0;`,
    ...members.map((member, index) => ifElse(`self::${scope.validator(member, ['oneOf', index])}(${scope.value})`, `${count}++;`)),
    ifElse(
      `${count} !== 1`,
      failure(scope, () => ifElse(`${count} === 0`, reportClosest(members, 'oneOf', scope, ISSUE_WORDS.oneOfNone), scope.record('oneOf', ISSUE_WORDS.oneOfMany(labels)))),
      reportWarnings(members, 'oneOf', scope),
    ),
  ];
}

/**
 * No branch matched (reporting code): the closest branch's own issues first, so the first one a
 * merchant reads is about a field the payer actually sent (`card_exp_month`), then one issue
 * naming every alternative and the closest.
 */
function reportClosest(members: readonly JsonSchema[], keyword: 'anyOf' | 'oneOf', scope: PhpScope, words: string): Code {
  const labels = members.map((member, index) => scope.label(member, index));
  const report = (index: number): Code => [
    `self::${scope.validator(members[index]!, [keyword, index])}(${scope.value}, $ctx);`,
    scope.record(keyword, `${words}: ${labels.join(', ')} (closest: ${labels[index]})`),
  ];
  const shapes = members.map((member) => branchShape(member, (node) => scope.resolve(node)));
  if (shapes.every(([declared, forbidden]) => declared.length === 0 && forbidden.length === 0)) return report(0);
  const closest = scope.local('closest');
  return [
    `${closest} = Checks::closestAlternative(${scope.value}, ${scope.constant('SHAPES', shapes)});`,
    members.reduceRight<Code>((otherwise, _, index) => (index === members.length - 1 ? report(index) : ifElse(`${closest} === ${index}`, report(index), otherwise)), []),
  ];
}

function emitNot(excluded: JsonSchema, scope: PhpScope): Code {
  const resolved = scope.resolve(excluded);
  const message = isSchemaObject(resolved) && resolved.description ? resolved.description : ISSUE_WORDS.not;
  return scope.failIf(`self::${scope.validator(excluded, ['not'])}(${scope.value})`, 'not', message);
}

function emitIf(schema: SchemaObject, scope: PhpScope): Code {
  const condition = describeCondition(schema.if!);
  const thenCode = schema.then !== undefined ? scope.same(schema.then, ['then'], condition) : [];
  const elseCode = schema.else !== undefined ? scope.same(schema.else, ['else'], negateCondition(condition)) : [];
  if (isEmpty(thenCode) && isEmpty(elseCode)) return [];
  return ifElse(`self::${scope.validator(schema.if!, ['if'])}(${scope.value})`, thenCode, elseCode);
}
