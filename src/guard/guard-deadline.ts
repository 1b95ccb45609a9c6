/**
 * The guard's own deadline. A model client is asked to stop through the abort signal, but a model
 * (or an application's tool) may ignore it: the guard races what it waits on against the deadline
 * rather than trusting the callee to return, so a reply is never held back past `timeoutMs`.
 */

/** What `race` gives back when the deadline passed first. */
export const TIMED_OUT: unique symbol = Symbol('guard deadline passed');

export class GuardDeadline {
  /** Aborts at the deadline, or when the caller's own signal does: pass it to every model call. */
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #expired: Promise<typeof TIMED_OUT>;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #passed = false;

  /** `timeoutMs` may be Infinity: no deadline (the benchmark's arms wait for every call). */
  constructor(
    readonly timeoutMs: number,
    outer?: AbortSignal,
  ) {
    this.signal = outer === undefined ? this.#controller.signal : AbortSignal.any([outer, this.#controller.signal]);
    this.#expired = new Promise((resolve) => {
      if (!Number.isFinite(timeoutMs)) return;
      this.#timer = setTimeout(() => {
        this.#passed = true;
        this.#controller.abort(new Error(`the guard's deadline of ${timeoutMs} ms passed`));
        resolve(TIMED_OUT);
      }, timeoutMs);
    });
  }

  get passed(): boolean {
    return this.#passed;
  }

  /** The work's result, or TIMED_OUT at the deadline; work left behind may still settle later, unobserved. */
  race<T>(work: Promise<T>): Promise<T | typeof TIMED_OUT> {
    // A rejection after the deadline has no one left to hear it: it must not crash the process.
    work.catch(() => {});
    return Promise.race([work, this.#expired]);
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }
}
