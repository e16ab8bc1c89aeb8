// Callback delivery as the spec states it (`x-delivery` on `CallbackAcknowledgement`, in the
// tables): a form POST to the merchant's callback URL, answered with `OK` (S2S; any 2xx for
// Checkout); a failed delivery is retried at the spec's interval up to its attempts, and so many
// timeouts within the spec's window block the URL for a while (for every merchant using it). An
// answer, even a 400, is a failure to retry but never counts toward the block. Sandbox time drives
// the waits, so `POST /_sandbox/clock` replays a day of retries in a moment. Every attempt is logged.
import type { SandboxClock } from './clock.js';
import type { DeliveryRules } from './tables.js';

export type CallbackKind = 'checkout' | 'card' | 'apm';

export interface DeliveryAttempt {
  readonly at: string;
  readonly outcome: 'delivered' | 'failed' | 'blocked';
  readonly httpStatus?: number;
  /** No answer came in time: the kind of failure that counts toward blocking the URL. */
  readonly timedOut?: boolean;
  /** What went wrong: the answer was not `OK`, a timeout, a refused connection. */
  readonly detail?: string;
}

export interface CallbackRecord {
  readonly id: string;
  readonly kind: CallbackKind;
  readonly transactionId: string;
  /** The transition it reports (its transaction's sequence number). */
  readonly sequence: number;
  readonly url: string | undefined;
  /** The signed form body, exactly as posted. */
  readonly body: string;
  /** The fields for the log, card data masked (the body carries only the masked card anyway). */
  readonly fields: Readonly<Record<string, unknown>>;
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
  };
}

interface UrlHealth {
  /** Sandbox times of the timeouts not yet older than the window. */
  timeouts: number[];
  blockedUntil: number;
}

export class CallbackDelivery {
  readonly log: CallbackRecord[] = [];
  readonly #byId = new Map<string, CallbackRecord>();
  readonly #urls = new Map<string, UrlHealth>();
  /** The last send of each transaction, so its callbacks go out in order. */
  readonly #chains = new Map<string, Promise<void>>();
  readonly #waiting: (() => void)[] = [];
  #inFlight = 0;
  #idle: Promise<void> = Promise.resolve();
  #pending = 0;
  #settle: (() => void) | undefined;
  #closed = false;

  constructor(
    private readonly clock: SandboxClock,
    private readonly options: DeliveryOptions,
  ) {}

  get(id: string): CallbackRecord | undefined {
    return this.#byId.get(id);
  }

  /** Logs a callback and starts its first delivery attempt. */
  enqueue(record: Omit<CallbackRecord, 'id' | 'state' | 'attempts'>): CallbackRecord {
    const full: CallbackRecord = {
      ...record,
      id: `cb_${this.log.length + 1}`,
      state: record.url ? 'pending' : 'no-url',
      attempts: [],
    };
    this.log.push(full);
    this.#byId.set(full.id, full);
    if (full.url) this.#schedule(full);
    return full;
  }

  /** Delivers a logged callback again (a new attempt, whatever its state). */
  resend(record: CallbackRecord): void {
    if (!record.url) return;
    record.state = 'pending';
    this.#schedule(record);
  }

  /** Resolves once no delivery is in flight or queued (timers waiting on the clock do not count). */
  settled(): Promise<void> {
    return this.#pending === 0 ? Promise.resolve() : this.#idle;
  }

  close(): void {
    this.#closed = true;
  }

  #schedule(record: CallbackRecord): void {
    if (this.#closed) return;
    if (this.#pending++ === 0) this.#idle = new Promise((resolve) => (this.#settle = resolve));
    const previous = this.#chains.get(record.transactionId) ?? Promise.resolve();
    const next = previous
      .then(() => this.#attempt(record))
      .finally(() => {
        if (--this.#pending === 0) this.#settle?.();
      });
    this.#chains.set(record.transactionId, next);
    void next.then(() => {
      if (this.#chains.get(record.transactionId) === next) this.#chains.delete(record.transactionId);
    });
  }

  async #attempt(record: CallbackRecord): Promise<void> {
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
      this.clock.after((health.blockedUntil - now) / 1000, () => this.#schedule(record));
      return;
    }
    await this.#slot();
    let attempt: DeliveryAttempt;
    try {
      attempt = await this.#post(url, record);
    } finally {
      this.#release();
    }
    record.attempts.push(attempt);
    if (attempt.outcome === 'delivered') {
      // A successful response resets the counter.
      health.timeouts = [];
      record.state = 'delivered';
      return;
    }
    if (attempt.timedOut) this.#countTimeout(health);
    const tries = record.attempts.filter((entry) => entry.outcome !== 'blocked').length;
    if (tries >= this.options.maxAttempts) record.state = 'failed';
    else this.clock.after(this.options.retrySeconds, () => this.#schedule(record));
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

  async #post(url: string, record: CallbackRecord): Promise<DeliveryAttempt> {
    const at = new Date(this.clock.now()).toISOString();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: record.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'manual',
      });
      const text = (await response.text()).trim();
      // S2S asks for the text OK; Checkout takes any 2xx (facts §4 and §3.5).
      const accepted = response.ok && (record.kind === 'checkout' || text === 'OK');
      if (accepted) return { at, outcome: 'delivered', httpStatus: response.status };
      return {
        at,
        outcome: 'failed',
        httpStatus: response.status,
        detail: response.ok
          ? `The answer was not OK (${text.slice(0, 40) || 'empty body'}).`
          : `HTTP ${response.status}.`,
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const name = (error as Error).name;
      if (name === 'TimeoutError')
        return { at, outcome: 'failed', timedOut: true, detail: `No answer within ${this.options.timeoutMs} ms.` };
      return { at, outcome: 'failed', detail: `The request failed${cause ? ` (${cause})` : ''}.` };
    }
  }

  #slot(): Promise<void> {
    if (this.#inFlight < this.options.concurrency) {
      this.#inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#inFlight--;
  }
}
