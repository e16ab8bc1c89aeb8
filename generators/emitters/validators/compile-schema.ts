// Compiles JSON Schemas into plain TypeScript functions, one per schema: `v_X(value, ctx?)`.
// Without a context it is a predicate that stops at the first failure (the fast path, and what
// applicators test branches with); with one it records every issue with its wire path in a single
// pass (`validateX` runs it only once the predicate has said no). One function instead of a
// check/collect pair keeps the generated file, and a bundle that keeps a few validators, about a
// third smaller. Keywords are defined one by one in ./keywords; this file only dispatches.
//
// A sub-schema that needs a function of its own (a branch, a condition) is keyed by its content,
// so identical checks are emitted once, and named after where it first sits in the spec
// (`SaleCardRequest_allOf_1_if`), so a reader can trace generated code back to the schema.
import { isSchemaObject, type JsonSchema, type SchemaObject } from '../../model/json-schema.js';
import { functionBase } from '../../model/names.js';
import type { SpecModel } from '../../model/spec-model.js';
import { contributes, evaluated, staticallyEvaluated, type Hoist, type Kind } from './annotations.js';
import { ifElse, isEmpty, mapText, operand, render, type Code } from './code.js';
import { literal, ownValue, type CodeScope, type KnownProperty, type SchemaPath } from './code-scope.js';
import { patternTest } from './pattern-test.js';
import { conditionSuffix, describeCondition, type Condition } from '../../shared/condition-text.js';
import type { KeywordDefinition } from './keyword.js';
import { NO_FACTS, type ValidatorFacts } from '../../shared/validator-facts.js';
import { AMOUNT_KEYWORDS } from './keywords/amount.js';
import { ARRAY_KEYWORDS } from './keywords/array.js';
import { COMBINATOR_KEYWORDS } from './keywords/combinators.js';
import { CONTENT_KEYWORDS } from './keywords/content.js';
import { LUHN_KEYWORDS } from './keywords/luhn.js';
import { NUMBER_KEYWORDS } from './keywords/number.js';
import { OBJECT_KEYWORDS } from './keywords/object.js';
import { STRING_KEYWORDS } from './keywords/string.js';
import { declaredTypes, emitTypeGuard, typeTest } from './keywords/type.js';
import { UNEVALUATED_KEYWORDS } from './keywords/unevaluated.js';
import { VALUE_KEYWORDS } from './keywords/value.js';
import { WARNING_KEYWORDS } from './keywords/warning.js';
import { DOCUMENT_BASE, SchemaIndex, type SchemaResources } from './schema-index.js';

/** Every keyword the validators implement, in the order their checks run. */
const KEYWORDS: readonly KeywordDefinition[] = [
  ...VALUE_KEYWORDS,
  ...STRING_KEYWORDS,
  ...LUHN_KEYWORDS,
  ...CONTENT_KEYWORDS,
  ...NUMBER_KEYWORDS,
  ...OBJECT_KEYWORDS,
  // After `properties`: an amount's own rules (its pattern) report first.
  ...AMOUNT_KEYWORDS,
  ...ARRAY_KEYWORDS,
  ...COMBINATOR_KEYWORDS,
  ...WARNING_KEYWORDS,
  // Last: they read the annotations of everything above.
  ...UNEVALUATED_KEYWORDS,
];

/** Keywords that only annotate or identify; validators ignore them. */
const ANNOTATIONS = new Set([
  'title', 'description', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly',
  'contentMediaType', 'contentEncoding', '$comment', 'externalDocs', '$id', '$anchor', '$dynamicAnchor', '$defs', 'definitions', '$schema',
]);
/** Annotations that change no code of the schema's own function (its parent reads titles as labels). */
const NOT_IN_CONTENT_KEY = new Set(['title', 'description', 'examples', 'example', 'default', 'deprecated', '$comment', 'externalDocs']);
const SUPPORTED = new Set<string>(['type', ...KEYWORDS.flatMap((definition) => [definition.keyword, ...(definition.with ?? [])])]);
/** Extensions a keyword's message reads (`maxLength` names a safety cap): they change the code. */
const MESSAGE_EXTENSIONS = new Set(['x-safety-cap']);
/** Only the 2020-12 dialect: another `$schema` would change what keywords mean. */
const DIALECT = /^https:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

export interface CompiledFunction {
  readonly name: string;
  readonly signature: string;
  readonly body: Code;
}

export class ValidatorCompiler {
  readonly functions: CompiledFunction[] = [];
  /** Runtime helpers the code calls, each with the runtime module it lives in. */
  readonly runtimeImports = new Map<string, string>();
  readonly hoisted: { readonly name: string; readonly initializer: string }[] = [];
  private readonly hoistedByKey = new Map<string, string>();
  private readonly index: SchemaIndex;
  /** Functions of schemas `$ref` points at or components name, by identity. */
  private readonly byNode = new Map<SchemaObject, string>();
  /** Functions of other sub-schemas, by content and base URI. */
  private readonly byContent = new Map<string, string>();
  private readonly usedNames = new Set<string>();
  private readonly queue: (() => void)[] = [];
  /** Functions applied to a part of the value: a property's value, an item, a string's content. */
  private readonly appliedToParts = new Set<string>();
  /** Functions applied to the value itself somewhere: a $ref, a branch, a condition. */
  private readonly appliedInPlace = new Set<string>();
  /** The function of each discriminated branch given its tag (branchFunction), by the schema it validates. */
  private readonly givenBranches = new Map<SchemaObject, { readonly name: string; readonly known: KnownProperty; readonly base: string }>();
  private readonly delegated = new Set<SchemaObject>();
  /**
   * Leaf functions (checks on one scalar): they take the wire-path segment of the part they
   * check as a third argument, `v_X(value, ctx, "key")`, and record their issues there. A caller
   * then needs no `visit` around them, and the call is as direct with a context as without.
   */
  private readonly takesSegment = new Set<string>();
  /** Leaves shared by content (callableAt), by name: each is called only on a part, through `visit`. */
  private readonly sharedLeaves = new Map<string, SchemaObject>();
  /** Shared leaves some reporting code calls with its context. */
  private readonly reportedLeaves = new Set<string>();
  /**
   * Shared leaves only code that answers calls (an `if`, a `not`): written as predicates, without
   * their messages, each with the reporting version it would need if reporting code called it.
   */
  private readonly answerOnly = new Map<string, CompiledFunction>();
  /** Functions folded into another of the same code (foldIdentical): the name each goes by. */
  private readonly folded = new Map<string, string>();

  /**
   * `resources`: external schemas the document's `$ref`s may name (the product passes none).
   * `validatedAlone`: components validated on their own as well (the client's request schemas):
   * a discriminator calls their whole function, rather than a second copy given the tag.
   */
  constructor(
    private readonly model: Pick<SpecModel, 'schemas'>,
    resources?: SchemaResources,
    private readonly validatedAlone: ReadonlySet<string> = new Set(),
    /** What keywords read of the model beyond a schema (the currency table); none by default. */
    readonly facts: ValidatorFacts = NO_FACTS,
  ) {
    this.index = new SchemaIndex(Object.fromEntries(model.schemas), resources);
  }

  /**
   * Compiles component schemas and everything they reach; returns each one's base function name.
   * All are named before any body is emitted, so a sub-schema with a component's content calls
   * the component's function rather than a copy named after its own path.
   */
  components(names: readonly string[]): Map<string, string> {
    const functions = new Map(
      names.map((name) => {
        const schema = this.model.schemas.get(name);
        if (schema === undefined) throw new Error(`Unknown schema ${name}`);
        return [name, this.nodeFunction(schema as JsonSchema, functionBase(name), DOCUMENT_BASE)] as const;
      }),
    );
    this.drain();
    return functions;
  }

  /** Compiles one component schema and everything it reaches; returns the base function name. */
  component(name: string): string {
    return this.components([name]).get(name)!;
  }

  private drain(): void {
    do while (this.queue.length > 0) this.queue.shift()!();
    while (this.delegateToBranches());
    for (const [name, schema] of this.sharedLeaves) {
      if (this.reportedLeaves.has(name) || this.answerOnly.has(name)) continue;
      const index = this.functions.findIndex((compiled) => compiled.name === `v_${name}`);
      this.answerOnly.set(name, this.functions[index]!);
      this.functions[index] = { name: `v_${name}`, signature: '(value: unknown): boolean', body: [this.body(schema, name, '', false), 'return true;'] };
    }
  }

  /** A shared leaf reporting code calls: back to its reporting version, if it was written as a predicate. */
  private reportedLeaf(name: string): void {
    this.reportedLeaves.add(name);
    const reporting = this.answerOnly.get(name);
    if (reporting === undefined) return;
    this.answerOnly.delete(name);
    this.functions[this.functions.findIndex((compiled) => compiled.name === `v_${name}`)] = reporting;
  }

  /**
   * A schema's own function, where a discriminator also reaches the schema given its tag: the
   * tag's check, then the branch's function (one copy of the branch's code). Returns whether it
   * rewrote any (their code may queue functions to compile).
   */
  private delegateToBranches(): boolean {
    let rewritten = false;
    for (const [schema, branch] of this.givenBranches) {
      const own = this.byNode.get(schema);
      const index = this.functions.findIndex((compiled) => compiled.name === `v_${own}`);
      if (own === undefined || index === -1 || this.delegated.has(schema)) continue;
      this.delegated.add(schema);
      const { property } = branch.known;
      // The branch's function takes an object schema's type as tested: here it is tested first.
      const object = isObjectSchema(schema);
      const tagOnly: SchemaObject = {
        ...(object ? { type: 'object' } : {}),
        properties: { [property]: schema.properties![property]! },
        ...(schema.required?.includes(property) ? { required: [property] } : {}),
      };
      const call = `${this.inPlace(branch.name)}(value, ctx)`;
      const body = [
        this.body(tagOnly, own, branch.base, true),
        `if (${object ? `${this.useRuntime('isPlainObject')}(value) && ` : ''}!${call} && !ctx) return false;`,
        'return true;',
      ];
      this.functions[index] = { ...this.functions[index]!, body };
      rewritten = true;
    }
    return rewritten;
  }

  /**
   * The function of a schema a reference or a component names: one per schema, by identity (its
   * place fixes its base URI), shared with any other schema of the same content at the same base.
   */
  private nodeFunction(schema: JsonSchema, wanted: string, base: string): string {
    if (!isSchemaObject(schema)) return this.contentFunction(schema, wanted, base);
    let name = this.byNode.get(schema);
    if (name === undefined) {
      name = this.contentFunction(schema, wanted, base);
      this.byNode.set(schema, name);
    }
    return name;
  }

  /**
   * The function of an unnamed sub-schema (a branch, a condition): one per content and base URI.
   * Without `reports` it only answers (see `predicateFor`): a function of its own.
   */
  private contentFunction(schema: JsonSchema, wanted: string, base: string, reports = true, known?: KnownProperty): string {
    const given = known ? `given ${literal([known.property, known.value])} ` : '';
    const key = `${base} ${reports ? '' : 'predicate '}${given}${contentKey(schema)}`;
    let name = this.byContent.get(key);
    if (name === undefined) {
      name = this.claim(wanted);
      this.byContent.set(key, name);
      if (reports && known === undefined && isSchemaObject(schema) && isLeaf(schema)) this.takesSegment.add(name);
      const fixed = name;
      this.queue.push(() => this.emit(fixed, schema, base, reports, known));
    }
    return name;
  }

  private claim(wanted: string): string {
    const clean = functionBase(wanted).replace(/_+/g, '_');
    let name = clean;
    for (let n = 2; this.usedNames.has(name); n++) name = `${clean}_${n}`;
    this.usedNames.add(name);
    return name;
  }

  private emit(name: string, schema: JsonSchema, base: string, reports: boolean, known?: KnownProperty): void {
    // No predicate guard in front of the reporting pass: it records nothing on a valid subtree, so
    // re-checking every level first would only walk the failing path again and again.
    // A discriminated branch of an object schema is called with the object (see `body`).
    const valueType = known !== undefined && isObjectSchema(schema) ? 'Record<string, unknown>' : 'unknown';
    const signature = !reports
      ? `(value: ${valueType}): boolean`
      : this.takesSegment.has(name)
        ? `(value: ${valueType}, ctx?: ValidationContext, at?: PathSegment): boolean`
        : `(value: ${valueType}, ctx?: ValidationContext): boolean`;
    this.functions.push({ name: `v_${name}`, signature, body: [this.body(schema, name, base, reports, known), 'return true;'] });
  }

  /** The schema a `$ref` in `schema` (whose base URI is `base`) names. */
  private target(ref: string, base: string): JsonSchema {
    return this.index.resolve(ref, base);
  }

  private baseOf(schema: JsonSchema, fallback: string): string {
    return (isSchemaObject(schema) ? this.index.placeOf(schema)?.base : undefined) ?? fallback;
  }

  /** `$ref` followed to the schema it names (through chains of bare references). */
  private resolveAt(schema: JsonSchema, base: string, seen = new Set<JsonSchema>()): JsonSchema {
    if (!isSchemaObject(schema) || schema.$ref === undefined || seen.has(schema) || !isBareRef(schema)) return schema;
    seen.add(schema);
    const here = this.baseOf(schema, base);
    const target = this.target(schema.$ref, here);
    return this.resolveAt(target, this.baseOf(target, here), seen);
  }

  private body(schema: JsonSchema, owner: string, rootBase: string, reports: boolean, rootKnown?: KnownProperty): Code {
    let counter = 0;
    const compiler = this;
    const makeScope = (value: string, condition: Condition | undefined, at: SchemaPath, base: string, knownType?: string, known?: KnownProperty): CodeScope => {
      const text = (message: string) => literal(message + conditionSuffix(condition));
      const rejectAt = (keyExpr: string, rule: string, message: string) =>
        `${this.useRuntime('rejectAt')}(ctx, ${keyExpr}, ${literal(rule)}, ${text(message)})`;
      // A leaf records at the segment its caller passed (`at`, none when applied in place).
      const reject = (rule: string, message: string) =>
        this.takesSegment.has(owner) ? rejectAt('at', rule, message) : `${this.useRuntime('reject')}(ctx, ${literal(rule)}, ${text(message)})`;
      const named = (path: SchemaPath) => [owner, ...at, ...path].join('_');
      // The predicate calls the validator directly (V8 inlines it there; through `visit` it would be an indirect call).
      const visit = (callee: string, valueExpr: string, segmentExpr: string) => {
        this.appliedToParts.add(`v_${callee}`);
        if (!reports) return `v_${callee}(${valueExpr})`;
        if (this.sharedLeaves.has(callee)) this.reportedLeaf(callee);
        if (this.takesSegment.has(callee)) return `v_${callee}(${valueExpr}, ctx, ${segmentExpr})`;
        return `(ctx ? ${this.useRuntime('visit')}(ctx, ${segmentExpr}, ${valueExpr}, v_${callee}) : v_${callee}(${valueExpr}))`;
      };
      const noReport = (): never => {
        throw new Error(`${owner}: a function that only answers records no issue`);
      };
      return {
        value,
        knownType,
        withKnownType: (type) => makeScope(value, condition, at, base, type, known),
        condition,
        facts: compiler.facts,
        reports,
        known,
        // `reject` records and returns false with a context, and returns true (stop) without one.
        failIf: (test, rule, message) => (reports ? `if (${operand(test)} && ${reject(rule, message)}) return false;` : `if (${test}) return false;`),
        failAtIf: (test, keyExpr, rule, message) => (reports ? `if (${operand(test)} && ${rejectAt(keyExpr, rule, message)}) return false;` : `if (${test}) return false;`),
        fail: (rule, message) => (reports ? `if (${reject(rule, message)}) return false;` : 'return false;'),
        failAt: (keyExpr, rule, message) => (reports ? `if (${rejectAt(keyExpr, rule, message)}) return false;` : 'return false;'),
        record: (rule, message) => (reports ? `ctx.fail(${literal(rule)}, ${text(message)});` : noReport()),
        recordAt: (keyExpr, rule, message) => (reports ? `ctx.failAt(${keyExpr}, ${literal(rule)}, ${text(message)});` : noReport()),
        child: (sub, valueExpr, segmentExpr, path) => {
          const callee = compiler.callableAt(sub, base, condition, named(path));
          if (callee !== undefined) return `if (!${visit(callee, valueExpr, segmentExpr)}) return false;`;
          const code = compiler.inline(sub, makeScope(valueExpr, condition, [...at, ...path], compiler.baseOf(sub, base)));
          if (isEmpty(code) || !reports) return code;
          // With a context nothing returns early, so the pop always follows the push.
          return [`ctx?.segments.push(${segmentExpr});`, code, 'ctx?.segments.pop();'];
        },
        visit,
        same: (sub, path, subCondition) => compiler.inline(sub, makeScope(value, subCondition ?? condition, [...at, ...path], compiler.baseOf(sub, base), knownType)),
        callable: (sub, path) => compiler.callableAt(sub, base, condition, named(path)),
        validator: (sub, path) => compiler.inPlace(compiler.functionFor(sub, named(path), base)),
        predicate: (sub, path) => compiler.inPlace(compiler.predicateFor(sub, named(path), base)),
        branch: (sub, path, given) => compiler.inPlace(compiler.branchFunction(sub, named(path), base, given)),
        reference: (ref) => compiler.inPlace(compiler.referenceFunction(ref, base)),
        dynamicReference: (ref) => {
          if (compiler.index.staticDynamicTarget(ref, base) === undefined) {
            throw new Error(`$dynamicRef "${ref}" resolves through the dynamic scope (several resources declare its $dynamicAnchor); only references that resolve statically are supported`);
          }
          return compiler.inPlace(compiler.referenceFunction(ref, base));
        },
        collector: (sub, kind) => compiler.collector(sub, kind, named([]), base),
        evaluated: (sub, kind) => evaluated(sub, kind, (node) => compiler.target(node.$ref!, compiler.baseOf(node, base)), false),
        local: (prefix) => `${prefix}${++counter}`,
        patternTest: (source, argument) => compiler.patternTest(source, argument),
        hoistSet: (values) => compiler.hoistSet(values),
        hoistMap: (record) => compiler.hoist(`map:${literal(record)}`, 'MAP', `/* @__PURE__ */ new Map<unknown, number>(Object.entries(${literal(record)}))`),
        hoistValue: (hoisted) => compiler.hoist(`value:${literal(hoisted)}`, 'VALUE', literal(hoisted)),
        runtime: (name, module) => compiler.useRuntime(name, module),
        label: (sub, index) => compiler.label(sub, index, base),
        resolve: (sub) => compiler.resolveAt(sub, base),
      };
    };
    // A discriminated branch is reached only with an object carrying its tag (the switch read it;
    // its schema's own function tests the type first): an object schema does not test it again.
    const knownType = rootKnown !== undefined && isObjectSchema(schema) ? 'object' : undefined;
    return this.inline(schema, makeScope('value', undefined, [], this.baseOf(schema, rootBase), knownType, rootKnown));
  }

  /**
   * The function of a discriminated branch, reached only when the tag property holds `known`'s
   * value: when the branch's own schema for the tag accepts that value whatever it is checked
   * for (a `const` or `enum` with it, a `type` it has), the tag is not checked again (an APM
   * sale's method branch leaves `brand` to the switch that chose it). Else the branch's function.
   */
  private branchFunction(schema: JsonSchema, wanted: string, base: string, known: KnownProperty): string {
    const target = this.resolveAt(schema, base);
    const place = isSchemaObject(target) ? this.index.placeOf(target) : undefined;
    const alone = place?.name.length === 1 && this.validatedAlone.has(String(place.name[0]));
    if (!isSchemaObject(target) || alone || !acceptsKnown(target.properties?.[known.property], known.value)) return this.functionFor(schema, wanted, base);
    const name = `${place ? place.name.join('_') : wanted}_given_${known.property}`;
    const targetBase = this.baseOf(target, base);
    const given = this.contentFunction(target, name, targetBase, true, known);
    if (!this.givenBranches.has(target)) this.givenBranches.set(target, { name: given, known, base: targetBase });
    return given;
  }

  /**
   * The function for a sub-schema only ever tested, never reported on (`if`, `not`, `contains`):
   * without a context, its messages, or its wire paths. A bare reference calls its target's.
   */
  private predicateFor(schema: JsonSchema, wanted: string, base: string): string {
    if (isSchemaObject(schema) && schema.$ref !== undefined && isBareRef(schema)) return this.referenceFunction(schema.$ref, this.baseOf(schema, base));
    return this.contentFunction(schema, wanted, this.baseOf(schema, base), false);
  }

  /** `v_X` of a function applied to the value itself (or, for `contains`, through a test of each item). */
  private inPlace(base: string): string {
    this.appliedInPlace.add(`v_${base}`);
    return `v_${base}`;
  }

  /**
   * Folds functions whose code came out the same into the first of them (the branches of a
   * discriminator that differ only in their tag, or in the name of a $ref whose target's code is
   * shared), again until none is left: returns the name each folded function goes by now. Run
   * once compiling is done; `partsOnly` and `alwaysApplied` answer with the names kept.
   */
  foldIdentical(): ReadonlyMap<string, string> {
    for (;;) {
      const first = new Map<string, string>();
      const folded = new Map<string, string>();
      for (const compiled of this.functions) {
        const text = `${compiled.signature} ${render(compiled.body)}`;
        const kept = first.get(text);
        if (kept === undefined) first.set(text, compiled.name);
        else folded.set(compiled.name, kept);
      }
      if (folded.size === 0) return this.folded;
      for (const [name, kept] of this.folded) this.folded.set(name, folded.get(kept) ?? kept);
      for (const [name, kept] of folded) this.folded.set(name, kept);
      // Names in code, not in string literals or after a dot (a property with a function's name).
      const rename = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"|(?<![.\w$])[A-Za-z_$][\w$]*/g, (token) => folded.get(token) ?? token);
      const kept = this.functions.filter((compiled) => !folded.has(compiled.name)).map((compiled) => ({ ...compiled, body: mapText(compiled.body, rename) }));
      this.functions.splice(0, this.functions.length, ...kept);
    }
  }

  private readonly keptName = (name: string): string => this.folded.get(name) ?? name;

  /** Functions only ever applied to a part of the value: called only when the value has that part. */
  partsOnly(): Set<string> {
    const inPlace = new Set([...this.appliedInPlace].map(this.keptName));
    return new Set([...this.appliedToParts].map(this.keptName).filter((name) => !inPlace.has(name)));
  }

  /**
   * The functions applied to parts every valid instance of the component carries: its required
   * properties (its own and those of what it applies in place unconditionally, allOf members and
   * $ref targets), and theirs in turn. Run after compiling: it names functions, never makes one.
   */
  alwaysApplied(name: string): Set<string> {
    const found = new Set<string>();
    const seen = new Set<JsonSchema>();
    const carried = (schema: JsonSchema, base: string): void => {
      if (!isSchemaObject(schema) || seen.has(schema)) return;
      seen.add(schema);
      const parts: { schema: SchemaObject; base: string }[] = [];
      const inPlace = (part: JsonSchema, partBase: string): void => {
        if (!isSchemaObject(part) || parts.some((known) => known.schema === part)) return;
        const here = this.baseOf(part, partBase);
        parts.push({ schema: part, base: here });
        for (const member of part.allOf ?? []) inPlace(member, here);
        if (part.$ref !== undefined) inPlace(this.target(part.$ref, here), here);
      };
      inPlace(schema, base);
      const required = new Set(parts.flatMap((part) => part.schema.required ?? []));
      for (const { schema: part, base: here } of parts) {
        for (const [key, property] of Object.entries(part.properties ?? {})) {
          if (!required.has(key) || !isSchemaObject(property)) continue;
          // The function the properties keyword calls for a bare $ref (callableAt): its target's.
          if (property.$ref !== undefined && isBareRef(property)) {
            const target = this.target(property.$ref, this.baseOf(property, here));
            const fn = isSchemaObject(target) ? this.byNode.get(target) : undefined;
            if (fn !== undefined) found.add(`v_${fn}`);
          }
          carried(property, here);
        }
      }
    };
    const schema = this.model.schemas.get(name);
    if (schema !== undefined) carried(schema as JsonSchema, DOCUMENT_BASE);
    return new Set([...found].map(this.keptName));
  }

  /** The function for a sub-schema used as a branch: a bare reference calls its target's. */
  private functionFor(schema: JsonSchema, wanted: string, base: string): string {
    if (isSchemaObject(schema) && schema.$ref !== undefined && isBareRef(schema)) return this.referenceFunction(schema.$ref, this.baseOf(schema, base));
    return this.contentFunction(schema, wanted, this.baseOf(schema, base));
  }

  private referenceFunction(ref: string, base: string): string {
    const target = this.target(ref, base);
    return this.nodeFunction(target, this.index.nameOf(ref, base).join('_'), this.baseOf(target, base));
  }

  private useRuntime(name: string, module = 'validation'): string {
    if (name === 'inherited') {
      // Declared in the module rather than imported: a bundle or loader that turns imports into
      // property reads would put a read in front of every own-property check.
      if (!this.hoistedByKey.has(name)) {
        this.hoistedByKey.set(name, name);
        this.hoisted.push({ name, initializer: 'Object.prototype as unknown as Readonly<Record<string, unknown>>' });
      }
      return name;
    }
    this.runtimeImports.set(name, module);
    return name;
  }

  /**
   * The base name when `schema` is validated by calling a function instead of inline code: a
   * bare `$ref` (annotations beside it change nothing), or a leaf (checks on one scalar) outside
   * a then/else branch, shared by content: the same `maxLength: 255` string is written once
   * rather than at every property, and V8 inlines so small a function at its call sites.
   */
  private callableAt(schema: JsonSchema, base: string, condition: Condition | undefined, wanted: string): string | undefined {
    if (!isSchemaObject(schema)) return undefined;
    if (schema.$ref !== undefined) return isBareRef(schema) ? this.referenceFunction(schema.$ref, this.baseOf(schema, base)) : undefined;
    // A leaf's messages carry no condition, and no `$ref` inside makes its base URI matter.
    if (condition !== undefined || !isLeaf(schema)) return undefined;
    const name = this.contentFunction(schema, wanted, '');
    this.sharedLeaves.set(name, schema);
    return name;
  }

  private inline(schema: JsonSchema, scope: CodeScope): Code {
    if (schema === true) return [];
    if (schema === false) return scope.fail('false', 'is not allowed');
    for (const key of Object.keys(schema)) {
      if (!SUPPORTED.has(key) && !ANNOTATIONS.has(key) && !key.startsWith('x-')) {
        throw new Error(`Unsupported JSON Schema keyword "${key}"; teach generators/emitters/validators/keywords to handle it`);
      }
    }
    if (schema.$schema !== undefined && !DIALECT.test(String(schema.$schema))) throw new Error(`Unsupported $schema "${String(schema.$schema)}": the validators implement draft 2020-12 only`);
    // A type an enclosing schema has already tested is not tested again.
    const declared = declaredTypes(schema);
    const types = declared.length === 1 && declared[0] === scope.knownType ? [] : declared;
    const onlyType = declared.length === 1 ? declared[0] : scope.knownType;
    if (onlyType !== scope.knownType) scope = scope.withKnownType(onlyType);
    const applies = (type: string | undefined) => type === undefined || onlyType === type || (type === 'number' && onlyType === 'integer');
    // Consecutive keywords of one instance type share one type test.
    const groups: { type: string | undefined; code: Code[] }[] = [];
    for (const definition of KEYWORDS) {
      if ((schema as Record<string, unknown>)[definition.keyword] === undefined) continue;
      const code = definition.code(schema, scope);
      if (isEmpty(code)) continue;
      const type = applies(definition.type) ? undefined : definition.type;
      const last = groups.at(-1);
      if (last && last.type === type) last.code.push(code);
      else groups.push({ type, code: [code] });
    }
    const body = groups.map(({ type, code }) => (type === undefined ? code : ifElse(typeTest(type, scope.value, scope), code)));
    return types.length > 0 ? emitTypeGuard(types, scope, body) : body;
  }

  /**
   * The run-time annotation check of `schema` for `unevaluated*`: whether the schema's keywords
   * (on a value it accepts) evaluate one property name or item index. It allocates nothing, and
   * tests the cheap membership before a branch's validator.
   */
  private collector(schema: JsonSchema, kind: Kind, wanted: string, base: string, own = false, dynamicOnly = !own): string {
    const key = `${kind} ${own} ${dynamicOnly} ${base} ${contentKey(schema)}`;
    let name = this.byContent.get(key);
    if (name !== undefined) return name;
    name = this.claim(`${kind === 'properties' ? 'evaluatedProperty' : 'evaluatedItem'}_${wanted}`);
    this.byContent.set(key, name);
    const fixed = name;
    this.queue.push(() => this.functions.push(this.collectorFunction(fixed, wanted, schema, kind, base, own, dynamicOnly)));
    return name;
  }

  /**
   * With `dynamicOnly` (the check the owner of `unevaluated*` calls, and its allOf/$ref parts),
   * what is known statically is left out: the owner has tested it already.
   */
  private collectorFunction(name: string, wanted: string, schema: JsonSchema, kind: Kind, base: string, own: boolean, dynamicOnly: boolean): CompiledFunction {
    const node = isSchemaObject(schema) ? schema : {};
    const here = this.baseOf(schema, base);
    const resolve = (sub: SchemaObject) => this.target(sub.$ref!, this.baseOf(sub, here));
    const properties = kind === 'properties';
    const signature = properties ? '(value: Record<string, unknown>, key: string): boolean' : '(value: unknown[], index: number): boolean';
    const { allOf: _allOf, anyOf: _anyOf, oneOf: _oneOf, if: _if, dependentSchemas: _dependent, $ref: _ref, $dynamicRef: _dynamicRef, contains: _contains, ...keywords } = node;
    const ownPart = evaluated(keywords, kind, resolve, own);
    if (ownPart.all) return { name, signature, body: 'return true;' };
    const lines: Code[] = [];
    const argument = properties ? 'key' : 'index';
    const hoist: Hoist = this;
    const known = staticallyEvaluated(ownPart, kind, argument, hoist);
    if (known.length > 0 && !dynamicOnly) lines.push(`if (${known.join(' || ')}) return true;`);
    // A sub-schema applied to the same value: its own check, when it can evaluate anything; a
    // membership test in place when what it evaluates is known statically.
    const check = (member: JsonSchema, path: SchemaPath, memberBase = here, always = false) => {
      const part = evaluated(member, kind, resolve, true);
      if (!contributes(part) || (always && dynamicOnly && !part.dynamic)) return undefined;
      if (!part.dynamic) return `(${staticallyEvaluated(part, kind, argument, hoist).join(' || ')})`;
      return `${this.collector(member, kind, [wanted, ...path].join('_'), memberBase, true, always && dynamicOnly)}(value, ${argument})`;
    };
    const passes = (member: JsonSchema, path: SchemaPath) => `${this.inPlace(this.functionFor(member, [wanted, ...path].join('_'), here))}(value)`;
    const holds = (condition: JsonSchema) => `${this.inPlace(this.predicateFor(condition, [wanted, 'if'].join('_'), here))}(value)`;
    const always = (call: string | undefined) => (call ? lines.push(`if (${call}) return true;`) : undefined);
    (node.allOf ?? []).forEach((member, index) => always(check(member, ['allOf', index], here, true)));
    for (const ref of [node.$ref, node.$dynamicRef]) {
      if (ref === undefined) continue;
      const target = this.target(ref, here);
      const place = isSchemaObject(target) ? this.index.placeOf(target) : undefined;
      always(check(target, place ? place.name : ['ref'], this.baseOf(target, here), true));
    }
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      (node[keyword] ?? []).forEach((member, index) => {
        const call = check(member, [keyword, index]);
        if (call) lines.push(`if (${call} && ${passes(member, [keyword, index])}) return true;`);
      });
    }
    if (properties) {
      for (const [trigger, member] of Object.entries(node.dependentSchemas ?? {})) {
        const call = check(member, ['dependentSchemas', trigger]);
        if (call) lines.push(`if (${call} && ${ownValue({ runtime: (n) => this.useRuntime(n) }, 'value', trigger)}) return true;`);
      }
    } else if (node.contains !== undefined) {
      lines.push(`if (${this.inPlace(this.predicateFor(node.contains, `${wanted}_contains`, here))}(value[index])) return true;`);
    }
    if (node.if !== undefined) {
      const then = [check(node.if, ['if']), node.then !== undefined ? check(node.then, ['then']) : undefined].filter((call) => call !== undefined);
      const otherwise = node.else !== undefined ? check(node.else, ['else']) : undefined;
      if (then.length > 0) lines.push(`if ((${then.join(' || ')}) && ${holds(node.if)}) return true;`);
      if (otherwise) lines.push(`if (${otherwise} && !${holds(node.if)}) return true;`);
    }
    lines.push('return false;');
    return { name, signature, body: lines };
  }

  private readonly hoistRegex = (source: string): string => this.hoist(`regex:${source}`, 'PATTERN', `/* @__PURE__ */ new RegExp(${literal(source)}, "u")`);

  readonly patternTest = (source: string, argument: string): string => patternTest(source, argument, this.hoistRegex);

  readonly hoistSet = (values: readonly unknown[]): string => this.hoist(`set:${literal(values)}`, 'SET', `/* @__PURE__ */ new Set<unknown>(${literal(values)})`);

  private hoist(key: string, prefix: string, initializer: string): string {
    let name = this.hoistedByKey.get(key);
    if (!name) {
      name = `${prefix}_${this.hoisted.filter((entry) => entry.name.startsWith(`${prefix}_`)).length + 1}`;
      this.hoistedByKey.set(key, name);
      this.hoisted.push({ name, initializer });
    }
    return name;
  }

  private label(schema: JsonSchema, index: number, base: string): string {
    if (!isSchemaObject(schema)) return `alternative ${index + 1}`;
    const resolved = this.resolveAt(schema, base);
    if (isSchemaObject(resolved) && resolved.title) return resolved.title;
    if (schema.$ref) {
      const place = isSchemaObject(resolved) ? this.index.placeOf(resolved) : undefined;
      if (place && place.name.length === 1) return String(place.name[0]);
    }
    const condition = describeCondition(schema);
    if (condition.phrase !== '') return condition.phrase;
    if (schema.format) return `${schema.format} format`;
    if (schema.type) return `${declaredTypes(schema).join(' or ')}`;
    return `alternative ${index + 1}`;
  }
}

/**
 * Whether a property schema accepts `value` on every keyword it has: only `type`, `const` and
 * `enum`, each satisfied by the (string) value. Anything else is checked as written.
 */
function acceptsKnown(property: JsonSchema | undefined, value: string): boolean {
  if (!isSchemaObject(property)) return false;
  return Object.keys(property).every((key) => {
    if (!SUPPORTED.has(key)) return true;
    if (key === 'type') return declaredTypes(property).includes('string');
    if (key === 'const') return property.const === value;
    if (key === 'enum') return property.enum!.includes(value);
    return false;
  });
}

/** A schema whose only type is `object`. */
function isObjectSchema(schema: JsonSchema): boolean {
  return isSchemaObject(schema) && declaredTypes(schema).length === 1 && declaredTypes(schema)[0] === 'object';
}

/** A `$ref` with nothing beside it that validates (annotations change nothing). */
function isBareRef(schema: SchemaObject): boolean {
  return Object.keys(schema).every((key) => key === '$ref' || !SUPPORTED.has(key));
}

/** Keywords that check one scalar value and hold no sub-schema. */
const LEAF_KEYWORDS = new Set(['type', ...[...VALUE_KEYWORDS, ...STRING_KEYWORDS, ...NUMBER_KEYWORDS].map((definition) => definition.keyword)]);

/** A schema of leaf keywords only (and at least one: an empty schema needs no code at all). */
function isLeaf(schema: SchemaObject): boolean {
  const validating = Object.keys(schema).filter((key) => SUPPORTED.has(key));
  return validating.length > 0 && validating.every((key) => LEAF_KEYWORDS.has(key));
}


/** The schema's content as far as its own function's code depends on it, as a map key. */
function contentKey(schema: JsonSchema): string {
  if (!isSchemaObject(schema)) return String(schema);
  // Extensions the validators do not read (`x-sensitive`) change no code either.
  const kept = Object.keys(schema).filter((key) => !NOT_IN_CONTENT_KEY.has(key) && (!key.startsWith('x-') || SUPPORTED.has(key) || MESSAGE_EXTENSIONS.has(key))).sort();
  return JSON.stringify(kept.map((key) => [key, schema[key as keyof typeof schema]]));
}

