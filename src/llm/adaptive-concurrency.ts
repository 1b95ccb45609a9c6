/**
 * Adaptive concurrency per endpoint (AIMD, as in TCP congestion control): every call to the same
 * base URL shares one limiter; a 429 halves the limit, N successes in a row add one, and the limit
 * stays within [1, max]. A burst of 429s from requests that were all in flight together halves the
 * limit once, not once per request: only a request admitted after the last decrease may decrease it.
 */

export interface AimdOptions {
  /** Upper bound, also the starting limit. */
  max: number;
  /** Successes needed to raise the limit by one. */
  increaseAfter: number;
}

export const DEFAULT_AIMD: AimdOptions = { max: 64, increaseAfter: 10 };

export interface Permit {
  /** Report how the call went and free the slot. Call exactly once. */
  release(outcome: 'success' | 'rate_limited' | 'other'): void;
}

export class AimdLimiter {
  private limitValue: number;
  private active = 0;
  private successes = 0;
  /** Incremented on every decrease; permits remember the epoch they were admitted in. */
  private epoch = 0;
  // A FIFO with a moving head: shift() is O(n) and this queue can hold thousands of waiters.
  private waiters: Array<(() => void) | null> = [];
  private head = 0;

  constructor(readonly options: AimdOptions = DEFAULT_AIMD) {
    if (!(options.max >= 1) || !(options.increaseAfter >= 1)) {
      throw new RangeError(`AIMD limiter needs max ≥ 1 and increaseAfter ≥ 1, got ${JSON.stringify(options)}`);
    }
    this.limitValue = Math.floor(options.max);
  }

  get limit(): number {
    return this.limitValue;
  }

  get inFlight(): number {
    return this.active;
  }

  /** Wait for a slot; rejects with the signal's reason if it aborts while queued. */
  acquire(signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.limitValue && this.head === this.waiters.length) {
      return Promise.resolve(this.admit());
    }
    return new Promise<Permit>((resolve, reject) => {
      const slot = this.waiters.length;
      const onAbort = (): void => {
        this.waiters[slot] = null;
        reject(signal?.reason);
      };
      this.waiters.push(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(this.admit());
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private admit(): Permit {
    this.active++;
    const admittedIn = this.epoch;
    let released = false;
    return {
      release: (outcome) => {
        if (released) return;
        released = true;
        this.active--;
        if (outcome === 'rate_limited') this.decrease(admittedIn);
        else if (outcome === 'success') this.increase();
        this.drain();
      },
    };
  }

  private decrease(admittedIn: number): void {
    this.successes = 0;
    if (admittedIn < this.epoch) return;
    this.epoch++;
    this.limitValue = Math.max(1, Math.floor(this.limitValue / 2));
  }

  private increase(): void {
    if (this.limitValue >= this.options.max) return;
    if (++this.successes >= this.options.increaseAfter) {
      this.successes = 0;
      this.limitValue++;
    }
  }

  private drain(): void {
    while (this.active < this.limitValue && this.head < this.waiters.length) {
      const next = this.waiters[this.head];
      this.waiters[this.head++] = null;
      next?.();
    }
    if (this.head === this.waiters.length) {
      this.waiters = [];
      this.head = 0;
    }
  }
}

const registry = new Map<string, AimdLimiter>();

/**
 * The limiter shared by every call to `endpoint` in this process. The first caller's options
 * fix it; later callers get the same instance whatever they pass.
 */
export function limiterFor(endpoint: string, options: AimdOptions = DEFAULT_AIMD): AimdLimiter {
  let limiter = registry.get(endpoint);
  if (!limiter) {
    limiter = new AimdLimiter(options);
    registry.set(endpoint, limiter);
  }
  return limiter;
}
