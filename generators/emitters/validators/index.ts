// Emitter: generated/client/src/validators.ts, plain functions with no runtime dependency on a
// JSON Schema library. Each component schema X exports `validateX(value, style?)`, which
// returns every issue with its wire path, and the type guard `isX(value)`.
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
      `import { ${['ValidationContext', 'collectIssues', ...[...compiler.runtimeImports].sort()].join(', ')} } from './runtime/validation.js';`,
      "import type { ValidationResult, WirePathStyle } from './runtime/validation.js';",
      '',
      'type Schemas = components["schemas"];',
      '',
    ];
    for (const { name, initializer } of compiler.hoisted) out.push(`const ${name} = ${initializer};`);
    for (const fn of compiler.functions) {
      const parameters = fn.mode === 'check' ? 'value: unknown' : 'value: unknown, ctx: ValidationContext';
      out.push('', `function ${fn.name}(${parameters}): ${fn.mode === 'check' ? 'boolean' : 'void'} {`, fn.body, '}');
    }
    for (const name of names) {
      const base = functionBase(name);
      const type = `Schemas[${JSON.stringify(name)}]`;
      const style = model.wireStyles.get(name) ?? 'json';
      out.push(
        '',
        `/** Validates a ${name}; issues name fields by wire path (${style === 'form' ? '`parameters[pin]`' : '`order.amount`'} style by default). */`,
        `export function validate${base}(value: unknown, style: WirePathStyle = ${JSON.stringify(style)}): ValidationResult<${type}> {`,
        `return check_${base}(value) ? { ok: true, value: value as ${type} } : collectIssues(value, style, collect_${base});`,
        '}',
        '',
        `/** Type guard for ${name}: true when the value satisfies every rule of the schema. */`,
        `export function is${base}(value: unknown): value is ${type} {`,
        `return check_${base}(value);`,
        '}',
      );
    }
    const contents = `${out.join('\n')}\n`;
    return [{ path: VALIDATORS_PATH, contents, kind: 'typescript', source: 'generators/emitters/validators' }];
  },
};
