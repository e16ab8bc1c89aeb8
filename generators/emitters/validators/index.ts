// Emitter: generated/client/src/validators.ts, plain functions with no runtime dependency on a
// JSON Schema library. Each component schema X exports `validateX(value, style?)`, which
// returns every issue with its wire path, and the type guard `isX(value)`; both call the one
// compiled function `v_X(value, ctx?)` (see compile-schema.ts).
import { Project } from 'ts-morph';
import type { SpecModel } from '../../model/spec-model.js';
import type { Emitter, GeneratedFile } from '../emitter.js';
import { functionBase, validatorName } from '../../model/names.js';
import { ValidatorCompiler } from './compile-schema.js';

export const VALIDATORS_PATH = 'client/src/validators.ts';

export const validatorsEmitter: Emitter = {
  name: 'validators',
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    const compiler = new ValidatorCompiler(model);
    const names = [...model.schemas.keys()];
    for (const name of names) compiler.component(name);

    // Written with ts-morph's code writer rather than as a source file: a source file is parsed
    // into a syntax tree, which for this 700 kB module costs half a second and serves nothing
    // (prettier parses the text anyway, and fails on any syntax error).
    const writer = new Project({ useInMemoryFileSystem: true }).createWriter();
    writer.writeLine(`import type { components } from './schema.js';`);
    writer.writeLine(`import { ${['validator', ...[...compiler.runtimeImports].sort()].join(', ')} } from './runtime/validation.js';`);
    writer.writeLine(`import type { Guard, ValidationContext } from './runtime/validation.js';`);
    writer.blankLine();
    writer.writeLine(`type Schemas = components['schemas'];`);
    writer.blankLine();
    for (const { name, initializer } of compiler.hoisted) writer.writeLine(`const ${name} = ${initializer};`);
    for (const fn of compiler.functions) {
      writer.blankLine();
      writer.write(`function ${fn.name}(value: unknown, ctx?: ValidationContext): boolean`).block(() => writer.write(fn.body));
    }
    // validateX is built by a runtime factory rather than written out (a quarter of the file
    // otherwise); `@__PURE__` lets a bundler drop every one a consumer does not import.
    for (const name of names) {
      const base = functionBase(name);
      const type = `Schemas[${JSON.stringify(name)}]`;
      const style = model.wireStyles.get(name) ?? 'json';
      writer.blankLine();
      writer.writeLine(`/** Validates a ${name}; issues name fields by wire path (${style === 'form' ? '`parameters[pin]`' : '`order.amount`'} style by default). */`);
      writer.writeLine(`export const ${validatorName(name)} = /* @__PURE__ */ validator<${type}>(v_${base}, ${JSON.stringify(style)});`);
      writer.blankLine();
      writer.writeLine(`/** Type guard for ${name}: true when the value satisfies every rule of the schema. */`);
      writer.writeLine(`export const is${base} = v_${base} as Guard<${type}>;`);
    }
    return [{ path: VALIDATORS_PATH, contents: writer.toString(), kind: 'typescript', source: 'generators/emitters/validators', subset: true }];
  },
};
