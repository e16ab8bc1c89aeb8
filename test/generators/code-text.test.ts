// Given/want table for the code text the emitters build from data: short lists on one line,
// longer ones one entry per line with a trailing comma, strings in single quotes.
import { describe, expect, it } from 'vitest';
import { docComment, literal, objectLiteral, propertyKey, stringLiteral } from '../../generators/shared/code-text.js';
import { codeProject } from '../../generators/shared/ts-project.js';

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
