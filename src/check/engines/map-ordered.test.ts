import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapOrdered } from './map-ordered.ts';

test('results come back in input order with at most `limit` calls in flight', async () => {
  let inFlight = 0;
  let peak = 0;
  const releases: (() => void)[] = [];
  const fn = async (n: number) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    // Later items finish first: order must come from the input, not from completion.
    await new Promise<void>((resolve) => releases.push(resolve));
    inFlight--;
    return n * 10;
  };
  const out: number[] = [];
  const consumer = (async () => {
    for await (const r of mapOrdered([1, 2, 3, 4, 5], 2, fn)) out.push(r);
  })();
  while (out.length < 5) {
    await new Promise((resolve) => setImmediate(resolve));
    releases.splice(0).reverse().forEach((release) => release());
  }
  await consumer;
  assert.deepEqual(out, [10, 20, 30, 40, 50]);
  assert.equal(peak, 2);
});

test('a throw surfaces at its place in the order', async () => {
  const seen: number[] = [];
  await assert.rejects(
    (async () => {
      for await (const r of mapOrdered([1, 2, 3], 3, async (n) => {
        if (n === 2) throw new Error('two');
        return n;
      }))
        seen.push(r);
    })(),
    /two/,
  );
  assert.deepEqual(seen, [1]);
});
