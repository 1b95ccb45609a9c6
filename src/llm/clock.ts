/**
 * Time as a dependency: retries and backoff sleep through this and a call's deadline runs on it,
 * so tests substitute a clock that records the delays asked for and returns at once, or ends a
 * deadline when something happens, and never depend on real timing.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason if it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * A call's deadline: `onTimeout` runs once `ms` have passed, unless the returned function is
   * called first. Optional (a real timer without it): a test ends a deadline on an event instead.
   */
  deadline?(ms: number, onTimeout: () => void): () => void;
}

/** The deadline of a real timer. */
export function timerDeadline(ms: number, onTimeout: () => void): () => void {
  const timer = setTimeout(onTimeout, ms);
  return () => clearTimeout(timer);
}

export const systemClock: Clock = {
  now: () => Date.now(),
  deadline: timerDeadline,
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
