// Types a merchant compares: the error code has the catalogue's one type whatever the wire sent,
// a confirmed status is the spec's status union, and a field the spec requires on a result is
// required in its type as in its validator (also when the `required` and the property stand in
// different `allOf` parts, as `trans_id` of a SUCCESS SALE does).
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  confirm,
  createS2SClient,
  PlatformError,
  type AuthSuccess,
  type CaptureSuccess,
  type CheckoutOrderStatus,
  type ConfirmedCallback,
  type ConfirmedStatus,
  type DebitSuccess,
  type GatewayCallback,
  type RecurringSaleSuccess,
  type SaleSuccess,
  type TransactionStatus,
} from '../../generated/client/src/index.js';
import { validateSaleResponse } from '../../generated/client/src/validators.js';
import { CARD_SALE } from '../support/fixtures.js';
import { useLoopback } from '../support/loopback.js';

/** The keys of T a value must carry. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

const server = useLoopback();
const client = () => createS2SClient({ baseUrl: server.baseUrl, merchantKey: 'c2b8fb04-110f-11ea-bcd3-0242ac150003', password: 'pw', retries: 0 });

async function platformError(body: unknown): Promise<PlatformError> {
  server.reply({ status: 400, body });
  try {
    await client().card.sale(CARD_SALE);
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
  throw new Error('expected a PlatformError');
}

describe('error_code: the catalogue\'s string of digits', () => {
  const table = [
    { given: 'a number', wire: 100000, want: '100000' },
    { given: 'a string', wire: '101000', want: '101000' },
    { given: 'zero (Checkout validation)', wire: 0, want: '0' },
  ];
  it.each(table)('$given on the wire → $want on PlatformError and its errors[]', async ({ wire, want }) => {
    const error = await platformError({ result: 'ERROR', error_code: wire, error_message: 'Request data is invalid.', errors: [{ error_code: wire, error_message: 'order_id: This value is not valid.' }] });
    expect(error.error_code).toBe(want);
    expect(error.errors[0]!.error_code).toBe(want);
    expect(error.message).toContain(`code ${want}`);
  });

  it('is typed as a string, so a comparison with the catalogue code compiles and holds', async () => {
    const error = await platformError({ result: 'ERROR', error_code: 101000, error_message: 'Transaction does not exist.' });
    expectTypeOf(error.error_code).toEqualTypeOf<string | undefined>();
    expect(error.error_code === '101000').toBe(true);
  });

  it('a code that is not one (a negative or fractional number, an object) is left out, not invented', async () => {
    for (const wire of [-1, 1.5, { nested: 1 }]) expect((await platformError({ result: 'ERROR', error_code: wire, error_message: 'x' })).error_code).toBeUndefined();
  });
});

describe('confirmed statuses are the spec\'s status unions', () => {
  it('by protocol', () => {
    expectTypeOf<ConfirmedStatus<'card'>>().toEqualTypeOf<TransactionStatus>();
    expectTypeOf<ConfirmedStatus<'apm'>>().toEqualTypeOf<TransactionStatus>();
    expectTypeOf<ConfirmedStatus<'checkout'>>().toEqualTypeOf<CheckoutOrderStatus>();
    expectTypeOf(confirm<Extract<GatewayCallback, { protocol: 'card' }>>).returns.resolves.toEqualTypeOf<TransactionStatus>();
    expectTypeOf<Extract<ConfirmedCallback, { protocol: 'checkout' }>['confirmedStatus']>().toEqualTypeOf<CheckoutOrderStatus | undefined>();
    expectTypeOf<Extract<ConfirmedCallback, { protocol: 'apm' }>['confirmedStatus']>().toEqualTypeOf<TransactionStatus | undefined>();
  });
});

describe('fields the spec requires on a result are required in its type', () => {
  it('trans_id and order_id of the SUCCESS answers, whose properties come from an allOf part', () => {
    expectTypeOf<'trans_id' | 'order_id' | 'status'>().toMatchTypeOf<RequiredKeys<SaleSuccess>>();
    expectTypeOf<'trans_id' | 'order_id'>().toMatchTypeOf<RequiredKeys<AuthSuccess>>();
    expectTypeOf<'trans_id' | 'order_id'>().toMatchTypeOf<RequiredKeys<DebitSuccess>>();
    expectTypeOf<'trans_id'>().toMatchTypeOf<RequiredKeys<CaptureSuccess>>();
    expectTypeOf<'trans_id'>().toMatchTypeOf<RequiredKeys<RecurringSaleSuccess>>();
    expectTypeOf<SaleSuccess['trans_id']>().toEqualTypeOf<string>();
  });

  it('and the validator agrees: a SUCCESS SALE without trans_id is refused', () => {
    const success = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-1', trans_id: 'aaaff66a-904f-11ea-833e-0242ac1f0007' };
    expect(validateSaleResponse(success).ok).toBe(true);
    const { trans_id: _dropped, ...without } = success;
    const result = validateSaleResponse(without);
    expect(result.ok).toBe(false);
  });
});
