// Compiles the spec's component schemas into PHP: one static method per schema,
// `v_X(mixed $value, ?ValidationContext $ctx = null): bool`, with two bodies from the same
// keywords. Without a context it runs the predicate body, which stops at the first failure and
// runs a leaf field's checks in place (the fast path every request takes, kept small); with one
// it runs the reporting body, which records every issue at its wire path in a single pass
// (Validator runs it only once the predicate has said no).
// The TypeScript validators have the same shape (emitters/validators), so the two clients give
// the same verdicts and the same issues. Keywords are defined one by one in ./keywords; this
// file only dispatches.
//
// A sub-schema that needs a method of its own (a branch, a condition) is keyed by its content,
// so identical checks are emitted once, and named after where it first sits in the spec
// (`v_SaleCardRequest_allOf_1_if`), so a reader can trace generated code back to the schema.
import { isSchemaObject, refName, type JsonSchema, type SchemaObject } from '../../../model/json-schema.js';
import { functionBase } from '../../../model/names.js';
import type { SpecModel } from '../../../model/spec-model.js';
import { phpLiteral, phpString } from '../../../shared/php-literal.js';
import { conditionSuffix, describeCondition, type Condition } from '../../../shared/condition-text.js';
import { ifElse, isEmpty, line, operand, type Code } from './code.js';
import type { KeywordDefinition, PhpScope, SchemaPath } from './keyword.js';
import { validatorFacts, type ValidatorFacts } from '../../../shared/validator-facts.js';
import { AMOUNT_KEYWORDS } from './keywords/amount.js';
import { ARRAY_KEYWORDS } from './keywords/array.js';
import { COMBINATOR_KEYWORDS } from './keywords/combinators.js';
import { NUMBER_KEYWORDS } from './keywords/number.js';
import { OBJECT_KEYWORDS } from './keywords/object.js';
import { STRING_KEYWORDS } from './keywords/string.js';
import { declaredTypes, emitTypeGuard, typeTest } from './keywords/type.js';
import { VALUE_KEYWORDS } from './keywords/value.js';
import { WARNING_KEYWORDS } from './keywords/warning.js';

/** Every keyword, in the order their checks run (the TypeScript validators' order). */
const KEYWORDS: readonly KeywordDefinition[] = [...VALUE_KEYWORDS, ...STRING_KEYWORDS, ...NUMBER_KEYWORDS, ...OBJECT_KEYWORDS, ...AMOUNT_KEYWORDS, ...ARRAY_KEYWORDS, ...COMBINATOR_KEYWORDS, ...WARNING_KEYWORDS];

/** Keywords that only annotate or identify; validators ignore them. */
const ANNOTATIONS = new Set([
  'title', 'description', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly',
  'contentMediaType', 'contentEncoding', '$comment', 'externalDocs', '$defs', 'definitions', '$schema',
]);
const NOT_IN_CONTENT_KEY = new Set(['title', 'description', 'examples', 'example', 'default', 'deprecated', '$comment', 'externalDocs']);
const SUPPORTED = new Set<string>(['type', ...KEYWORDS.flatMap((definition) => [definition.keyword, ...(definition.with ?? [])])]);
const LEAF_KEYWORDS = new Set(['type', ...[...VALUE_KEYWORDS, ...STRING_KEYWORDS, ...NUMBER_KEYWORDS].filter((definition) => definition.keyword !== 'contentSchema').map((definition) => definition.keyword)]);
const RETURN_FALSE = 'return false;';

export interface PhpMethod {
  readonly name: string;
  readonly body: Code;
}

export class PhpValidatorCompiler {
  readonly methods: PhpMethod[] = [];
  readonly constants: { readonly name: string; readonly value: string }[] = [];
  private readonly constantByKey = new Map<string, string>();
  private readonly byNode = new Map<SchemaObject, string>();
  private readonly byContent = new Map<string, string>();
  private readonly usedNames = new Set<string>();
  private readonly queue: (() => void)[] = [];

  #facts: ValidatorFacts | undefined;
  /** The model's facts keywords read, derived on first use. */
  get facts(): ValidatorFacts {
    return (this.#facts ??= validatorFacts(this.model));
  }

  constructor(private readonly model: SpecModel) {}

  /** Compiles the named components and everything they reach; returns each one's method. */
  components(names: readonly string[]): Map<string, string> {
    const methods = new Map(names.map((name) => [name, this.nodeMethod(this.model.schema(name), name)] as const));
    while (this.queue.length > 0) this.queue.shift()!();
    return methods;
  }

  /** The method of a schema a reference or a component names: one per schema, by identity. */
  private nodeMethod(schema: JsonSchema, wanted: string): string {
    if (!isSchemaObject(schema)) return this.contentMethod(schema, wanted);
    let name = this.byNode.get(schema);
    if (name === undefined) {
      name = this.contentMethod(schema, wanted);
      this.byNode.set(schema, name);
    }
    return name;
  }

  /** The method of an unnamed sub-schema: one per content. */
  private contentMethod(schema: JsonSchema, wanted: string): string {
    const key = contentKey(schema);
    let name = this.byContent.get(key);
    if (name === undefined) {
      name = this.claim(wanted);
      this.byContent.set(key, name);
      const fixed = name;
      this.queue.push(() => {
        const locals = { count: 0 };
        // Two bodies: the predicate (no context), lean and first, which every request runs; the
        // reporting pass, which runs only once the predicate has said no.
        const predicate = [this.inline(schema, this.scope(fixed, '$value', undefined, [], locals, undefined, '$fields', true)), 'return true;'];
        const reporting = this.inline(schema, this.scope(fixed, '$value', undefined, [], locals));
        // A leaf's one body serves both: each check reports through ValidationContext::reject,
        // which stops the predicate (no context) at the first failure.
        const single = isEmpty(reporting) || (isSchemaObject(schema) && isLeaf(schema));
        this.methods.push({ name: fixed, body: single ? [reporting, 'return true;'] : [ifElse('$ctx === null', predicate), reporting, 'return true;'] });
      });
    }
    return name;
  }

  private claim(wanted: string): string {
    const clean = `v_${functionBase(wanted)}`.replace(/_+/g, '_');
    let name = clean;
    for (let n = 2; this.usedNames.has(name); n++) name = `${clean}_${n}`;
    this.usedNames.add(name);
    return name;
  }

  private target(ref: string): JsonSchema {
    if (!ref.startsWith('#/components/schemas/')) throw new Error(`Unsupported $ref "${ref}": the PHP validators follow component references only`);
    return this.model.schema(refName(ref));
  }

  private referenceMethod(ref: string): string {
    return this.nodeMethod(this.target(ref), refName(ref));
  }

  /** The method for a sub-schema used as a whole (a branch, a condition): a bare reference calls its target's. */
  private methodFor(schema: JsonSchema, wanted: string): string {
    return isSchemaObject(schema) && schema.$ref !== undefined && isBareRef(schema) ? this.referenceMethod(schema.$ref) : this.contentMethod(schema, wanted);
  }

  /** The method that validates a property or item, when it needs no inline code: a bare `$ref`, or a leaf outside a then/else branch (shared by content). */
  private callable(schema: JsonSchema, condition: Condition | undefined, wanted: string): string | undefined {
    if (!isSchemaObject(schema)) return undefined;
    if (schema.$ref !== undefined) return isBareRef(schema) ? this.referenceMethod(schema.$ref) : undefined;
    return condition === undefined && isLeaf(schema) ? this.contentMethod(schema, wanted) : undefined;
  }

  /** The schema of leaf keywords a property or item resolves to, if it is one. */
  private leaf(schema: JsonSchema): SchemaObject | undefined {
    const resolved = this.resolve(schema);
    return isSchemaObject(resolved) && resolved.$ref === undefined && isLeaf(resolved) ? resolved : undefined;
  }

  private resolve(schema: JsonSchema, seen = new Set<JsonSchema>()): JsonSchema {
    if (!isSchemaObject(schema) || schema.$ref === undefined || seen.has(schema) || !isBareRef(schema)) return schema;
    seen.add(schema);
    return this.resolve(this.target(schema.$ref), seen);
  }

  private constant(prefix: string, value: string): string {
    const key = `${prefix} ${value}`;
    let name = this.constantByKey.get(key);
    if (name === undefined) {
      name = `${prefix}_${this.constants.filter((entry) => entry.name.startsWith(`${prefix}_`)).length + 1}`;
      this.constantByKey.set(key, name);
      this.constants.push({ name, value });
    }
    return `self::${name}`;
  }

  private label(schema: JsonSchema, index: number): string {
    if (!isSchemaObject(schema)) return `alternative ${index + 1}`;
    const resolved = this.resolve(schema);
    if (isSchemaObject(resolved) && resolved.title) return resolved.title;
    if (schema.$ref) return refName(schema.$ref);
    const condition = describeCondition(schema);
    if (condition.phrase !== '') return condition.phrase;
    if (schema.format) return `${schema.format} format`;
    if (schema.type) return declaredTypes(schema).join(' or ');
    return `alternative ${index + 1}`;
  }

  /**
   * @param predicate code of the predicate body, where `$ctx` is null: a failed rule returns false
   *   at once and nothing is recorded. Otherwise code of the reporting body, where `$ctx` is set.
   */
  private scope(owner: string, value: string, condition: Condition | undefined, at: SchemaPath, locals: { count: number }, knownType?: string, fields = '$fields', predicate = false): PhpScope & { withKnownType(type: string | undefined): PhpScope; withFields(fields: string): PhpScope } {
    const text = (message: string) => phpString(message + conditionSuffix(condition));
    const named = (path: SchemaPath) => [owner.slice(2), ...at, ...path].join('_');
    const reject = (rule: string, message: string) => `ValidationContext::reject($ctx, ${phpString(rule)}, ${text(message)})`;
    const rejectAt = (keyExpr: string, rule: string, message: string) => `ValidationContext::rejectAt($ctx, ${keyExpr}, ${phpString(rule)}, ${text(message)})`;
    const local = (prefix: string) => `$${prefix}${++locals.count}`;
    const noRecord = (): never => {
      throw new Error('a predicate records nothing');
    };
    return {
      value,
      fields,
      knownType,
      condition,
      facts: this.facts,
      predicate,
      withKnownType: (type) => this.scope(owner, value, condition, at, locals, type, fields, predicate),
      withFields: (name) => this.scope(owner, value, condition, at, locals, knownType, name, predicate),
      // `reject` records and returns false with a context, and returns true (stop) without one.
      failIf: (test, rule, message) => ifElse(predicate ? test : `${operand(test)} && ${reject(rule, message)}`, RETURN_FALSE),
      failAtIf: (test, keyExpr, rule, message) => ifElse(predicate ? test : `${operand(test)} && ${rejectAt(keyExpr, rule, message)}`, RETURN_FALSE),
      fail: (rule, message) => (predicate ? RETURN_FALSE : ifElse(reject(rule, message), RETURN_FALSE)),
      failAt: (keyExpr, rule, message) => (predicate ? RETURN_FALSE : ifElse(rejectAt(keyExpr, rule, message), RETURN_FALSE)),
      record: (rule, message) => (predicate ? noRecord() : `$ctx->fail(${phpString(rule)}, ${text(message)});`),
      recordAt: (keyExpr, rule, message) => (predicate ? noRecord() : `$ctx->failAt(${keyExpr}, ${phpString(rule)}, ${text(message)});`),
      child: (sub, valueExpr, segmentExpr, path) => {
        const callee = this.callable(sub, condition, named(path));
        const child = local('v');
        if (!predicate) {
          if (callee !== undefined) return line(`$ctx->visit(${segmentExpr}, ${valueExpr}, self::${callee}(...));`);
          const code = this.inline(sub, this.scope(owner, child, condition, [...at, ...path], locals));
          // Nothing returns early while reporting, so the leave always follows the enter.
          return isEmpty(code) ? [] : [line(`${child} = ${valueExpr};`), line(`$ctx->enter(${segmentExpr});`), code, '$ctx->leave();'];
        }
        // A leaf's checks run in place (no call per field); a schema with a method of its own is called.
        const leaf = callee === undefined ? undefined : this.leaf(sub);
        if (callee !== undefined && leaf === undefined) return ifElse(`!self::${callee}(${valueExpr})`, RETURN_FALSE);
        const code = this.inline(leaf ?? sub, this.scope(owner, child, leaf === undefined ? condition : undefined, [...at, ...path], locals, undefined, '$fields', true));
        return isEmpty(code) ? [] : [line(`${child} = ${valueExpr};`), code];
      },
      same: (sub, path, subCondition) => this.inline(sub, this.scope(owner, value, subCondition ?? condition, [...at, ...path], locals, knownType, fields, predicate)),
      validator: (sub, path) => this.methodFor(sub, named(path)),
      local,
      // Between slashes: a bare `/` is escaped, one already escaped (`\/`) is kept as it is.
      regex: (source) => this.constant('PATTERN', phpString(`/${source.replace(/\\.|\//g, (token) => (token === '/' ? '\\/' : token))}/uD`)),
      constant: (prefix, hoisted) => this.constant(prefix, phpLiteral(hoisted, '    ')),
      label: (sub, index) => this.label(sub, index),
      resolve: (sub) => this.resolve(sub),
    };
  }

  private inline(schema: JsonSchema, scope: ReturnType<PhpValidatorCompiler['scope']>): Code {
    if (schema === true) return [];
    if (schema === false) return scope.fail('false', 'is not allowed');
    for (const key of Object.keys(schema)) {
      if (!SUPPORTED.has(key) && !ANNOTATIONS.has(key) && !key.startsWith('x-')) {
        throw new Error(`Unsupported JSON Schema keyword "${key}" in the PHP validators; teach generators/emitters/php/validation/keywords to handle it`);
      }
    }
    // A type an enclosing schema has already tested is not tested again.
    const declared = declaredTypes(schema);
    const types = declared.length === 1 && declared[0] === scope.knownType ? [] : declared;
    const onlyType = declared.length === 1 ? declared[0] : scope.knownType;
    if (onlyType !== scope.knownType) scope = scope.withKnownType(onlyType) as typeof scope;
    const applies = (type: string | undefined) => type === undefined || onlyType === type || (type === 'number' && onlyType === 'integer');
    // Object keywords read the fields through one array view, made before the first of them.
    const fields = scope.local('fields');
    const objectScope = scope.withFields(fields);
    let viewMade = false;
    const groups: { type: string | undefined; code: Code[] }[] = [];
    for (const definition of KEYWORDS) {
      if ((schema as Record<string, unknown>)[definition.keyword] === undefined) continue;
      const code = definition.code(schema, definition.type === 'object' ? objectScope : scope);
      if (isEmpty(code)) continue;
      const type = applies(definition.type) ? undefined : definition.type;
      const last = groups.at(-1);
      const view = definition.type === 'object' && !viewMade ? [`${fields} = (array) ${scope.value};`] : [];
      if (definition.type === 'object') viewMade = true;
      if (last && last.type === type) last.code.push(...view, code);
      else groups.push({ type, code: [...view, code] });
    }
    const body = groups.map(({ type, code }) => (type === undefined ? code : ifElse(typeTest(type, scope.value), code)));
    return types.length > 0 ? emitTypeGuard(types, scope, body) : body;
  }
}

/** A `$ref` with nothing beside it that validates. */
function isBareRef(schema: SchemaObject): boolean {
  return Object.keys(schema).every((key) => key === '$ref' || !SUPPORTED.has(key));
}

/** A schema of leaf keywords only (and at least one). */
function isLeaf(schema: SchemaObject): boolean {
  const validating = Object.keys(schema).filter((key) => SUPPORTED.has(key));
  return validating.length > 0 && validating.every((key) => LEAF_KEYWORDS.has(key));
}

/** The schema's content as far as its own method's code depends on it, as a map key. */
function contentKey(schema: JsonSchema): string {
  if (!isSchemaObject(schema)) return String(schema);
  const kept = Object.keys(schema).filter((key) => !NOT_IN_CONTENT_KEY.has(key) && (!key.startsWith('x-') || SUPPORTED.has(key) || key === 'x-safety-cap')).sort();
  return JSON.stringify(kept.map((key) => [key, schema[key as keyof typeof schema]]));
}
