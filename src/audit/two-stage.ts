/**
 * The paper's two-stage design (Appendix G), pure: within each stratum (a model, or any field),
 * every turn whose reply holds a cue word is judged, and a seeded random sample of the other turns
 * stands in for all of them. `selectTurns` says which turns to judge; `stratumTotals` and
 * `pooledRate` turn the judged values back into rates for the whole log.
 */
import { Rng } from '../stats/rng.ts';

/** One turn as the design sees it: its stratum and whether its reply holds a cue word. */
export interface DesignTurn {
  stratum: string;
  cue: boolean;
}

export interface StratumDesign {
  stratum: string;
  /** Turns in the stratum (the weight's numerator). */
  turns: number;
  /** Indices (into the input) of the cue turns: all judged. */
  cue: number[];
  /** Non-cue turns in the stratum. */
  rest: number;
  /** Indices of all its non-cue turns (judged or not). */
  restTurns: number[];
  /** Indices of the non-cue turns drawn for judging. */
  sampled: number[];
}

/**
 * Which turns to judge. `sample` non-cue turns are drawn in all, split between strata in
 * proportion to their non-cue turns (largest remainder, at least 2 per stratum when it has them, so
 * each stratum's rest has a variance); `sample` = Infinity judges every turn.
 */
export function selectTurns(turns: readonly DesignTurn[], sample: number, seed: number): StratumDesign[] {
  if (!(sample >= 0)) throw new RangeError(`sample must be ≥ 0, got ${sample}`);
  const byStratum = new Map<string, { cue: number[]; rest: number[] }>();
  turns.forEach((turn, index) => {
    let s = byStratum.get(turn.stratum);
    if (!s) byStratum.set(turn.stratum, (s = { cue: [], rest: [] }));
    (turn.cue ? s.cue : s.rest).push(index);
  });
  const names = [...byStratum.keys()].sort();
  const restTotal = names.reduce((n, name) => n + byStratum.get(name)!.rest.length, 0);
  const quotas = allocate(
    names.map((name) => byStratum.get(name)!.rest.length),
    Math.min(sample, restTotal),
  );
  const rng = new Rng(seed);
  return names.map((name, i) => {
    const s = byStratum.get(name)!;
    return { stratum: name, turns: s.cue.length + s.rest.length, cue: s.cue, rest: s.rest.length, restTurns: s.rest, sampled: drawWithoutReplacement(s.rest, quotas[i]!, rng) };
  });
}

/** Splits `total` between groups of the given sizes in proportion (largest remainder), at least min(2, size) each. */
export function allocate(sizes: readonly number[], total: number): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (total >= sum) return [...sizes];
  const floor = sizes.map((size) => Math.min(size, 2));
  let left = total - floor.reduce((a, b) => a + b, 0);
  if (left <= 0) return floor;
  const spare = sizes.map((size, i) => size - floor[i]!);
  const spareSum = spare.reduce((a, b) => a + b, 0);
  const exact = spare.map((s) => (s / spareSum) * left);
  const out = floor.map((f, i) => f + Math.floor(exact[i]!));
  left -= exact.reduce((n, e) => n + Math.floor(e), 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    if (out[i]! < sizes[i]!) {
      out[i]!++;
      left--;
    }
  }
  return out;
}

/** A seeded simple random sample of `k` of `items`, in their original order. */
export function drawWithoutReplacement<T>(items: readonly T[], k: number, rng: Rng): T[] {
  if (k >= items.length) return [...items];
  const picked = new Uint8Array(items.length);
  // Floyd's algorithm: k draws, no shuffle of the whole list.
  for (let j = items.length - k; j < items.length; j++) {
    const t = rng.below(j + 1);
    if (picked[t]) picked[j] = 1;
    else picked[t] = 1;
  }
  return items.filter((_, i) => picked[i] === 1);
}

/** Judged values of one stratum: one number per cue turn and per sampled non-cue turn. */
export interface StratumValues {
  turns: number;
  rest: number;
  cue: readonly number[];
  sampled: readonly number[];
}

/** The stratum's estimated total: the cue turns' sum plus the sample's mean times the non-cue turns. */
export function stratumTotal(s: StratumValues): number {
  return sum(s.cue) + (s.sampled.length > 0 ? (sum(s.sampled) / s.sampled.length) * s.rest : 0);
}

/** The rate per turn of one stratum. */
export function stratumRate(s: StratumValues): number {
  return s.turns === 0 ? Number.NaN : stratumTotal(s) / s.turns;
}

/** The rate per turn of the whole log: strata weighted by their share of the turns. */
export function pooledRate(strata: readonly StratumValues[]): number {
  const turns = strata.reduce((n, s) => n + s.turns, 0);
  return turns === 0 ? Number.NaN : strata.reduce((n, s) => n + stratumTotal(s), 0) / turns;
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
