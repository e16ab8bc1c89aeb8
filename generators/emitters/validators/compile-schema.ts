// Compiles JSON Schemas into plain TypeScript functions, one per schema: `v_X(value, ctx?)`.
// Without a context it is a predicate that stops at the first failure (the fast path, and what
// combinators test branches with); with one it records every issue with its wire path in a single
// pass (`validateX` runs it only once the predicate has said no). One function instead of a
// check/collect pair keeps the generated file, and a bundle that keeps a few validators, about a
// third smaller. Keyword families live in ./keywords; this file only dispatches.
//
// A sub-schema that needs a function of its own (a branch, a condition) is keyed by its content,
// so identical checks are emitted once, and named after where it first sits in the spec
// (`SaleCardRequest_allOf_1_if`), so a reader can trace generated code back to the schema.
import { isSchemaObject, refName, type JsonSchema } from '../../model/json-schema.js';
import { functionBase } from '../../model/names.js';
import type { SpecModel } from '../../model/spec-model.js';
import { ifElse, isEmpty, type Code } from './code.js';
import { literal, type CodeScope, type SchemaPath } from './code-scope.js';
import { conditionSuffix, describeCondition, type Condition } from './condition-text.js';
import { ARRAY_KEYWORDS, emitArrayKeywords } from './keywords/array.js';
import { COMBINATOR_KEYWORDS, emitCombinators } from './keywords/combinators.js';
import { emitNumberKeywords, NUMBER_KEYWORDS } from './keywords/number.js';
import { emitObjectKeywords, OBJECT_KEYWORDS } from './keywords/object.js';
import { emitStringKeywords, STRING_KEYWORDS } from './keywords/string.js';
import { declaredTypes, emitTypeGuard, typeTest } from './keywords/type.js';
import { emitValueKeywords } from './keywords/value.js';

/** Keywords that only annotate; validators ignore them. */
const ANNOTATIONS = new Set([
  'title', 'description', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly',
  'contentMediaType', 'contentEncoding', '$comment', 'externalDocs',
]);
/** Annotations that change no code of the schema's own function (its parent reads titles as labels). */
const NOT_IN_CONTENT_KEY = new Set(['title', 'description', 'examples', 'example', 'default', 'deprecated', '$comment', 'externalDocs']);
const SUPPORTED = new Set<string>([
  '$ref', 'type', 'const', 'enum',
  ...STRING_KEYWORDS, ...NUMBER_KEYWORDS, ...OBJECT_KEYWORDS, ...ARRAY_KEYWORDS, ...COMBINATOR_KEYWORDS,
]);

export interface CompiledFunction {
  readonly name: string;
  readonly body: Code;
}

export class ValidatorCompiler {
  readonly functions: CompiledFunction[] = [];
  readonly runtimeImports = new Set<string>();
  readonly hoisted: { readonly name: string; readonly initializer: string }[] = [];
  private readonly hoistedByKey = new Map<string, string>();
  private readonly compiledNames = new Set<string>();
  private readonly byContent = new Map<string, string>();
  private readonly usedNames = new Set<string>();
  private readonly queue: (() => void)[] = [];

  constructor(private readonly model: SpecModel) {}

  /** Compiles a component schema and everything it reaches; returns the base function name. */
  component(name: string): string {
    const base = functionBase(name);
    if (!this.compiledNames.has(base)) {
      this.compiledNames.add(base);
      this.usedNames.add(base);
      const schema = this.model.schema(name);
      this.queue.push(() => this.emit(base, schema));
      this.drain();
    }
    return base;
  }

  private drain(): void {
    while (this.queue.length > 0) this.queue.shift()!();
  }

  private emit(base: string, schema: JsonSchema): void {
    // No predicate guard in front of the reporting pass: it records nothing on a valid subtree, so
    // re-checking every level first would only walk the failing path again and again.
    this.functions.push({ name: `v_${base}`, body: [this.body(schema, base), 'return true;'] });
  }

  /**
   * The base name of the function for a schema used as a branch or condition: a bare `$ref` is its
   * component's; any other is keyed by content and named after its path (`SaleCardRequest_oneOf_0`).
   */
  private baseFor(schema: JsonSchema, owner: string, path: SchemaPath): string {
    if (isSchemaObject(schema) && schema.$ref && Object.keys(schema).every((key) => key === '$ref' || !SUPPORTED.has(key))) {
      return this.component(refName(schema.$ref));
    }
    const key = contentKey(schema);
    let base = this.byContent.get(key);
    if (!base) {
      const wanted = functionBase([owner, ...path].join('_'));
      base = wanted;
      for (let n = 2; this.usedNames.has(base); n++) base = `${wanted}_${n}`;
      this.usedNames.add(base);
      this.byContent.set(key, base);
      const fixed = base;
      this.queue.push(() => this.emit(fixed, schema));
    }
    return base;
  }

  private body(schema: JsonSchema, owner: string): Code {
    let counter = 0;
    const compiler = this;
    const makeScope = (value: string, condition: Condition | undefined, at: SchemaPath): CodeScope => {
      const text = (message: string) => literal(message + conditionSuffix(condition));
      const reject = (rule: string, message: string) => `${this.useRuntime('reject')}(ctx, ${literal(rule)}, ${text(message)})`;
      const rejectAt = (keyExpr: string, rule: string, message: string) =>
        `${this.useRuntime('rejectAt')}(ctx, ${keyExpr}, ${literal(rule)}, ${text(message)})`;
      return {
        value,
        condition,
        // `reject` records and returns false with a context, and returns true (stop) without one.
        failIf: (test, rule, message) => `if (${operand(test)} && ${reject(rule, message)}) return false;`,
        failAtIf: (test, keyExpr, rule, message) => `if (${operand(test)} && ${rejectAt(keyExpr, rule, message)}) return false;`,
        fail: (rule, message) => `if (${reject(rule, message)}) return false;`,
        failAt: (keyExpr, rule, message) => `if (${rejectAt(keyExpr, rule, message)}) return false;`,
        record: (rule, message) => `ctx.fail(${literal(rule)}, ${text(message)});`,
        recordAt: (keyExpr, rule, message) => `ctx.failAt(${keyExpr}, ${literal(rule)}, ${text(message)});`,
        child: (sub, valueExpr, segmentExpr, path) => {
          const base = compiler.callable(sub);
          if (base !== undefined) return `if (!(ctx ? ctx.visit(${segmentExpr}, ${valueExpr}, v_${base}) : v_${base}(${valueExpr}))) return false;`;
          const code = compiler.inline(sub, makeScope(valueExpr, condition, [...at, ...path]));
          if (isEmpty(code)) return [];
          // With a context nothing returns early, so the pop always follows the push.
          return [`ctx?.segments.push(${segmentExpr});`, code, 'ctx?.segments.pop();'];
        },
        same: (sub, path, subCondition) => compiler.inline(sub, makeScope(value, subCondition ?? condition, [...at, ...path])),
        callable: (sub) => compiler.callable(sub),
        validator: (sub, path) => `v_${compiler.baseFor(sub, owner, [...at, ...path])}`,
        local: (prefix) => `${prefix}${++counter}`,
        hoistRegex: (source) => compiler.hoist(`regex:${source}`, 'PATTERN', `/* @__PURE__ */ new RegExp(${literal(source)}, "u")`),
        hoistSet: (values) => compiler.hoist(`set:${literal(values)}`, 'SET', `/* @__PURE__ */ new Set<unknown>(${literal(values)})`),
        hoistValue: (hoisted) => compiler.hoist(`value:${literal(hoisted)}`, 'VALUE', literal(hoisted)),
        runtime: (name) => compiler.useRuntime(name),
        label: (sub, index) => compiler.label(sub, index),
        resolve: (sub) => compiler.model.resolve(sub),
      };
    };
    return this.inline(schema, makeScope('value', undefined, []));
  }

  private useRuntime(name: string): string {
    this.runtimeImports.add(name);
    return name;
  }

  /**
   * The base name when `schema` is validated by calling a function instead of inline code: a
   * bare `$ref` (annotations beside it change nothing). Leaves stay inline: a call per leaf
   * property would cost the valid path more than the lines it saves.
   */
  callable(schema: JsonSchema): string | undefined {
    if (!isSchemaObject(schema) || schema.$ref === undefined) return undefined;
    const rules = Object.keys(schema).filter((key) => SUPPORTED.has(key));
    return rules.length === 1 ? this.component(refName(schema.$ref)) : undefined;
  }

  private inline(schema: JsonSchema, scope: CodeScope): Code {
    if (schema === true) return [];
    if (schema === false) return scope.fail('false', 'is not allowed');
    for (const key of Object.keys(schema)) {
      if (!SUPPORTED.has(key) && !ANNOTATIONS.has(key) && !key.startsWith('x-')) {
        throw new Error(`Unsupported JSON Schema keyword "${key}"; teach generators/emitters/validators/keywords to handle it`);
      }
    }
    const parts: Code[] = [];
    if (schema.$ref) {
      const base = this.component(refName(schema.$ref));
      parts.push(`if (!v_${base}(${scope.value}, ctx) && !ctx) return false;`);
    }
    const types = declaredTypes(schema);
    const onlyType = types.length === 1 ? types[0] : undefined;
    const typed = (type: string, code: Code): Code =>
      isEmpty(code) || onlyType === type || (type === 'number' && onlyType === 'integer') ? code : ifElse(typeTest(type, scope.value, scope), code);
    const body: Code[] = [
      emitValueKeywords(schema, scope),
      typed('string', emitStringKeywords(schema, scope)),
      typed('number', emitNumberKeywords(schema, scope)),
      typed('object', emitObjectKeywords(schema, scope)),
      typed('array', emitArrayKeywords(schema, scope)),
      emitCombinators(schema, scope),
    ];
    parts.push(types.length > 0 ? emitTypeGuard(schema, scope, body) : body);
    return parts;
  }

  private hoist(key: string, prefix: string, initializer: string): string {
    let name = this.hoistedByKey.get(key);
    if (!name) {
      name = `${prefix}_${this.hoisted.filter((entry) => entry.name.startsWith(`${prefix}_`)).length + 1}`;
      this.hoistedByKey.set(key, name);
      this.hoisted.push({ name, initializer });
    }
    return name;
  }

  private label(schema: JsonSchema, index: number): string {
    if (!isSchemaObject(schema)) return `alternative ${index + 1}`;
    const resolved = this.model.resolve(schema);
    if (isSchemaObject(resolved) && resolved.title) return resolved.title;
    if (schema.$ref) return refName(schema.$ref);
    const condition = describeCondition(schema);
    if (condition.phrase !== '') return condition.phrase;
    if (schema.format) return `${schema.format} format`;
    if (schema.type) return `${declaredTypes(schema).join(' or ')}`;
    return `alternative ${index + 1}`;
  }
}

/** `test` as the left operand of `&&`: parenthesized only where `||` or `?:` would bind looser. */
const operand = (test: string): string => (/\|\||\?/.test(test) ? `(${test})` : test);

/** The schema's content as far as its own function's code depends on it, as a map key. */
function contentKey(schema: JsonSchema): string {
  if (!isSchemaObject(schema)) return String(schema);
  const kept = Object.keys(schema).filter((key) => !NOT_IN_CONTENT_KEY.has(key)).sort();
  return JSON.stringify(kept.map((key) => [key, schema[key as keyof typeof schema]]));
}

