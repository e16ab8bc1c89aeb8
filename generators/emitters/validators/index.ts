// Emitter: generated/client/src/validators.ts, plain functions with no runtime dependency on a
// JSON Schema library. Each component schema X exports `validateX(value, style?)`, which
// returns every issue with its wire path, and the type guard `isX(value)`; both call the one
// compiled function `v_X(value, ctx?)` (see compile-schema.ts). The module is written laid out
// (./code.ts renders the code tree with indentation), so no formatter runs over it.
// Code that request schemas reach moves to modules the client loads per operation (./modules.ts).
import type { SpecModel } from '../../model/spec-model.js';
import type { Emitter, GeneratedFile } from '../emitter.js';
import { functionBase, validatorModulePath, validatorName } from '../../model/names.js';
import { clientOperations } from '../../model/operations.js';
import { block, render, type Code } from './code.js';
import { ValidatorCompiler } from './compile-schema.js';
import { layoutValidators } from './modules.js';
import type { SchemaResources } from './schema-index.js';

export const VALIDATORS_PATH = 'client/src/validators.ts';

/** A hoisted constant or a compiled function, with its text (for the references it makes). */
interface Declaration {
  readonly name: string;
  readonly kind: 'constant' | 'function';
  /** The declaration, exported or not. */
  readonly code: (exported: boolean) => Code;
  readonly text: string;
}

const identifiers = (code: string): string[] => [...new Set(code.match(/[A-Za-z_$][\w$]*/g) ?? [])];

/**
 * The emitter, compiling with external schema resources the document's `$ref`s may name (URI →
 * schema, as ajv's `addSchema`). The product's emitter has none: the spec is bundled, and
 * generating never fetches.
 */
export function createValidatorsEmitter(resources?: SchemaResources): Emitter {
  return {
    name: 'validators',
    emit: async (model) => emitValidators(model, resources),
  };
}

export const validatorsEmitter: Emitter = createValidatorsEmitter();

function emitValidators(model: SpecModel, resources: SchemaResources | undefined): readonly GeneratedFile[] {
  const compiler = new ValidatorCompiler(model, resources);
  const names = [...model.schemas.keys()];
  const functions = new Map([...compiler.components(names)].map(([name, base]) => [name, `v_${base}`]));

  const declarations: Declaration[] = [
    ...compiler.hoisted.map(({ name, initializer }): Declaration => ({
      name,
      kind: 'constant',
      code: (exported) => `${exported ? 'export ' : ''}const ${name} = ${initializer};`,
      text: initializer,
    })),
    ...compiler.functions.map(({ name, signature, body }): Declaration => {
      const code = (exported: boolean) => block(`${exported ? 'export ' : ''}function ${name}${signature}`, body);
      return { name, kind: 'function', code, text: render(code(false)) };
    }),
  ];
  const roots = new Map(clientOperations(model).map((operation) => [functions.get(operation.requestSchemaName)!, operation.requestSchemaName]));
  const references = new Map(declarations.map((declaration) => [declaration.name, identifiers(declaration.text)]));
  const layout = layoutValidators(declarations, (declaration) => references.get(declaration.name)!, roots, (declaration) => declaration.text.length);
  const runtime = [...compiler.runtimeImports].sort();

  /** One module: its imports (what its code uses, from where it lives), its declarations, then `tail`. */
  const module = (path: string, own: readonly Declaration[], uses: readonly string[], split: boolean, tail: Code[]): GeneratedFile => {
    const relative = (target: string) => {
      const from = path.split('/').slice(0, -1);
      const to = target.split('/');
      let common = 0;
      while (common < from.length && from[common] === to[common]) common++;
      return `${common === from.length ? './' : '../'.repeat(from.length - common)}${to.slice(common).join('/')}.js`;
    };
    const used = new Set([...own.flatMap((declaration) => references.get(declaration.name)!), ...uses]);
    // Modules that build exported validators (validators.ts, a request schema's own) need the factory and the schema types.
    const wraps = tail.length > 0;
    const values = [...(wraps ? ['validator'] : []), ...runtime.filter((name) => used.has(name))];
    const types = [...(split ? [] : ['Guard']), ...(used.has('ValidationContext') ? ['ValidationContext'] : [])];
    const imports = new Map<string, string[]>();
    for (const name of [...used].sort()) {
      const home = layout.home.get(name);
      if (home !== undefined && home !== path) imports.set(home, [...(imports.get(home) ?? []), name]);
    }
    const head: Code[] = [
      [
        ...(wraps ? [`import type { components } from '${relative('schema')}';`] : []),
        ...(values.length > 0 ? [`import { ${values.join(', ')} } from '${relative('runtime/validation')}';`] : []),
        ...(types.length > 0 ? [`import type { ${types.join(', ')} } from '${relative('runtime/validation')}';`] : []),
        ...[...imports].sort(([a], [b]) => a.localeCompare(b)).map(([home, imported]) => `import { ${imported.join(', ')} } from '${relative(home)}';`),
      ],
    ];
    if (!split) head.push(`type Schemas = components['schemas'];`);
    const constants = own.filter((declaration) => declaration.kind === 'constant').map((declaration) => declaration.code(split));
    const body: Code[] = [...(constants.length > 0 ? [constants] : []), ...own.filter((declaration) => declaration.kind === 'function').map((declaration) => declaration.code(split))];
    const contents = `${[...head, ...body, ...tail].map((declaration) => render(declaration)).join('\n\n')}\n`;
    return { path: `client/src/${path}.ts`, contents, kind: 'typescript', source: 'generators/emitters/validators' };
  };

  // validateX is built by a runtime factory rather than written out (a quarter of the file
  // otherwise); `@__PURE__` lets a bundler drop every one a consumer does not import.
  const exported: Code[] = names.flatMap((name) => {
    const base = functionBase(name);
    const type = `Schemas[${JSON.stringify(name)}]`;
    const style = model.wireStyles.get(name) ?? 'json';
    return [
      [
        `/** Validates a ${name}; issues name fields by wire path (${style === 'form' ? '`parameters[pin]`' : '`order.amount`'} style by default). */`,
        `export const ${validatorName(name)} = /* @__PURE__ */ validator<${type}>(${functions.get(name)}, ${JSON.stringify(style)});`,
      ],
      [`/** Type guard for ${name}: true when the value satisfies every rule of the schema. */`, `export const is${base} = ${functions.get(name)} as Guard<${type}>;`],
    ];
  });
  const files = [module('validators', layout.main, [...functions.values()], false, exported)];
  const modules = new Map(layout.modules.map((laidOut) => [laidOut.path, laidOut.declarations]));
  // Every request schema has its module, also one whose function another request schema shares.
  const rootPaths = new Map(clientOperations(model).map((operation) => [validatorModulePath(operation.requestSchemaName), operation.requestSchemaName]));
  for (const path of rootPaths.keys()) if (!modules.has(path)) modules.set(path, []);
  for (const [path, own] of [...modules].sort(([a], [b]) => a.localeCompare(b))) {
    const schemaName = rootPaths.get(path);
    if (schemaName === undefined) {
      files.push(module(path, own, [], true, []));
      continue;
    }
    const root = functions.get(schemaName)!;
    const style = model.wireStyles.get(schemaName) ?? 'json';
    files.push(
      module(path, own, [root], true, [
        [
          `/** Validates a ${schemaName}: the client loads this module on the operation's first call. */`,
          `export const validate = /* @__PURE__ */ validator<components['schemas'][${JSON.stringify(schemaName)}]>(${root}, ${JSON.stringify(style)});`,
        ],
      ]),
    );
  }
  return files;
}
