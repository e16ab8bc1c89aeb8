// Given/want table for the code text the emitters build from data: short lists on one line,
// longer ones one entry per line with a trailing comma, strings in single quotes. The declarations
// and statements are also printed by ts-morph from the same structures (as the client emitter
// once built them): both must write the same text.
import { StructureKind, type OptionalKind, type ParameterDeclarationStructure, type StatementStructures, type WriterFunction } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import {
  blankLine,
  docComment,
  exportedFunction,
  exportedInterface,
  exportedType,
  importDeclaration,
  literal,
  objectLiteral,
  propertyKey,
  statementsText,
  stringLiteral,
  type Member,
  type Signature,
  type Statement,
} from '../../generators/shared/code-text.js';
import { codeProject } from '../support/ts-project.js';

describe('literal', () => {
  it.each([
    { given: 'plain', want: "'plain'" },
    { given: "it's \"quoted\"\n\\", want: `'it\\'s "quoted"\\n\\\\'` },
    { given: 12.5, want: '12.5' },
    { given: null, want: 'null' },
    { given: [], want: '[]' },
    { given: ['md5', 'sha256'], want: "['md5', 'sha256']" },
    { given: { a: 1, 'b-c': true, skipped: undefined }, want: "{ a: 1, 'b-c': true }" },
    {
      given: { description: 'x'.repeat(90), digests: ['md5'] },
      want: `{\n  description: '${'x'.repeat(90)}',\n  digests: ['md5'],\n}`,
    },
    {
      given: [{ label: 'a'.repeat(60), protocols: ['s2s-apm', 'checkout'] }],
      want: `[\n  {\n    label: '${'a'.repeat(60)}',\n    protocols: ['s2s-apm', 'checkout'],\n  },\n]`,
    },
  ])('$want', ({ given, want }) => {
    const text = literal(given);
    expect(text).toBe(want);
    // What the generated code holds is the data itself.
    expect(new Function(`return ${text};`)()).toEqual(JSON.parse(JSON.stringify(given)));
  });
});

describe('objectLiteral', () => {
  it('keeps code values as given and puts an entry with a doc comment on lines of its own', () => {
    expect(objectLiteral({ validate: 'validateSaleCardRequest', idempotent: 'false' })).toBe('{ validate: validateSaleCardRequest, idempotent: false }');
    expect(objectLiteral(['transport', `/** S2S CARD SALE */\nsale: (input: SaleCardInput) => saleCard(transport, input)`])).toBe(
      '{\n  transport,\n  /** S2S CARD SALE */\n  sale: (input: SaleCardInput) => saleCard(transport, input),\n}',
    );
  });
});

describe('names', () => {
  it.each([
    ['card_number', 'card_number'],
    ['Token', 'Token'],
    ['x-request-id', "'x-request-id'"],
  ])('propertyKey(%s) is %s', (given, want) => expect(propertyKey(given)).toBe(want));

  it('stringLiteral escapes what a single-quoted string cannot hold', () => {
    expect(stringLiteral("a'b\u2028")).toBe("'a\\'b\u2028'");
  });
});

describe('docComment', () => {
  // The named types were printed by ts-morph; their text now is this: both print every doc alike.
  const byTsMorph = (doc: string) => codeProject().createSourceFile('doc.ts').addTypeAlias({ name: 'A', type: 'string', docs: [doc] }).getSourceFile().getFullText();
  it.each([
    { given: 'One line.', want: '/** One line. */' },
    { given: 'Two\nlines.', want: '/**\n * Two\n * lines.\n */' },
    { given: 'A paragraph.\n\nAnother.', want: '/**\n * A paragraph.\n *\n * Another.\n */' },
  ])('$want', ({ given, want }) => {
    expect(docComment(given)).toBe(want);
    expect(`${docComment(given)}\ntype A = string;\n`).toBe(byTsMorph(given));
  });

  it('keeps a comment whole when the text holds its end (ts-morph 27 throws on such a doc)', () => {
    expect(docComment('Ends with */ here')).toBe('/** Ends with * / here */');
  });
});

// A statement as the helpers write it, paired with the ts-morph structure for it.
type Printable = string | WriterFunction | StatementStructures;
type Pair = readonly [Statement, Printable];

const docsOf = (doc: string | readonly string[] | undefined) => (doc === undefined ? {} : { docs: typeof doc === 'string' ? [doc] : [...doc] });
const parameterOf = (member: Member): OptionalKind<ParameterDeclarationStructure> => ({ name: member.name, type: member.type, hasQuestionToken: member.optional === true });
const signatureOf = (signature: Signature) => ({
  ...docsOf(signature.doc),
  parameters: signature.parameters.map(parameterOf),
  ...(signature.returnType === undefined ? {} : { returnType: signature.returnType }),
});

const text = (statement: string): Pair => [statement, statement];
const blank: Pair = [blankLine, (writer) => writer.blankLine()];
/** An import, its names given to ts-morph as the client emitter gave them: a long list as a writer of one name per line. */
const imported = (moduleSpecifier: string, names: string[], typeOnly = false): Pair => {
  const ours = importDeclaration(moduleSpecifier, names, { typeOnly });
  const namedImports = ours.includes('\n') ? (writer: { write(text: string): void }) => writer.write(`\n${names.map((name) => `${name},\n`).join('')}`) : names;
  return [ours, { kind: StructureKind.ImportDeclaration, moduleSpecifier, namedImports, isTypeOnly: typeOnly }];
};
const alias = (declaration: Parameters<typeof exportedType>[0]): Pair => [
  exportedType(declaration),
  { kind: StructureKind.TypeAlias, isExported: true, name: declaration.name, type: declaration.type, ...docsOf(declaration.doc) },
];
const fn = (declaration: Parameters<typeof exportedFunction>[0]): Pair => [
  exportedFunction(declaration),
  {
    kind: StructureKind.Function,
    isExported: true,
    name: declaration.name,
    ...signatureOf(declaration),
    overloads: (declaration.overloads ?? []).map(signatureOf),
    statements: [...declaration.statements],
  },
];
const iface = (declaration: Parameters<typeof exportedInterface>[0]): Pair => [
  exportedInterface(declaration),
  {
    kind: StructureKind.Interface,
    isExported: true,
    name: declaration.name,
    ...docsOf(declaration.doc),
    extends: [...(declaration.extends ?? [])],
    properties: declaration.properties.map((property) => ({
      name: property.name,
      type: property.type,
      hasQuestionToken: property.optional === true,
      isReadonly: true,
      ...docsOf(property.doc),
    })),
  },
];

const byTsMorphPrinter = (structures: readonly Printable[]) => codeProject().createSourceFile('a.ts', { statements: [...structures] }).getFullText();

/** Each row: the statements given, and the file text both write (statementsText, then a final line break). */
function expectBothWrite(given: readonly Pair[], want: string): void {
  expect(`${statementsText(given.map(([ours]) => ours))}\n`).toBe(want);
  expect(byTsMorphPrinter(given.map(([, structure]) => structure))).toBe(want);
}

describe('importDeclaration', () => {
  it.each([
    { given: imported('./runtime/pipeline.js', ['createTransport', 'invoke']), want: "import { createTransport, invoke } from './runtime/pipeline.js';\n" },
    { given: imported('./runtime/form-codec.js', ['FormObject'], true), want: "import type { FormObject } from './runtime/form-codec.js';\n" },
    // The names alone count toward the width: 100 characters stay on one line, 101 do not.
    { given: imported('./types.js', ['A'.repeat(49), 'B'.repeat(49)], true), want: `import type { ${'A'.repeat(49)}, ${'B'.repeat(49)} } from './types.js';\n` },
    { given: imported('./signatures.js', ['A'.repeat(50), 'B'.repeat(49)]), want: `import {\n  ${'A'.repeat(50)},\n  ${'B'.repeat(49)},\n} from './signatures.js';\n` },
  ])('$want', ({ given, want }) => expectBothWrite([given], want));
});

describe('exportedType', () => {
  it.each([
    { given: alias({ name: 'S2SClient', type: 'ReturnType<typeof createS2SClient>' }), want: 'export type S2SClient = ReturnType<typeof createS2SClient>;\n' },
    {
      given: alias({ name: 'Options', type: 'ClientOptions', doc: 'Options of a client.\n\n`merchantKey` is the key.' }),
      want: '/**\n * Options of a client.\n *\n * `merchantKey` is the key.\n */\nexport type Options = ClientOptions;\n',
    },
  ])('$want', ({ given, want }) => expectBothWrite([given], want));
});

describe('exportedInterface', () => {
  it.each([
    {
      given: iface({ name: 'S2SClientOptions', extends: ['ClientOptions'], doc: 'Options of an S2S client.', properties: [{ name: 'postPath', type: 'string', optional: true, doc: 'Path of the S2S endpoint.' }] }),
      want: '/** Options of an S2S client. */\nexport interface S2SClientOptions extends ClientOptions {\n  /** Path of the S2S endpoint. */\n  readonly postPath?: string;\n}\n',
    },
    {
      given: iface({ name: 'PaymentMethod', properties: [{ name: 'label', type: 'string', doc: 'Two\nlines.' }, { name: 'qr', type: '{ readonly seconds: number }', optional: true }] }),
      want: 'export interface PaymentMethod {\n  /**\n   * Two\n   * lines.\n   */\n  readonly label: string;\n  readonly qr?: { readonly seconds: number };\n}\n',
    },
  ])('$want', ({ given, want }) => expectBothWrite([given], want));
});

describe('exportedFunction', () => {
  const call = { name: 'call', type: 'CallOptions', optional: true };
  it.each([
    {
      given: fn({ name: 'saleCard', doc: 'S2S CARD SALE.', parameters: [{ name: 'input', type: 'SaleCardInput' }, call], returnType: 'Promise<SaleResponse>', statements: ['return invoke(input, call);'] }),
      want: '/** S2S CARD SALE. */\nexport function saleCard(input: SaleCardInput, call?: CallOptions): Promise<SaleResponse> {\n  return invoke(input, call);\n}\n',
    },
    {
      // Two doc comments; no return type; a statement that ends in `}` is followed by a blank line, and a multi-line one is indented throughout.
      given: fn({
        name: 'createClient',
        doc: ['Verifies a callback.', 'Throws SignatureError.'],
        parameters: [{ name: 'options', type: 'Options' }],
        statements: ['const transport = createTransport(options);', 'function status(input: In) { return invoke(input); }', 'return {\n  transport,\n  status,\n};'],
      }),
      want: '/** Verifies a callback. */\n/** Throws SignatureError. */\nexport function createClient(options: Options) {\n  const transport = createTransport(options);\n  function status(input: In) { return invoke(input); }\n\n  return {\n    transport,\n    status,\n  };\n}\n',
    },
    {
      given: fn({
        name: 'status',
        doc: 'Status.',
        parameters: [{ name: 'input', type: 'In' }],
        returnType: 'Promise<Out>',
        overloads: [
          { doc: 'Status.', parameters: [{ name: 'input', type: 'In & { readonly size?: undefined }' }], returnType: 'Promise<Item>' },
          { doc: 'Status.', parameters: [{ name: 'input', type: 'In & { readonly size: number }' }], returnType: 'Promise<Item[]>' },
        ],
        statements: ['return invoke(input);'],
      }),
      want:
        '/** Status. */\nexport function status(input: In & { readonly size?: undefined }): Promise<Item>;\n' +
        '/** Status. */\nexport function status(input: In & { readonly size: number }): Promise<Item[]>;\n' +
        '/** Status. */\nexport function status(input: In): Promise<Out> {\n  return invoke(input);\n}\n',
    },
  ])('$want', ({ given, want }) => expectBothWrite([given], want));
});

describe('statementsText', () => {
  const f = fn({ name: 'f', parameters: [], returnType: 'number', statements: ['return 1;'] });
  it.each([
    {
      // Imports back to back, the blank line asked for, constants back to back, a blank line before a
      // function and after it (it ends in `}`), type aliases back to back, blank lines around an interface.
      given: [
        imported('./a.js', ['a']),
        imported('./b.js', ['B'], true),
        blank,
        text('/** One. */\nexport const ONE = {\n  a: 1,\n};'),
        text("export const TWO = ['b'];"),
        f,
        text('export const THREE = 3;'),
        alias({ name: 'A', type: 'string' }),
        alias({ name: 'B', type: 'number', doc: 'B.' }),
        iface({ name: 'C', properties: [{ name: 'c', type: 'string' }] }),
        alias({ name: 'D', type: 'C' }),
      ],
      want:
        "import { a } from './a.js';\nimport type { B } from './b.js';\n\n" +
        "/** One. */\nexport const ONE = {\n  a: 1,\n};\nexport const TWO = ['b'];\n\n" +
        'export function f(): number {\n  return 1;\n}\n\nexport const THREE = 3;\n' +
        'export type A = string;\n/** B. */\nexport type B = number;\n\n' +
        'export interface C {\n  readonly c: string;\n}\n\nexport type D = C;\n',
    },
    { given: [f, f], want: 'export function f(): number {\n  return 1;\n}\n\nexport function f(): number {\n  return 1;\n}\n' },
    { given: [text('export const A = 1;'), blank, f], want: 'export const A = 1;\n\nexport function f(): number {\n  return 1;\n}\n' },
  ])('$want', ({ given, want }) => expectBothWrite(given, want));
});
