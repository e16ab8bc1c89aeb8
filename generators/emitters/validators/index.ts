// Emitter: generated/client/src/validators.ts, plain functions with no runtime dependency on a
// JSON Schema library. Each component schema X exports `validateX(value, style?)`, which
// returns every issue with its wire path, and the type guard `isX(value)`; both call the one
// compiled function `v_X(value, ctx?)` (see compile-schema.ts). The module is written laid out
// (./code.ts renders the code tree with indentation), so no formatter runs over it.
import type { SpecModel } from '../../model/spec-model.js';
import type { Emitter, GeneratedFile } from '../emitter.js';
import { functionBase, validatorName } from '../../model/names.js';
import { block, render, type Code } from './code.js';
import { ValidatorCompiler } from './compile-schema.js';

export const VALIDATORS_PATH = 'client/src/validators.ts';

export const validatorsEmitter: Emitter = {
  name: 'validators',
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    const compiler = new ValidatorCompiler(model);
    const names = [...model.schemas.keys()];
    const functions = new Map(names.map((name) => [name, `v_${compiler.component(name)}`]));

    // Top-level declarations, each rendered on its own and separated by one blank line.
    const declarations: Code[] = [
      [
        `import type { components } from './schema.js';`,
        `import { ${['validator', ...[...compiler.runtimeImports].sort()].join(', ')} } from './runtime/validation.js';`,
        `import type { Guard, ValidationContext } from './runtime/validation.js';`,
      ],
      `type Schemas = components['schemas'];`,
    ];
    if (compiler.hoisted.length > 0) declarations.push(compiler.hoisted.map(({ name, initializer }) => `const ${name} = ${initializer};`));
    for (const fn of compiler.functions) declarations.push(block(`function ${fn.name}${fn.signature}`, fn.body));
    // validateX is built by a runtime factory rather than written out (a quarter of the file
    // otherwise); `@__PURE__` lets a bundler drop every one a consumer does not import.
    for (const name of names) {
      const base = functionBase(name);
      const type = `Schemas[${JSON.stringify(name)}]`;
      const style = model.wireStyles.get(name) ?? 'json';
      declarations.push(
        [
          `/** Validates a ${name}; issues name fields by wire path (${style === 'form' ? '`parameters[pin]`' : '`order.amount`'} style by default). */`,
          `export const ${validatorName(name)} = /* @__PURE__ */ validator<${type}>(${functions.get(name)}, ${JSON.stringify(style)});`,
        ],
        [`/** Type guard for ${name}: true when the value satisfies every rule of the schema. */`, `export const is${base} = ${functions.get(name)} as Guard<${type}>;`],
      );
    }
    return [{ path: VALIDATORS_PATH, contents: `${declarations.map((declaration) => render(declaration)).join('\n\n')}\n`, kind: 'typescript', source: 'generators/emitters/validators' }];
  },
};
