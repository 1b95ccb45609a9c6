import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay, DEFAULT_RETRY_POLICY, parseRetryAfter, withRetry, type AttemptResult } from './retry.ts';
import { recordingClock } from './testing/recording-clock.ts';

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

test('Retry-After: seconds, milliseconds header, HTTP date, garbage', () => {
  const now = Date.parse('2026-10-01T10:00:00Z');
  assert.equal(parseRetryAfter(headers({ 'retry-after': '3' }), now), 3000);
  assert.equal(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '3' }), now), 250);
  assert.equal(parseRetryAfter(headers({ 'retry-after': 'Thu, 01 Oct 2026 10:00:07 GMT' }), now), 7000);
  assert.equal(parseRetryAfter(headers({ 'retry-after': 'Thu, 01 Oct 2026 09:00:00 GMT' }), now), 0, 'a past date means now');
  assert.equal(parseRetryAfter(headers({ 'retry-after': 'soon' }), now), null);
  assert.equal(parseRetryAfter(headers({}), now), null);
});

test('full jitter stays below the doubling ceiling and the max', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
  assert.equal(backoffDelay(0, { ...policy, random: () => 0.999 }), 99);
  assert.equal(backoffDelay(2, { ...policy, random: () => 0.5 }), 200);
  assert.equal(backoffDelay(10, { ...policy, random: () => 0.999 }), 999);
  assert.equal(backoffDelay(3, { ...policy, random: () => 0 }), 0);
});

test('withRetry retries retryable kinds only, counting attempts', async () => {
  const clock = recordingClock();
  const outcomes: AttemptResult<string>[] = [
    { ok: false, error: { kind: 'network', status: null, message: 'reset' } },
    { ok: false, error: { kind: 'rate_limit', status: 429, message: 'slow', retryAfterMs: 1500 } },
    { ok: true, value: 'done' },
  ];
  const result = await withRetry(async (i) => outcomes[i]!, { clock, policy: { baseDelayMs: 8, random: () => 0.5 } });
  assert.deepEqual(result, { ok: true, value: 'done', attempts: 3 });
  assert.deepEqual(clock.sleeps, [4, 1500]);

  let calls = 0;
  const bad = await withRetry<string>(async () => {
    calls++;
    return { ok: false, error: { kind: 'bad_request', status: 422, message: 'no' } };
  }, { clock });
  assert.deepEqual(bad, { ok: false, error: { kind: 'bad_request', status: 422, message: 'no', attempts: 1 } });
  assert.equal(calls, 1);
});

test('no retry once the caller has aborted; an abort during the backoff sleep ends as aborted', async () => {
  const failing = async (): Promise<AttemptResult<string>> => ({ ok: false, error: { kind: 'server', status: 500, message: 'x' } });
  const controller = new AbortController();
  controller.abort();
  const early = await withRetry(failing, { signal: controller.signal, clock: recordingClock() });
  assert.equal(early.ok, false);
  if (!early.ok) assert.deepEqual([early.error.kind, early.error.attempts], ['server', 1]);

  const cancelledSleep = { now: () => 0, sleep: async () => Promise.reject(new Error('aborted')) };
  const during = await withRetry(failing, { clock: cancelledSleep });
  assert.equal(during.ok, false);
  if (!during.ok) assert.deepEqual([during.error.kind, during.error.attempts], ['aborted', 1]);
});
