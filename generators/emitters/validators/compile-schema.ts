// Compiles JSON Schemas into plain TypeScript functions, one per schema: `v_X(value, ctx?)`.
// Without a context it is a predicate that stops at the first failure (the fast path, and what
// combinators test branches with); with one it records every issue with its wire path in a single
// pass (`validateX` runs it only once the predicate has said no). One function instead of a
// check/collect pair keeps the generated file, and a bundle that keeps a few validators, about a
// third smaller. Keyword families live in ./keywords; this file only dispatches.
import { isSchemaObject, refName, type JsonSchema } from '../../model/json-schema.js';
import { functionBase } from '../../model/names.js';
import type { SpecModel } from '../../model/spec-model.js';
import { literal, type CodeScope } from './code-scope.js';
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
const SUPPORTED = new Set<string>([
  '$ref', 'type', 'const', 'enum',
  ...STRING_KEYWORDS, ...NUMBER_KEYWORDS, ...OBJECT_KEYWORDS, ...ARRAY_KEYWORDS, ...COMBINATOR_KEYWORDS,
]);

export interface CompiledFunction {
  readonly name: string;
  readonly body: string;
}

export class ValidatorCompiler {
  readonly functions: CompiledFunction[] = [];
  readonly runtimeImports = new Set<string>();
  readonly hoisted: { readonly name: string; readonly initializer: string }[] = [];
  private readonly hoistedByKey = new Map<string, string>();
  private readonly compiledNames = new Set<string>();
  private readonly anonymous = new Map<JsonSchema, string>();
  private readonly anonymousCount = new Map<string, number>();
  private readonly rootOf = new Map<string, string>();
  private readonly queue: (() => void)[] = [];

  constructor(private readonly model: SpecModel) {}

  /** Compiles a component schema and everything it reaches; returns the base function name. */
  component(name: string): string {
    const base = functionBase(name);
    if (!this.compiledNames.has(base)) {
      this.compiledNames.add(base);
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
    this.functions.push({ name: `v_${base}`, body: `${this.body(schema, base)}\nreturn true;` });
  }

  /**
   * A base name for a schema used as a branch or condition: a component keeps its own, an inline
   * subschema is named after the component it sits in (`SaleCardRequest_2`).
   */
  private baseFor(schema: JsonSchema, owner: string): string {
    if (isSchemaObject(schema) && schema.$ref && Object.keys(schema).length === 1) return this.component(refName(schema.$ref));
    let base = this.anonymous.get(schema);
    if (!base) {
      const root = this.rootOf.get(owner) ?? owner;
      const count = (this.anonymousCount.get(root) ?? 0) + 1;
      this.anonymousCount.set(root, count);
      const fixed = `${root}_${count}`;
      base = fixed;
      this.rootOf.set(fixed, root);
      this.anonymous.set(schema, fixed);
      this.queue.push(() => this.emit(fixed, schema));
    }
    return base;
  }

  private body(schema: JsonSchema, owner: string): string {
    let counter = 0;
    const compiler = this;
    const makeScope = (value: string, condition: Condition | undefined): CodeScope => {
      const text = (message: string) => literal(message + conditionSuffix(condition));
      const reject = (rule: string, message: string) => `${this.useRuntime('reject')}(ctx, ${literal(rule)}, ${text(message)})`;
      const rejectAt = (keyExpr: string, rule: string, message: string) =>
        `${this.useRuntime('rejectAt')}(ctx, ${keyExpr}, ${literal(rule)}, ${text(message)})`;
      return {
      value,
      condition,
      // `reject` records and returns false with a context, and returns true (stop) without one.
      failIf: (test, rule, message) => `if ((${test}) && ${reject(rule, message)}) return false;`,
      failAtIf: (test, keyExpr, rule, message) => `if ((${test}) && ${rejectAt(keyExpr, rule, message)}) return false;`,
      fail: (rule, message) => `if (${reject(rule, message)}) return false;`,
      failAt: (keyExpr, rule, message) => `if (${rejectAt(keyExpr, rule, message)}) return false;`,
      record: (rule, message) => `ctx.fail(${literal(rule)}, ${text(message)});`,
      recordAt: (keyExpr, rule, message) => `ctx.failAt(${keyExpr}, ${literal(rule)}, ${text(message)});`,
      child: (sub, valueExpr, segmentExpr) => {
        const base = compiler.callable(sub);
        if (base !== undefined) return `if (!(ctx ? ctx.visit(${segmentExpr}, ${valueExpr}, v_${base}) : v_${base}(${valueExpr}))) return false;`;
        const code = compiler.inline(sub, makeScope(valueExpr, condition));
        if (code.trim() === '') return code;
        // With a context nothing returns early, so the pop always follows the push.
        return `ctx?.segments.push(${segmentExpr}); ${code} ctx?.segments.pop();`;
      },
      same: (sub, subCondition) => compiler.inline(sub, makeScope(value, subCondition ?? condition)),
      callable: (sub) => compiler.callable(sub),
      validator: (sub) => `v_${compiler.baseFor(sub, owner)}`,
      local: (prefix) => `${prefix}${++counter}`,
      hoistRegex: (source) => compiler.hoist(`regex:${source}`, 'PATTERN', `/* @__PURE__ */ new RegExp(${literal(source)}, "u")`),
      hoistSet: (values) => compiler.hoist(`set:${literal(values)}`, 'SET', `/* @__PURE__ */ new Set<unknown>(${literal(values)})`),
      hoistValue: (value) => compiler.hoist(`value:${literal(value)}`, 'VALUE', literal(value)),
      runtime: (name) => {
        compiler.runtimeImports.add(name);
        return name;
      },
      label: (sub, index) => compiler.label(sub, index),
      resolve: (sub) => compiler.model.resolve(sub),
      };
    };
    return this.inline(schema, makeScope('value', undefined));
  }

  private useRuntime(name: string): string {
    this.runtimeImports.add(name);
    return name;
  }

  /**
   * The base name when `schema` is validated by calling a function pair instead of inline code:
   * a bare `$ref` (annotations beside it change nothing). Leaves stay inline: a call per leaf
   * property would cost the valid path more than the lines it saves.
   */
  callable(schema: JsonSchema): string | undefined {
    if (!isSchemaObject(schema)) return undefined;
    const rules = Object.keys(schema).filter((key) => SUPPORTED.has(key));
    if (schema.$ref !== undefined) return rules.length === 1 ? this.component(refName(schema.$ref)) : undefined;
    return undefined;
  }

  private inline(schema: JsonSchema, scope: CodeScope): string {
    if (schema === true) return '';
    if (schema === false) return scope.fail('false', 'is not allowed');
    for (const key of Object.keys(schema)) {
      if (!SUPPORTED.has(key) && !ANNOTATIONS.has(key) && !key.startsWith('x-')) {
        throw new Error(`Unsupported JSON Schema keyword "${key}"; teach generators/emitters/validators/keywords to handle it`);
      }
    }
    const parts: string[] = [];
    if (schema.$ref) {
      const base = this.component(refName(schema.$ref));
      parts.push(`if (!v_${base}(${scope.value}, ctx) && !ctx) return false;`);
    }
    const types = declaredTypes(schema);
    const onlyType = types.length === 1 ? types[0] : undefined;
    const typed = (type: string, code: string) =>
      code.trim() === '' ? '' : onlyType === type || (type === 'number' && onlyType === 'integer') ? code : `if (${typeTest(type, scope.value, scope)}) { ${code} }`;
    const body = [
      emitValueKeywords(schema, scope),
      typed('string', emitStringKeywords(schema, scope)),
      typed('number', emitNumberKeywords(schema, scope)),
      typed('object', emitObjectKeywords(schema, scope)),
      typed('array', emitArrayKeywords(schema, scope)),
      emitCombinators(schema, scope),
    ]
      .filter((code) => code.trim() !== '')
      .join('\n');
    parts.push(types.length > 0 ? emitTypeGuard(schema, scope, body) : body);
    return parts.filter((code) => code.trim() !== '').join('\n');
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
