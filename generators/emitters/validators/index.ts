// Emitter: generated/client/src/validators.ts, plain functions with no runtime dependency on a
// JSON Schema library. Each component schema X exports `validateX(value, style?)`, which
// returns every issue with its wire path, and the type guard `isX(value)`; both call the one
// compiled function `v_X(value, ctx?)` (see compile-schema.ts).
import { Project, VariableDeclarationKind } from 'ts-morph';
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

    // ts-morph builds the file from structures, one batched call per kind: each manipulation
    // re-parses the whole file, so adding items one by one would cost seconds on this spec.
    const project = new Project({ useInMemoryFileSystem: true });
    const file = project.createSourceFile('validators.ts');
    file.addImportDeclarations([
      { moduleSpecifier: './schema.js', namedImports: ['components'], isTypeOnly: true },
      { moduleSpecifier: './runtime/validation.js', namedImports: ['validator', ...[...compiler.runtimeImports].sort()] },
      { moduleSpecifier: './runtime/validation.js', namedImports: ['Guard', 'ValidationContext'], isTypeOnly: true },
    ]);
    file.addTypeAlias({ name: 'Schemas', type: 'components["schemas"]' });
    file.addVariableStatements(
      compiler.hoisted.map(({ name, initializer }) => ({ declarationKind: VariableDeclarationKind.Const, declarations: [{ name, initializer }] })),
    );
    file.addFunctions(
      compiler.functions.map((fn) => ({
        name: fn.name,
        parameters: [
          { name: 'value', type: 'unknown' },
          { name: 'ctx', type: 'ValidationContext', hasQuestionToken: true },
        ],
        returnType: 'boolean',
        statements: fn.body,
      })),
    );
    // validateX is built by a runtime factory rather than written out (a quarter of the file
    // otherwise); `@__PURE__` lets a bundler drop every one a consumer does not import.
    file.addVariableStatements(
      names.flatMap((name) => {
        const base = functionBase(name);
        const type = `Schemas[${JSON.stringify(name)}]`;
        const style = model.wireStyles.get(name) ?? 'json';
        return [
          {
            isExported: true,
            declarationKind: VariableDeclarationKind.Const,
            docs: [`Validates a ${name}; issues name fields by wire path (${style === 'form' ? '`parameters[pin]`' : '`order.amount`'} style by default).`],
            declarations: [{ name: `validate${base}`, initializer: `/* @__PURE__ */ validator<${type}>(v_${base}, ${JSON.stringify(style)})` }],
          },
          {
            isExported: true,
            declarationKind: VariableDeclarationKind.Const,
            docs: [`Type guard for ${name}: true when the value satisfies every rule of the schema.`],
            declarations: [{ name: `is${base}`, initializer: `v_${base} as Guard<${type}>` }],
          },
        ];
      }),
    );
    const contents = file.getFullText();
    return [{ path: VALIDATORS_PATH, contents, kind: 'typescript', source: 'generators/emitters/validators' }];
  },
};
