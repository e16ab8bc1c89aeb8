// The sandbox's behaviour against the spec it is generated from: the state table (a move it lacks
// is refused, with the table's catalogued error), the money bookkeeping of captures and refunds, an
// id field's every name, and the callback blocking rule. Every expected rule, message and figure is
// read from the generated tables (the model's view of the spec), never typed again here.
import { decodeForm } from '@payment-gateway/merchant-client';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefusedMove } from '../../generated/sandbox/src/index.js';
import { SandboxStore, type Transaction } from '../../generated/sandbox/src/runtime/core/store.js';
import { TABLES } from '../../generated/sandbox/src/spec-tables.js';
import { DOCS_DIR } from '../support/docs-pages.js';
import { collectExamples } from '../support/spec-examples.js';
import {
  cardFields,
  nextOrder,
  pay,
  sendCheckout,
  sendS2s,
  startHarness,
  startReceiver,
  type Harness,
  type Receiver,
} from './support.js';

const ORIGINAL = { payer_email: 'payer@example.com', card_number: '4111111111111111' };

let h: Harness;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  h = await startHarness({ callbackUrl: receiver.url });
});
afterAll(async () => {
  await h?.sandbox.close();
  await receiver?.close();
});

const lookup = async (trans_id: string) => (await sendS2s(h, 'card', { action: 'GET_TRANS_STATUS', trans_id })).body;
const view = async (trans_id: string) =>
  (await (await fetch(`${h.sandbox.url}/_sandbox/transactions/${trans_id}`)).json()) as {
    status: string;
    refunded: string;
    captured?: string;
    history: { status: string; by: string; amount?: string; declined?: boolean }[];
  };

describe('the state table (x-transitions): the store moves only what it lists', () => {
  const statuses = [...new Set(TABLES.transitions.flatMap((move) => [move.from, move.to]))].filter(
    (state) => state !== 'new',
  );
  const listed = (from: string, to: string) =>
    TABLES.transitions.some((move) => move.from === from && move.to === to && !move.protocols);
  const pairs = statuses.flatMap((from) => statuses.filter((to) => to !== from).map((to) => ({ from, to })));

  it('every move between two states is allowed exactly when the table lists it', () => {
    const outcome = ({ from, to }: { from: string; to: string }) => {
      const store = new SandboxStore(() => 0, TABLES.transitions);
      const payment = { status: from, protocol: 'card', history: [] } as unknown as Transaction;
      try {
        store.transition(payment, to as Transaction['status'], 'test');
        return payment.status === to && payment.history.length === 1 ? 'moved' : 'broken';
      } catch (error) {
        return error instanceof RefusedMove && payment.status === from && payment.history.length === 0
          ? 'refused'
          : 'broken';
      }
    };
    expect(pairs.map((pair) => `${pair.from} → ${pair.to}: ${outcome(pair)}`)).toEqual(
      pairs.map((pair) => `${pair.from} → ${pair.to}: ${listed(pair.from, pair.to) ? 'moved' : 'refused'}`),
    );
    expect(pairs.filter((pair) => listed(pair.from, pair.to)).length).toBeGreaterThan(0);
  });

  it('a refused move answers the error of the table row that moves nothing, as the catalogue gives it', async () => {
    const refusal = TABLES.transitions.find((move) => move.error !== undefined)!;
    const protocol = refusal.protocols![0] as 'apm';
    const catalogue = TABLES.s2s.find((entry) => entry.protocol === protocol && entry.action === refusal.actions![0])!.errors;
    const auth = (
      await sendS2s(h, protocol, {
        action: 'SALE',
        brand: 'vcard',
        order_id: nextOrder('APM'),
        order_amount: '7.50',
        order_currency: 'USD',
        order_description: 'APM test',
        identifier: TABLES.testData.identifiers.find((entry) => entry.scenario === 'success')!.identifier,
        payer_ip: '203.0.113.10',
        return_url: 'https://merchant.example/return',
        auth: 'Y',
      })
    ).body;
    expect(auth.status).toBe(refusal.from);
    const answer = await sendS2s(h, protocol, { action: refusal.actions![0], trans_id: auth.trans_id });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toBe(refusal.error);
    expect(catalogue.map((entry) => entry.message)).toContain(answer.body.error_message);
    expect((await sendS2s(h, protocol, { action: 'GET_TRANS_STATUS', trans_id: auth.trans_id })).body.status).toBe(
      refusal.to,
    );
  });

  it('an undocumented move through the API leaves the payment as it was: VOID of a refunded card payment', async () => {
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: sale.trans_id }, ORIGINAL);
    expect(TABLES.transitions.some((move) => move.from === 'REFUND' && move.to === 'VOID')).toBe(false);
    const voided = await sendS2s(h, 'card', { action: 'VOID', trans_id: sale.trans_id });
    // No row of the table answers it: the generic case of the catalogue does.
    expect(voided.status).toBe(400);
    expect(TABLES.genericErrors.map((entry) => entry.message)).toContain(voided.body.error_message);
    expect((await lookup(sale.trans_id)).status).toBe('REFUND');
  });
});

describe('money is bookkept', () => {
  it('after a partial capture, the lookup and the callbacks report the captured amount', async () => {
    const auth = (await sendS2s(h, 'card', cardFields('AUTH', '01', '2038', { order_amount: '20.00' }))).body;
    await sendS2s(h, 'card', { action: 'CAPTURE', trans_id: auth.trans_id, amount: '15.00' });
    expect(await lookup(auth.trans_id)).toMatchObject({ status: 'SETTLED', amount: '15.00' });
    await sendS2s(h, 'card', { action: 'VOID', trans_id: auth.trans_id });
    await h.sandbox.callbacksSettled();
    const callbacks = receiver.bodies
      .map((body) => decodeForm(body))
      .filter((fields) => fields['trans_id'] === auth.trans_id);
    expect(callbacks.map((fields) => [fields['status'], fields['amount']])).toEqual([
      ['PENDING', '20.00'],
      ['SETTLED', '15.00'],
      ['VOID', '15.00'],
    ]);
  });

  it('a 10.00 sale refunded 3.00, then by CREDITVOID without amount, refunds 7.00: 10.00 in all', async () => {
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    expect(sale.amount).toBe('10.00');
    await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: sale.trans_id, amount: '3.00' }, ORIGINAL);
    await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: sale.trans_id }, ORIGINAL);
    const seen = await view(sale.trans_id);
    expect(
      seen.history.filter((entry) => entry.by === 'CREDITVOID').map((entry) => [entry.status, entry.amount]),
    ).toEqual([
      ['SETTLED', '3.00'],
      ['REFUND', '7.00'],
    ]);
    expect(seen).toMatchObject({ status: 'REFUND', refunded: '10.00' });
    // Nothing remains: a further CREDITVOID is declined and refunds nothing.
    await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: sale.trans_id }, ORIGINAL);
    expect(await view(sale.trans_id)).toMatchObject({ status: 'REFUND', refunded: '10.00' });
  });

  it('a refund above the captured amount is refused; without amount it refunds the captured amount', async () => {
    const auth = (await sendS2s(h, 'card', cardFields('AUTH', '01', '2038', { order_amount: '20.00' }))).body;
    await sendS2s(h, 'card', { action: 'CAPTURE', trans_id: auth.trans_id, amount: '15.00' });
    await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: auth.trans_id, amount: '15.01' }, ORIGINAL);
    expect((await view(auth.trans_id)).history.at(-1)).toMatchObject({ status: 'SETTLED', declined: true });
    expect(await view(auth.trans_id)).toMatchObject({ status: 'SETTLED', refunded: '0' });
    await sendS2s(h, 'card', { action: 'CREDITVOID', trans_id: auth.trans_id }, ORIGINAL);
    expect(await view(auth.trans_id)).toMatchObject({ status: 'REFUND', refunded: '15.00', captured: '15.00' });
  });
});

describe('money is bookkept alike on Checkout', () => {
  /** A Checkout auth of 20.00 paid on the hosted page with the success card; its payment id. */
  async function checkoutAuth(number: string): Promise<string> {
    const created = await sendCheckout(h, 'createSession', {
      operation: 'purchase',
      methods: ['card'],
      auth: true,
      order: { number, amount: '20.00', currency: 'USD', description: 'Partial capture' },
      success_url: 'https://merchant.example/success',
      cancel_url: 'https://merchant.example/cancel',
    });
    const { location } = await pay(created.body.redirect_url, '01');
    return new URL(location!).searchParams.get('payment_id')!;
  }

  it('capturing 15.00 of a 20.00 auth: the lookup and every later callback say 15.00, refunds never exceed it', async () => {
    const number = nextOrder('PARTIAL');
    const payment_id = await checkoutAuth(number);
    await sendCheckout(h, 'capturePayment', { payment_id, amount: '15.00' });
    const status = (await sendCheckout(h, 'getPaymentStatus', { payment_id })).body;
    expect(status).toMatchObject({ status: 'settled', order: { number, amount: '15.00' } });
    // Above what was captured: declined, nothing refunded.
    await sendCheckout(h, 'refundPayment', { payment_id, amount: '15.01' });
    expect(await view(payment_id)).toMatchObject({ status: 'SETTLED', refunded: '0', captured: '15.00' });
    // All that was captured refunds it in full.
    await sendCheckout(h, 'refundPayment', { payment_id, amount: '15.00' });
    expect(await view(payment_id)).toMatchObject({ status: 'REFUND', refunded: '15.00' });
    await h.sandbox.callbacksSettled();
    const callbacks = receiver.bodies.map((body) => decodeForm(body)).filter((fields) => fields['id'] === payment_id);
    expect(callbacks.map((fields) => [fields['type'], fields['status'], fields['order_amount']])).toEqual([
      ['sale', 'success', '20.00'],
      ['capture', 'success', '15.00'],
      ['refund', 'fail', '15.00'],
      ['refund', 'success', '15.00'],
    ]);
  });
});

describe('an id field has every name the spec allows', () => {
  const entry = TABLES.s2s.find((candidate) => candidate.action === 'RECURRING_SALE')!;
  const names = entry.alternatives.find((group) => group.includes('recurring_init_trans_id'))!;

  it('the spec gives the initiating transaction more than one name', () => {
    expect(names.length).toBeGreaterThan(1);
  });

  it.each(names)('RECURRING_SALE naming the initiating transaction by %s charges again', async (name) => {
    const init = (await sendS2s(h, 'card', cardFields('SALE', '01', '2038', { recurring_init: 'Y' }))).body;
    const again = await sendS2s(
      h,
      'card',
      {
        action: 'RECURRING_SALE',
        [name]: init.trans_id,
        recurring_token: init.recurring_token,
        order_id: nextOrder(),
        order_amount: '3.00',
        order_currency: 'USD',
        order_description: 'Month 2',
      },
      ORIGINAL,
    );
    expect(again.body).toMatchObject({ action: 'RECURRING_SALE', result: 'SUCCESS', status: 'SETTLED' });
  });
});

describe('callback blocking (x-delivery): timeouts within the window block the URL, answers never do', () => {
  const { block } = TABLES.delivery;

  /** A callback URL that never answers: every delivery to it times out. */
  async function silentUrl(): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`,
      server,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  const outcomesOf = (harness: Harness, trans_id: string) =>
    harness.sandbox.sandbox.delivery.log
      .filter((record) => record.transactionId === trans_id)
      .flatMap((record) => record.attempts.map((attempt) => attempt.outcome));

  async function sales(harness: Harness, count: number): Promise<void> {
    for (let i = 0; i < count; i++) await sendS2s(harness, 'card', cardFields('SALE'));
    await harness.sandbox.callbacksSettled();
  }

  it(`${block.timeouts} timeouts within the window block the URL; the next delivery waits`, async () => {
    const silent = await silentUrl();
    const isolated = await startHarness({ callbackUrl: silent.url, delivery: { timeoutMs: 100 } });
    try {
      await sales(isolated, block.timeouts);
      const next = (await sendS2s(isolated, 'card', cardFields('SALE'))).body;
      await isolated.sandbox.callbacksSettled();
      expect(outcomesOf(isolated, next.trans_id)).toEqual(['blocked']);
    } finally {
      await isolated.sandbox.close();
      await silent.close();
    }
  });

  it('timeouts further apart than the window (sandbox clock) do not block', async () => {
    const silent = await silentUrl();
    const isolated = await startHarness({ callbackUrl: silent.url, delivery: { timeoutMs: 100 } });
    try {
      await sales(isolated, block.timeouts - 1);
      isolated.sandbox.advanceClock(block.withinSeconds + 1);
      await sales(isolated, 1);
      const next = (await sendS2s(isolated, 'card', cardFields('SALE'))).body;
      await isolated.sandbox.callbacksSettled();
      expect(outcomesOf(isolated, next.trans_id)).toEqual(['failed']);
    } finally {
      await isolated.sandbox.close();
      await silent.close();
    }
  });

  it(`${block.timeouts + 1} answers of 400 are retried but never block the URL`, async () => {
    const refusing = await startReceiver();
    refusing.answer = () => ({ status: 400, text: 'Bad Request' });
    const isolated = await startHarness({ callbackUrl: refusing.url });
    try {
      await sales(isolated, block.timeouts + 1);
      const next = (await sendS2s(isolated, 'card', cardFields('SALE'))).body;
      await isolated.sandbox.callbacksSettled();
      expect(outcomesOf(isolated, next.trans_id)).toEqual(['failed']);
      refusing.answer = () => ({ status: 200, text: 'OK' });
      isolated.sandbox.advanceClock(TABLES.delivery.retry.intervalSeconds);
      await isolated.sandbox.callbacksSettled();
      expect(outcomesOf(isolated, next.trans_id)).toEqual(['failed', 'delivered']);
    } finally {
      await isolated.sandbox.close();
      await refusing.close();
    }
  });
});

/** The rows of the error table under the `## [title]` heading of the docs' errors page, and the action page it links to. */
function docsErrorRows(title: string): { page: string; rows: string[][] } {
  const text = readFileSync(join(DOCS_DIR, 'guide', 'errors.md'), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith(title));
  if (!section) throw new Error(`the errors page has no section ${title}`);
  const link = /^\[[^\]]+\]\(\/([^)]+)\)/.exec(section)?.[1];
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Code |'))
    .map((line) => line.slice(2, -2).split(' | '));
  return { page: link ? `${link}.md` : '', rows };
}

/** A docs error row as the answer it promises: the code, the message ("not shown": one naming the field and the condition), the status. */
function promised([code, message, when, field]: string[]): { code: string; message: string; httpStatus: number } {
  const plain = (cell: string) => cell.replace(/^`|`$/g, '');
  const condition = when!.replace(/ \*\(since [^)]*\)\*$/, '');
  const status = / \(HTTP (\d{3})\)$/.exec(condition);
  return {
    code: plain(code!),
    message:
      message === 'not shown' ? `${plain(field!)}: ${condition.replace(/ \(HTTP \d{3}\)$/, '')}` : plain(message!),
    httpStatus: status ? Number(status[1]) : 400,
  };
}

describe('an unknown card_token answers from the error catalogue, as the docs show it', () => {
  const unknownToken = 'f'.repeat(64);
  const examples = collectExamples().filter((example) => example.id.startsWith('POST /post request '));
  /** A spec example of the action, paying with the unknown token instead of the card. */
  const withToken = (action: string): Record<string, unknown> => {
    const example = (examples.find(
      (candidate) =>
        (candidate.value as Record<string, unknown>)['action'] === action &&
        'card_token' in (candidate.value as object),
    ) ?? examples.find((candidate) => (candidate.value as Record<string, unknown>)['action'] === action))!
      .value as Record<string, unknown>;
    const {
      client_key: _key,
      hash: _hash,
      card_number: _number,
      card_exp_month: _month,
      card_exp_year: _year,
      card_cvv2: _cvv,
      ...rest
    } = example;
    return { ...rest, order_id: nextOrder('TOKEN'), card_token: unknownToken };
  };
  const actions = TABLES.s2s.filter((entry) => entry.errors.some((error) => error.field === 'card_token'));

  it('the S2S CARD actions that take a card_token list it', () => {
    expect(actions.map((entry) => `${entry.protocol} ${entry.action}`).sort()).toEqual(
      ['AUTH', 'CARD2CARD', 'CREDIT2CARD', 'DEBIT', 'SALE'].map((action) => `card ${action}`),
    );
  });

  it.each(actions.map((entry) => entry.action))('S2S CARD %s', async (action) => {
    const docs = docsErrorRows(`[${action} (S2S CARD)]`);
    const row = docs.rows.find((cells) => cells[3] === '`card_token`')!;
    expect(row, 'the errors page lists the card_token row').toBeDefined();
    // The action's own page shows the same row.
    expect(readFileSync(join(DOCS_DIR, docs.page), 'utf8')).toContain(`| ${row.join(' | ')} |`);
    const entry = actions
      .find((candidate) => candidate.action === action)!
      .errors.find((error) => error.field === 'card_token')!;
    expect(row.slice(0, 1)).toEqual([`\`${entry.code}\``]);
    const want = promised(row);
    const answer = await sendS2s(h, 'card', withToken(action));
    expect({ status: answer.status, code: answer.body.error_code, message: answer.body.error_message }).toEqual({
      status: want.httpStatus,
      code: want.code,
      message: want.message,
    });
    expect(answer.body.result).toBe('ERROR');
  });

  it('Checkout creditCard: its catalogue lists nothing for card_token, so the generic case the docs show answers', async () => {
    const credit = TABLES.checkout.find((entry) => entry.operationId === 'creditCard')!;
    expect(credit.errors.filter((error) => error.field === 'card_token')).toEqual([]);
    const example = collectExamples().find(
      (candidate) => candidate.id === 'POST /api/v1/payment/card/credit request card_token',
    )!.value as Record<string, unknown>;
    const { merchant_key: _key, hash: _hash, ...fields } = example;
    const answer = await sendCheckout(h, 'creditCard', {
      ...fields,
      order_id: nextOrder('CREDIT'),
      card_token: unknownToken,
    });
    const generic = docsErrorRows('Any operation').rows.map(promised);
    expect(generic).toContainEqual({
      code: answer.body.error_code,
      message: answer.body.error_message,
      httpStatus: answer.status,
    });
    // The older generic case, not a validation error (which would name the fields in `errors[]`).
    expect(answer.body.errors).toBeUndefined();
  });
});
