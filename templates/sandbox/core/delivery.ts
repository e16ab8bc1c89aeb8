// Callback delivery as the public facts (§4) describe it: a form POST to the merchant's callback
// URL, answered with `OK` (S2S; any 2xx for Checkout); a failed delivery is retried every 15
// minutes up to five attempts, and five failures in a row block the URL for 15 minutes (for
// every merchant using it). Sandbox time drives the waits, so `POST /_sandbox/clock` replays a
// day of retries in a moment. Every attempt is logged.
import type { SandboxClock } from './clock.js';

export type CallbackKind = 'checkout' | 'card' | 'apm';

export interface DeliveryAttempt {
  readonly at: string;
  readonly outcome: 'delivered' | 'failed' | 'blocked';
  readonly httpStatus?: number;
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
  /** Consecutive failures that block a URL, and for how long. */
  readonly blockAfter: number;
  readonly blockSeconds: number;
  /** Deliveries in flight at once. */
  readonly concurrency: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = {
  timeoutMs: 10_000,
  retrySeconds: 900,
  maxAttempts: 5,
  blockAfter: 5,
  blockSeconds: 900,
  concurrency: 64,
};

interface UrlHealth {
  failures: number;
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
    private readonly options: DeliveryOptions = DEFAULT_DELIVERY,
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
    const health = this.#urls.get(url) ?? { failures: 0, blockedUntil: 0 };
    this.#urls.set(url, health);
    const now = this.clock.now();
    if (health.blockedUntil > now) {
      record.attempts.push({
        at: new Date(now).toISOString(),
        outcome: 'blocked',
        detail: `The URL is blocked until ${new Date(health.blockedUntil).toISOString()} after ${this.options.blockAfter} failed deliveries in a row.`,
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
      health.failures = 0;
      record.state = 'delivered';
      return;
    }
    if (++health.failures >= this.options.blockAfter)
      health.blockedUntil = this.clock.now() + this.options.blockSeconds * 1000;
    const tries = record.attempts.filter((entry) => entry.outcome !== 'blocked').length;
    if (tries >= this.options.maxAttempts) record.state = 'failed';
    else this.clock.after(this.options.retrySeconds, () => this.#schedule(record));
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
      return {
        at,
        outcome: 'failed',
        detail:
          name === 'TimeoutError'
            ? `No answer within ${this.options.timeoutMs} ms.`
            : `The request failed${cause ? ` (${cause})` : ''}.`,
      };
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
