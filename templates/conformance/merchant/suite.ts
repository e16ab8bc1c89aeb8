// The merchant suite: the merchant's callback endpoint gets signed callbacks of every kind the
// spec's callback examples show (built with the client's buildTestCallback), each also
// duplicated, out of order, late, after a delivery whose answer was lost, and tampered (body, hash, password).
// What the endpoint must do: acknowledge every authentic one, refuse every tampered one, and
// apply each event once. Answers show the first two. Idempotence shows only in the merchant's
// own state: with `stateUrl` the kit asks it (`GET stateUrl?id=ID&status=STATUS` answers
// `{"processed": N}`); without it, the report says idempotence was judged by answers only.
import {
  buildTestCallback,
  decodeForm,
  encodeForm,
  parseCallback,
  type FormObject,
} from '@payment-gateway/merchant-client';
import type { Report } from '../report.js';
import { runScenarios, type ProgressListener, type Scenario, type ScenarioContext } from '../runner.js';
import { TABLES } from '../scenarios.js';
import type { CallbackEntry, Example } from '../tables.js';
import { orderId } from '../platform/requests.js';
import { acknowledged, dropAnswer, deliver } from './deliver.js';

export interface MerchantSuiteOptions {
  readonly callbackUrl: string;
  /** The password the endpoint verifies with (the merchant's, or a test merchant's). */
  readonly password: string;
  /** Where the endpoint reports how often it applied an event; idempotence is judged by answers without it. */
  readonly stateUrl?: string;
  /** The e-mail S2S CARD callbacks carry and are signed with (F2). */
  readonly payerEmail?: string;
  /** How long a late delivery waits after the others (the platform retries for hours; a short wait shows the same). */
  readonly lateMs?: number;
  readonly timeoutMs?: number;
  readonly onProgress?: ProgressListener;
}

/** How a callback names its payment, and where it carries its status. */
const ID_FIELD: Readonly<Record<string, string>> = { card: 'trans_id', apm: 'trans_id', checkout: 'order_number' };
const STATUS_FIELD: Readonly<Record<string, string>> = { card: 'status', apm: 'status', checkout: 'status' };

/** A value with its last character changed (a digit to the next), so every recipe reads it differently. */
function altered(value: string): string {
  const last = value.at(-1);
  if (last === undefined) return 'X';
  return value.slice(0, -1) + (/[0-9]/.test(last) ? String((Number(last) + 1) % 10) : last === 'X' ? 'Y' : 'X');
}

interface Event {
  readonly entry: CallbackEntry;
  readonly example: Example;
  readonly id: string;
  readonly status: string;
  readonly body: string;
}

export async function runMerchantSuite(options: MerchantSuiteOptions): Promise<Report> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const payerEmail = options.payerEmail ?? 'payer@example.com';
  /** A signed callback of the example's kind, for a payment of its own. */
  const event = (entry: CallbackEntry, example: Example, password = options.password, id = orderId('CB')): Event => {
    const fields: Record<string, unknown> = { ...structuredClone(example.body) };
    delete fields['hash'];
    fields[ID_FIELD[entry.protocol]!] = id;
    if (entry.protocol === 'checkout') fields['id'] = id;
    else fields['order_id'] = `order-${id}`;
    if (entry.protocol === 'card' && fields['action'] !== 'CREDIT2CARD') fields['payer_email'] = payerEmail;
    const body = buildTestCallback(entry.protocol, fields as FormObject, { password });
    return { entry, example, id, status: String(fields[STATUS_FIELD[entry.protocol]!]), body };
  };
  const mustAcknowledge = async (context: ScenarioContext, what: string, item: Event, body = item.body) => {
    const delivery = await deliver(options.callbackUrl, body, timeoutMs);
    context.saw(delivery.exchange);
    if (!acknowledged(delivery, item.entry.protocol))
      context.differ(
        `${what}: an authentic callback must be acknowledged (${item.entry.protocol === 'checkout' ? '2xx' : "200 with 'OK'"}), answered ${delivery.status} ${JSON.stringify(delivery.text)}`,
      );
  };
  const mustRefuse = async (context: ScenarioContext, what: string, item: Event, body: string) => {
    const delivery = await deliver(options.callbackUrl, body, timeoutMs);
    context.saw(delivery.exchange);
    if (acknowledged(delivery, item.entry.protocol))
      context.differ(
        `${what}: a tampered callback must be refused, answered ${delivery.status} ${JSON.stringify(delivery.text)}`,
      );
  };
  /** With a state URL: the endpoint applied the event exactly `times`. */
  const applied = async (context: ScenarioContext, item: Event, times: number, what: string) => {
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
    if (processed !== times)
      context.differ(
        `${what}: the endpoint applied the event ${String(processed)} times, it must apply it ${times === 1 ? 'once' : 'never'}`,
      );
  };

  const scenarios: Scenario[] = [];
  const late: Event[] = [];
  for (const entry of TABLES.callbacks) {
    const kind = (example: Example) => `${entry.protocol} callback ${example.key}`;
    for (const example of entry.examples) {
      scenarios.push({
        id: `merchant/${entry.protocol}/${example.key}/authentic`,
        family: 'merchant',
        title: `${kind(example)}: authentic, then duplicated: acknowledged both times, applied once`,
        async run(context) {
          const item = event(entry, example);
          await mustAcknowledge(context, 'first delivery', item);
          await mustAcknowledge(context, 'duplicate', item);
          await applied(context, item, 1, 'after a duplicate');
          late.push(item);
        },
      });
    }
    const [first, second] = entry.examples;
    if (!first) continue;
    scenarios.push(
      {
        id: `merchant/${entry.protocol}/retry`,
        family: 'merchant',
        title: `${kind(first)}: delivered again after a delivery whose answer was lost (retried): acknowledged, applied once`,
        async run(context) {
          const item = event(entry, first);
          await dropAnswer(options.callbackUrl, item.body);
          await mustAcknowledge(context, 'redelivery', item);
          await applied(context, item, 1, 'after a retried delivery');
        },
      },
      {
        id: `merchant/${entry.protocol}/tampered-body`,
        family: 'merchant',
        title: `${kind(first)}: a signed field changed after signing: refused, not applied`,
        async run(context) {
          const item = event(entry, first);
          // A field the hash covers (many callbacks leave `status` and the amount unsigned), other
          // than the payment's id, changed after signing.
          const { covered } = parseCallback(item.body, { password: options.password, protocol: entry.protocol });
          const changed =
            covered.find((name) => name !== ID_FIELD[entry.protocol] && name !== 'payer_email') ?? covered[0];
          if (changed === undefined) return context.skip('the callback signs no field');
          const fields = decodeForm(item.body);
          fields[changed] = altered(String(fields[changed] ?? ''));
          await mustRefuse(context, 'changed body', item, encodeForm(fields as FormObject));
          await applied(context, item, 0, 'a changed body');
        },
      },
      {
        id: `merchant/${entry.protocol}/tampered-hash`,
        family: 'merchant',
        title: `${kind(first)}: hash changed: refused, not applied`,
        async run(context) {
          const item = event(entry, first);
          const body = item.body.replace(
            /hash=([^&])/,
            (_match, character: string) => `hash=${character === '0' ? '1' : '0'}`,
          );
          await mustRefuse(context, 'changed hash', item, body);
          await applied(context, item, 0, 'a changed hash');
        },
      },
      {
        id: `merchant/${entry.protocol}/wrong-password`,
        family: 'merchant',
        title: `${kind(first)}: signed with another password: refused, not applied`,
        async run(context) {
          const item = event(entry, first, `${options.password}-not-yours`);
          await mustRefuse(context, 'another password', item, item.body);
          await applied(context, item, 0, 'another password');
        },
      },
    );
    if (second) {
      scenarios.push({
        id: `merchant/${entry.protocol}/out-of-order`,
        family: 'merchant',
        title: `${entry.protocol} callbacks ${second.key} before ${first.key} of one payment: both acknowledged, each applied once`,
        async run(context) {
          const id = orderId('CB');
          const earlier = event(entry, first, options.password, id);
          const later = event(entry, second, options.password, id);
          await mustAcknowledge(context, 'the later event first', later);
          await mustAcknowledge(context, 'the earlier event second', earlier);
          if (earlier.status !== later.status) {
            await applied(context, later, 1, 'the later event');
            await applied(context, earlier, 1, 'the earlier event');
          }
        },
      });
    }
  }
  scenarios.push({
    id: 'merchant/late',
    family: 'merchant',
    title: 'Every authentic callback delivered again, late, after the others: acknowledged, not applied again',
    async run(context) {
      if (late.length === 0) return context.skip('no authentic callback was acknowledged');
      await new Promise((resolve) => setTimeout(resolve, options.lateMs ?? 200));
      for (const item of late) {
        await mustAcknowledge(context, `late ${item.entry.protocol} ${item.example.key}`, item);
        await applied(context, item, 1, `late ${item.entry.protocol} ${item.example.key}`);
      }
    },
  });
  const results = await runScenarios(scenarios, options.onProgress);
  const notes = options.stateUrl
    ? []
    : [
        "Idempotence judged by answers only: a duplicate must be acknowledged, but whether it was applied twice shows only in the endpoint's state. Pass a state URL (`--state-url`) to judge it.",
      ];
  return { suite: 'merchant', specVersion: TABLES.specVersion, target: options.callbackUrl, results, notes };
}
