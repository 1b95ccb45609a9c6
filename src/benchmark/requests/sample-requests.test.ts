import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allocate, sampleRequests } from './sample-requests.ts';
import { benchRequests } from '../../../test/helpers/bench-requests.ts';

const records = benchRequests(293) as { id: string; category: string; source: string }[];
const byCategory = (rs: readonly { category: string }[]) => {
  const out = new Map<string, number>();
  for (const r of rs) out.set(r.category, (out.get(r.category) ?? 0) + 1);
  return out;
};

test('allocation is proportional with largest remainders and sums to n', () => {
  const sizes = new Map([['a', 93], ['b', 50], ['c', 50], ['d', 50], ['e', 50]]);
  const take = allocate(sizes, 20);
  assert.equal([...take.values()].reduce((a, b) => a + b, 0), 20);
  // Exact shares: a 6.35, others 3.41: floors 6+3*4=18, the two largest remainders (the 0.41s, by key) get one more.
  assert.deepEqual(Object.fromEntries(take), { a: 6, b: 4, c: 4, d: 3, e: 3 });
});

test('every stratum gets one when n allows; fewer strata than n leaves some at zero', () => {
  const sizes = new Map([['big', 1000], ['small1', 1], ['small2', 1]]);
  assert.deepEqual(Object.fromEntries(allocate(sizes, 3)), { big: 1, small1: 1, small2: 1 });
  assert.deepEqual(Object.fromEntries(allocate(sizes, 10)), { big: 8, small1: 1, small2: 1 });
  const two = allocate(sizes, 2);
  assert.equal([...two.values()].reduce((a, b) => a + b, 0), 2);
  assert.equal(two.get('big'), 2);
  assert.deepEqual(Object.fromEntries(allocate(sizes, 5000)), { big: 1000, small1: 1, small2: 1 });
});

test('a sample is deterministic, stratified, in file order, and changes with the seed', () => {
  const a = sampleRequests(records, 20, 1).sample;
  const b = sampleRequests(records, 20, 1).sample;
  assert.deepEqual(a, b);
  assert.equal(a.length, 20);
  // --limit 20 would take 20 reminders; the sample takes every category.
  assert.equal(byCategory(a).size, 5);
  assert.equal(byCategory(a).get('reminder'), 6);
  const order = a.map((r) => records.indexOf(r));
  assert.deepEqual(order, [...order].sort((x, y) => x - y));
  assert.notDeepEqual(sampleRequests(records, 20, 2).sample.map((r) => r.id), a.map((r) => r.id));
});

test('ranking does not depend on file order; a larger sample contains a smaller one here', () => {
  const shuffled = [...records].reverse();
  assert.deepEqual(new Set(sampleRequests(shuffled, 30, 7).sample.map((r) => r.id)), new Set(sampleRequests(records, 30, 7).sample.map((r) => r.id)));
  const small = new Set(sampleRequests(records, 20, 7).sample.map((r) => r.id));
  const large = new Set(sampleRequests(records, 60, 7).sample.map((r) => r.id));
  for (const id of small) assert.ok(large.has(id), id);
});

test('source is a stratum too', () => {
  const mixed = records.slice(0, 93).map((r, i) => ({ ...r, source: i < 90 ? 'hand' : 'mined' }));
  const { sample, strata } = sampleRequests(mixed, 5, 0);
  assert.deepEqual(strata.map((s) => [s.key, s.take]), [['reminder/hand', 4], ['reminder/mined', 1]]);
  assert.equal(sample.filter((r) => r.source === 'mined').length, 1);
});
