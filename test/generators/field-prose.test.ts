// What an emitter that never shows what a field is for reads (model/field-prose.ts):
// the fields' descriptions go, a rule's words and an operation's own description stay.
import { describe, expect, it } from 'vitest';
import { proselessSpec } from '../../generators/model/field-prose.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';

const document = {
  openapi: '3.1.0',
  info: { title: 'prose', version: '1' },
  paths: {
    '/refund': {
      post: {
        operationId: 'refund',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/RefundRequest' } } } },
        responses: { '200': { description: 'Done' } },
      },
    },
  },
  components: {
    schemas: {
      RefundRequest: {
        description: 'Refunds a payment.',
        type: 'object',
        'x-note': { description: 'An extension, in words.' },
        'x-errors': [],
        properties: { amount: { $ref: '#/components/schemas/Amount' }, note: { type: 'string', description: 'A note.' } },
        allOf: [{ if: { $ref: '#/components/schemas/Partial' }, then: { required: ['amount'] } }],
      },
      Amount: { description: 'How much.', type: 'string', not: { const: '0', description: 'must be greater than 0' } },
      Partial: { description: 'A partial refund.', properties: { partial: { const: true, description: 'Partly.' } } },
      Tags: { type: 'array', items: { type: 'string', description: 'One tag.' }, examples: [[{ description: 'data' }]] },
    },
  },
} as unknown as OpenApiDocument;

describe('proselessSpec', () => {
  const schemas = proselessSpec(buildSpecModel(document, [])).document.components!.schemas as Record<string, Record<string, unknown>>;
  it.each([
    { what: "an operation's request schema keeps its own description, not its fields'", name: 'RefundRequest', want: { description: 'Refunds a payment.', note: undefined, signature: 'An extension, in words.' } },
    { what: 'a component loses its description, and a `not` keeps its words', name: 'Amount', want: { description: undefined, not: 'must be greater than 0' } },
    { what: 'a component a condition reaches keeps all of its own', name: 'Partial', want: { description: 'A partial refund.', partial: 'Partly.' } },
    { what: "an item's description goes; examples are data", name: 'Tags', want: { item: undefined, examples: [[{ description: 'data' }]] } },
  ])('$what', ({ name, want }) => {
    const schema = schemas[name]!;
    const properties = schema['properties'] as Record<string, Record<string, unknown>> | undefined;
    const got: Record<string, unknown> = {};
    for (const key of Object.keys(want)) {
      if (key === 'description') got[key] = schema['description'];
      if (key === 'note') got[key] = properties?.['note']?.['description'];
      if (key === 'signature') got[key] = (schema['x-note'] as Record<string, unknown>)['description'];
      if (key === 'not') got[key] = (schema['not'] as Record<string, unknown>)['description'];
      if (key === 'partial') got[key] = properties?.['partial']?.['description'];
      if (key === 'item') got[key] = (schema['items'] as Record<string, unknown>)['description'];
      if (key === 'examples') got[key] = schema['examples'];
    }
    expect(got).toEqual(want);
  });

  it('leaves the model it reads untouched', () => {
    expect((document.components!.schemas!['Amount'] as { description?: string }).description).toBe('How much.');
  });
});
