// Emitter: generated/client/src/validators.ts, plain functions with no runtime dependency on a
// JSON Schema library. Each component schema X exports `validateX(value, style?)`, which
// returns every issue with its wire path, and the type guard `isX(value)`.
import { Project, VariableDeclarationKind, type FunctionDeclarationStructure, type OptionalKind } from 'ts-morph';
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

    const project = new Project({ useInMemoryFileSystem: true });
    const file = project.createSourceFile('validators.ts');
    file.addImportDeclaration({ moduleSpecifier: './schema.js', namedImports: ['components'], isTypeOnly: true });
    file.addImportDeclaration({
      moduleSpecifier: './runtime/validation.js',
      namedImports: ['ValidationContext', ...[...compiler.runtimeImports].sort()],
    });
    file.addImportDeclaration({
      moduleSpecifier: './runtime/validation.js',
      namedImports: ['ValidationResult', 'WirePathStyle'],
      isTypeOnly: true,
    });
    file.addTypeAlias({ name: 'Schemas', type: 'components["schemas"]' });
    // One batched call per kind: ts-morph re-parses the file after every manipulation.
    file.addVariableStatements(
      compiler.hoisted.map(({ name, initializer }) => ({ declarationKind: VariableDeclarationKind.Const, declarations: [{ name, initializer }] })),
    );
    const functions: OptionalKind<FunctionDeclarationStructure>[] = compiler.functions.map((fn) => ({
      name: fn.name,
      parameters: fn.mode === 'check' ? [{ name: 'value', type: 'unknown' }] : [{ name: 'value', type: 'unknown' }, { name: 'ctx', type: 'ValidationContext' }],
      returnType: fn.mode === 'check' ? 'boolean' : 'void',
      statements: fn.body,
    }));
    for (const name of names) {
      const base = functionBase(name);
      const type = `Schemas[${JSON.stringify(name)}]`;
      const style = model.wireStyles.get(name) ?? 'json';
      functions.push({
        isExported: true,
        name: `validate${base}`,
        docs: [`Validates a ${name}; issues name fields by wire path (${style === 'form' ? '`parameters[pin]`' : '`order.amount`'} style by default).`],
        parameters: [
          { name: 'value', type: 'unknown' },
          { name: 'style', type: 'WirePathStyle', initializer: JSON.stringify(style) },
        ],
        returnType: `ValidationResult<${type}>`,
        statements: [
          `if (check_${base}(value)) return { ok: true, value: value as ${type} };`,
          'const ctx = new ValidationContext(style);',
          `collect_${base}(value, ctx);`,
          'return { ok: false, issues: ctx.issues };',
        ],
      });
      functions.push({
        isExported: true,
        name: `is${base}`,
        docs: [`Type guard for ${name}: true when the value satisfies every rule of the schema.`],
        parameters: [{ name: 'value', type: 'unknown' }],
        returnType: `value is ${type}`,
        statements: [`return check_${base}(value);`],
      });
    }
    file.addFunctions(functions);
    return [{ path: VALIDATORS_PATH, contents: file.getFullText(), kind: 'typescript', source: 'generators/emitters/validators' }];
  },
};
