// Bounded loopback load: 1,000 SALEs sent at once give 1,000 distinct trans_ids with consistent
// statuses, and every callback reaches a healthy receiver exactly once.
import {
  computeSignature,
  decodeForm,
  encodeForm,
  saleCardOperation,
  type FormObject,
} from '@payment-gateway/merchant-client';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSale, startHarness, startReceiver, type Harness, type Receiver } from './support.js';

const COUNT = 1000;
let h: Harness;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  // The test is about consistency under load, not the receiver's speed: on a busy machine a
  // loopback answer can take longer than the default 10 s, and five such timeouts within five
  // minutes block the URL, as the spec's delivery rule says.
  h = await startHarness({ callbackUrl: receiver.url, delivery: { timeoutMs: 45_000 } });
});
afterAll(async () => {
  await h?.sandbox.close();
  await receiver?.close();
});

function postForm(agent: Agent, url: URL, body: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

it(`${COUNT} concurrent SALEs: distinct trans_ids, consistent statuses, each callback delivered once`, async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL('/post', h.sandbox.url);
  // Every third card declines (02/2038), so the statuses have something to be consistent about.
  const bodies = Array.from({ length: COUNT }, (_, i) => {
    const fields: Record<string, unknown> = {
      action: 'SALE',
      client_key: h.key,
      ...(cardSale(i % 3 === 2 ? '02' : '01') as unknown as Record<string, unknown>),
    };
    return encodeForm({
      ...(fields as FormObject),
      hash: computeSignature(saleCardOperation.signature!, fields, h.password),
    });
  });
  const answers = await Promise.all(bodies.map((body) => postForm(agent, url, body)));
  agent.destroy();

  const ids = answers.map((answer) => answer.trans_id as string);
  expect(new Set(ids).size).toBe(COUNT);
  expect(answers.filter((answer) => answer.status === 'SETTLED')).toHaveLength(Math.ceil((COUNT * 2) / 3));
  const store = h.sandbox.sandbox.store;
  for (const answer of answers) {
    const transaction = store.transactions.get(answer.trans_id)!;
    expect(transaction.status).toBe(answer.status);
    expect(transaction.history.map((entry) => entry.sequence)).toEqual([1]);
  }

  await h.sandbox.callbacksSettled();
  const delivered = new Map<string, number>();
  for (const body of receiver.bodies) {
    const id = decodeForm(body)['trans_id'] as string;
    delivered.set(id, (delivered.get(id) ?? 0) + 1);
  }
  const outcomes = h.sandbox.sandbox.delivery.log.flatMap((record) =>
    record.attempts.map((attempt) => attempt.detail ?? attempt.outcome),
  );
  expect(receiver.bodies, JSON.stringify([...new Set(outcomes)])).toHaveLength(COUNT);
  expect([...delivered.keys()].sort()).toEqual([...ids].sort());
  expect([...delivered.values()].every((count) => count === 1)).toBe(true);
  expect(
    h.sandbox.sandbox.delivery.log.every((record) => record.state === 'delivered' && record.attempts.length === 1),
  ).toBe(true);
}, 60_000);
