import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AimdLimiter, limiterFor, type Permit } from './adaptive-concurrency.ts';

test('admits up to the limit, queues the rest in order', async () => {
  const limiter = new AimdLimiter({ max: 2, increaseAfter: 10 });
  const a = await limiter.acquire();
  const b = await limiter.acquire();
  const order: string[] = [];
  const c = limiter.acquire().then((p) => (order.push('c'), p));
  const d = limiter.acquire().then((p) => (order.push('d'), p));
  await Promise.resolve();
  assert.equal(limiter.inFlight, 2);
  assert.deepEqual(order, []);
  a.release('other');
  (await c).release('other');
  b.release('other');
  (await d).release('other');
  assert.deepEqual(order, ['c', 'd']);
  assert.equal(limiter.inFlight, 0);
});

test('a burst of 429s from one window halves once; successes add one back; bounds hold', async () => {
  const limiter = new AimdLimiter({ max: 8, increaseAfter: 2 });
  const permits: Permit[] = [];
  for (let i = 0; i < 8; i++) permits.push(await limiter.acquire());
  for (const permit of permits) permit.release('rate_limited');
  assert.equal(limiter.limit, 4, 'eight 429s admitted together halve the limit once');

  for (let round = 0; round < 3; round++) (await limiter.acquire()).release('rate_limited');
  assert.equal(limiter.limit, 1, '4 → 2 → 1 → stays 1');

  for (let i = 0; i < 4; i++) (await limiter.acquire()).release('success');
  assert.equal(limiter.limit, 3);
  for (let i = 0; i < 100; i++) (await limiter.acquire()).release('success');
  assert.equal(limiter.limit, 8, 'never above max');
});

test('an aborted waiter leaves the queue; a released permit cannot be released twice', async () => {
  const limiter = new AimdLimiter({ max: 1, increaseAfter: 1 });
  const held = await limiter.acquire();
  const controller = new AbortController();
  const waiting = limiter.acquire(controller.signal);
  const next = limiter.acquire();
  controller.abort(new Error('stop'));
  await assert.rejects(waiting, /stop/);
  held.release('other');
  held.release('other');
  const permit = await next;
  assert.equal(limiter.inFlight, 1);
  permit.release('other');
  assert.equal(limiter.inFlight, 0);
});

test('calls to the same endpoint share one limiter', () => {
  assert.equal(limiterFor('http://127.0.0.1:1/v1'), limiterFor('http://127.0.0.1:1/v1'));
  assert.notEqual(limiterFor('http://127.0.0.1:1/v1'), limiterFor('http://127.0.0.1:2/v1'));
});
