/**
 * Politeness: one request at a time, and at least `delayMs` between the end of one request and the
 * start of the next. The delay can be raised later (robots.txt's Crawl-delay is read by the first
 * request) and never lowered below what the caller asked for.
 */
export class Pacer {
  private lastEnd: number | null = null;
  private busy = false;

  constructor(
    private delayMs: number,
    private readonly signal?: AbortSignal,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get delay(): number {
    return this.delayMs;
  }

  /** Raises the delay to at least `ms`. */
  atLeast(ms: number): void {
    if (Number.isFinite(ms) && ms > this.delayMs) this.delayMs = ms;
  }

  /** Resolves when the next request may start (at once when the crawl is stopped). */
  async wait(): Promise<void> {
    if (this.busy) throw new Error('Pacer: a request is already under way');
    if (this.lastEnd !== null) {
      const remaining = this.lastEnd + this.delayMs - this.now();
      if (remaining > 0) await sleep(remaining, this.signal);
    }
    this.busy = true;
  }

  done(): void {
    this.busy = false;
    this.lastEnd = this.now();
  }
}

/** Resolves after `ms`, or as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
