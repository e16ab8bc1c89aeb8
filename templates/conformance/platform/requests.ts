// Request bodies from the spec's examples: a fresh order id per request (a platform refuses a
// repeated one while its payment waits), except where the example looks an order up.
import type { Example } from '../tables.js';

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
  if ('order_id' in body && !looksUpOrder(body)) body['order_id'] = orderId();
  const order = body['order'];
  if (typeof order === 'object' && order !== null && 'number' in order)
    (order as Record<string, unknown>)['number'] = orderId();
  return body;
}

/** An order lookup: an order id with no amount to pay (a new order always carries its amount). */
export function looksUpOrder(body: Readonly<Record<string, unknown>>): boolean {
  return 'order_id' in body && !AMOUNTS.some((name) => name in body);
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
