// Callback delivery as the spec states it (`x-delivery` on `CallbackAcknowledgement`, in the
// tables): a form POST to the merchant's callback URL, answered with `OK` (S2S; any 2xx for
// Checkout); a failed delivery is retried at the spec's interval up to its attempts, and so many
// timeouts within the spec's window block the URL for a while (for every merchant using it). An
// answer, even a 400, is a failure to retry but never counts toward the block. Sandbox time drives
// the waits, so `POST /_sandbox/clock` replays a day of retries in a moment. Every attempt is logged.
// With callback faults (callback-faults.ts) the engine also sends what a real delivery may:
// duplicates, reordered, late and retried callbacks and tampered copies, and judges each answer.
// The log shows no card data: a record's fields are masked with the client's one list of
// sensitive fields, and every answer it keeps is scrubbed of the values they carried.
import {
  createRedactor,
  decodeForm,
  redact,
  SENSITIVE_FIELDS,
  type FormObject,
  type Redactor,
} from '@payment-gateway/merchant-client';
import {
  CALLBACK_FAULTS,
  isTampering,
  TAMPERINGS,
  type CallbackFault,
  type FaultRule,
  type Tamperer,
} from './callback-faults.js';
import type { SandboxClock } from './clock.js';
import type { DeliveryRules } from './tables.js';

export type CallbackKind = 'checkout' | 'card' | 'apm';

export interface DeliveryAttempt {
  readonly at: string;
  /** `refused`: a tampered copy the endpoint did not acknowledge, as it must. */
  readonly outcome: 'delivered' | 'failed' | 'blocked' | 'refused';
  /** The callback fault that shaped this attempt (a tampered copy, a duplicate, a dropped answer, ...). */
  readonly fault?: CallbackFault;
  readonly httpStatus?: number;
  /** The start of the endpoint's answer. */
  readonly answer?: string;
  /** No answer came in time: the kind of failure that counts toward blocking the URL. */
  readonly timedOut?: boolean;
  /** What went wrong: the answer was not `OK`, a timeout, a refused connection. */
  readonly detail?: string;
  /** What the endpoint did that a fault shows it must not: acknowledged a tampered copy, refused a duplicate. */
  readonly wrong?: string;
}

export interface CallbackRecord {
  readonly id: string;
  readonly kind: CallbackKind;
  readonly transactionId: string;
  /** The transition it reports (its transaction's sequence number). */
  readonly sequence: number;
  readonly url: string | undefined;
  /** The signed form body, exactly as posted (never shown: it may carry tokens). */
  readonly body: string;
  /** The body's fields for the log, each field of the client's `SENSITIVE_FIELDS` masked. */
  readonly fields: Readonly<Record<string, unknown>>;
  /** The dotted paths of the fields `fields` shows masked: the body carries their values in full. */
  readonly masked: readonly string[];
  /** The faults played on its delivery. */
  readonly faults: readonly CallbackFault[];
  state: 'pending' | 'delivered' | 'failed' | 'no-url';
  readonly attempts: DeliveryAttempt[];
}

export interface DeliveryOptions {
  /** How long one attempt waits for the answer (real milliseconds). */
  readonly timeoutMs: number;
  readonly retrySeconds: number;
  readonly maxAttempts: number;
  /** Timeouts within `blockWithinSeconds` (sandbox time) that block a URL, and for how long. */
  readonly blockAfterTimeouts: number;
  readonly blockWithinSeconds: number;
  readonly blockSeconds: number;
  /** Deliveries in flight at once. */
  readonly concurrency: number;
  /** The callback faults played on every delivery (none by default). */
  readonly faults: readonly CallbackFault[];
}

/** The spec's rules as delivery options, with the sandbox's own timeout and concurrency. */
export function deliveryOptions(rules: DeliveryRules): DeliveryOptions {
  return {
    timeoutMs: 10_000,
    retrySeconds: rules.retry.intervalSeconds,
    maxAttempts: rules.retry.attempts,
    blockAfterTimeouts: rules.block.timeouts,
    blockWithinSeconds: rules.block.withinSeconds,
    blockSeconds: rules.block.forSeconds,
    concurrency: 64,
    faults: [],
  };
}

interface UrlHealth {
  /** Sandbox times of the timeouts not yet older than the window. */
  timeouts: number[];
  blockedUntil: number;
}

/** One POST of a record: its authentic body, or a copy a fault sends. */
interface Send {
  readonly body: string;
  /** The fault that sends it; undefined for the authentic delivery and its retries. */
  readonly fault?: CallbackFault;
  /** The authentic delivery, retried until acknowledged; a fault's extra copy goes once. */
  readonly main: boolean;
}

/** What one POST got back. */
interface Exchange {
  readonly acknowledged: boolean;
  readonly httpStatus?: number;
  readonly answer?: string;
  readonly timedOut?: boolean;
  readonly detail?: string;
}

export class CallbackDelivery {
  readonly log: CallbackRecord[] = [];
  readonly #byId = new Map<string, CallbackRecord>();
  /** Per record, what scrubs its card data from the answers an endpoint gives (one may echo the body). */
  readonly #redactors = new WeakMap<CallbackRecord, Redactor>();
  readonly #urls = new Map<string, UrlHealth>();
  /** The last send of each transaction, so its callbacks go out in order. */
  readonly #chains = new Map<string, Promise<void>>();
  /** How to tamper with each record that still has tampered copies to send. */
  readonly #tamperers = new Map<string, Tamperer>();
  /** With `reorder`: the callback of each transaction waiting for the next one. */
  readonly #held = new Map<string, CallbackRecord>();
  readonly #waiting: (() => void)[] = [];
  #inFlight = 0;
  #idle: Promise<void> = Promise.resolve();
  #pending = 0;
  #settle: (() => void) | undefined;
  #closed = false;

  constructor(
    /** Sandbox time, on which retries, late deliveries and held callbacks wait. */
    readonly clock: SandboxClock,
    private readonly options: DeliveryOptions,
  ) {}

  get(id: string): CallbackRecord | undefined {
    return this.#byId.get(id);
  }

  /**
   * Logs a callback and starts its delivery, with the engine's faults unless the record names its
   * own; `tamper` makes the tampered copies the tamper faults send.
   */
  enqueue(
    record: Omit<CallbackRecord, 'id' | 'state' | 'attempts' | 'faults' | 'fields' | 'masked'> & {
      readonly faults?: readonly CallbackFault[];
    },
    tamper?: Tamperer,
  ): CallbackRecord {
    const sent = decodeForm(record.body);
    const fields = redact(sent, SENSITIVE_FIELDS) as FormObject;
    const full: CallbackRecord = {
      ...record,
      fields,
      masked: maskedPaths(sent, fields),
      id: `cb_${this.log.length + 1}`,
      faults: record.faults ?? this.options.faults,
      state: record.url ? 'pending' : 'no-url',
      attempts: [],
    };
    this.log.push(full);
    this.#byId.set(full.id, full);
    if (!full.url) return full;
    if (tamper && full.faults.some(isTampering)) this.#tamperers.set(full.id, tamper);
    if (!full.faults.includes('reorder')) {
      this.#start(full, false);
      return full;
    }
    const held = this.#held.get(full.transactionId);
    if (held) {
      // The newer one first, then the one that waited for it.
      this.#held.delete(full.transactionId);
      this.#start(full, false);
      this.#start(held, true);
    } else {
      this.#held.set(full.transactionId, full);
      this.clock.after(this.options.retrySeconds, () => this.#release(full));
    }
    return full;
  }

  /** Delivers a logged callback again (a new attempt, whatever its state). */
  resend(record: CallbackRecord): void {
    if (!record.url) return;
    record.state = 'pending';
    this.#schedule(record, { body: record.body, main: true });
  }

  /**
   * Resolves once no delivery is in flight or queued (timers waiting on the clock do not count).
   * A callback held for `reorder` goes out now: no newer one comes while the caller waits.
   */
  settled(): Promise<void> {
    for (const held of [...this.#held.values()]) this.#release(held);
    return this.#pending === 0 ? Promise.resolve() : this.#idle;
  }

  /**
   * Runs every delivery to its end, moving sandbox time to each retry, late delivery and held
   * callback it waits for. For an engine with a clock of its own (the conformance kit's): on a
   * running sandbox it would also run every payment timer.
   */
  async drain(): Promise<void> {
    for (;;) {
      await this.settled();
      const due = this.clock.nextDue();
      if (due === undefined || this.#closed) return;
      this.clock.advance(Math.max(0, (due - this.clock.now()) / 1000));
    }
  }

  close(): void {
    this.#closed = true;
  }

  #release(record: CallbackRecord): void {
    if (this.#held.get(record.transactionId) !== record) return;
    this.#held.delete(record.transactionId);
    this.#start(record, false);
  }

  /** The tampered copies, then the authentic delivery (`reordered`: it went out after a newer one). */
  #start(record: CallbackRecord, reordered: boolean): void {
    const tamper = this.#tamperers.get(record.id);
    this.#tamperers.delete(record.id);
    if (tamper)
      for (const fault of TAMPERINGS)
        if (record.faults.includes(fault)) this.#schedule(record, { body: tamper(fault), fault, main: false });
    this.#schedule(record, { body: record.body, main: true, ...(reordered ? { fault: 'reorder' as const } : {}) });
  }

  #schedule(record: CallbackRecord, send: Send): void {
    if (this.#closed) return;
    if (this.#pending++ === 0) this.#idle = new Promise((resolve) => (this.#settle = resolve));
    const previous = this.#chains.get(record.transactionId) ?? Promise.resolve();
    const next = previous
      .then(() => (send.main ? this.#attempt(record, send) : this.#extra(record, send)))
      .finally(() => {
        if (--this.#pending === 0) this.#settle?.();
      });
    this.#chains.set(record.transactionId, next);
    void next.then(() => {
      if (this.#chains.get(record.transactionId) === next) this.#chains.delete(record.transactionId);
    });
  }

  /** The authentic delivery: retried until acknowledged, blocked URLs waited out. */
  async #attempt(record: CallbackRecord, send: Send): Promise<void> {
    const url = record.url!;
    const health = this.#urls.get(url) ?? { timeouts: [], blockedUntil: 0 };
    this.#urls.set(url, health);
    const now = this.clock.now();
    if (health.blockedUntil > now) {
      record.attempts.push({
        at: new Date(now).toISOString(),
        outcome: 'blocked',
        detail: `The URL is blocked until ${new Date(health.blockedUntil).toISOString()} after ${this.options.blockAfterTimeouts} timeouts within ${this.options.blockWithinSeconds} seconds.`,
      });
      this.clock.after((health.blockedUntil - now) / 1000, () => this.#schedule(record, send));
      return;
    }
    const tries = () => record.attempts.filter(isTry).length;
    // `retry`: the first delivery's answer is dropped, as when it comes too late.
    const dropped = record.faults.includes('retry') && tries() === 0;
    const at = new Date(now).toISOString();
    const exchange = await this.#post(record, url, send.body);
    let attempt: DeliveryAttempt;
    if (dropped)
      attempt = {
        at,
        outcome: 'failed',
        fault: 'retry',
        detail: 'The sandbox dropped the answer (callback fault retry): a failed delivery, retried.',
      };
    else
      attempt = {
        at,
        outcome: exchange.acknowledged ? 'delivered' : 'failed',
        ...(send.fault ? { fault: send.fault } : {}),
        ...answered(exchange),
      };
    record.attempts.push(attempt);
    if (attempt.outcome === 'delivered') {
      // A successful response resets the counter.
      health.timeouts = [];
      record.state = 'delivered';
      if (record.faults.includes('duplicate'))
        this.#schedule(record, { body: record.body, fault: 'duplicate', main: false });
      if (record.faults.includes('late'))
        this.clock.after(this.options.retrySeconds, () =>
          this.#schedule(record, { body: record.body, fault: 'late', main: false }),
        );
      return;
    }
    if (attempt.timedOut) this.#countTimeout(health);
    if (tries() >= this.options.maxAttempts) record.state = 'failed';
    else this.clock.after(this.options.retrySeconds, () => this.#schedule(record, { body: record.body, main: true }));
  }

  /** A fault's extra copy: sent once, its answer judged by what the fault requires. */
  async #extra(record: CallbackRecord, send: Send): Promise<void> {
    const fault = send.fault!;
    const at = new Date(this.clock.now()).toISOString();
    const exchange = await this.#post(record, record.url!, send.body);
    const rule: FaultRule = CALLBACK_FAULTS[fault];
    const right = rule.must === 'refuse' ? !exchange.acknowledged : exchange.acknowledged;
    const shown =
      exchange.httpStatus === undefined
        ? (exchange.detail ?? 'no answer')
        : `${exchange.httpStatus} ${JSON.stringify(exchange.answer ?? '')}`;
    const copy = rule.copy ?? `a callback sent by the ${fault} fault`;
    record.attempts.push({
      at,
      outcome: exchange.acknowledged ? 'delivered' : rule.must === 'refuse' ? 'refused' : 'failed',
      fault,
      ...answered(exchange),
      ...(right
        ? {}
        : {
            wrong:
              rule.must === 'refuse'
                ? `The endpoint acknowledged ${copy} (answered ${shown}); it must refuse it.`
                : `The endpoint did not acknowledge ${copy} (answered ${shown}); it must acknowledge it, and apply it once.`,
          }),
    });
  }

  #countTimeout(health: UrlHealth): void {
    const now = this.clock.now();
    const since = now - this.options.blockWithinSeconds * 1000;
    health.timeouts = [...health.timeouts.filter((at) => at > since), now];
    if (health.timeouts.length >= this.options.blockAfterTimeouts) {
      health.blockedUntil = now + this.options.blockSeconds * 1000;
      health.timeouts = [];
    }
  }

  async #post(record: CallbackRecord, url: string, body: string): Promise<Exchange> {
    await this.#slot();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'manual',
      });
      const answer = (await response.text()).trim();
      // S2S asks for the text OK; Checkout takes any 2xx (facts §4 and §3.5).
      const acknowledged = response.ok && (record.kind === 'checkout' || answer === 'OK');
      // Scrubbed whole, then cut: a cut through a secret would keep its start.
      const text = answer === 'OK' ? answer : this.#redactor(record).text(answer);
      return {
        acknowledged,
        httpStatus: response.status,
        answer: text.slice(0, 200),
        ...(acknowledged
          ? {}
          : {
              detail: response.ok
                ? `The answer was not OK (${text.slice(0, 40) || 'empty body'}).`
                : `HTTP ${response.status}.`,
            }),
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const name = (error as Error).name;
      if (name === 'TimeoutError')
        return { acknowledged: false, timedOut: true, detail: `No answer within ${this.options.timeoutMs} ms.` };
      return { acknowledged: false, detail: `The request failed${cause ? ` (${cause})` : ''}.` };
    } finally {
      this.#free();
    }
  }

  /** The record's redactor, knowing the values its body carries: made when an answer first needs it. */
  #redactor(record: CallbackRecord): Redactor {
    let redactor = this.#redactors.get(record);
    if (!redactor) {
      redactor = createRedactor(SENSITIVE_FIELDS);
      redactor.body(decodeForm(record.body));
      this.#redactors.set(record, redactor);
    }
    return redactor;
  }

  #slot(): Promise<void> {
    if (this.#inFlight < this.options.concurrency) {
      this.#inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #free(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#inFlight--;
  }
}

/** A try of the authentic delivery: not a wait on a blocked URL, not a fault's extra copy. */
const isTry = (attempt: DeliveryAttempt) =>
  attempt.outcome !== 'blocked' &&
  (attempt.fault === undefined || attempt.fault === 'retry' || attempt.fault === 'reorder');

/** The dotted paths (`card_token`, `custom_data.pan`) where masking changed a value. */
function maskedPaths(sent: unknown, shown: unknown, prefix = ''): string[] {
  if (typeof sent !== 'object' || sent === null) return sent === shown ? [] : [prefix];
  return Object.entries(sent).flatMap(([key, value]) =>
    maskedPaths(value, (shown as Record<string, unknown>)[key], prefix ? `${prefix}.${key}` : key),
  );
}

/** An exchange's answer as an attempt shows it. */
function answered(exchange: Exchange): Omit<DeliveryAttempt, 'at' | 'outcome'> {
  return {
    ...(exchange.httpStatus !== undefined ? { httpStatus: exchange.httpStatus } : {}),
    ...(exchange.answer !== undefined ? { answer: exchange.answer } : {}),
    ...(exchange.timedOut ? { timedOut: true } : {}),
    ...(exchange.detail !== undefined ? { detail: exchange.detail } : {}),
  };
}
