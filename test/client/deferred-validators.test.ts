// Deferred validator pieces: the code for connector `parameters` and a wallet token's content is in
// modules of its own (validate/deferred/), loaded the first time a request carries them. A request
// without them never loads that code; one with them validates exactly as before once it is loaded,
// bad values still rejected by wire path. The client is imported from s2s.ts, as a bundled
// merchant's code would reach it: the package root also exports validators.ts, whose validators
// hand every piece in statically.
import { describe, expect, it, vi } from 'vitest';
import type { RequestValidationError as ValidationError } from '../../generated/client/src/runtime/errors.js';
import type { Deferred } from '../../generated/client/src/runtime/validation.js';
import type { SaleCardInput } from '../../generated/client/src/types.js';
import { collectExamples } from '../support/spec-examples.js';
import { useLoopback } from '../support/loopback.js';

// The fast tier's files share their worker's modules (no isolation); whether a piece was loaded is
// module state, so this file takes the client's modules fresh, with no piece loaded by another file.
vi.resetModules();
const { ConfigurationError, RequestValidationError } = await import('../../generated/client/src/runtime/errors.js');
const { createTransport, invoke, requestValidator } = await import('../../generated/client/src/runtime/pipeline.js');
const { createS2SClient, saleCardOperation } = await import('../../generated/client/src/s2s.js');

const server = useLoopback();
const examples = collectExamples();
const example = (id: string) => examples.find((candidate) => candidate.id === `POST /post request ${id}`)!.value as Record<string, unknown>;
/** A wire example as a caller's input: the client adds action, key and hash. */
const input = (id: string) => {
  const { action: _action, client_key: _key, hash: _hash, ...rest } = example(id);
  return rest as unknown as SaleCardInput;
};
const client = () => createS2SClient({ baseUrl: server.baseUrl, merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'pw', retries: 0 });
const sold = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'O', trans_id: 'T' };

/** The sale's validator module and its deferred pieces, each load spied on. */
async function saleValidator() {
  const module = await saleCardOperation.validator();
  const pieces = (module.deferred ?? []) as readonly Deferred[];
  return { validate: module.validate, loads: pieces.map((piece) => vi.spyOn(piece, 'load')) };
}

const PARTS = [
  {
    part: 'connector parameters',
    example: 'SALE_card_parameters',
    bad: (sale: SaleCardInput) => ({ ...sale, parameters: { ...sale.parameters, bnrg_installm_months: 'x3' } }) as SaleCardInput,
    want: { path: 'parameters[bnrg_installm_months]', rule: 'pattern' },
  },
  {
    part: 'a wallet token',
    example: 'SALE_card_wallet',
    bad: (sale: SaleCardInput) => ({ ...sale, payment_token: JSON.stringify({ ...JSON.parse(String(sale.payment_token)), apiVersion: 'two' }) }) as SaleCardInput,
    want: { path: 'payment_token#/apiVersion', rule: 'type' },
  },
];

describe('a plain card sale', () => {
  it('validates without loading any deferred piece, and is sent', async () => {
    const { validate, loads } = await saleValidator();
    expect(loads.length).toBeGreaterThanOrEqual(2);
    const sale = example('SALE_card');
    expect(validate(sale, 'form')).toEqual({ ok: true, value: sale });
    server.reply({ body: sold });
    await client().card.sale(input('SALE_card'));
    for (const load of loads) expect(load).not.toHaveBeenCalled();
  });
});

describe.each(PARTS)('a card sale with $part', ({ example: id, bad, want }) => {
  it('is validated once its piece is loaded: the first answer is pending, the next complete', async () => {
    const { validate } = await saleValidator();
    const wire = example(id);
    const first = validate(wire, 'form');
    expect(first).toMatchObject({ ok: false, issues: [] });
    expect(first.ok === false && first.pending).toBeInstanceOf(Promise);
    await (first.ok === false && first.pending);
    expect(validate(wire, 'form')).toEqual({ ok: true, value: wire });
  });

  it('goes out through the client, which loads the piece on the way', async () => {
    const before = server.received.length;
    server.reply({ body: sold });
    await expect(client().card.sale(input(id))).resolves.toMatchObject({ result: 'SUCCESS' });
    expect(server.received.length - before).toBe(1);
  });

  it('with a bad value is refused by wire path and never sent', async () => {
    const before = server.received.length;
    const error = await client()
      .card.sale(bad(input(id)))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as ValidationError).issues).toEqual(expect.arrayContaining([expect.objectContaining(want)]));
    expect(server.received.length).toBe(before);
  });
});

describe('requestValidator (a server validating what clients send)', () => {
  it('loads every deferred piece first: its answers are never pending', async () => {
    const validate = await requestValidator(saleCardOperation);
    for (const { example: id, bad } of PARTS) {
      expect(validate(example(id), 'form')).toMatchObject({ ok: true });
      const result = validate({ ...example(id), ...bad(input(id)) }, 'form');
      expect(result.ok).toBe(false);
      expect(result.ok === false && result.issues.length).toBeGreaterThan(0);
    }
  });
});

describe('validator code that cannot be loaded (a bundled chunk missing at run time)', () => {
  it('is a ConfigurationError naming the operation, and nothing is sent', async () => {
    const before = server.received.length;
    const missing = { ...saleCardOperation, validator: () => Promise.reject(new Error('Cannot find module ./chunk-SALE.js')) };
    const transport = createTransport({ baseUrl: server.baseUrl, merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'pw', retries: 2 });
    const error = await invoke(transport, missing, input('SALE_card')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/S2S CARD SALE could not be loaded: .*chunk-SALE/);
    expect(server.received.length).toBe(before);
  });
});
