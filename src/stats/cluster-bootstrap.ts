/**
 * Cluster bootstrap of ratio metrics (paper §5): requests are the clusters, so every response to
 * one request — in any cell, and every commitment in them — is resampled together. Each replicate
 * draws as many requests as there are, with replacement, and recomputes every ratio column from
 * the per-request sums. All columns share the resamples, so two columns give a paired difference
 * by subtraction. Typed arrays and a seeded generator: the same seed gives the same numbers.
 */
import { Rng } from './rng.ts';

export const DEFAULT_REPS = 1000;
export const DEFAULT_SEED = 20261001;
export const DEFAULT_LEVEL = 0.95;

export interface BootstrapOptions {
  reps: number;
  seed: number;
}

/** Per-cluster numerator and denominator sums of `columns` ratios, interleaved (num, den). */
export class ClusterSums {
  readonly values: Float64Array;

  constructor(
    readonly clusters: number,
    readonly columns: number,
  ) {
    this.values = new Float64Array(clusters * columns * 2);
  }

  add(cluster: number, column: number, numerator: number, denominator: number): void {
    const i = (cluster * this.columns + column) * 2;
    this.values[i]! += numerator;
    this.values[i + 1]! += denominator;
  }

  /** Sums over all clusters: the point estimate's numerator and denominator per column. */
  totals(): Float64Array {
    const out = new Float64Array(this.columns * 2);
    const width = this.columns * 2;
    for (let c = 0; c < this.clusters; c++) {
      const base = c * width;
      for (let k = 0; k < width; k++) out[k]! += this.values[base + k]!;
    }
    return out;
  }
}

/**
 * How often each cluster is drawn in each replicate: `reps × clusters` counts. Depends only on the
 * seed and the cluster count, so separate computations over the same requests share resamples.
 */
export function resampleCounts(clusters: number, { reps, seed }: BootstrapOptions): Uint32Array {
  if (!Number.isInteger(reps) || reps < 1) throw new RangeError(`reps must be a positive integer, got ${reps}`);
  const counts = new Uint32Array(reps * clusters);
  if (clusters === 0) return counts;
  const rng = new Rng(seed);
  for (let b = 0; b < reps; b++) {
    const row = b * clusters;
    for (let i = 0; i < clusters; i++) counts[row + rng.below(clusters)]! += 1;
  }
  return counts;
}

/**
 * Replicate values of every ratio column, column-major (`column * reps + rep`), NaN where a
 * replicate's denominator is empty.
 */
export function bootstrapRatios(sums: ClusterSums, counts: Uint32Array, reps: number): Float64Array {
  const { clusters: n, columns, values } = sums;
  if (counts.length !== reps * n) throw new RangeError(`resample counts are for another shape: ${counts.length} ≠ ${reps} × ${n}`);
  const series = columns * 2;
  // Each replicate's sums are dot products of its count row with a column's per-cluster values.
  // Both laid out contiguously over clusters, four replicates at a time share each value load.
  const x = new Float64Array(series * n);
  for (let c = 0; c < n; c++) for (let j = 0; j < series; j++) x[j * n + c] = values[c * series + j]!;
  const w = Float64Array.from(counts);
  const out = new Float64Array(columns * reps);
  let b = 0;
  for (; b + 4 <= reps; b += 4) {
    const w0 = b * n;
    const w1 = w0 + n;
    const w2 = w1 + n;
    const w3 = w2 + n;
    for (let k = 0; k < columns; k++) {
      const xn = 2 * k * n;
      const xd = xn + n;
      let n0 = 0, n1 = 0, n2 = 0, n3 = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
      for (let c = 0; c < n; c++) {
        const vn = x[xn + c]!;
        const vd = x[xd + c]!;
        const a0 = w[w0 + c]!, a1 = w[w1 + c]!, a2 = w[w2 + c]!, a3 = w[w3 + c]!;
        n0 += a0 * vn; d0 += a0 * vd;
        n1 += a1 * vn; d1 += a1 * vd;
        n2 += a2 * vn; d2 += a2 * vd;
        n3 += a3 * vn; d3 += a3 * vd;
      }
      const o = k * reps + b;
      out[o] = d0 > 0 ? n0 / d0 : Number.NaN;
      out[o + 1] = d1 > 0 ? n1 / d1 : Number.NaN;
      out[o + 2] = d2 > 0 ? n2 / d2 : Number.NaN;
      out[o + 3] = d3 > 0 ? n3 / d3 : Number.NaN;
    }
  }
  for (; b < reps; b++) {
    const w0 = b * n;
    for (let k = 0; k < columns; k++) {
      let num = 0, den = 0;
      for (let c = 0; c < n; c++) {
        num += w[w0 + c]! * x[2 * k * n + c]!;
        den += w[w0 + c]! * x[(2 * k + 1) * n + c]!;
      }
      out[k * reps + b] = den > 0 ? num / den : Number.NaN;
    }
  }
  return out;
}

/**
 * Percentile interval of the defined (non-NaN) replicates, with linear interpolation between
 * order statistics (the usual "type 7" quantile). Null bounds when no replicate is defined.
 */
export function percentileInterval(replicates: Float64Array, level = DEFAULT_LEVEL): { low: number | null; high: number | null } {
  const defined = replicates.filter((v) => !Number.isNaN(v)).sort();
  if (defined.length === 0) return { low: null, high: null };
  const alpha = (1 - level) / 2;
  return { low: quantile(defined, alpha), high: quantile(defined, 1 - alpha) };
}

/** Quantile of sorted values, linear between order statistics. */
export function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
