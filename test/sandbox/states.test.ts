// States and outcomes: the document's state table, its zero-amount rules and error catalogue,
// schedules, recurring pairs, the operator limits, Checkout's `size`, and the test data of the
// public facts (§5.1). Every success answer is checked against its response schema by the helpers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '../../generated/sandbox/src/spec-tables.js';
import { cardFields, nextOrder, sendCheckout, sendS2s, startHarness, type Harness } from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.sandbox.close();
});

const ORIGINAL = { payer_email: 'payer@example.com', card_number: '4111111111111111' };
const status = async (trans_id: string) =>
  (await sendS2s(h, 'card', { action: 'GET_TRANS_STATUS', trans_id })).body.status;

describe('S2S CARD test cards (facts §5.1)', () => {
  const table: { given: [action: string, month: string, year: string]; want: [result: string, status: string] }[] = [
    { given: ['SALE', '01', '2038'], want: ['SUCCESS', 'SETTLED'] },
    { given: ['AUTH', '01', '2038'], want: ['SUCCESS', 'PENDING'] },
    { given: ['SALE', '02', '2038'], want: ['DECLINED', 'DECLINED'] },
    { given: ['AUTH', '02', '2038'], want: ['DECLINED', 'DECLINED'] },
    { given: ['AUTH', '03', '2038'], want: ['SUCCESS', 'PENDING'] },
    { given: ['SALE', '05', '2038'], want: ['REDIRECT', '3DS'] },
    { given: ['SALE', '06', '2038'], want: ['REDIRECT', '3DS'] },
    { given: ['SALE', '12', '2038'], want: ['REDIRECT', 'REDIRECT'] },
    { given: ['SALE', '12', '2039'], want: ['REDIRECT', 'REDIRECT'] },
  ];
  it.each(table)(
    '$given.0 with $given.1/$given.2 → $want.0/$want.1',
    async ({ given: [action, month, year], want: [result, state] }) => {
      const answer = await sendS2s(h, 'card', cardFields(action, month, year));
      expect(answer.body).toMatchObject({ action, result, status: state });
    },
  );

  it('a 3DS card settles without a challenge when mpi_data carries the MPI result', async () => {
    const mpi = {
      eci: '05',
      authentication_value: 'AAABBBCCC',
      ds_trans_id: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
      '3ds_version': '2.2.0',
    };
    expect((await sendS2s(h, 'card', cardFields('SALE', '05', '2038', { mpi_data: mpi }))).body).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
    });
    expect((await sendS2s(h, 'card', cardFields('SALE', '06', '2038', { mpi_data: mpi }))).body).toMatchObject({
      result: 'DECLINED',
      status: 'DECLINED',
    });
  });

  it('CREDIT2CARD follows its own test cards', async () => {
    const payout = (card_number: string) => ({
      action: 'CREDIT2CARD',
      order_id: nextOrder('PAYOUT'),
      order_amount: '5.00',
      order_currency: 'USD',
      order_description: 'Payout',
      card_number,
      payer_ip: '203.0.113.10',
    });
    expect((await sendS2s(h, 'card', payout('4601541833776519'))).body).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
    });
    expect((await sendS2s(h, 'card', payout('4917484589897107'))).body).toMatchObject({
      result: 'DECLINED',
      status: 'DECLINED',
    });
    expect((await sendS2s(h, 'card', payout('4000000000000002'))).body).toMatchObject({
      result: 'UNDEFINED',
      status: 'PREPARE',
    });
  });

  const reasoned = TABLES.testData.cards.filter((card) => card.reason !== undefined);
  it('some test card carries the decline text its source shows', () => {
    expect(reasoned.length).toBeGreaterThan(0);
  });
  it.each(reasoned)('$number ($scenario) declines a SALE and a payout with its test data text', async (card) => {
    const [month, year] = card.expiry === 'any' ? ['01', '2038'] : card.expiry.split('/');
    const sale = await sendS2s(h, 'card', cardFields('SALE', month, year, { card_number: card.number }));
    expect(sale.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: card.reason });
    const payout = await sendS2s(h, 'card', {
      action: 'CREDIT2CARD',
      order_id: nextOrder('PAYOUT'),
      order_amount: '5.00',
      order_currency: 'USD',
      order_description: 'Payout',
      card_number: card.number,
      payer_ip: '203.0.113.10',
    });
    expect(payout.body).toMatchObject({ result: 'DECLINED', decline_reason: card.reason });
  });
});

describe('authorization, capture, void, creditvoid (States and transitions)', () => {
  it('AUTH then CAPTURE settles; the authorization trans_id is captured', async () => {
    const auth = (await sendS2s(h, 'card', cardFields('AUTH'))).body;
    const capture = await sendS2s(h, 'card', { action: 'CAPTURE', trans_id: auth.trans_id });
    expect(capture.body).toMatchObject({
      action: 'CAPTURE',
      result: 'SUCCESS',
      status: 'SETTLED',
      trans_id: auth.trans_id,
    });
    expect(await status(auth.trans_id)).toBe('SETTLED');
  });

  it('the 03/2038 card authorizes, then its CAPTURE is declined and the payment stays PENDING', async () => {
    const auth = (await sendS2s(h, 'card', cardFields('AUTH', '03'))).body;
    expect((await sendS2s(h, 'card', { action: 'CAPTURE', trans_id: auth.trans_id })).body).toMatchObject({
      result: 'DECLINED',
      status: 'PENDING',
    });
    expect(await status(auth.trans_id)).toBe('PENDING');
  });

  it('VOID applies only to SETTLED payments', async () => {
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    expect((await sendS2s(h, 'card', { action: 'VOID', trans_id: sale.trans_id })).body).toMatchObject({
      result: 'SUCCESS',
      status: 'VOID',
    });
    const auth = (await sendS2s(h, 'card', cardFields('AUTH'))).body;
    expect((await sendS2s(h, 'card', { action: 'VOID', trans_id: auth.trans_id })).body).toMatchObject({
      result: 'DECLINED',
      status: 'PENDING',
    });
    expect(await status(auth.trans_id)).toBe('PENDING');
  });

  it('CREDITVOID releases an authorization and refunds a settled payment in part, then in full', async () => {
    const auth = (await sendS2s(h, 'card', cardFields('AUTH'))).body;
    expect((await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: auth.trans_id }, ORIGINAL)).body).toMatchObject({
      action: 'CREDITVOID',
      result: 'ACCEPTED',
    });
    expect(await status(auth.trans_id)).toBe('REVERSAL');
    // Facts §2.2: "`REFUND`/`REVERSAL` for full, `SETTLED` for partial", as the state table's money rows say.
    const refundRow = (amount: 'part' | 'remaining') =>
      TABLES.transitions.find(
        (move) => move.from === 'SETTLED' && move.actions?.includes('CREDITVOID') && move.amount === amount,
      )?.to;
    expect([refundRow('part'), refundRow('remaining')]).toEqual(['SETTLED', 'REFUND']);
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: sale.trans_id, amount: '4.00' }, ORIGINAL);
    expect(await status(sale.trans_id)).toBe('SETTLED');
    await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: sale.trans_id, amount: '6.00' }, ORIGINAL);
    expect(await status(sale.trans_id)).toBe('REFUND');
  });

  it('CREDITVOID checks the F2 hash over the original payment e-mail and card', async () => {
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    const answer = await sendS2s(
      h,
      'card',
      { action: 'CREDITVOID', trans_id: sale.trans_id },
      { ...ORIGINAL, payer_email: 'someone@else.example' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].error_message).toMatch(/^hash: Hash is not valid\. S2S CARD CREDITVOID .*payer_email/);
  });
});

describe('S2S APM (vcard, auth=Y)', () => {
  const apmSale = (identifier: string, extra: Record<string, unknown> = {}) => ({
    action: 'SALE',
    brand: 'vcard',
    order_id: nextOrder('APM'),
    order_amount: '7.50',
    order_currency: 'USD',
    order_description: 'APM test',
    identifier,
    payer_ip: '203.0.113.10',
    return_url: 'https://merchant.example/return',
    ...extra,
  });

  it('the identifier selects success or decline', async () => {
    expect((await sendS2s(h, 'apm', apmSale('success@gmail.com'))).body).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
    });
    expect((await sendS2s(h, 'apm', apmSale('fail@gmail.com'))).body).toMatchObject({
      result: 'DECLINED',
      status: 'DECLINED',
    });
  });

  it('auth=Y holds PENDING; VOID answers "Void is not allowed." and leaves it; CAPTURE settles it', async () => {
    const auth = (await sendS2s(h, 'apm', apmSale('success@gmail.com', { auth: 'Y' }))).body;
    expect(auth).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    const voided = await sendS2s(h, 'apm', { action: 'VOID', trans_id: auth.trans_id });
    expect(voided.body.error_message).toBe('Void is not allowed.');
    expect((await sendS2s(h, 'apm', { action: 'GET_TRANS_STATUS', trans_id: auth.trans_id })).body.status).toBe(
      'PENDING',
    );
    expect((await sendS2s(h, 'apm', { action: 'CAPTURE', trans_id: auth.trans_id })).body).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
    });
  });

  it('auth=N is an immediate sale (only exactly Y authorizes)', async () => {
    expect((await sendS2s(h, 'apm', apmSale('success@gmail.com', { auth: 'N' }))).body.status).toBe('SETTLED');
  });

  it('CREDITVOID releases an APM authorization', async () => {
    const auth = (await sendS2s(h, 'apm', apmSale('success@gmail.com', { auth: 'Y' }))).body;
    expect((await sendS2s(h, 'apm', { action: 'CREDITVOID', trans_id: auth.trans_id })).body.result).toBe('ACCEPTED');
    expect((await sendS2s(h, 'apm', { action: 'GET_TRANS_STATUS', trans_id: auth.trans_id })).body.status).toBe(
      'REVERSAL',
    );
  });
});

describe('zero amounts (Limits)', () => {
  it('a plain SALE of zero is refused with the document message', async () => {
    const answer = await sendS2s(h, 'card', cardFields('SALE', '01', '2038', { order_amount: '0.00' }));
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toBe('amount: This value should be greater than 0.');
  });
  it.each([{ auth: 'Y' }, { recurring_init: 'Y' }])('zero is allowed with %o', async (extra) => {
    const answer = await sendS2s(h, 'card', cardFields('SALE', '01', '2038', { order_amount: '0.00', ...extra }));
    expect(answer.body.result).toBe('SUCCESS');
  });
});

describe('unknown ids answer the document codes and messages', () => {
  const unknown = '5e0c6b2a-0000-4000-8000-000000000000';
  const table: {
    given: [protocol: 'card' | 'apm', fields: Record<string, unknown>];
    want: [code: string, message: string];
  }[] = [
    {
      given: ['card', { action: 'GET_TRANS_STATUS', trans_id: unknown }],
      want: ['101000', 'Transaction does not exist.'],
    },
    {
      given: ['card', { action: 'GET_TRANS_STATUS_BY_ORDER', order_id: 'NO-SUCH-ORDER' }],
      want: ['101000', 'Order does not exist.'],
    },
    { given: ['card', { action: 'CAPTURE', trans_id: unknown }], want: ['101000', 'Transaction does not exist.'] },
    { given: ['card', { action: 'VOID', trans_id: unknown }], want: ['100000', 'Payment not found.'] },
    { given: ['card', { action: 'CREDITVOID', trans_id: unknown }], want: ['100000', 'Payment not found.'] },
    { given: ['card', { action: 'DELETE_SCHEDULE', schedule_id: unknown }], want: ['100000', 'Schedule not found'] },
    {
      given: ['card', { action: 'UPDATE_SCHEDULE', schedule_id: unknown, name: 'x' }],
      want: ['100000', 'Schedule not found'],
    },
  ];
  it.each(table)('$given.1.action → $want.0 $want.1', async ({ given: [protocol, fields], want: [code, message] }) => {
    const answer = await sendS2s(h, protocol, fields);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ result: 'ERROR', error_code: code, error_message: message });
  });

  it('RECURRING_SALE with an unknown pair → 100000 Incorrect transaction', async () => {
    const answer = await sendS2s(
      h,
      'card',
      {
        action: 'RECURRING_SALE',
        recurring_init_trans_id: unknown,
        recurring_token: unknown,
        order_id: nextOrder(),
        order_amount: '1.00',
        order_currency: 'USD',
        order_description: 'x',
      },
      ORIGINAL,
    );
    expect(answer.body).toMatchObject({ error_code: '100000', error_message: 'Incorrect transaction' });
  });

  it('Checkout status by payment_id and by order_id', async () => {
    expect((await sendCheckout(h, 'getPaymentStatus', { payment_id: unknown })).body).toMatchObject({
      error_code: '101000',
      error_message: 'Payment does not exist.',
    });
    expect((await sendCheckout(h, 'getPaymentStatus', { order_id: 'NO-SUCH-ORDER' })).body).toMatchObject({
      error_code: '101000',
      error_message: 'Order does not exist.',
    });
  });
});

describe('recurring pairs', () => {
  it('RECURRING_SALE charges the card of a recurring_init=Y SALE; a DEBIT chain takes RECURRING_DEBIT only', async () => {
    const init = (await sendS2s(h, 'card', cardFields('SALE', '01', '2038', { recurring_init: 'Y' }))).body;
    expect(init.recurring_token).toEqual(expect.any(String));
    const again = await sendS2s(
      h,
      'card',
      {
        action: 'RECURRING_SALE',
        recurring_init_trans_id: init.trans_id,
        recurring_token: init.recurring_token,
        order_id: nextOrder(),
        order_amount: '3.00',
        order_currency: 'USD',
        order_description: 'Month 2',
      },
      ORIGINAL,
    );
    expect(again.body).toMatchObject({ action: 'RECURRING_SALE', result: 'SUCCESS', status: 'SETTLED' });
    const wrongChain = await sendS2s(
      h,
      'card',
      {
        action: 'RECURRING_DEBIT',
        recurring_init_trans_id: init.trans_id,
        recurring_token: init.recurring_token,
        order_id: nextOrder(),
        order_amount: '3.00',
        order_currency: 'USD',
        order_description: 'x',
      },
      ORIGINAL,
    );
    // The document gives RECURRING_DEBIT no error of its own: the generic case answers.
    expect(wrongChain.body).toMatchObject({ error_code: '100000', error_message: 'This value is not correct.' });
    const debit = (await sendS2s(h, 'card', cardFields('DEBIT', '01', '2038', { recurring_init: 'Y' }))).body;
    const charge = await sendS2s(
      h,
      'card',
      {
        action: 'RECURRING_DEBIT',
        recurring_init_trans_id: debit.trans_id,
        recurring_token: debit.recurring_token,
        order_id: nextOrder(),
        order_amount: '3.00',
        order_currency: 'USD',
        order_description: 'Debit 2',
      },
      ORIGINAL,
    );
    expect(charge.body).toMatchObject({ action: 'RECURRING_DEBIT', result: 'SUCCESS', status: 'SETTLED' });
  });
});

describe('schedules', () => {
  const create = (extra: Record<string, unknown> = {}) =>
    sendS2s(h, 'card', {
      action: 'CREATE_SCHEDULE',
      name: 'Monthly',
      interval_length: '1',
      interval_unit: 'month',
      payments_count: '12',
      ...extra,
    });

  it('CREATE, INFO (delays null), UPDATE only what is sent, PAUSE, RUN, DELETE', async () => {
    const { schedule_id } = (await create()).body;
    const info = async () => (await sendS2s(h, 'card', { action: 'SCHEDULE_INFO', schedule_id })).body;
    expect(await info()).toMatchObject({
      name: 'Monthly',
      interval_unit: 'month',
      payments_count: '12',
      delays: null,
      paused: 'N',
    });
    await sendS2s(h, 'card', { action: 'UPDATE_SCHEDULE', schedule_id, payments_count: '6' });
    expect(await info()).toMatchObject({ name: 'Monthly', interval_length: '1', payments_count: '6' });
    await sendS2s(h, 'card', { action: 'PAUSE_SCHEDULE', schedule_id });
    expect((await info()).paused).toBe('Y');
    await sendS2s(h, 'card', { action: 'RUN_SCHEDULE', schedule_id });
    expect((await info()).paused).toBe('N');
    await sendS2s(h, 'card', { action: 'DELETE_SCHEDULE', schedule_id });
    expect(
      (await sendS2s(h, 'card', { action: 'UPDATE_SCHEDULE', schedule_id, name: 'Again' })).body.error_message,
    ).toBe('Schedule not found');
    // The document gives SCHEDULE_INFO no error of its own: the generic case answers.
    expect((await sendS2s(h, 'card', { action: 'SCHEDULE_INFO', schedule_id })).body).toMatchObject({
      error_code: '100000',
      error_message: 'This value is not correct.',
    });
  });

  it('delays is refused on CREATE and UPDATE with "Parameter is deprecated."', async () => {
    expect((await create({ delays: '3' })).body.error_message).toBe('Parameter is deprecated.');
    const { schedule_id } = (await create()).body;
    expect((await sendS2s(h, 'card', { action: 'UPDATE_SCHEDULE', schedule_id, delays: '3' })).body.error_message).toBe(
      'Parameter is deprecated.',
    );
  });

  it('a SALE attached to a schedule echoes first_recurring_date, and the clock runs its payments', async () => {
    const { schedule_id } = (
      await create({
        interval_unit: 'day',
        interval_length: '7',
        payments_count: '2',
        delayed_first_payment: 'delay_by_interval',
        first_payment_interval_length: '3',
        first_payment_interval_unit: 'day',
      })
    ).body;
    const sale = (await sendS2s(h, 'card', cardFields('SALE', '01', '2038', { recurring_init: 'Y', schedule_id })))
      .body;
    const expected = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    expect(sale).toMatchObject({ schedule_id, first_recurring_date: expected });
    const runs = () =>
      [...h.sandbox.sandbox.store.transactions.values()].filter(
        (transaction) => transaction.recurringInitTransId === sale.trans_id,
      );
    h.sandbox.advanceClock(9 * 86_400);
    expect(runs()).toHaveLength(0);
    h.sandbox.advanceClock(2 * 86_400);
    expect(runs()).toHaveLength(1);
    h.sandbox.advanceClock(30 * 86_400);
    expect(runs().map((run) => [run.action, run.status])).toEqual([
      ['RECURRING_SALE', 'SETTLED'],
      ['RECURRING_SALE', 'SETTLED'],
    ]);
  });
});

describe('CREDIT2VIRTUAL operator limits (mobile money)', () => {
  const payout = (operator: string, amount: string, currency: string, number: string) => ({
    action: 'CREDIT2VIRTUAL',
    brand: 'mobile_money_ke',
    order_id: nextOrder('C2V'),
    order_amount: amount,
    order_currency: currency,
    order_description: 'Payout',
    parameters: { mobile_money_operator: operator, mobile_number: number, customer_email: 'r@example.com' },
    payee_first_name: 'A',
    payee_last_name: 'B',
    payee_email: 'r@example.com',
  });
  const table: { given: [string, string, string, string]; want: string }[] = [
    { given: ['safaricom-ke', '10', 'KES', '254712345678'], want: 'SETTLED' },
    { given: ['safaricom-ke', '9.99', 'KES', '254712345678'], want: 'order_amount' },
    { given: ['safaricom-ke', '150000', 'KES', '254712345678'], want: 'SETTLED' },
    { given: ['equitel-ke', '100000.01', 'KES', '254712345678'], want: 'order_amount' },
    { given: ['vodacom-tz', '999', 'TZS', '255712345678'], want: 'order_amount' },
    { given: ['mtn-gh', '50000', 'GHS', '233241234567'], want: 'SETTLED' },
  ];
  it.each(table)('$given.0 $given.1 $given.2 → $want', async ({ given, want }) => {
    const answer = await sendS2s(h, 'apm', payout(...given));
    if (want === 'SETTLED') expect(answer.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    else
      expect(answer.body.errors.map((entry: { error_message: string }) => entry.error_message.split(':')[0])).toContain(
        want,
      );
  });
});

describe('a repeated order_id (sandbox rule)', () => {
  it('is refused while the order waits for the payer, and makes a new payment after a decline', async () => {
    const first = cardFields('SALE', '05');
    await sendS2s(h, 'card', first);
    const again = await sendS2s(h, 'card', { ...first, card_exp_month: '01' });
    expect(again.body.errors[0].error_message).toMatch(
      /^order_id: The previous payment of this order \(.*\) is not completed\.$/,
    );
    const declined = cardFields('SALE', '02');
    const one = (await sendS2s(h, 'card', declined)).body;
    const two = (await sendS2s(h, 'card', { ...declined, card_exp_month: '01' })).body;
    expect(two.trans_id).not.toBe(one.trans_id);
    expect(
      (await sendS2s(h, 'card', { action: 'GET_TRANS_STATUS_BY_ORDER', order_id: declined['order_id'] }, ORIGINAL))
        .body,
    ).toMatchObject({ trans_id: two.trans_id, status: 'SETTLED' });
  });
});
