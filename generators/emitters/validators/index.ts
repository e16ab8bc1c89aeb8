// Emitter: generated/client/src/validators.ts, plain functions with no runtime dependency on a
// JSON Schema library. Each component schema X exports `validateX(value, style?)`, which
// returns every issue with its wire path, and the type guard `isX(value)`; both call the one
// compiled function `v_X(value, ctx?)` (see compile-schema.ts).
import type { SpecModel } from '../../model/spec-model.js';
import type { Emitter, GeneratedFile } from '../emitter.js';
import { functionBase, ValidatorCompiler } from './compile-schema.js';

export const VALIDATORS_PATH = 'client/src/validators.ts';

export const validatorsEmitter: Emitter = {
  name: 'validators',
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    const compiler = new ValidatorCompiler(model);
    const names = [...model.schemas.keys()];
    for (const name of names) compiler.component(name);

    // Plain text: prettier formats it in finalize, so going through a TypeScript AST (ts-morph
    // re-parses the whole file after each manipulation) would only cost time.
    const out: string[] = [
      "import type { components } from './schema.js';",
      `import { ${['validator', ...[...compiler.runtimeImports].sort()].join(', ')} } from './runtime/validation.js';`,
      "import type { Guard, ValidationContext } from './runtime/validation.js';",
      '',
      'type Schemas = components["schemas"];',
      '',
    ];
    for (const { name, initializer } of compiler.hoisted) out.push(`const ${name} = ${initializer};`);
    for (const fn of compiler.functions) out.push('', `function ${fn.name}(value: unknown, ctx?: ValidationContext): boolean {`, fn.body, '}');
    for (const name of names) {
      const base = functionBase(name);
      const type = `Schemas[${JSON.stringify(name)}]`;
      const style = model.wireStyles.get(name) ?? 'json';
      // Built by a runtime factory rather than written out: a quarter of the file otherwise, and
      // `@__PURE__` lets a bundler drop every one a consumer does not import.
      out.push(
        '',
        `/** Validates a ${name}; issues name fields by wire path (${style === 'form' ? '`parameters[pin]`' : '`order.amount`'} style by default). */`,
        `export const validate${base} = /* @__PURE__ */ validator<${type}>(v_${base}, ${JSON.stringify(style)});`,
        `/** Type guard for ${name}: true when the value satisfies every rule of the schema. */`,
        `export const is${base} = v_${base} as Guard<${type}>;`,
      );
    }
    const contents = `${out.join('\n')}\n`;
    return [{ path: VALIDATORS_PATH, contents, kind: 'typescript', source: 'generators/emitters/validators' }];
  },
};
