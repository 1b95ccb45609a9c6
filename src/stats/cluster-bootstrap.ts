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
  /** Columns whose values are the sums of other columns' (a pooled row of its cells). */
  readonly unions = new Map<number, readonly number[]>();

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

  /**
   * Declares `column` the sum of `parts` (which it must also hold as values: point estimates read
   * them). Replicates then add the parts' replicate sums instead of resampling the column again.
   */
  union(column: number, parts: readonly number[]): void {
    this.unions.set(column, parts);
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
 *
 * Each replicate's sum of a column is the dot product of its count row with the column's
 * per-cluster values. Columns repeat (every response-rate metric of a cell has the same
 * denominator) and are mostly one value (0 for a rare outcome, 1 for a cell's response count),
 * so each distinct column is summed once, over the clusters that differ from that value only.
 */
export function bootstrapRatios(sums: ClusterSums, counts: Uint32Array, reps: number): Float64Array {
  const { clusters: n, columns } = sums;
  if (counts.length !== reps * n) throw new RangeError(`resample counts are for another shape: ${counts.length} ≠ ${reps} × ${n}`);
  const unions = checkedUnions(sums);
  const { series, numerators, denominators } = distinctSeries(sums, unions);
  // Counts cluster-major: the counts of one cluster in eight consecutive replicates share a cache line.
  const w = new Float64Array(n * reps);
  for (let b = 0; b < reps; b++) for (let c = 0; c < n; c++) w[c * reps + b] = counts[b * n + c]!;
  const totals = new Float64Array(series.length * reps);
  series.forEach((one, s) => sumSeries(w, n, reps, one, totals, s * reps));
  const out = new Float64Array(columns * reps);
  const num = new Float64Array(reps);
  const den = new Float64Array(reps);
  for (let k = 0; k < columns; k++) {
    num.fill(0);
    den.fill(0);
    for (const part of unions.get(k) ?? [k]) {
      const pn = numerators[part]! * reps;
      const pd = denominators[part]! * reps;
      for (let b = 0; b < reps; b++) {
        num[b]! += totals[pn + b]!;
        den[b]! += totals[pd + b]!;
      }
    }
    for (let b = 0; b < reps; b++) out[k * reps + b] = den[b]! > 0 ? num[b]! / den[b]! : Number.NaN;
  }
  return out;
}

/**
 * The declared unions that hold: parts are plain columns and add up to the union's values in
 * every cluster. Any other is resampled like a plain column, so a wrong declaration costs time,
 * never correctness.
 */
function checkedUnions(sums: ClusterSums): Map<number, readonly number[]> {
  const { clusters, columns, values, unions } = sums;
  const width = columns * 2;
  const ok = new Map<number, readonly number[]>();
  for (const [column, parts] of unions) {
    if (parts.some((p) => unions.has(p) || p === column || p < 0 || p >= columns)) continue;
    let holds = true;
    for (let c = 0; holds && c < clusters; c++) {
      for (let side = 0; side < 2; side++) {
        let total = 0;
        for (const p of parts) total += values[c * width + 2 * p + side]!;
        if (Math.abs(total - values[c * width + 2 * column + side]!) > 1e-9) holds = false;
      }
    }
    if (holds) ok.set(column, parts);
  }
  return ok;
}

/**
 * One distinct column, stored as a base value every cluster has plus the clusters that differ.
 * Every replicate draws exactly n clusters, so its sum is base·n + Σ counts·(value − base): a
 * column that is constant (one response per request) or mostly so costs almost nothing.
 */
interface Series {
  base: number;
  clusters: Uint32Array;
  weights: Float64Array;
}

/** The distinct per-cluster series among the numerators and denominators of plain columns. */
function distinctSeries(sums: ClusterSums, unions: ReadonlyMap<number, readonly number[]>): { series: Series[]; numerators: Uint32Array; denominators: Uint32Array } {
  const { clusters: n, columns, values } = sums;
  const width = columns * 2;
  const series: Series[] = [];
  const index = new Map<string, number>();
  const ids = new Uint32Array(width);
  const column = new Float64Array(n);
  const frequency = new Map<number, number>();
  const idx: number[] = [];
  const val: number[] = [];
  for (let j = 0; j < width; j++) {
    if (unions.has(j >> 1)) continue; // added up from its parts instead
    frequency.clear();
    for (let c = 0; c < n; c++) {
      const v = values[c * width + j]!;
      column[c] = v;
      frequency.set(v, (frequency.get(v) ?? 0) + 1);
    }
    let base = 0;
    let most = -1;
    for (const [v, f] of frequency) if (f > most || (f === most && v === 0)) (base = v), (most = f);
    idx.length = 0;
    val.length = 0;
    for (let c = 0; c < n; c++) {
      if (column[c] !== base) {
        idx.push(c);
        val.push(column[c]! - base);
      }
    }
    const key = `${base}|${idx.join(',')}|${val.join(',')}`;
    let id = index.get(key);
    if (id === undefined) {
      index.set(key, (id = series.length));
      series.push({ base, clusters: Uint32Array.from(idx), weights: Float64Array.from(val) });
    }
    ids[j] = id;
  }
  const numerators = new Uint32Array(columns);
  const denominators = new Uint32Array(columns);
  for (let k = 0; k < columns; k++) {
    numerators[k] = ids[2 * k]!;
    denominators[k] = ids[2 * k + 1]!;
  }
  return { series, numerators, denominators };
}

/** out[at + b] = base·n + Σ_j w[clusters[j]][b] · weights[j] for every replicate b (w: clusters × reps). */
function sumSeries(w: Float64Array, n: number, reps: number, { base, clusters, weights }: Series, out: Float64Array, at: number): void {
  const nnz = clusters.length;
  const offset = base * n;
  let b = 0;
  // Eight replicates per pass share each (cluster, value) load and keep their sums in registers.
  for (; b + 8 <= reps; b += 8) {
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
    for (let j = 0; j < nnz; j++) {
      const c = clusters[j]! * reps + b;
      const v = weights[j]!;
      s0 += w[c]! * v;
      s1 += w[c + 1]! * v;
      s2 += w[c + 2]! * v;
      s3 += w[c + 3]! * v;
      s4 += w[c + 4]! * v;
      s5 += w[c + 5]! * v;
      s6 += w[c + 6]! * v;
      s7 += w[c + 7]! * v;
    }
    out[at + b] = offset + s0;
    out[at + b + 1] = offset + s1;
    out[at + b + 2] = offset + s2;
    out[at + b + 3] = offset + s3;
    out[at + b + 4] = offset + s4;
    out[at + b + 5] = offset + s5;
    out[at + b + 6] = offset + s6;
    out[at + b + 7] = offset + s7;
  }
  for (; b < reps; b++) {
    let total = offset;
    for (let j = 0; j < nnz; j++) total += w[clusters[j]! * reps + b]! * weights[j]!;
    out[at + b] = total;
  }
}

/**
 * Percentile interval of the defined (non-NaN) replicates, with linear interpolation between
 * order statistics (the usual "type 7" quantile). Null bounds when no replicate is defined.
 * Selection rather than a full sort: only four order statistics are needed.
 */
export function percentileInterval(replicates: Float64Array, level = DEFAULT_LEVEL): { low: number | null; high: number | null } {
  let m = 0;
  const scratch = new Float64Array(replicates.length);
  for (let i = 0; i < replicates.length; i++) {
    const v = replicates[i]!;
    if (v === v) scratch[m++] = v; // NaN !== NaN: undefined replicates are left out
  }
  if (m === 0) return { low: null, high: null };
  const alpha = (1 - level) / 2;
  return { low: selectQuantile(scratch, m, alpha), high: selectQuantile(scratch, m, 1 - alpha) };
}

/** Quantile p of the first m values (reordered in place), linear between order statistics. */
function selectQuantile(values: Float64Array, m: number, p: number): number {
  const h = (m - 1) * p;
  const k = Math.floor(h);
  select(values, 0, m - 1, k);
  const lower = values[k]!;
  if (k + 1 >= m || h === k) return lower;
  let upper = Infinity;
  for (let i = k + 1; i < m; i++) if (values[i]! < upper) upper = values[i]!;
  return lower + (h - k) * (upper - lower);
}

/** Hoare's selection: afterwards values[k] is the k-th smallest of values[lo..hi], smaller ones before it. */
function select(values: Float64Array, lo: number, hi: number, k: number): void {
  while (hi > lo) {
    const pivot = values[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** Quantile of sorted values, linear between order statistics. */
export function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
