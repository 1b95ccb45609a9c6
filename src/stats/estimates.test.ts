import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from './rng.ts';
import { METRICS, type MetricInput } from './metrics.ts';
import { estimateGroups, pairedDifferences, type ClusteredInput } from './estimates.ts';

/**
 * A synthetic clustered data set: each request has its own failure probability, drawn uniformly
 * from [rate − spread, rate + spread], and `perCluster` responses drawn from it. Responses to one
 * request are correlated, so only a bootstrap over requests gets the width right. The expected
 * failure rate over requests is `rate`.
 */
function clustered(rng: Rng, clusters: number, perCluster: number, rate: number, spread: number): ClusteredInput[] {
  const items: ClusteredInput[] = [];
  for (let c = 0; c < clusters; c++) {
    const p = rate - spread + 2 * spread * rng.uniform();
    for (let j = 0; j < perCluster; j++) items.push(failing(c, rng.uniform() < p));
  }
  return items;
}

function failing(cluster: number, fails: boolean): ClusteredInput {
  const base: MetricInput = { outcome: fails ? 'empty' : 'deferral', commitments: [], doability: 'no', booleans: { asks_clarification: false } };
  return { ...base, cluster };
}

function coverage(datasets: number, clusterOf: (item: ClusteredInput, index: number) => number): number {
  const rng = new Rng(2026);
  let covered = 0;
  for (let d = 0; d < datasets; d++) {
    const items = clustered(rng, 60, 8, 0.3, 0.25).map((item, i) => ({ ...item, cluster: clusterOf(item, i) }));
    const clusters = Math.max(...items.map((i) => i.cluster)) + 1;
    const e = estimateGroups(items, clusters, () => ['all'], [METRICS.failure], { reps: 400, seed: d }).get('all')!.get('failure')!;
    if (e.low! <= 0.3 && 0.3 <= e.high!) covered++;
  }
  return covered / datasets;
}

describe('cluster bootstrap', () => {
  test('95% intervals cover the known rate in 92–98% of 300 synthetic clustered data sets', () => {
    const rate = coverage(300, (item) => item.cluster);
    assert.ok(rate >= 0.92 && rate <= 0.98, `coverage ${rate}`);
  });

  test('resampling single responses instead of requests covers too rarely on the same data', () => {
    // The same data sets with every response its own cluster: intervals too narrow.
    const rate = coverage(300, (_, i) => i);
    assert.ok(rate < 0.92, `coverage ${rate}`);
  });

  test('the same seed gives identical numbers; another seed moves the bounds, not the value', () => {
    const items = clustered(new Rng(5), 60, 4, 0.4, 0.2);
    const run = (seed: number) => estimateGroups(items, 60, () => ['all'], [METRICS.failure], { reps: 500, seed }).get('all')!.get('failure')!;
    assert.deepEqual(run(11), run(11));
    assert.equal(run(11).value, run(12).value);
    assert.notDeepEqual([run(11).low, run(11).high], [run(12).low, run(12).high]);
  });

  test('an empty denominator gives null value and bounds; counts stay visible', () => {
    const items = clustered(new Rng(5), 10, 2, 0.4, 0.2);
    const e = estimateGroups(items, 10, () => ['all'], [METRICS.over_refusal, METRICS.unanchored], { reps: 50, seed: 1 }).get('all')!;
    assert.deepEqual(e.get('over_refusal'), { value: null, low: null, high: null, numerator: 0, denominator: 0 });
    assert.equal(e.get('unanchored')!.value, null);
  });

  test('an item counts in every group it names (a cell and its pooled row)', () => {
    const items = [failing(0, true), failing(1, false), failing(1, false)];
    const e = estimateGroups(items, 2, (i) => (i.outcome === 'empty' ? ['a', 'pooled'] : ['b', 'pooled']), [METRICS.failure], { reps: 20, seed: 1 });
    assert.equal(e.get('a')!.get('failure')!.value, 1);
    assert.equal(e.get('b')!.get('failure')!.value, 0);
    assert.equal(e.get('pooled')!.get('failure')!.value, 1 / 3);
  });
});

describe('paired differences', () => {
  test('two arms with the same behaviour: difference centred on 0, its interval contains 0', () => {
    const rng = new Rng(9);
    const base = clustered(rng, 150, 2, 0.3, 0.2);
    // The arm: fresh responses from the same per-request probabilities' distribution.
    const arm = clustered(rng, 150, 2, 0.3, 0.2);
    const d = pairedDifferences([{ key: 'same', arm, base }], 150, [METRICS.failure], { reps: 1000, seed: 3 }).get('same')!.get('failure')!;
    assert.ok(Math.abs(d.value!) < 0.05, `difference ${d.value}`);
    assert.ok(d.low! < 0 && d.high! > 0, `[${d.low}, ${d.high}]`);
    assert.ok(Math.abs((d.low! + d.high!) / 2 - d.value!) < 0.02, 'interval centred on the difference');
  });

  test('over 300 pairs of identical arms: mean difference ≈ 0, and 92–98% of intervals contain 0', () => {
    const rng = new Rng(21);
    let contain = 0;
    let total = 0;
    for (let d = 0; d < 300; d++) {
      const base = clustered(rng, 150, 2, 0.3, 0.25);
      const arm = clustered(rng, 150, 2, 0.3, 0.25);
      const diff = pairedDifferences([{ key: 'k', arm, base }], 150, [METRICS.failure], { reps: 400, seed: d }).get('k')!.get('failure')!;
      total += diff.value!;
      if (diff.low! <= 0 && diff.high! >= 0) contain++;
    }
    assert.ok(Math.abs(total / 300) < 0.01, `mean difference ${total / 300}`);
    assert.ok(contain / 300 >= 0.92 && contain / 300 <= 0.98, `${contain} of 300 contain 0`);
  });

  test('an arm compared with itself differs by exactly 0 on every resample', () => {
    const items = clustered(new Rng(4), 40, 3, 0.5, 0.3);
    const d = pairedDifferences([{ key: 'self', arm: items, base: items }], 40, [METRICS.failure], { reps: 200, seed: 1 }).get('self')!.get('failure')!;
    assert.deepEqual([d.value, d.low, d.high], [0, 0, 0]);
  });

  test('a real effect is found: every failure in the base, half in the arm, interval excludes 0', () => {
    const base = Array.from({ length: 100 }, (_, c) => failing(c, true));
    const arm = Array.from({ length: 100 }, (_, c) => failing(c, c % 2 === 0));
    const d = pairedDifferences([{ key: 'fix', arm, base }], 100, [METRICS.failure], { reps: 500, seed: 1 }).get('fix')!.get('failure')!;
    assert.equal(d.value, -0.5);
    assert.equal(d.arm, 0.5);
    assert.equal(d.base, 1);
    assert.ok(d.high! < 0);
  });

  test('a metric undefined in one arm gives an undefined difference', () => {
    const base = [failing(0, true)];
    const d = pairedDifferences([{ key: 'x', arm: base, base }], 1, [METRICS.over_refusal], { reps: 10, seed: 1 }).get('x')!.get('over_refusal')!;
    assert.deepEqual(d, { value: null, low: null, high: null, arm: null, base: null });
  });
});
