// Random programs of the subset, written the way emitters write them (every subexpression in
// parentheses, double quotes, one line), must come out of subset-format exactly as prettier
// prints them: parentheses, quotes and line breaks included.
import fc from 'fast-check';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { formatModule, subsetPrinter } from '../../generators/output/subset-format/index.js';

const OPTIONS = { parser: 'babel-ts', singleQuote: true, printWidth: 120, trailingComma: 'all' } as const;
const printer = subsetPrinter(OPTIONS)!;

// Names and strings of every length, so that lines land on either side of the print width.
const KEYWORDS = new Set(['do', 'if', 'in', 'for', 'let', 'new', 'try', 'var', 'case', 'else', 'enum', 'null', 'this', 'true', 'void', 'with', 'break', 'catch', 'class', 'const', 'false', 'super', 'throw', 'while', 'yield', 'delete', 'export', 'import', 'return', 'switch', 'typeof', 'default', 'extends', 'finally', 'continue', 'debugger', 'function', 'instanceof', 'await', 'static', 'of', 'as', 'type']);
const name = fc.oneof(
  fc.constantFrom('value', 'ctx', 'p1', 'v_SaleCardRequest'),
  fc.stringMatching(/^[a-z][a-z0-9_]{0,45}$/).filter((candidate) => !KEYWORDS.has(candidate)),
);
const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', "'", '"', '\\', 'é', '-', '[', ']'), maxLength: 90 });
const literal = fc.oneof(
  text.map((value) => JSON.stringify(value)),
  fc.nat({ max: 100_000 }).map(String),
  fc.constantFrom('true', 'false', 'undefined'),
);
const BINARY = ['&&', '||', '===', '!==', '<', '>=', '+', '-', '*', '%'];

const expression: fc.Arbitrary<string> = fc.letrec<{ expression: string }>((tie) => ({
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    name,
    literal,
    fc.tuple(tie('expression'), name).map(([object, property]) => `(${object}).${property}`),
    fc.tuple(name, tie('expression')).map(([object, index]) => `${object}[${index}]`),
    fc.tuple(name, fc.array(tie('expression'), { maxLength: 4 })).map(([callee, args]) => `${callee}(${args.join(', ')})`),
    fc.tuple(name, name, fc.array(tie('expression'), { maxLength: 3 })).map(([object, method, args]) => `${object}?.${method}(${args.join(', ')})`),
    fc.tuple(fc.constantFrom('!', 'typeof '), tie('expression')).map(([operator, operand]) => `${operator}(${operand})`),
    fc.tuple(tie('expression'), fc.constantFrom(...BINARY), tie('expression')).map(([left, operator, right]) => `(${left}) ${operator} (${right})`),
    fc.tuple(tie('expression'), tie('expression'), tie('expression')).map(([test, consequent, alternate]) => `(${test}) ? (${consequent}) : (${alternate})`),
    fc.array(tie('expression'), { maxLength: 4 }).map((elements) => `[${elements.join(', ')}]`),
    fc
      .array(fc.tuple(fc.oneof(name, text.map((key) => JSON.stringify(key))), tie('expression')), { maxLength: 4 })
      .map((properties) => `{${properties.map(([key, value]) => `${key}: ${value}`).join(', ')}}`),
  ),
})).expression;

/** JSON data, as the client emitter writes its tables (signature recipes, the method catalogue). */
const json: fc.Arbitrary<string> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.boolean(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(name, text), tie('value'), { maxKeys: 4 }),
  ),
})).value.map((value) => JSON.stringify(value));

/** The shapes the validators emitter writes most: a guarded failure with a message. */
const failure = fc
  .tuple(fc.array(expression, { minLength: 1, maxLength: 3 }), name, text)
  .map(([tests, rule, message]) => `if (${tests.map((test) => `(${test})`).join(' && ')} && reject(ctx, ${JSON.stringify(rule)}, ${JSON.stringify(message)})) return false;`);

const statement = fc.oneof(
  failure,
  expression.map((test) => `if (${test}) return false;`),
  fc.tuple(expression, expression).map(([test, call]) => `if (${test}) { x = ${call}; } else { y(); }`),
  expression.map((value) => `const p9 = ${value};`),
  fc.tuple(name, fc.array(expression, { minLength: 1, maxLength: 4 })).map(([callee, args]) => `${callee}(${args.join(', ')});`),
);

const declaration = fc.oneof(
  fc.array(statement, { minLength: 1, maxLength: 4 }).map((body) => `function check(value: unknown, ctx?: Context): boolean { ${body.join(' ')} return true; }`),
  fc.tuple(name, json).map(([constant, value]) => `export const ${constant}: Recipe = ${value};`),
  fc.tuple(name, fc.array(text, { maxLength: 8 })).map(([constant, values]) => `const ${constant} = /* @__PURE__ */ new Set<unknown>(${JSON.stringify(values)});`),
  fc.tuple(name, text).map(([constant, source]) => `const ${constant} = /* @__PURE__ */ new RegExp(${JSON.stringify(source)}, "u");`),
  fc.tuple(name, name, expression, json).map(([constant, callee, first, last]) => `export const ${constant} = ${callee}(${first}, ${last});`),
  fc.tuple(name, fc.array(fc.tuple(name, name), { minLength: 1, maxLength: 4 })).map(
    ([fn, params]) => `export function ${fn}(${params.map(([param, type]) => `${param}: ${type}`).join(', ')}): Promise<${fn}> { return invoke<${fn}>(transport); }`,
  ),
);

const program = fc.array(declaration, { minLength: 1, maxLength: 3 }).map((declarations) => declarations.join('\n\n'));

describe('subset-format on random programs', () => {
  it('prints exactly what prettier prints, or leaves the declaration to prettier', async () => {
    let printed = 0;
    await fc.assert(
      fc.asyncProperty(program, async (source) => {
        let fellBack = false;
        const ours = await formatModule(source, printer, async (part) => {
          fellBack = true;
          return prettier.format(part, OPTIONS);
        });
        if (!fellBack) printed++;
        expect(ours).toBe(await prettier.format(source, OPTIONS));
      }),
      { numRuns: 300, seed: 20261122 },
    );
    // Random programs are denser than generated code, so a good share goes to prettier (long
    // tests that are no chain, parenthesized optional chains); the rest must be a real share.
    expect(printed).toBeGreaterThan(90);
  });
});
