// The conditional rules of a schema (`if`/`then`/`else`, `dependentRequired`, `not`, fields
// forbidden with `false`, `oneOf` alternatives) in plain words, generated from the schema
// itself so the sentence a merchant reads is the rule the validators enforce.
import { conditionOf, conditionText as conditionWords, list, wirePath as pathText, type FieldPath } from '../../model/conditions.js';
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../../model/json-schema.js';
import { amountCurrencies, currencyExponents, type CurrencyExponents } from '../../model/currency-exponents.js';
import type { SpecModel, WirePathStyle } from '../../model/spec-model.js';
import { warningOf } from '../../model/warnings.js';

type Resolver = Pick<SpecModel, 'resolve'>;
/** What the rules of a whole request read: the schemas, and the document's currency table. */
type RuleModel = Pick<SpecModel, 'resolve' | 'document'>;

/** A field's wire name under `prefix`: bracket keys for form bodies (`parameters[pin]`), dotted for JSON (`order.amount`). */
const wirePath = (style: WirePathStyle, prefix: FieldPath, name: string) => pathText([...prefix, name], style);

const field = (name: string) => `\`${name}\``;
const value = (v: unknown) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;

/** A condition (`if`) in the model's words: "`auth` is `Y`", "`brand` is present", "`a` is `Y` or `b` is `Y`". */
export function conditionText(resolver: Resolver, node: JsonSchema, style: WirePathStyle, prefix: FieldPath = []): string {
  const schema = resolver.resolve(node);
  const condition = conditionOf(node, (part) => resolver.resolve(part), prefix);
  return condition.kind === 'always' && isSchemaObject(schema) && schema.description ? schema.description : conditionWords(condition, { marks: 'markdown', style });
}

/** What a consequence (`then`, `else`) requires, as clauses: "`x` is required", "`y` is not allowed". */
export function consequenceClauses(resolver: Resolver, node: JsonSchema, style: WirePathStyle, prefix: FieldPath = []): string[] {
  const schema = resolver.resolve(node);
  if (schema === false) return ['the request is rejected'];
  if (!isSchemaObject(schema)) return [];
  const clauses: string[] = [];
  const required = (schema.required ?? []).map((name) => field(wirePath(style, prefix, name)));
  if (required.length > 0) clauses.push(`${list(required)} ${required.length === 1 ? 'is' : 'are'} required`);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = wirePath(style, prefix, name);
    const resolved = resolver.resolve(property);
    if (resolved === false) {
      clauses.push(`${field(path)} is not allowed`);
      continue;
    }
    if (!isSchemaObject(resolved)) continue;
    if (resolved.const !== undefined) clauses.push(`${field(path)} must be ${value(resolved.const)}`);
    else if (resolved.enum) clauses.push(`${field(path)} must be one of ${resolved.enum.map(value).join(', ')}`);
    else if (isSchemaObject(resolved.not) && resolved.not.description) clauses.push(`${field(path)} ${resolved.not.description}`);
    else if (resolved.pattern) clauses.push(`${field(path)} must match ${value(resolved.pattern)}`);
    else if (resolved.maxLength !== undefined) clauses.push(`${field(path)} is at most ${resolved.maxLength} characters`);
    else if (decimalBounds(resolved)) clauses.push(`${field(path)} is ${decimalBounds(resolved)}`);
    else if (resolved.properties || resolved.required) clauses.push(...consequenceClauses(resolver, resolved, style, [...prefix, name]));
  }
  for (const part of schema.allOf ?? []) clauses.push(...consequenceClauses(resolver, part, style, prefix));
  if (schema.not !== undefined) clauses.push(...notClauses(resolver, schema.not, style, prefix));
  return clauses;
}

/** Decimal bounds in words: "from 1 to 50000", "at least 1", "at most 50000". */
export function decimalBounds(schema: SchemaObject): string | undefined {
  const low = schema['x-decimal-minimum'] ?? schema.minimum;
  const high = schema['x-decimal-maximum'] ?? schema.maximum;
  if (low !== undefined && high !== undefined) return `from ${String(low)} to ${String(high)}`;
  if (low !== undefined) return `at least ${String(low)}`;
  if (high !== undefined) return `at most ${String(high)}`;
  return undefined;
}

function notClauses(resolver: Resolver, node: JsonSchema, style: WirePathStyle, prefix: FieldPath): string[] {
  const schema = resolver.resolve(node);
  if (!isSchemaObject(schema)) return [];
  const together = schema.required ?? [];
  if (together.length > 1 && !schema.properties) return [`${list(together.map((name) => field(wirePath(style, prefix, name))))} are not allowed together`];
  if (together.length === 1 && !schema.properties) return [`${field(wirePath(style, prefix, together[0]!))} is not allowed`];
  return [schema.description ? schema.description : `the request must not match: ${conditionText(resolver, schema, style, prefix)}`];
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

/** An `if` in words; `if: {not: X}` reads better as "unless X", so it is returned as X, negated. */
export function ifCondition(resolver: Resolver, node: JsonSchema, style: WirePathStyle, prefix: FieldPath = []): { negated: boolean; condition: string } {
  const ifSchema = resolver.resolve(node);
  const negated = isSchemaObject(ifSchema) && ifSchema.not !== undefined && Object.keys(ifSchema).every((key) => key === 'not' || key === 'description');
  return { negated, condition: conditionText(resolver, negated ? (ifSchema as SchemaObject).not! : node, style, prefix) };
}

/** One `if`/`then`/`else` as sentences. */
export function ifThenText(resolver: Resolver, schema: SchemaObject, style: WirePathStyle, prefix: FieldPath = []): string[] {
  if (schema.if === undefined) return [];
  const { negated, condition } = ifCondition(resolver, schema.if, style, prefix);
  const out: string[] = [];
  const then = schema.then === undefined ? [] : consequenceClauses(resolver, schema.then, style, prefix);
  if (then.length > 0) {
    const onlyForbids = then.every((clause) => clause.endsWith('is not allowed'));
    if (onlyForbids && !negated) out.push(sentence(`${list(then.map((clause) => clause.replace(/ is not allowed$/, '')))} ${then.length === 1 ? 'is' : 'are'} not allowed when ${condition}`));
    else out.push(sentence(negated ? `unless ${condition}, ${list(then)}` : `when ${condition}, ${list(then)}`));
  }
  const otherwise = schema.else === undefined ? [] : consequenceClauses(resolver, schema.else, style, prefix);
  if (otherwise.length > 0) out.push(sentence(negated ? `when ${condition}, ${list(otherwise)}` : `unless ${condition}, ${list(otherwise)}`));
  return out;
}

/** `dependentRequired` as sentences: "`schedule_start_date` needs `schedule_id`." */
export function dependentRequiredText(dependent: Readonly<Record<string, readonly string[]>>, style: WirePathStyle, prefix: FieldPath = []): string[] {
  return Object.entries(dependent).map(([name, needs]) => sentence(`${field(wirePath(style, prefix, name))} needs ${list(needs.map((need) => field(wirePath(style, prefix, need))))}`));
}

/** Where the docs list the decimals of every currency (the Limits page's section). */
export const AMOUNT_DECIMALS_LINK = '/guide/limits#amount-decimals-by-currency';

/** An amount with `count` decimals (`1.99` for 2, `10` for 0): the most its currency takes. */
const amountWith = (count: number) => (count === 0 ? '10' : `1.${'9'.repeat(count)}`);

/** The currency table in a phrase: an example amount that passes for a currency of each number of decimals. */
export function currencyExamples(table: CurrencyExponents): string {
  const byCount = new Map<number, string>();
  for (const code of ['USD', 'EUR', 'XOF', 'BHD', ...table.keys()]) {
    const count = table.get(code);
    if (count !== undefined && !byCount.has(count)) byCount.set(count, code);
  }
  return list([...byCount].sort(([a], [b]) => a - b).map(([count, code]) => `\`${amountWith(count)}\` ${code}`));
}

/** `x-amount-decimals` as sentences: each amount's decimals by its currency, with examples. */
export function amountDecimalsText(model: RuleModel, pairs: unknown, style: WirePathStyle, prefix: FieldPath = []): string[] {
  const table = currencyExponents(model);
  return Object.entries(amountCurrencies(pairs, 'x-amount-decimals')).map(([amount, currency]) =>
    sentence(
      `${field(wirePath(style, prefix, amount))} has at most the decimals its currency (${field(wirePath(style, prefix, currency))}) takes: ${currencyExamples(table)} are the most; one more decimal is refused ([every currency](${AMOUNT_DECIMALS_LINK}))`,
    ),
  );
}

/** Every rule of a schema, through $ref, allOf and nested objects, deduplicated, in schema order. */
export function ruleTexts(resolver: RuleModel, node: JsonSchema, style: WirePathStyle): string[] {
  const out = new Set<string>();
  const walk = (current: JsonSchema, prefix: FieldPath, seen: Set<JsonSchema>, depth: number) => {
    const schema = resolver.resolve(current);
    if (!isSchemaObject(schema) || seen.has(schema) || depth > 6) return;
    const inner = new Set(seen).add(schema);
    for (const text of ifThenText(resolver, schema, style, prefix)) out.add(text);
    for (const text of dependentRequiredText(schema.dependentRequired ?? {}, style, prefix)) out.add(text);
    if (schema['x-amount-decimals'] !== undefined) for (const text of amountDecimalsText(resolver, schema['x-amount-decimals'], style, prefix)) out.add(text);
    if (schema.not !== undefined) for (const clause of notClauses(resolver, schema.not, style, prefix)) out.add(sentence(clause));
    // A warning about the object's fields (one expected absent): reported, never refused.
    const warning = warningOf(schema);
    for (const [name, property] of Object.entries(warning?.checks.properties ?? {})) {
      if (property === false) out.add(sentence(`warning only (the request is sent): ${field(wirePath(style, prefix, name))} ${warning!.message}`));
    }
    const alternatives = schema.oneOf ?? [];
    const titled = alternatives.map((part) => resolver.resolve(part)).filter(isSchemaObject);
    if (alternatives.length > 1 && titled.length === alternatives.length && titled.every((part) => part.title)) {
      out.add(sentence(`exactly one of: ${titled.map((part) => `${part.title} (${keyFields(resolver, part, style, prefix)})`).join('; ')}`));
    }
    for (const part of [...(schema.allOf ?? []), ...alternatives]) walk(part, prefix, inner, depth + 1);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (property === false) continue;
      const resolved = resolver.resolve(property);
      if (isSchemaObject(resolved) && resolved['x-keyed-by'] !== 'method') walk(resolved, [...prefix, name], inner, depth + 1);
    }
  };
  walk(node, [], new Set(), 0);
  return [...out];
}

/** The required fields that name an alternative (`card_token`; `card_number`, ...). */
function keyFields(resolver: Resolver, schema: SchemaObject, style: WirePathStyle, prefix: FieldPath): string {
  const names = new Set<string>(schema.required ?? []);
  for (const part of schema.allOf ?? []) {
    const resolved = resolver.resolve(part);
    if (isSchemaObject(resolved)) for (const name of resolved.required ?? []) names.add(name);
  }
  const shown = [...names].map((name) => field(wirePath(style, prefix, name)));
  return shown.length > 0 ? shown.join(', ') : 'see the fields';
}

/** The field an `if` tests and the values it accepts, when it tests exactly one (through nested objects). */
function testedValues(resolver: Resolver, node: JsonSchema, style: WirePathStyle, prefix: FieldPath): { path: string; values: readonly unknown[] } | undefined {
  const schema = resolver.resolve(node);
  if (!isSchemaObject(schema)) return undefined;
  const found = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const resolved = resolver.resolve(property);
    if (!isSchemaObject(resolved)) return [];
    const path = wirePath(style, prefix, name);
    if (resolved.const !== undefined) return [{ path, values: [resolved.const] }];
    if (resolved.enum) return [{ path, values: resolved.enum }];
    const nested = testedValues(resolver, resolved, style, [...prefix, name]);
    return nested ? [nested] : [];
  });
  return found.length === 1 ? found[0] : undefined;
}

export interface RuleTable {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * A family of rules that each test the same field and set the same fields (the operator table of
 * CREDIT2VIRTUAL: operator → currency, minimum, maximum) as one table, read from the `allOf`
 * parts themselves, so the table and the rules can never disagree.
 */
export function ruleTable(resolver: Resolver, node: JsonSchema, style: WirePathStyle): RuleTable | undefined {
  const schema = resolver.resolve(node);
  if (!isSchemaObject(schema)) return undefined;
  const parts = (schema.allOf ?? []).map((part) => resolver.resolve(part)).filter(isSchemaObject).filter((part) => part.if !== undefined && part.then !== undefined);
  const rows = parts.map((part) => {
    const tested = testedValues(resolver, part.if!, style, []);
    const then = resolver.resolve(part.then!);
    const set = isSchemaObject(then)
      ? Object.entries(then.properties ?? {}).map(([name, property]) => ({ name, schema: resolver.resolve(property) }))
      : [];
    return { tested, set };
  });
  // The family is the rules shaped like the first (same tested field, same fields set): other
  // conditional rules of the schema (the mobile number's country per operator) are not rows of it.
  const shape = (row: (typeof rows)[number]) => `${row.tested?.path}|${row.set.map((entry) => entry.name).join(',')}`;
  const first = rows[0];
  if (!first?.tested) return undefined;
  const family = rows.filter((row) => row.tested && shape(row) === shape(first));
  if (family.length < 2) return undefined;
  const headers = [field(first.tested.path), ...first.set.flatMap(({ name, schema: set }) => (isSchemaObject(set) && set.const === undefined && decimalBounds(set) ? [`${field(name)} minimum`, `${field(name)} maximum`] : [field(name)]))];
  return {
    headers,
    rows: family.map((row) => [
      row.tested!.values.map(value).join(', '),
      ...row.set.flatMap(({ schema: set }) => {
        if (!isSchemaObject(set)) return [''];
        if (set.const !== undefined) return [value(set.const)];
        const low = set['x-decimal-minimum'] ?? set.minimum;
        const high = set['x-decimal-maximum'] ?? set.maximum;
        return decimalBounds(set) ? [low === undefined ? '' : String(low), high === undefined ? '' : String(high)] : [''];
      }),
    ]),
  };
}
