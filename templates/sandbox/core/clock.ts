// Sandbox time: real time plus an offset the merchant can move forward
// (`POST /_sandbox/clock {"advance_seconds": N}`), and the timers that run on it (QR expiry, the
// bank-code window, callback retries, blocked URLs, schedule runs). A timer fires when its due
// time is reached either way: by waiting, or by advancing the clock past it.

/**
 * The furthest one advance may move: a year (366 days) covers every documented window, retry and
 * monthly schedule, while an advance of centuries would run a daily schedule's charges by the
 * hundred thousand before answering.
 */
export const MAX_ADVANCE_SECONDS = 366 * 24 * 60 * 60;

interface Timer {
  readonly due: number;
  readonly order: number;
  readonly run: () => void;
}

export class SandboxClock {
  #offset = 0;
  #order = 0;
  #timers: Timer[] = [];
  #wake: NodeJS.Timeout | undefined;
  #closed = false;

  /** Sandbox time in milliseconds since the epoch. */
  now(): number {
    return Date.now() + this.#offset;
  }

  /** Runs `run` once sandbox time reaches now + `seconds`. */
  after(seconds: number, run: () => void): void {
    if (this.#closed) return;
    this.#timers.push({ due: this.now() + seconds * 1000, order: this.#order++, run });
    this.#timers.sort((a, b) => a.due - b.due || a.order - b.order);
    this.#arm();
  }

  /** Moves sandbox time forward and fires every timer that falls due, in due order. */
  advance(seconds: number): void {
    if (!(seconds >= 0 && seconds <= MAX_ADVANCE_SECONDS))
      throw new RangeError(
        `advance_seconds is 0 to ${MAX_ADVANCE_SECONDS} (366 days) per call; advance again for more.`,
      );
    this.#offset += seconds * 1000;
    this.#fire();
  }

  /** When the next timer falls due (sandbox time), if one waits. */
  nextDue(): number | undefined {
    return this.#timers[0]?.due;
  }

  close(): void {
    this.#closed = true;
    this.#timers = [];
    if (this.#wake) clearTimeout(this.#wake);
  }

  #fire(): void {
    // A timer may add timers (a retry after a failed retry); those run too when already due.
    for (;;) {
      const next = this.#timers[0];
      if (!next || next.due > this.now()) break;
      this.#timers.shift();
      next.run();
    }
    this.#arm();
  }

  #arm(): void {
    if (this.#wake) clearTimeout(this.#wake);
    const next = this.#timers[0];
    if (!next || this.#closed) return;
    // setTimeout's limit is about 24.8 days; a later timer re-arms on waking.
    this.#wake = setTimeout(() => this.#fire(), Math.min(Math.max(next.due - this.now(), 0), 2 ** 31 - 1));
    this.#wake.unref();
  }
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, the platform's `trans_date` / `date` format. */
export function platformDate(time: number): string {
  return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD` in UTC. */
export function calendarDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
