// Request bodies from the spec's examples: a fresh order id per request (a platform refuses a
// repeated one while its payment waits), and which examples name an earlier payment, schedule or
// order (those run inside the flows, which create what they name).
import type { Example } from '../tables.js';

/** Fields that name something an earlier request created. */
const REFERENCES = [
  'trans_id',
  'payment_id',
  'schedule_id',
  'recurring_first_trans_id',
  'recurring_init_trans_id',
  'card_token',
];
const AMOUNTS = ['order_amount', 'amount'];

let sequence = 0;
const runId = Date.now().toString(36);

/** A new order id, unique within and across runs. */
export function orderId(prefix = 'CONF'): string {
  return `${prefix}-${runId}-${++sequence}`;
}

/** The example's body with fresh order ids (`order_id`, Checkout's `order.number`). */
export function fresh(example: Example): Record<string, unknown> {
  const body: Record<string, unknown> = structuredClone(example.body) as Record<string, unknown>;
  if ('order_id' in body && !names(body)) body['order_id'] = orderId();
  const order = body['order'];
  if (typeof order === 'object' && order !== null && 'number' in order)
    (order as Record<string, unknown>)['number'] = orderId();
  return body;
}

/** The field that names an earlier request's result, when the example has one. */
export function names(body: Readonly<Record<string, unknown>>): string | undefined {
  const reference = REFERENCES.find((name) => name in body);
  if (reference) return reference;
  // An order lookup: an order id with no amount to pay.
  return 'order_id' in body && !AMOUNTS.some((name) => name in body) ? 'order_id' : undefined;
}

/** Sets a field by its wire path (dotted for JSON bodies: `order.amount`). */
export function setPath(body: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = body;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}
