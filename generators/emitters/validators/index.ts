// Emitter: generated/client/src/validators.ts, plain functions with no runtime dependency on a
// JSON Schema library. Each component schema X exports `validateX(value, style?)`, which
// returns every issue with its wire path, and the type guard `isX(value)`; both call the one
// compiled function `v_X(value, ctx?)` (see compile-schema.ts). Each module is written as text:
// its import lines, then the function bodies ./code.ts renders from its code tree (ajv's way),
// laid out as written, so neither a formatter nor a TypeScript AST is needed.
// Code that request schemas reach moves to modules the client loads per operation, and large
// parts a request may leave out to modules loaded when a value has them (./modules.ts).
import type { SchemaObject } from '../../model/json-schema.js';
import type { SpecModel, WirePathStyle } from '../../model/spec-model.js';
import { stringLiteral } from '../../shared/code-text.js';
import { fromPart, type Emitter, type GeneratedFile } from '../emitter.js';
import { proselessSpec } from '../../model/field-prose.js';
import { functionBase, validatorModulePath, validatorName } from '../../model/names.js';
import { clientOperations } from '../../model/operations.js';
import { validatorFacts } from '../../shared/validator-facts.js';
import { block, render, type Code } from './code.js';
import { ValidatorCompiler } from './compile-schema.js';
import { deferredFunctions, deferredModulePath, layoutValidators } from './modules.js';
import type { SchemaResources } from './schema-index.js';

export const VALIDATORS_PATH = 'client/src/validators.ts';

/** A hoisted constant or a compiled function, with its text (for the references it makes). */
interface Declaration {
  readonly name: string;
  readonly kind: 'constant' | 'function';
  /** The declaration, exported or not; `relative` gives a module's specifier from where it is written. */
  readonly code: (exported: boolean, relative: (target: string) => string) => Code;
  readonly text: string;
}

/** A deferred function `v_X`: its code is `deferred_X`, and `v_X` a stub that loads it. */
const deferredCode = (name: string): string => name.replace(/^v_/, 'deferred_');

const identifiers = (code: string): string[] => [...new Set(code.match(/[A-Za-z_$][\w$]*/g) ?? [])];

/**
 * The emitter, compiling with external schema resources the document's `$ref`s may name (URI →
 * schema, as ajv's `addSchema`). The product's emitter has none: the spec is bundled, and
 * generating never fetches.
 */
export function createValidatorsEmitter(resources?: SchemaResources): Emitter {
  return fromPart({
    name: 'validators',
    reads: validatorInputs,
    emitPart: async (part) => emitValidators(part, resources),
  });
}

export const validatorsEmitter: Emitter = createValidatorsEmitter();

/** What the validators read of the model: the component schemas, their wire styles, the client's requests and the currency table. */
interface ValidatorInputs {
  readonly schemas: readonly (readonly [string, SchemaObject])[];
  readonly wireStyles: readonly (readonly [string, WirePathStyle])[];
  /** Each client operation's request schema, with the fields it defines when the client refuses others. */
  readonly requests: readonly { readonly schemaName: string; readonly fields?: readonly string[] }[];
  /** The currency table `x-amount-decimals` checks amounts against (code, decimals). */
  readonly currencyExponents: readonly (readonly [string, number])[];
}

function validatorInputs(model: SpecModel): ValidatorInputs {
  return {
    // Without their prose (model/field-prose.ts): an edited description leaves the validators cached.
    schemas: Object.entries(proselessSpec(model).document.components?.schemas ?? {}),
    wireStyles: [...model.wireStyles],
    requests: clientOperations(model).map((operation) => ({ schemaName: operation.requestSchemaName, ...(operation.fields ? { fields: operation.fields } : {}) })),
    currencyExponents: [...validatorFacts(model).currencyExponents],
  };
}

function emitValidators(part: ValidatorInputs, resources: SchemaResources | undefined): readonly GeneratedFile[] {
  const model = { schemas: new Map(part.schemas), wireStyles: new Map(part.wireStyles) };
  const requests = part.requests;
  const facts = { currencyExponents: new Map(part.currencyExponents) };
  const compiler = new ValidatorCompiler(model, resources, new Set(requests.map((request) => request.schemaName)), facts);
  const names = [...model.schemas.keys()];
  const compiledNames = compiler.components(names);
  const folded = compiler.foldIdentical();
  const functions = new Map([...compiledNames].map(([name, base]) => [name, folded.get(`v_${base}`) ?? `v_${base}`]));

  const constant = (name: string, initializer: (relative: (target: string) => string) => string, text: string): Declaration => ({
    name,
    kind: 'constant',
    code: (exported, relative) => `${exported ? 'export ' : ''}const ${name} = ${initializer(relative)};`,
    text,
  });
  const fn = (name: string, signature: string, body: Code): Declaration => {
    const code = (exported: boolean) => block(`${exported ? 'export ' : ''}function ${name}${signature}`, body);
    return { name, kind: 'function', code, text: render(code(false)) };
  };
  const compiled: Declaration[] = [
    ...compiler.hoisted.map(({ name, initializer }) => constant(name, () => initializer, initializer)),
    ...compiler.functions.map(({ name, signature, body }) => fn(name, signature, body)),
  ];
  const roots = new Map(requests.map((request) => [functions.get(request.schemaName)!, request.schemaName]));
  const size = (declaration: Declaration) => declaration.text.length;
  // Deferred: functions applied only to parts a request may leave out, large enough to be worth a module.
  const always = new Set([...new Set(roots.values())].flatMap((schemaName) => [...compiler.alwaysApplied(schemaName)]));
  const candidates = new Set([...compiler.partsOnly()].filter((name) => !always.has(name) && !roots.has(name)));
  const compiledReferences = new Map(compiled.map((declaration) => [declaration.name, identifiers(declaration.text)]));
  const deferred = deferredFunctions(compiled, (declaration) => compiledReferences.get(declaration.name)!, [...roots.keys()], candidates, size);
  const piece = (name: string) => name.replace(/^v_/, '');
  const declarations = compiled.flatMap((declaration): Declaration[] => {
    if (!deferred.has(declaration.name)) return [declaration];
    const { signature, body } = compiler.functions.find((compiledFunction) => compiledFunction.name === declaration.name)!;
    const stub = constant(declaration.name, (relative) => `/* @__PURE__ */ defer(() => import(${JSON.stringify(relative(deferredModulePath(piece(declaration.name))))}))`, 'defer');
    return [stub, fn(deferredCode(declaration.name), signature, body)];
  });
  const references = new Map(declarations.map((declaration) => [declaration.name, identifiers(declaration.text)]));
  const layout = layoutValidators(declarations, (declaration) => references.get(declaration.name)!, roots, size, new Map([...deferred].map((name) => [deferredCode(name), piece(name)])));
  /** Runtime helpers by name, with the runtime module each lives in. */
  const runtime = new Map([...compiler.runtimeImports, ...(deferred.size > 0 ? (['defer', 'provide'] as const).map((name) => [name, 'validation'] as const) : [])]);
  /**
   * The deferred stubs `from`'s code reaches: directly (what a module lists for the client to load
   * in turn) or, `through` their code, all of them (what validators.ts hands in statically).
   */
  const piecesReached = (from: string, through: boolean): string[] => {
    const reached = new Set<string>();
    const found: string[] = [];
    const stack = [from];
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (reached.has(name)) continue;
      reached.add(name);
      if (deferred.has(name)) {
        found.push(name);
        if (through) stack.push(deferredCode(name));
        continue;
      }
      stack.push(...(references.get(name) ?? []).filter((reference) => references.has(reference)));
    }
    return found.sort();
  };

  /**
   * One module: its imports (what its code uses, from where it lives), its declarations, then
   * `tail`; `wraps` when it builds exported validators (validators.ts, a request schema's own),
   * which need the factory and the schema types.
   */
  const module = ({ path, own, uses, split, tail, wraps = false }: ModuleSpec): GeneratedFile => {
    const relative = (target: string) => relativeSpecifier(path, target);
    const used = new Set([...own.flatMap((declaration) => references.get(declaration.name)!), ...uses]);
    // The runtime helpers it calls, by runtime module (the factory first), then its generated imports.
    const helpers = new Map<string, string[]>(wraps ? [['validation', split ? ['validator'] : ['validator', 'guard']]] : []);
    for (const name of [...runtime.keys()].sort()) {
      const home = runtime.get(name)!;
      if (used.has(name)) helpers.set(home, [...(helpers.get(home) ?? []), name]);
    }
    // A wrapping module's exports carry their type by name (Validate<Schemas['X']>): inferred, a
    // declaration file would spell each schema's type out in full (1.3 MB for validators.d.ts).
    const types = [...(wraps ? (split ? ['Validate'] : ['Guard', 'Validate']) : []), ...['PathSegment', 'ValidationContext'].filter((type) => used.has(type))].sort();
    const generatedImports = new Map<string, string[]>();
    for (const name of [...used].sort()) {
      const home = homeOf(name);
      if (home !== undefined && home !== path) generatedImports.set(home, [...(generatedImports.get(home) ?? []), name]);
    }
    const fromRuntime = (module: string) => relative(`runtime/${module}`);
    const importFrom = (moduleSpecifier: string, namedImports: readonly string[], isTypeOnly = false): string =>
      `import ${isTypeOnly ? 'type ' : ''}{ ${namedImports.join(', ')} } from ${stringLiteral(moduleSpecifier)};`;
    const imports = [
      ...(wraps ? [importFrom(relative('schema'), ['components'], true)] : []),
      ...[...helpers].sort(([a], [b]) => (a === 'validation' ? -1 : b === 'validation' ? 1 : a.localeCompare(b))).map(([module, names]) => importFrom(fromRuntime(module), names)),
      ...(types.length > 0 ? [importFrom(fromRuntime('validation'), types, true)] : []),
      ...[...generatedImports].sort(([a], [b]) => a.localeCompare(b)).map(([home, imported]) => importFrom(relative(home), imported)),
    ];
    const isExported = (declaration: Declaration) => split && importedElsewhere.has(declaration.name);
    const constants = own.filter((declaration) => declaration.kind === 'constant').map((declaration) => declaration.code(isExported(declaration), relative));
    const body: Code[] = [
      ...(split ? [] : [`type Schemas = components['schemas'];`]),
      ...(constants.length > 0 ? [constants] : []),
      ...own.filter((declaration) => declaration.kind === 'function').map((declaration) => declaration.code(isExported(declaration), relative)),
      ...tail,
    ];
    const contents = moduleText(imports, body.map((code) => render(code)));
    return { path: `client/src/${path}.ts`, contents, kind: 'typescript', source: 'generators/emitters/validators' };
  };

  // validateX is built by a runtime factory rather than written out (a quarter of the file
  // otherwise); `@__PURE__` lets a bundler drop every one a consumer does not import.
  // Each hands in the code of the deferred pieces it reaches (imported statically): these stay
  // synchronous, and a bundler keeps the pieces only of those a consumer imports.
  const mainUses = new Set<string>();
  const exported: Code[] = names.flatMap((name) => {
    const base = functionBase(name);
    const type = `Schemas[${JSON.stringify(name)}]`;
    const style = model.wireStyles.get(name) ?? 'json';
    const own = functions.get(name)!;
    const compiledFunction = deferred.has(own) ? deferredCode(own) : own;
    const pieces = piecesReached(compiledFunction, true);
    for (const used of [compiledFunction, ...pieces, ...pieces.map(deferredCode), ...(pieces.length > 0 ? ['provide'] : [])]) mainUses.add(used);
    const provided = (exported: string) => (pieces.length > 0 ? `/* @__PURE__ */ provide([${pieces.map((stub) => `[${stub}, ${deferredCode(stub)}]`).join(', ')}], ${exported})` : exported);
    return [
      [
        `/** Validates a ${name}; issues name fields by wire path (${style === 'form' ? '`parameters[pin]`' : '`order.amount`'} style by default). */`,
        `export const ${validatorName(name)}: Validate<${type}> = ${provided(`/* @__PURE__ */ validator(${compiledFunction}, ${JSON.stringify(style)})`)};`,
      ],
      [`/** Type guard for ${name}: true when the value satisfies every rule of the schema. */`, `export const is${base}: Guard<${type}> = ${provided(`/* @__PURE__ */ guard(${compiledFunction})`)};`],
    ];
  });
  const specs: ModuleSpec[] = [{ path: 'validators', own: layout.main, uses: [...mainUses], split: false, tail: exported, wraps: true }];
  const modules = new Map(layout.modules.map((laidOut) => [laidOut.path, laidOut.declarations]));
  // Every request schema has its module, also one whose function another request schema shares.
  const rootPaths = new Map(requests.map((request) => [validatorModulePath(request.schemaName), request.schemaName]));
  // The fields each request schema defines: the client refuses any other, and reads them here, on
  // the operation's first call, rather than in every operation's definition.
  const fieldsOf = new Map(requests.flatMap((request) => (request.fields ? [[request.schemaName, request.fields] as const] : [])));
  for (const path of rootPaths.keys()) if (!modules.has(path)) modules.set(path, []);
  const deferredPaths = new Map([...deferred].map((name) => [deferredModulePath(piece(name)), name]));
  /** The pieces a module's validator reaches directly: a client loads them as values reach them, a server all at once. */
  const listed = (pieces: readonly string[]): Code[] =>
    pieces.length > 0 ? [[`/** Deferred pieces this validator's code loads in turn. */`, `export const deferred = [${pieces.join(', ')}];`]] : [];
  for (const [path, own] of [...modules].sort(([a], [b]) => a.localeCompare(b))) {
    const schemaName = rootPaths.get(path);
    const stub = deferredPaths.get(path);
    if (stub !== undefined) {
      const code = deferredCode(stub);
      // Not itself, which its code may call through its stub: it is loaded by then.
      const pieces = piecesReached(code, false).filter((reached) => reached !== stub);
      specs.push({
        path,
        own,
        uses: pieces,
        split: true,
        tail: [
          [`/** The code of ${stub}, in a module of its own: a validator loads it the first time a value reaches it. */`, `export { ${code} as validate };`],
          ...listed(pieces),
        ],
        entry: ['validate', ...(pieces.length > 0 ? ['deferred'] : [])],
      });
      continue;
    }
    if (schemaName === undefined) {
      specs.push({ path, own, uses: [], split: true, tail: [] });
      continue;
    }
    const root = functions.get(schemaName)!;
    const style = model.wireStyles.get(schemaName) ?? 'json';
    const pieces = piecesReached(root, false);
    specs.push({
      path,
      own,
      uses: [root, ...pieces],
      split: true,
      tail: [
        [
          `/** Validates a ${schemaName}: the client loads this module on the operation's first call. */`,
          `export const validate: Validate<components['schemas'][${JSON.stringify(schemaName)}]> = /* @__PURE__ */ validator(${root}, ${JSON.stringify(style)});`,
        ],
        ...listed(pieces),
        ...(fieldsOf.has(schemaName)
          ? [[`/** Every field the request defines: the client refuses any other (a \`cardNumber\` would be a second PAN on the wire). */`, `export const fields = ${JSON.stringify(fieldsOf.get(schemaName))};`]]
          : []),
      ],
      wraps: true,
      entry: ['validate', ...(pieces.length > 0 ? ['deferred'] : []), ...(fieldsOf.has(schemaName) ? ['fields'] : [])],
    });
  }
  // A module the client imports dynamically (a request schema's, a deferred piece's) is a
  // namespace object in a bundle without splitting, which keeps the name of every export it has.
  // So its code lives in a module of its own under validate/code/, imported statically (a bundle
  // inlines it), and the module the client imports only re-exports what the client reads.
  const entries = new Map(specs.flatMap((spec) => (spec.entry ? [[spec.path, codeModulePath(spec.path)] as const] : [])));
  const homeOf = (name: string) => {
    const home = layout.home.get(name);
    return home === undefined ? undefined : (entries.get(home) ?? home);
  };
  const placed = specs.map((spec) => ({ ...spec, path: entries.get(spec.path) ?? spec.path }));
  // A module exports only what another module imports.
  const importedElsewhere = new Set(
    placed.flatMap(({ path, own, uses }) => [...own.flatMap((declaration) => references.get(declaration.name)!), ...uses].filter((name) => (homeOf(name) ?? 'validators') !== path && references.has(name))),
  );
  const reexports = specs.flatMap(({ path, entry }) => {
    if (!entry) return [];
    const contents = moduleText([`export { ${entry.join(', ')} } from ${stringLiteral(relativeSpecifier(path, codeModulePath(path)))};`], []);
    return [{ path: `client/src/${path}.ts`, contents, kind: 'typescript', source: 'generators/emitters/validators' } satisfies GeneratedFile];
  });
  return [...placed.map(module), ...reexports];
}

/**
 * A module's text as it is written: its imports, one per line, then each statement a blank line
 * apart. Everything in it is text already laid out (the code tree's rendering), so no TypeScript
 * AST is built for it: ts-morph parsing the validators' modules cost a quarter of a second.
 */
function moduleText(imports: readonly string[], statements: readonly string[]): string {
  return `${[imports.join('\n'), ...statements].filter((part) => part !== '').join('\n\n')}\n`;
}

/** The specifier by which the module at `from` imports the one at `target` (paths under client/src, without extension). */
function relativeSpecifier(from: string, target: string): string {
  const here = from.split('/').slice(0, -1);
  const to = target.split('/');
  let common = 0;
  while (common < here.length && here[common] === to[common]) common++;
  return `${common === here.length ? './' : '../'.repeat(here.length - common)}${to.slice(common).join('/')}.js`;
}

/** Where the code of a module the client imports dynamically lives: `validate/SaleCardRequest` -> `validate/code/SaleCardRequest`. */
const codeModulePath = (path: string): string => path.replace(/^validate\//, 'validate/code/');

/** One module to write: see `module` in emitValidators. */
interface ModuleSpec {
  readonly path: string;
  readonly own: readonly Declaration[];
  /** Names its code uses beyond its declarations' (the validator it builds, the pieces it lists). */
  readonly uses: readonly string[];
  /** Whether it is one of the split modules (validate/), rather than validators.ts. */
  readonly split: boolean;
  readonly tail: Code[];
  readonly wraps?: boolean;
  /** For a module the client imports dynamically: the names it reads, re-exported from its code module. */
  readonly entry?: readonly string[];
}
