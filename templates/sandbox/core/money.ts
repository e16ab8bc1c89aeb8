// Money bookkeeping on the decimal strings the wire carries, exactly (bigint units, never floats):
// what a payment settled for (the captured amount after a partial capture), what was refunded,
// and what a refund may still take.
import type { SandboxStore, Transaction, TransactionStatus, Transition } from './store.js';

/** Digits kept after the point: more than any currency or amount field uses. */
const SCALE = 18;
const UNIT = 10n ** BigInt(SCALE);

const fractionDigits = (amount: string) => amount.trim().split('.')[1]?.length ?? 0;

/** A decimal string as a whole number of 10^-18 units. */
export function decimalUnits(amount: string): bigint {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const units = BigInt(whole || '0') * UNIT + BigInt((fraction + '0'.repeat(SCALE)).slice(0, SCALE));
  return negative ? -units : units;
}

/** Units back to a decimal string with `digits` after the point (at least). */
function format(units: bigint, digits: number): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const whole = magnitude / UNIT;
  const fraction = (magnitude % UNIT).toString().padStart(SCALE, '0').replace(/0+$/, '').padEnd(digits, '0');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** `a + b`, written with as many fraction digits as the longer operand (`3.00 + 4.5` is `7.50`). */
export function addDecimal(a: string, b: string): string {
  return format(decimalUnits(a) + decimalUnits(b), Math.max(fractionDigits(a), fractionDigits(b)));
}

/** `a - b`, likewise (`10.00 - 3.00` is `7.00`). */
export function subtractDecimal(a: string, b: string): string {
  return format(decimalUnits(a) - decimalUnits(b), Math.max(fractionDigits(a), fractionDigits(b)));
}

/** What the payment is worth now: the captured amount after a capture, else the amount. */
export function settledAmount(transaction: Transaction): string {
  return transaction.captured ?? transaction.amount;
}

/** What a refund may still take: the settled amount less what was refunded. */
export function refundable(transaction: Transaction): string {
  return subtractDecimal(settledAmount(transaction), transaction.refunded);
}

/**
 * Books a capture of `requested` (all of the authorization when absent): the payment moves to
 * SETTLED and is worth the captured amount from then on, which its status lookups, callbacks and
 * refunds report on every protocol. Undefined when the amount is above the authorized one; the
 * store's RefusedMove (and no change) when the table has no such move from the payment's state.
 */
export function bookCapture(
  store: SandboxStore,
  transaction: Transaction,
  requested: string | undefined,
): Transition | undefined {
  const amount = requested ?? transaction.amount;
  if (decimalUnits(amount) > decimalUnits(transaction.amount)) return undefined;
  const before = transaction.captured;
  // Booked before the move, so the callback the move announces reports it.
  transaction.captured = amount;
  try {
    return store.transition(transaction, 'SETTLED', 'CAPTURE', { amount });
  } catch (error) {
    if (before === undefined) delete transaction.captured;
    else transaction.captured = before;
    throw error;
  }
}

/**
 * Books a refund (or the release of an authorization) of `requested`, or of all that remains
 * when it is absent, moving the payment as the state table's row for this share says (REVERSAL
 * for an authorization; REFUND once nothing remains, SETTLED after a part, for a settled
 * payment). Undefined when the amount is not above zero or above what remains; the store's
 * RefusedMove when the table has no such row from the payment's state.
 */
export function bookRefund(
  store: SandboxStore,
  transaction: Transaction,
  by: string,
  requested: string | undefined,
): Transition | undefined {
  const remaining = refundable(transaction);
  const amount = requested ?? remaining;
  if (decimalUnits(amount) <= 0n || decimalUnits(amount) > decimalUnits(remaining)) return undefined;
  const share = decimalUnits(amount) === decimalUnits(remaining) ? 'remaining' : 'part';
  const row = store.rowFor(transaction, by, share);
  if (!row) throw store.refusal(transaction.status, transaction.status, transaction.protocol, by);
  const move = store.transition(transaction, row.to as TransactionStatus, by, { amount });
  transaction.refunded = addDecimal(transaction.refunded, amount);
  return move;
}
