// A repeat charge of a recurring chain, shared by RECURRING_SALE / RECURRING_DEBIT, Checkout's
// recurring payment and schedule runs.
import { randomUUID } from 'node:crypto';
import type { Sandbox } from './sandbox.js';
import type { Transaction } from './store.js';
import { DECLINE_REASONS } from './decline-reasons.js';

/** A repeat charge of a recurring chain (RECURRING_SALE, RECURRING_DEBIT, a schedule run). */
export function chargeAgain(
  sandbox: Sandbox,
  initiating: Transaction,
  action: string,
  order: {
    orderId: string;
    amount: string;
    description: string;
    auth?: boolean;
    customData?: unknown;
    echo?: Record<string, string>;
  },
): Transaction {
  // Only the success card works for recurring (facts §5.1).
  const works = initiating.scenario === 'success' || initiating.scenario === 'capture-decline';
  return sandbox.store.create(
    {
      protocol: initiating.protocol,
      merchant: initiating.merchant,
      action,
      orderId: order.orderId,
      amount: order.amount,
      currency: initiating.currency,
      description: order.description,
      auth: order.auth ?? false,
      scenario: initiating.scenario,
      recurringInitTransId: initiating.id,
      ...(initiating.payerEmail ? { payerEmail: initiating.payerEmail } : {}),
      ...(initiating.payer ? { payer: initiating.payer } : {}),
      ...(initiating.cardNumber ? { cardNumber: initiating.cardNumber } : {}),
      ...(initiating.cardExpiry ? { cardExpiry: initiating.cardExpiry } : {}),
      ...(initiating.paymentId ? { paymentId: randomUUID() } : {}),
      ...(order.customData !== undefined ? { customData: order.customData } : {}),
      echo: order.echo ?? {},
    },
    works ? (order.auth ? 'PENDING' : 'SETTLED') : 'DECLINED',
    works ? undefined : DECLINE_REASONS.card,
  );
}
