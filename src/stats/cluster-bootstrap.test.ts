import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from './rng.ts';
import { ClusterSums, bootstrapRatios, percentileInterval, quantile, resampleCounts } from './cluster-bootstrap.ts';

test('percentile interval: the type-7 quantiles of the defined replicates, worked by hand', () => {
  // 0..100 shuffled with NaNs mixed in: the 2.5% and 97.5% quantiles of 0..100 are 2.5 and 97.5.
  const values = Array.from({ length: 101 }, (_, i) => i);
  const rng = new Rng(3);
  for (let i = values.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  const withNaN = new Float64Array([...values.slice(0, 50), Number.NaN, ...values.slice(50), Number.NaN]);
  const { low, high } = percentileInterval(withNaN);
  assert.ok(Math.abs(low! - 2.5) < 1e-9 && Math.abs(high! - 97.5) < 1e-9, `${low}, ${high}`);
  assert.deepEqual(percentileInterval(new Float64Array([Number.NaN])), { low: null, high: null });
  assert.deepEqual(percentileInterval(new Float64Array([4, 4, 4])), { low: 4, high: 4 });
});

test('selection gives the same quantiles as sorting on random data with ties', () => {
  const rng = new Rng(8);
  for (let trial = 0; trial < 50; trial++) {
    const data = Float64Array.from({ length: 1 + rng.below(300) }, () => rng.below(20) / 7);
    const sorted = Float64Array.from(data).sort();
    const { low, high } = percentileInterval(data, 0.9);
    const alpha = (1 - 0.9) / 2;
    assert.ok(Math.abs(low! - quantile(sorted, alpha)) < 1e-12, `trial ${trial}: ${low} vs ${quantile(sorted, alpha)}`);
    assert.ok(Math.abs(high! - quantile(sorted, 1 - alpha)) < 1e-12, `trial ${trial}: ${high} vs ${quantile(sorted, 1 - alpha)}`);
  }
});

test('each replicate draws as many clusters as there are', () => {
  const counts = resampleCounts(7, { reps: 30, seed: 2 });
  for (let b = 0; b < 30; b++) assert.equal(counts.subarray(b * 7, b * 7 + 7).reduce((a, c) => a + c, 0), 7);
});

test('replicate ratios equal a direct weighted sum, for dense, sparse, repeated and constant columns', () => {
  const n = 23;
  const sums = new ClusterSums(n, 4);
  const rng = new Rng(6);
  for (let c = 0; c < n; c++) {
    sums.add(c, 0, rng.below(3), 1 + rng.below(2)); // dense
    sums.add(c, 1, c % 5 === 0 ? 1 : 0, 1); // sparse over a constant denominator
    sums.add(c, 2, c % 5 === 0 ? 1 : 0, 1); // the same again
    sums.add(c, 3, 0, c === 4 ? 1 : 0); // denominator empty in most replicates
  }
  const reps = 13;
  const counts = resampleCounts(n, { reps, seed: 4 });
  const out = bootstrapRatios(sums, counts, reps);
  for (let k = 0; k < 4; k++) {
    for (let b = 0; b < reps; b++) {
      let num = 0;
      let den = 0;
      for (let c = 0; c < n; c++) {
        num += counts[b * n + c]! * sums.values[(c * 4 + k) * 2]!;
        den += counts[b * n + c]! * sums.values[(c * 4 + k) * 2 + 1]!;
      }
      const expected = den > 0 ? num / den : Number.NaN;
      assert.ok(Object.is(out[k * reps + b], expected) || Math.abs(out[k * reps + b]! - expected) < 1e-12, `column ${k} replicate ${b}`);
    }
  }
});

test('a pooled column declared as the union of its parts gives the same replicates; a false declaration is ignored', () => {
  const n = 31;
  const rng = new Rng(12);
  const make = () => {
    const sums = new ClusterSums(n, 4);
    for (let c = 0; c < n; c++) {
      const a = [rng.below(2), 1] as const;
      const b = [rng.below(3), 1 + rng.below(2)] as const;
      sums.add(c, 0, ...a);
      sums.add(c, 1, ...b);
      sums.add(c, 2, a[0] + b[0], a[1] + b[1]); // the pooled column: a + b
      sums.add(c, 3, a[0], a[1] + 1); // not a + b
    }
    return sums;
  };
  const plain = make();
  const declared = new ClusterSums(n, 4);
  declared.values.set(plain.values);
  declared.union(2, [0, 1]);
  declared.union(3, [0, 1]);
  const counts = resampleCounts(n, { reps: 40, seed: 9 });
  const expected = bootstrapRatios(plain, counts, 40);
  const got = bootstrapRatios(declared, counts, 40);
  for (let i = 0; i < expected.length; i++) assert.ok(Math.abs(expected[i]! - got[i]!) < 1e-12, `value ${i}`);
});
