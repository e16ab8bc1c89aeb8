// Which wire fields the client fills itself (the S2S action, the merchant key, the signature) is
// the model's one list per operation (`clientFilled`), and every face agrees with it: the fields
// the client's sender adds to a real request (the wire body, less the caller's input), the
// Try-it panel's data (its form and "Copy as TypeScript" leave them out, it fills the same
// head), the input types' `ClientFilledField`, and the PHP array shapes, which never ask for one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTransport, decodeForm } from '../../generated/client/src/index.js';
import { invoke } from '../../generated/client/src/runtime/pipeline.js';
import { operationRequestExamples, s2sRequestExamples } from '../../generators/model/examples.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { clientFilledFields, clientOperations, type ClientOperation } from '../../generators/model/operations.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { DOCS_DIR } from '../support/docs-pages.js';
import { useLoopback } from '../support/loopback.js';
import { definitions } from '../support/operations.js';
import { loadBundledSpec, PROJECT_ROOT } from '../support/spec-examples.js';

const model = buildSpecModel(loadBundledSpec() as OpenApiDocument, []);
const operations = clientOperations(model);
const server = useLoopback();

function examplesOf(operation: ClientOperation): Record<string, unknown>[] {
  return (
    operation.protocol === 'checkout'
      ? operationRequestExamples(
          model.checkoutOperations.find((entry) => entry.requestSchemaName === operation.requestSchemaName)!.operation,
        )
      : s2sRequestExamples(model, operation.protocol, operation.action!)
  ).map((example) => example.value);
}

interface TryItData {
  readonly title: string;
  readonly keyField?: string;
  readonly head: Record<string, string>;
  readonly clientFilled: string[];
  readonly examples: { readonly value: Record<string, unknown> }[];
}
const TRY_IT = join(DOCS_DIR, 'public', 'try-it');
/** The Try-it data of each operation's own page, by the operation's title. */
const tryIt = new Map(
  readdirSync(TRY_IT, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.json') && !file.startsWith('callbacks'))
    .map((file) => JSON.parse(readFileSync(join(TRY_IT, file), 'utf8')) as TryItData)
    .map((data) => [data.title, data] as const),
);

describe('the fields the client fills', () => {
  it('the model names the action, the key and the hash, each where the operation has it', () => {
    expect(clientFilledFields(operations)).toEqual(['action', 'client_key', 'hash', 'merchant_key']);
    const sale = operations.find((operation) => operation.title === 'S2S CARD SALE')!;
    expect([sale.head, sale.clientFilled]).toEqual([{ action: 'SALE' }, ['action', 'client_key', 'hash']]);
    expect(
      operations.some((operation) => operation.protocol === 'checkout' && operation.clientFilled.length === 0),
    ).toBe(true);
  });

  it.each(operations.map((operation) => [operation.title, operation] as const))(
    '%s: the sender fills exactly them on a real request',
    async (_title, operation) => {
      const definition = definitions.find((candidate) => candidate.name === operation.title)!;
      const transport = createTransport({ baseUrl: server.baseUrl, merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'pw', retries: 0 });
      for (const example of examplesOf(operation)) {
        const input = Object.fromEntries(
          Object.entries(example).filter(([name]) => !operation.clientFilled.includes(name)),
        );
        server.reply({
          body: definition.arrayWhen && example[definition.arrayWhen] !== undefined ? [] : { result: 'SUCCESS' },
        });
        const signing = Object.fromEntries(
          operation.signingFields.map((name) => [
            name,
            name === 'card_number' ? '4111111111111111' : 'doe@example.com',
          ]),
        );
        await invoke(transport, definition, {
          ...input,
          ...(operation.signingFields.length > 0 ? { signing } : {}),
          ...(operation.headers.length > 0
            ? { headers: Object.fromEntries(operation.headers.map((name) => [name, 'h'])) }
            : {}),
        });
        const request = server.received.at(-1)!;
        const wire = (operation.bodyStyle === 'form' ? decodeForm(request.body) : JSON.parse(request.body)) as Record<
          string,
          unknown
        >;
        const added = Object.keys(wire).filter((name) => !(name in input));
        expect(added.sort()).toEqual([...operation.clientFilled].sort());
        for (const [name, value] of Object.entries(operation.head)) expect(wire[name]).toBe(value);
      }
    },
  );

  it.each(operations.map((operation) => [operation.title, operation] as const))(
    '%s: the Try-it panel fills the same, and its form leaves exactly them out of the examples',
    (_title, operation) => {
      const data = tryIt.get(operation.title)!;
      expect(data, operation.title).toBeDefined();
      expect([data.head, data.clientFilled, data.keyField]).toEqual([
        operation.head,
        operation.clientFilled,
        operation.keyField,
      ]);
      const examples = examplesOf(operation);
      expect(data.examples.map((example) => Object.keys(example.value))).toEqual(
        examples.map((example) => Object.keys(example).filter((name) => !operation.clientFilled.includes(name))),
      );
    },
  );

  it("the input types omit the model's list, and no PHP array shape asks for one of its fields", () => {
    const types = readFileSync(join(PROJECT_ROOT, 'generated/client/src/types.ts'), 'utf8');
    const union = /^export type ClientFilledField = (.+);$/m.exec(types)?.[1];
    expect(union?.split(' | ').map((name) => JSON.parse(name.replace(/'/g, '"')))).toEqual(
      clientFilledFields(operations),
    );
    for (const group of ['Card', 'Apm', 'Checkout']) {
      const php = readFileSync(join(PROJECT_ROOT, 'generated/php/src', `${group}.php`), 'utf8');
      const keys = [...php.matchAll(/@param array\{\n([\s\S]*?)\n\s+\* \} \$input/g)].flatMap(([, body]) =>
        [...body!.matchAll(/^\s+\*\s{5}'([^']+)'\??:/gm)].map(([, name]) => name!),
      );
      expect(keys.length, group).toBeGreaterThan(10);
      expect(
        keys.filter((name) => clientFilledFields(operations).includes(name)),
        group,
      ).toEqual([]);
    }
  });
});
