// subset-format prints generated TypeScript as prettier would, without prettier. Every case is
// checked against prettier itself with the project's options, and against what it should have
// left to prettier: a case the printer is meant to take must not silently fall back.
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { formatModule, subsetPrinter } from '../../generators/output/subset-format/index.js';

const OPTIONS = { parser: 'babel-ts', singleQuote: true, printWidth: 120, trailingComma: 'all' } as const;
const printer = subsetPrinter(OPTIONS)!;
const LONG = 'x'.repeat(90);

/** given: generated source; printed: the printer takes it all (false: some of it goes to prettier). */
const CASES: { name: string; given: string; printed: boolean }[] = [
  { name: 'a function on one line per statement', given: 'function v_A(value: unknown, ctx?: ValidationContext): boolean { if (!isPlainObject(value)) return false; return true; }', printed: true },
  { name: 'redundant parentheses dropped', given: 'function f() { if (((a !== undefined)) && (reject(ctx, "x", "y"))) return false; }', printed: true },
  { name: 'mixed && and || get parentheses', given: 'function f() { x = a && b || c; y = a || b && c; z = (a || b) && c; w = !(a && b); }', printed: true },
  { name: 'precedence, % in +, ** and equality chains', given: 'function f() { x = a + b % c; y = (a + b) * c; z = a - (b - c); u = (a === b) === c; v = a * b * c; }', printed: true },
  { name: 'conditionals nested and as operands', given: 'function f() { x = a ? b ? 1 : 2 : c ? 3 : 4; y = (a ? b : c) && d; z = !(ctx ? ctx.visit("a", p, v_A) : v_A(p)); }', printed: true },
  { name: 'typeof, unary and update', given: 'function f() { if (typeof p1 !== "string" || -n < 0 || !!x) i++; }', printed: true },
  { name: 'quotes: single unless the text has more single quotes', given: `function f() { a("it's"); b("say \\"hi\\""); c("a\\"b'c'"); d('\\u00e9\\x41\\n'); }`, printed: true },
  { name: 'optional chaining and computed members', given: 'function f() { ctx?.segments.push("a"); ctx?.segments.pop(); x = value["a"]?.[0]; }', printed: true },
  {
    name: 'a long if test: one operand per line, the clause below',
    given: `function f() { if ((value["${LONG}"] === undefined) && rejectAt(ctx, "name", "required", "is required")) return false; }`,
    printed: true,
  },
  {
    name: 'a long call in an if test: one argument per line, a long string left long',
    given: `function f() { if (p1 !== undefined && reject(ctx, "not", "${LONG}${LONG}")) return false; }`,
    printed: true,
  },
  { name: 'the test fits, the clause goes below', given: `function f() { if (p1 !== undefined && check(p1, "${'y'.repeat(70)}")) ctx.fail("rule", "message is long"); }`, printed: true },
  {
    name: 'a long test before a block, else if and else',
    given: `function f() { if (value["${LONG}"] !== undefined && value["other"] !== undefined) { a(); } else if (b) { c(); } else { d(); } }`,
    printed: true,
  },
  { name: 'a long expression statement', given: `function f() { ctx.failAt("brand", "discriminator", "must be one of: ${LONG}, ${LONG}"); }`, printed: true },
  { name: 'switch with shared cases and a default', given: 'function f() { switch (tag) { case "a": case "b": if (!v_A(value, ctx) && !ctx) return false; break; case 0: { x(); } default: y(); } }', printed: true },
  { name: 'for loops', given: 'function f() { for (let i1 = 0; i1 < value.length; i1++) { const item2 = value[i1]; } for (const key of Object.keys(value)) { if (SET_1.has(key) || value[key] === undefined) continue; } }', printed: true },
  { name: 'several declarators, with and without values', given: 'function f() { let best = 0, bestScore = -Infinity; let a, b; }', printed: true },
  { name: 'blank lines: one kept, more collapsed, none at the end of a block', given: 'function f() {\n  a();\n\n\n  b();\n\n}\n\nfunction g() {\n  c();\n}', printed: true },
  { name: 'a JSDoc comment and a pure call', given: "/** Validates an A. */\nexport const validateA = /* @__PURE__ */ validator<Schemas['A']>(v_A, 'json');", printed: true },
  {
    name: 'a long declaration keeps its call on the = line',
    given: `/** Validates. */\nexport const validate${'Long'.repeat(9)} = /* @__PURE__ */ validator<Schemas['${'Long'.repeat(5)}']>(v_${'Long'.repeat(5)}, 'form');`,
    printed: true,
  },
  {
    name: 'a declaration whose head does not fit goes to prettier',
    given: `export const validate${'Long'.repeat(12)} = /* @__PURE__ */ validator<Schemas['${'Long'.repeat(6)}']>(v_${'Long'.repeat(6)}, 'form');`,
    printed: false,
  },
  { name: 'a type assertion and generic arguments', given: "export const isA = v_A as Guard<Schemas['A']>;\n\nconst SET_1 = /* @__PURE__ */ new Set<unknown>(['a', 'b']);", printed: true },
  { name: 'type aliases', given: 'type Schemas = components["schemas"];\nexport type A = Schemas["A"];\nexport type B = RequestInput<Guard<B>>;', printed: true },
  {
    name: 'declarations without blank lines between them, one left to prettier',
    given: 'export type A = components["schemas"]["A"];\n/** B. */\nexport type B = RequestInput<B> & { readonly signing: SigningInput<"a" | "b"> };\nexport type C = RequestInput<C>;',
    printed: false,
  },
  { name: 'imports, short and long', given: `import { a } from "./a.js";\nimport type { ${Array.from({ length: 12 }, (_, i) => `Name${i}`).join(', ')} } from "./types.js";\n\nfunction f() { return a; }`, printed: true },
  { name: 'objects and arrays that fit', given: 'export const A: T = {"description":"short","digests":["md5"],"input":{"upper":["a","$password"]}, "a-b": 1, e: {}};', printed: true },
  {
    name: 'objects and arrays that do not fit, and arrays of objects prettier always breaks',
    given: `export const B: SignatureRecipe = {"description":"${LONG}","digests":["md5","sha1"],"input":[{"reverse":"payer_email"},"$password"],"cases":[{"when":"card_token","input":["x"]},{"when":{"field":"a","equals":"b"},"input":["y","z"]}]};`,
    printed: true,
  },
  { name: 'a long parameter list, one parameter per line', given: `export function ${'saleCard'.repeat(6)}(transport: Transport, input: SaleCardInput, call?: CallOptions): Promise<SaleResponse> { return invoke<SaleResponse>(transport, op, input, call); }`, printed: true },
  { name: 'readonly array types', given: 'export const METHODS: readonly PaymentMethod[] = [{"label":"a","protocols":["s2s"]}, {"label":"b","protocols":[]}];', printed: true },
  { name: 'a long string below its key, unless the key is short', given: `export const C = { ${'k'.repeat(10)}: "${LONG}${LONG}", kkk: "${LONG}${LONG}" };`, printed: true },
  { name: 'a call hugging its last object', given: `export const D = f(a, { key: "${LONG}", other: 1 });`, printed: true },
  { name: 'a long string declaration, below the =', given: `export const E = "${LONG}${LONG}";`, printed: true },
  { name: 'an object or array hugged after other long arguments goes to prettier', given: `export const F = f("${LONG}${LONG}", { key: "${LONG}" });`, printed: false },
  { name: 'arrow functions go to prettier', given: 'export const f = (a: number) => a + 1;', printed: false },
  { name: 'template literals go to prettier', given: 'function f() { return `a${b}`; }', printed: false },
  { name: 'line comments go to prettier', given: 'function f() {\n  // why\n  return 1;\n}', printed: false },
  { name: 'a member chain of three calls goes to prettier', given: 'function f() { return a.b().c().d(); }', printed: false },
  { name: 'wide characters go to prettier', given: 'function f() { return "支付"; }', printed: false },
  { name: 'a long hugged array', given: `const SET_2 = /* @__PURE__ */ new Set<unknown>(["${LONG}", "${LONG}"]);`, printed: true },
  { name: 'a long constructor call, one argument per line', given: `const PATTERN_1 = /* @__PURE__ */ new RegExp("${LONG}${LONG}", "u");`, printed: true },
  { name: 'numbers prettier rewrites go to prettier', given: 'function f() { return 1.50 + 0xAB; }', printed: false },
  { name: 'a long test that is no chain goes to prettier', given: `function f() { if (check(value, "${LONG}", "${LONG}")) return false; }`, printed: false },
];

/** The module formatted by subset-format, and what it left to prettier. */
async function format(given: string): Promise<{ ours: string; leftToPrettier: string[] }> {
  const leftToPrettier: string[] = [];
  const ours = await formatModule(given, printer, async (text) => {
    leftToPrettier.push(text);
    return prettier.format(text, OPTIONS);
  });
  return { ours, leftToPrettier };
}

describe('subset-format prints what prettier prints', () => {
  it.each(CASES)('$name', async ({ given, printed }) => {
    const { ours, leftToPrettier } = await format(given);
    expect(ours).toBe(await prettier.format(given, OPTIONS));
    expect(leftToPrettier.length === 0).toBe(printed);
  });

  it('leaves only the declarations it cannot print to prettier, and keeps their order', async () => {
    const given = ['function a() { return 1; }', 'export const b = () => 2;', 'export const c = (x: number) => x;', 'function d() { return 4; }'].join('\n\n');
    const { ours, leftToPrettier } = await format(given);
    expect(ours).toBe(await prettier.format(given, OPTIONS));
    expect(leftToPrettier).toEqual(['export const b = () => 2;\n\nexport const c = (x: number) => x;']);
  });

  it('declines options it does not print', () => {
    expect(subsetPrinter({ ...OPTIONS, useTabs: true })).toBeUndefined();
    expect(subsetPrinter({ ...OPTIONS, semi: false })).toBeUndefined();
    expect(subsetPrinter({ ...OPTIONS, parser: 'babel' })).toBeUndefined();
    expect(subsetPrinter({ ...OPTIONS, trailingComma: 'es5' })).toBeUndefined();
    expect(subsetPrinter({ ...OPTIONS, quoteProps: 'preserve' })).toBeUndefined();
    expect(subsetPrinter({ ...OPTIONS, bracketSpacing: false })).toBeUndefined();
    expect(subsetPrinter(OPTIONS)).toBeDefined();
  });
});
