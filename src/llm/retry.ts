/**
 * The one retry layer for model calls (the OpenAI client runs with maxRetries: 0): exponential
 * backoff with full jitter on retryable failures, honouring the server's Retry-After.
 */
import { systemClock, type Clock } from './clock.ts';
import { isRetryable, type ModelError } from './model-error.ts';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Backoff ceiling of the first retry; doubles each retry (full jitter draws below it). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is cut to it: a server asking for an hour should not stall a run. */
  maxRetryAfterMs: number;
  /** Uniform [0, 1); injectable for deterministic tests. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

export type AttemptFailure = Omit<ModelError, 'attempts'> & { retryAfterMs?: number | null };
export type AttemptResult<T> = { ok: true; value: T } | { ok: false; error: AttemptFailure };
export type RetryResult<T> = { ok: true; value: T; attempts: number } | { ok: false; error: ModelError };

/** Full jitter (AWS architecture blog): uniform in [0, min(max, base·2^retry)). */
export function backoffDelay(retry: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(policy.random() * ceiling);
}

/**
 * Retry-After in milliseconds from `retry-after-ms` (OpenAI) or `retry-after` (seconds or an HTTP
 * date), or null when absent or unreadable.
 */
export function parseRetryAfter(headers: { get(name: string): string | null }, nowMs: number): number | null {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.max(0, Number(ms));
  const value = headers.get('retry-after');
  if (value === null) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

export async function withRetry<T>(
  attempt: (index: number) => Promise<AttemptResult<T>>,
  options: { policy?: Partial<RetryPolicy>; clock?: Clock; signal?: AbortSignal } = {},
): Promise<RetryResult<T>> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const clock = options.clock ?? systemClock;
  for (let index = 0; ; index++) {
    const result = await attempt(index);
    if (result.ok) return { ok: true, value: result.value, attempts: index + 1 };
    const { retryAfterMs, ...failure } = result.error;
    const error: ModelError = { ...failure, attempts: index + 1 };
    if (!isRetryable(error.kind) || index >= policy.maxRetries || options.signal?.aborted) {
      return { ok: false, error };
    }
    const delay =
      retryAfterMs !== undefined && retryAfterMs !== null
        ? Math.min(retryAfterMs, policy.maxRetryAfterMs)
        : backoffDelay(index, policy);
    try {
      await clock.sleep(delay, options.signal);
    } catch {
      return { ok: false, error: { kind: 'aborted', status: null, message: 'cancelled while waiting to retry', attempts: index + 1 } };
    }
  }
}
