// The merchant suite: the merchant's callback endpoint gets signed callbacks of every kind the
// spec's callback examples show, signed and delivered by the sandbox's own delivery engine with
// its callback faults: each also duplicated and late, after a delivery whose answer was lost, out
// of order, and tampered (body, hash, password). The engine judges the answers: every authentic
// callback acknowledged, every tampered copy refused. Idempotence shows only in the merchant's
// own state: with `stateUrl` the kit asks it (`GET stateUrl?id=ID&status=STATUS` answers
// `{"processed": N}`); without it, the report says idempotence was judged by answers only.
import { decodeForm, type FormObject } from '@payment-gateway/merchant-client';
import {
  CALLBACK_FAULTS,
  createCallbackDelivery,
  signCallback,
  type CallbackFault,
  type CallbackRecord,
  type SignedCallback,
} from '@payment-gateway/sandbox';
import type { Report } from '../report.js';
import { runScenarios, type ProgressListener, type Scenario, type ScenarioContext } from '../runner.js';
import { TABLES } from '../scenarios.js';
import type { CallbackEntry, Example } from '../tables.js';
import { orderId } from '../platform/requests.js';
import { runRedactor } from '../wire.js';

export interface MerchantSuiteOptions {
  readonly callbackUrl: string;
  /** The password the endpoint verifies with (the merchant's, or a test merchant's). */
  readonly password: string;
  /** Where the endpoint reports how often it applied an event; idempotence is judged by answers without it. */
  readonly stateUrl?: string;
  /** The e-mail S2S CARD callbacks carry and are signed with (F2). */
  readonly payerEmail?: string;
  /** How long one delivery waits for the endpoint's answer. */
  readonly timeoutMs?: number;
  readonly onProgress?: ProgressListener;
}

/** How a callback names its payment. */
const ID_FIELD: Readonly<Record<string, string>> = { card: 'trans_id', apm: 'trans_id', checkout: 'order_number' };

/** One event of a payment: a signed callback of an example's kind. */
interface Event {
  readonly id: string;
  readonly status: string;
  readonly signed: SignedCallback;
}

export async function runMerchantSuite(options: MerchantSuiteOptions): Promise<Report> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const payerEmail = options.payerEmail ?? 'payer@example.com';
  const redactor = runRedactor(options.password);
  /** A callback's body as the report shows it: its fields without the hash, card data and tokens masked. */
  const shownBody = (body: string) => {
    const { hash: _hash, ...fields } = decodeForm(body);
    return JSON.stringify(redactor.body(fields, 'values'));
  };
  /** A callback of the example's kind for payment `id`, signed as the sandbox signs its own. */
  const event = (entry: CallbackEntry, example: Example, id: string): Event => {
    const fields: Record<string, unknown> = { ...structuredClone(example.body) };
    delete fields['hash'];
    fields[ID_FIELD[entry.protocol]!] = id;
    if (entry.protocol === 'checkout') fields['id'] = id;
    else fields['order_id'] = `order-${id}`;
    if (entry.protocol === 'card' && fields['action'] !== 'CREDIT2CARD') fields['payer_email'] = payerEmail;
    return {
      id,
      status: String(fields['status']),
      signed: signCallback(entry.protocol, fields as FormObject, options.password),
    };
  };
  /**
   * Delivers one payment's events through the sandbox's engine with `faults`, to their end (its
   * clock runs through every retry and late copy); fails on the first answer the engine judged wrong.
   */
  const deliver = async (context: ScenarioContext, faults: readonly CallbackFault[], events: readonly Event[]) => {
    const delivery = createCallbackDelivery({ timeoutMs, faults });
    const records: CallbackRecord[] = events.map((item, index) =>
      delivery.enqueue(
        {
          kind: item.signed.kind,
          transactionId: item.id,
          sequence: index + 1,
          url: options.callbackUrl,
          body: item.signed.body,
        },
        item.signed.tamper,
      ),
    );
    await delivery.drain();
    delivery.close();
    for (const record of records) {
      const show = (attempt: CallbackRecord['attempts'][number]) =>
        context.saw({
          request: `POST ${options.callbackUrl}${attempt.fault ? ` (${attempt.fault})` : ''} ${shownBody(record.body)}`,
          status: attempt.httpStatus ?? 0,
          answer: attempt.answer ?? attempt.detail ?? '',
        });
      for (const attempt of record.attempts) {
        if (!attempt.wrong) continue;
        show(attempt);
        context.differ(attempt.wrong);
      }
      const last = record.attempts.at(-1);
      if (record.state !== 'delivered' && last) {
        show(last);
        context.differ(
          `an authentic ${record.kind} callback must be acknowledged (${record.kind === 'checkout' ? '2xx' : "200 with 'OK'"}); every delivery failed, the last: ${last.detail ?? last.outcome}`,
        );
      }
    }
  };
  /** With a state URL: the endpoint applied the event exactly once. */
  const appliedOnce = async (context: ScenarioContext, item: Event, what: string) => {
    if (!options.stateUrl) return;
    const url = new URL(options.stateUrl);
    url.searchParams.set('id', item.id);
    url.searchParams.set('status', item.status);
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    context.saw({ request: `GET ${url.href}`, status: response.status, answer: text });
    let processed: unknown;
    try {
      processed = (JSON.parse(text) as { processed?: unknown }).processed;
    } catch {
      processed = undefined;
    }
    if (processed !== 1)
      context.differ(`${what}: the endpoint applied the event ${String(processed)} times, it must apply it once`);
  };

  const scenarios: Scenario[] = [];
  for (const entry of TABLES.callbacks) {
    const kind = (example: Example) => `${entry.protocol} callback ${example.key}`;
    for (const example of entry.examples) {
      scenarios.push({
        id: `merchant/${entry.protocol}/${example.key}/authentic`,
        family: 'merchant',
        title: `${kind(example)}: authentic, duplicated, and again late: acknowledged each time, applied once`,
        async run(context) {
          const item = event(entry, example, orderId('CB'));
          await deliver(context, ['duplicate', 'late'], [item]);
          await appliedOnce(context, item, 'after a duplicate and a late copy');
        },
      });
    }
    const [first, second] = entry.examples;
    if (!first) continue;
    scenarios.push({
      id: `merchant/${entry.protocol}/retry`,
      family: 'merchant',
      title: `${kind(first)}: delivered again after a delivery whose answer was lost (retried): acknowledged, applied once`,
      async run(context) {
        const item = event(entry, first, orderId('CB'));
        await deliver(context, ['retry'], [item]);
        await appliedOnce(context, item, 'after a retried delivery');
      },
    });
    for (const tampering of ['tamper-body', 'tamper-hash', 'tamper-password'] as const) {
      scenarios.push({
        id: `merchant/${entry.protocol}/${tampering}`,
        family: 'merchant',
        title: `${kind(first)}: ${CALLBACK_FAULTS[tampering].copy}: refused; the authentic one after it applied once`,
        async run(context) {
          const item = event(entry, first, orderId('CB'));
          await deliver(context, [tampering], [item]);
          await appliedOnce(context, item, `the authentic callback after ${tampering}`);
        },
      });
    }
    if (second) {
      scenarios.push({
        id: `merchant/${entry.protocol}/reorder`,
        family: 'merchant',
        title: `${entry.protocol} callbacks ${second.key} before ${first.key} of one payment: both acknowledged, each applied once`,
        async run(context) {
          const id = orderId('CB');
          const earlier = event(entry, first, id);
          const later = event(entry, second, id);
          await deliver(context, ['reorder'], [earlier, later]);
          if (earlier.status !== later.status) {
            await appliedOnce(context, later, 'the later event');
            await appliedOnce(context, earlier, 'the earlier event');
          }
        },
      });
    }
  }
  const results = await runScenarios(scenarios, redactor, options.onProgress);
  const notes = options.stateUrl
    ? []
    : [
        "Idempotence judged by answers only: a duplicate must be acknowledged, but whether it was applied twice shows only in the endpoint's state. Pass a state URL (`--state-url`) to judge it.",
      ];
  return { suite: 'merchant', specVersion: TABLES.specVersion, target: options.callbackUrl, results, notes };
}
