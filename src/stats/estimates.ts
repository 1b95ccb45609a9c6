/**
 * Metrics with cluster-bootstrap intervals for named groups of responses, and paired differences
 * between arms. Pure: items in (each tagged with its request's cluster index), numbers out.
 */
import { ClusterSums, DEFAULT_LEVEL, bootstrapRatios, percentileInterval, resampleCounts, type BootstrapOptions } from './cluster-bootstrap.ts';
import { ratio, type Metric, type MetricInput } from './metrics.ts';

export interface ClusteredInput extends MetricInput {
  /** Index of the response's request, 0 ≤ cluster < clusters. */
  cluster: number;
}

/** A metric's value with its 95% interval; every number null when not defined. */
export interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
  numerator: number;
  denominator: number;
}

export type GroupEstimates = Map<string, Map<string, Estimate>>;

/** Per-request sums of every (group, metric) column, and which column is which. */
export interface GroupSums {
  sums: ClusterSums;
  columns: { group: string; metric: Metric }[];
}

/**
 * `unions` names groups that are the union of disjoint other groups (a pooled row of its
 * per-model cells) so the bootstrap can add their replicates up; the items must name both.
 */
export function groupSums<T extends ClusteredInput>(
  items: readonly T[],
  clusters: number,
  groupsOf: (item: T) => readonly string[],
  metrics: readonly Metric[],
  unions: ReadonlyMap<string, readonly string[]> = new Map(),
): GroupSums {
  const groupIndex = new Map<string, number>();
  const memberships: number[][] = items.map((item) =>
    groupsOf(item).map((g) => {
      let i = groupIndex.get(g);
      if (i === undefined) groupIndex.set(g, (i = groupIndex.size));
      return i;
    }),
  );
  const sums = new ClusterSums(clusters, groupIndex.size * metrics.length);
  const scratch = new Float64Array(2);
  items.forEach((item, n) => {
    for (let m = 0; m < metrics.length; m++) {
      scratch.fill(0);
      metrics[m]!.add(item, scratch);
      if (scratch[1] === 0 && scratch[0] === 0) continue;
      for (const g of memberships[n]!) sums.add(item.cluster, g * metrics.length + m, scratch[0]!, scratch[1]!);
    }
  });
  for (const [union, parts] of unions) {
    const u = groupIndex.get(union);
    const present = parts.map((p) => groupIndex.get(p)).filter((p) => p !== undefined);
    if (u === undefined || present.length === 0) continue;
    for (let m = 0; m < metrics.length; m++) sums.union(u * metrics.length + m, present.map((p) => p * metrics.length + m));
  }
  const columns: GroupSums['columns'] = [];
  for (const group of groupIndex.keys()) for (const metric of metrics) columns.push({ group, metric });
  return { sums, columns };
}

/**
 * Every metric for every group; an item may belong to several groups (a cell and its pooled row).
 * With `reps: 0` only the values are computed.
 */
export function estimateGroups<T extends ClusteredInput>(
  items: readonly T[],
  clusters: number,
  groupsOf: (item: T) => readonly string[],
  metrics: readonly Metric[],
  options: BootstrapOptions,
  unions?: ReadonlyMap<string, readonly string[]>,
): GroupEstimates {
  const { sums, columns } = groupSums(items, clusters, groupsOf, metrics, unions);
  return summarise(sums, columns, options);
}

/** Values and bootstrap intervals of summed columns. */
export function summarise(sums: ClusterSums, columns: GroupSums['columns'], options: BootstrapOptions): GroupEstimates {
  const totals = sums.totals();
  // reps 0: point values only (an outcome distribution drawn without intervals).
  const replicates = options.reps === 0 ? null : bootstrapRatios(sums, resampleCounts(sums.clusters, options), options.reps);
  const out: GroupEstimates = new Map();
  columns.forEach((col, k) => {
    const numerator = totals[2 * k]!;
    const denominator = totals[2 * k + 1]!;
    const value = ratio(numerator, denominator);
    const interval = value === null || replicates === null ? { low: null, high: null } : percentileInterval(replicates.subarray(k * options.reps, (k + 1) * options.reps), DEFAULT_LEVEL);
    let byMetric = out.get(col.group);
    if (byMetric === undefined) out.set(col.group, (byMetric = new Map()));
    byMetric.set(col.metric.id, { value, ...interval, numerator, denominator });
  });
  return out;
}

/** Two arms to compare on the same requests: `arm − base`. */
export interface ArmPair<T> {
  key: string;
  arm: readonly T[];
  base: readonly T[];
}

/** A paired difference: both arms are computed on every resample, then subtracted. */
export interface Difference {
  value: number | null;
  low: number | null;
  high: number | null;
  arm: number | null;
  base: number | null;
}

export function pairedDifferences<T extends ClusteredInput>(
  pairs: readonly ArmPair<T>[],
  clusters: number,
  metrics: readonly Metric[],
  options: BootstrapOptions,
): Map<string, Map<string, Difference>> {
  const width = metrics.length * 2;
  const sums = new ClusterSums(clusters, pairs.length * width);
  const scratch = new Float64Array(2);
  pairs.forEach((pair, p) => {
    for (const [side, items] of [pair.arm, pair.base].entries()) {
      for (const item of items) {
        for (let m = 0; m < metrics.length; m++) {
          scratch.fill(0);
          metrics[m]!.add(item, scratch);
          if (scratch[1] !== 0 || scratch[0] !== 0) sums.add(item.cluster, p * width + m * 2 + side, scratch[0]!, scratch[1]!);
        }
      }
    }
  });
  const totals = sums.totals();
  const reps = options.reps;
  const replicates = bootstrapRatios(sums, resampleCounts(clusters, options), reps);
  const diff = new Float64Array(reps);
  const out = new Map<string, Map<string, Difference>>();
  pairs.forEach((pair, p) => {
    const byMetric = new Map<string, Difference>();
    metrics.forEach((metric, m) => {
      const a = p * width + m * 2;
      const arm = ratio(totals[2 * a]!, totals[2 * a + 1]!);
      const base = ratio(totals[2 * (a + 1)]!, totals[2 * (a + 1) + 1]!);
      if (arm === null || base === null) {
        byMetric.set(metric.id, { value: null, low: null, high: null, arm, base });
        return;
      }
      for (let b = 0; b < reps; b++) diff[b] = replicates[a * reps + b]! - replicates[(a + 1) * reps + b]!;
      byMetric.set(metric.id, { value: arm - base, ...percentileInterval(diff, DEFAULT_LEVEL), arm, base });
    });
    out.set(pair.key, byMetric);
  });
  return out;
}
