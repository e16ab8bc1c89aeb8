// Family `callbacks`: every payment the flows made gets its callbacks at the kit's listener; each
// verifies with the client's parseCallback (with the order's signing context), matches its
// callback schema, names its transaction, and the last one's status agrees with the flow's
// status lookup. A callback that names no payment of the run is reported, not ignored.
import { decodeForm, parseCallback } from '@payment-gateway/merchant-client';
import type { Scenario } from '../runner.js';
import type { ConformanceTables } from '../tables.js';
import { schemaIssues } from '../wire.js';
import type { Payment } from './steps.js';
import type { CallbackListener } from './listener.js';

/** How a callback names its payment, by protocol. */
const ID_FIELD: Readonly<Record<Payment['protocol'], string>> = {
  card: 'trans_id',
  apm: 'trans_id',
  checkout: 'order_number',
};
/** Where a callback carries the payment's status: Checkout's `status` is the operation's outcome. */
const STATUS_FIELD: Readonly<Record<Payment['protocol'], string>> = {
  card: 'status',
  apm: 'status',
  checkout: 'order_status',
};

export function callbackScenarios(
  tables: ConformanceTables,
  password: string,
  listener: CallbackListener | undefined,
  payments: readonly Payment[],
  waitMs: number,
): Scenario[] {
  const protocols = [...new Set(tables.callbacks.map((entry) => entry.protocol))];
  return protocols.map((protocol): Scenario => ({
    id: `callbacks/${protocol}`,
    family: 'callbacks',
    title: `${protocol} callbacks arrive, verify, match their schema and transaction, and agree with the status lookup`,
    async run(context) {
      if (!listener) return context.skip('no --callback-listen: the kit has no endpoint for the platform to post to');
      const mine = payments.filter((payment) => payment.protocol === protocol && payment.id !== 'undefined');
      if (mine.length === 0) return context.skip(`no ${protocol} payment was made in this run`);
      const entry = tables.callbacks.find((candidate) => candidate.protocol === protocol)!;
      const idField = ID_FIELD[protocol];
      const last = (payment: Payment) =>
        listener.received.filter((body) => decodeForm(body)[idField] === payment.id).at(-1);
      // Callbacks are asynchronous: wait until each payment's latest one reports its final status.
      const deadline = Date.now() + waitMs;
      const settled = () =>
        mine.every((payment) => {
          const body = last(payment);
          return (
            body !== undefined &&
            String(decodeForm(body)[STATUS_FIELD[protocol]]).toUpperCase() === payment.status.toUpperCase()
          );
        });
      while (!settled() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      for (const payment of mine) {
        const bodies = listener.received.filter((body) => decodeForm(body)[idField] === payment.id);
        if (bodies.length === 0)
          return context.differ(
            `${payment.flow}: no callback arrived for ${idField}=${payment.id} within ${waitMs} ms`,
          );
        for (const body of bodies) {
          context.saw({ request: `callback ${payment.flow}`, status: 0, answer: body.replace(/hash=[^&]*/, 'hash=…') });
          try {
            parseCallback(body, { password, protocol, signingContext: payment.signingContext });
          } catch (error) {
            return context.differ(
              `${payment.flow}: the callback does not verify with parseCallback: ${(error as Error).message}`,
            );
          }
          const issues = await schemaIssues(entry.validate, decodeForm(body));
          if (issues)
            return context.differ(`${payment.flow}: the callback is outside its schema (${entry.name}): ${issues}`);
          const fields = decodeForm(body);
          if (protocol !== 'checkout' && fields['order_id'] !== undefined && fields['order_id'] !== payment.orderId)
            return context.differ(
              `${payment.flow}: the callback names order_id ${String(fields['order_id'])}, the payment is ${payment.orderId}`,
            );
        }
        const status = String(decodeForm(bodies.at(-1)!)[STATUS_FIELD[protocol]]);
        if (status.toUpperCase() !== payment.status.toUpperCase())
          return context.differ(
            `${payment.flow}: the last callback says ${status}, the status lookup ${payment.status}`,
          );
      }
    },
  }));
}
