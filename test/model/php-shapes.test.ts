// The PHP client's array shapes (the PHPDoc `@param array{...} $input` of each operation group
// method) agree with the validators on need: a key the shape marks required (no `?`) makes every
// example of the operation invalid when it is dropped, and a key whose dropping makes an example
// invalid is marked required, unless the field layer says it is required only under a condition
// that example meets (which an array shape cannot say). Read from generated/php as written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holds } from '../../generators/model/conditions.js';
import { operationRequestExamples, s2sRequestExamples } from '../../generators/model/examples.js';
import { schemaFields } from '../../generators/model/fields.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { clientOperations } from '../../generators/model/operations.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { generatedValidator } from '../support/generated-validators.js';
import { loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';

const model = buildSpecModel(loadBundledSpec() as OpenApiDocument, []);
const GROUPS = { card: 'Card', apm: 'Apm', checkout: 'Checkout' } as const;

/** Method name → its input shape's top-level keys, each required or not, as the PHPDoc writes them. */
function phpShapes(protocol: keyof typeof GROUPS): Map<string, Map<string, boolean>> {
  const source = readFileSync(join(PROJECT_ROOT, 'generated/php/src', `${GROUPS[protocol]}.php`), 'utf8');
  const shapes = new Map<string, Map<string, boolean>>();
  for (const [, body, method] of source.matchAll(/@param array\{\n([\s\S]*?)\n\s+\* \} \$input[\s\S]*?public function (\w+)\(/g)) {
    const keys = new Map<string, boolean>();
    for (const [, name, optional] of body!.matchAll(/^\s+\*\s{5}'([^']+)'(\?)?:/gm)) keys.set(name!, optional !== '?');
    shapes.set(method!, keys);
  }
  return shapes;
}

const cases = clientOperations(model).map((operation) => {
  const examples =
    operation.protocol === 'checkout'
      ? operationRequestExamples(model.checkoutOperations.find((entry) => entry.requestSchemaName === operation.requestSchemaName)!.operation)
      : s2sRequestExamples(model, operation.protocol, operation.action!);
  return [operation.title, operation, examples.map((example) => example.value)] as const;
});

describe('the PHP array shapes agree with the validators on need', () => {
  it('has a shape for every operation, and the SALE on S2S APM requires its order fields', () => {
    for (const [title, operation] of cases) expect(phpShapes(operation.protocol).get(operation.names.method), title).toBeDefined();
    const sale = phpShapes('apm').get('sale')!;
    for (const field of ['order_id', 'order_amount', 'order_currency', 'order_description', 'payer_ip']) expect(sale.get(field), field).toBe(true);
  });

  it.each(cases)('%s', (_title, operation, examples) => {
    const validate = generatedValidator(operation.requestSchemaName);
    const shape = phpShapes(operation.protocol).get(operation.names.method)!;
    const fields = schemaFields(model, operation.requestSchemaName).top;
    const wrong: string[] = [];
    for (const example of examples) {
      for (const [name, required] of shape) {
        if (operation.clientFilled.includes(name) || name === 'signing' || name === 'headers') continue;
        if (!(name in example)) {
          if (required) wrong.push(`${name}: required in the shape, but a valid example leaves it out`);
          continue;
        }
        const { [name]: _dropped, ...rest } = example;
        const refused = !validate(rest).ok;
        const field = fields.get(name);
        const underMetCondition = field?.need === 'conditional' && holds(field.when!, example) !== false;
        if (required && !refused) wrong.push(`${name}: required in the shape, but the validator accepts the example without it`);
        if (!required && refused && !underMetCondition) wrong.push(`${name}: optional in the shape, but the validator refuses the example without it`);
      }
    }
    expect([...new Set(wrong)]).toEqual([]);
  });
});
