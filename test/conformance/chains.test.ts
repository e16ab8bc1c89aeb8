// The kit's identifier tables are the model's, and the model finds what the spec says: the fields
// that name an earlier answer's identifiers (each alias of one), what an answer hands out, and the
// forms of the payer's pages the kit fills in.
import { beforeAll, describe, expect, it } from 'vitest';
import { identifierAliases, identifierFields, schemaFields } from '../../generators/model/fields.js';
import type { SpecModel } from '../../generators/model/spec-model.js';
import { loadModel } from '../../generators/pipeline.js';
import { pageForms } from '../../generated/conformance/src/platform/payer.js';
import { IDENTIFIERS } from '../../generated/conformance/src/scenarios.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import { aliasVariants } from './support.js';

let model: SpecModel;
beforeAll(async () => {
  model = await loadModel(PROJECT_ROOT);
});

describe('identifier fields', () => {
  const cases: readonly { schema: string; want: Record<string, string>; aliases?: string[][] }[] = [
    {
      schema: 'RecurringSaleRequest',
      want: {
        order_id: 'OrderId',
        recurring_first_trans_id: 'TransId',
        recurring_init_trans_id: 'TransId',
        recurring_token: 'Token',
        schedule_id: 'ScheduleId',
      },
      aliases: [['recurring_first_trans_id', 'recurring_init_trans_id']],
    },
    { schema: 'CreateScheduleRequest', want: {}, aliases: [] },
    { schema: 'DescheduleRequest', want: { recurring_token: 'Token', schedule_id: 'ScheduleId' }, aliases: [] },
    // A lookup by payment or by order: two different identifiers, not aliases of one.
    { schema: 'CheckoutStatusRequest', want: { payment_id: 'PaymentId', order_id: 'OrderId' }, aliases: [] },
  ];
  for (const { schema, want, aliases } of cases)
    it(`of ${schema}`, () => {
      if (!model.schemas.has(schema)) return expect.fail(`the spec has no ${schema}`);
      expect(identifierFields(schemaFields(model, schema))).toEqual(want);
      if (aliases) expect(identifierAliases(schemaFields(model, schema))).toEqual(aliases);
    });

  it('are, per operation, what the kit chains with', () => {
    const operations = [
      ...model.s2sActions.map((action) => ({
        title: `S2S ${action.protocol.toUpperCase()} ${action.action}`,
        request: action.requestSchemaName,
        response: action.responseSchemaName,
      })),
      ...model.checkoutOperations.map((operation) => ({
        title: `Checkout ${operation.operationId}`,
        request: operation.requestSchemaName,
        response: operation.responseSchemaName,
      })),
    ];
    expect(Object.keys(IDENTIFIERS).sort()).toEqual(operations.map((operation) => operation.title).sort());
    for (const operation of operations)
      expect(IDENTIFIERS[operation.title], operation.title).toEqual({
        request: identifierFields(schemaFields(model, operation.request)),
        answer: operation.response ? identifierFields(schemaFields(model, operation.response)) : {},
        answerFields: operation.response
          ? [...schemaFields(model, operation.response).top.keys()].sort()
          : [],
        aliases: identifierAliases(schemaFields(model, operation.request)),
      });
    // The RECURRING_* examples send one name of the initiating transaction: the kit adds the other.
    expect(aliasVariants(model)).toBeGreaterThan(0);
  });
});

describe("the payer's pages", () => {
  it('are read as served: POST forms only, actions made absolute, inputs and valued buttons', () => {
    const html = `<form method="post" action="/x/pay"><input name="card_number"><input name="card_cvv2"><button type="submit">Pay</button></form>
<form method="get" action="/search"><input name="q"></form>
<form method="post" action="https://acs.example/done?a=1&amp;b=2"><button name="outcome" value="success">OK</button><button name="outcome" value="failure">No</button></form>`;
    expect(pageForms(html, 'https://platform.example/checkout/t')).toEqual([
      { action: 'https://platform.example/x/pay', inputs: ['card_number', 'card_cvv2'], buttons: [] },
      {
        action: 'https://acs.example/done?a=1&b=2',
        inputs: [],
        buttons: [
          { name: 'outcome', value: 'success' },
          { name: 'outcome', value: 'failure' },
        ],
      },
    ]);
  });
});
