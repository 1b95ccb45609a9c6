import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from './rng.ts';

test('the same seed gives the same stream; another seed another one', () => {
  const a = new Rng(7);
  const b = new Rng(7);
  const c = new Rng(8);
  const first = Array.from({ length: 5 }, () => a.nextUint32());
  assert.deepEqual(first, Array.from({ length: 5 }, () => b.nextUint32()));
  assert.notDeepEqual(first, Array.from({ length: 5 }, () => c.nextUint32()));
});

test('below(n) stays in range and is close to uniform', () => {
  const rng = new Rng(1);
  const counts = new Array<number>(7).fill(0);
  for (let i = 0; i < 70_000; i++) {
    const x = rng.below(7);
    assert.ok(Number.isInteger(x) && x >= 0 && x < 7);
    counts[x]!++;
  }
  for (const n of counts) assert.ok(Math.abs(n - 10_000) < 400, `count ${n} far from 10,000`);
});

test('below rejects a range it cannot draw from', () => {
  assert.throws(() => new Rng(1).below(0), RangeError);
  assert.throws(() => new Rng(1).below(2.5), RangeError);
});
