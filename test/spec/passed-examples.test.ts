// The key under which the spec check remembers examples it passed (spec-check/passed-examples.ts):
// the same through an edit of what no example's verdict depends on (a schema's description or
// title), another through any edit of a rule, an example, the currency table or the toolchain. A
// remembered pass never hides a mistake: test/spec/spec-check-cases.test.ts checks every mistake
// of its table with the base's pass on record.
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { documentExamples } from '../../generators/spec-check/check.js';
import { passedExamplesKey, withoutAnnotations } from '../../generators/spec-check/passed-examples.js';

const document = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1', 'x-currency-exponents': { overrides: { HUF: 0 } } },
  paths: {
    '/orders': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Order' },
              examples: { one: { value: { description: 'socks', amount: '1.00' } } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Order: {
        type: 'object',
        title: 'An order',
        description: 'What the merchant sells.',
        properties: {
          // A field named `description`: a schema, never dropped.
          description: { type: 'string', description: 'The goods.', maxLength: 255 },
          amount: { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$', examples: [{ description: 'data' }] },
          kind: { const: { description: 'data, not prose' } },
        },
        allOf: [{ if: { required: ['kind'], description: 'With a kind' }, then: { required: ['amount'] } }],
      },
    },
  },
};

type Json = Record<string, unknown>;
const edited = (edit: (copy: Json) => void): OpenApiDocument => {
  const copy = structuredClone(document) as unknown as Json;
  edit(copy);
  return copy as unknown as OpenApiDocument;
};
const order = (copy: Json) => ((copy['components'] as Json)['schemas'] as Json)['Order'] as Json;
const properties = (copy: Json) => order(copy)['properties'] as Record<string, Json>;
const example = (copy: Json) => {
  const media = ((((copy['paths'] as Json)['/orders'] as Json)['post'] as Json)['requestBody'] as Json)['content'] as Json;
  return (((media['application/json'] as Json)['examples'] as Json)['one'] as Json)['value'] as Json;
};
const key = (doc: OpenApiDocument, toolchain = 'toolchain') => passedExamplesKey(doc, documentExamples(doc), toolchain);
const base = key(document as unknown as OpenApiDocument);

describe('withoutAnnotations', () => {
  it("drops schemas' descriptions and titles, and keeps fields so named and data", () => {
    expect(withoutAnnotations(document.components.schemas.Order)).toEqual({
      type: 'object',
      properties: {
        description: { type: 'string', maxLength: 255 },
        amount: { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$', examples: [{ description: 'data' }] },
        kind: { const: { description: 'data, not prose' } },
      },
      allOf: [{ if: { required: ['kind'] }, then: { required: ['amount'] } }],
    });
  });
});

describe('the key of passed examples', () => {
  it.each([
    ["a schema's description", (copy: Json) => void (order(copy)['description'] = 'Edited.')],
    ["a field's description", (copy: Json) => void (properties(copy)['description']!['description'] = 'Edited.')],
    ["a schema's title", (copy: Json) => void (order(copy)['title'] = 'Edited')],
    ["a condition's description", (copy: Json) => void (((order(copy)['allOf'] as Json[])[0]!['if'] as Json)['description'] = 'Edited')],
  ])('is the same after an edit of %s', (_name, edit) => {
    expect(key(edited(edit))).toBe(base);
  });

  it.each([
    ['a pattern', (copy: Json) => void (properties(copy)['amount']!['pattern'] = '^[0-9]+$')],
    ['a bound of the field named description', (copy: Json) => void (properties(copy)['description']!['maxLength'] = 3)],
    ['a const value', (copy: Json) => void (properties(copy)['kind']!['const'] = { description: 'other data' })],
    ["an example's value", (copy: Json) => void (example(copy)['amount'] = '2.00')],
    ['the currency table', (copy: Json) => void ((copy['info'] as Json)['x-currency-exponents'] = { overrides: { HUF: 2 } })],
  ])('changes with %s', (_name, edit) => {
    expect(key(edited(edit))).not.toBe(base);
  });

  it('changes with the toolchain', () => {
    expect(key(document as unknown as OpenApiDocument, 'another toolchain')).not.toBe(base);
  });
});
