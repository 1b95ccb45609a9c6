/**
 * Bootstrap intervals for two-stage rates: each replicate resamples, within every stratum, the cue
 * turns and the sampled non-cue turns separately (with replacement, same sizes), and recomputes the
 * stratum's and the pooled rate. Seeded, so `--seed` reproduces every interval.
 */
import { percentileInterval } from '../stats/cluster-bootstrap.ts';
import { Rng } from '../stats/rng.ts';
import { pooledRate, stratumRate, sum, type StratumValues } from './two-stage.ts';

export interface Interval {
  estimate: number;
  low: number | null;
  high: number | null;
  /** The replicates' standard deviation (the estimate's standard error). */
  se: number;
}

export interface TwoStageIntervals {
  pooled: Interval;
  strata: Interval[];
}

export function bootstrapTwoStage(strata: readonly StratumValues[], options: { reps: number; seed: number; level: number }): TwoStageIntervals {
  const { reps, seed, level } = options;
  const rng = new Rng(seed);
  const pooledReps = new Float64Array(reps);
  const strataReps = strata.map(() => new Float64Array(reps));
  const turns = strata.reduce((n, s) => n + s.turns, 0);
  for (let r = 0; r < reps; r++) {
    let total = 0;
    strata.forEach((s, i) => {
      const cueSum = resampledSum(s.cue, rng);
      const restMean = s.sampled.length > 0 ? resampledSum(s.sampled, rng) / s.sampled.length : 0;
      const stratumTotal = cueSum + restMean * s.rest;
      total += stratumTotal;
      strataReps[i]![r] = s.turns === 0 ? Number.NaN : stratumTotal / s.turns;
    });
    pooledReps[r] = turns === 0 ? Number.NaN : total / turns;
  }
  return {
    pooled: interval(pooledRate(strata), pooledReps, level),
    strata: strata.map((s, i) => interval(stratumRate(s), strataReps[i]!, level)),
  };
}

function resampledSum(values: readonly number[], rng: Rng): number {
  const n = values.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += values[rng.below(n)]!;
  return total;
}

function interval(estimate: number, replicates: Float64Array, level: number): Interval {
  const { low, high } = percentileInterval(replicates, level);
  const mean = sum(Array.from(replicates)) / replicates.length;
  let ss = 0;
  for (const v of replicates) ss += (v - mean) ** 2;
  return { estimate, low, high, se: replicates.length > 1 ? Math.sqrt(ss / (replicates.length - 1)) : 0 };
}

/** One conversation's part of a stratum: its turns there, and its judged cue and sampled turns' counts and sums. */
export interface ClusterValues {
  turns: number;
  cueCount: number;
  cueSum: number;
  sampledCount: number;
  sampledSum: number;
}

/**
 * The same estimate with conversations as the resampled unit: turns of one conversation are not
 * independent (a user who asks for reminders asks again), so each replicate draws whole
 * conversations within a stratum and recomputes its turns, cue turns, sample and rest from them.
 */
export function bootstrapClustered(strata: readonly (readonly ClusterValues[])[], point: { pooled: number; strata: readonly number[] }, options: { reps: number; seed: number; level: number }): TwoStageIntervals {
  const { reps, seed, level } = options;
  const rng = new Rng(seed);
  const pooledReps = new Float64Array(reps);
  const strataReps = strata.map(() => new Float64Array(reps));
  for (let r = 0; r < reps; r++) {
    let total = 0;
    let turns = 0;
    strata.forEach((clusters, i) => {
      let n = 0, cueCount = 0, cueSum = 0, sampledCount = 0, sampledSum = 0;
      for (let k = 0; k < clusters.length; k++) {
        const c = clusters[rng.below(clusters.length)]!;
        n += c.turns;
        cueCount += c.cueCount;
        cueSum += c.cueSum;
        sampledCount += c.sampledCount;
        sampledSum += c.sampledSum;
      }
      const stratumTotal = cueSum + (sampledCount > 0 ? (sampledSum / sampledCount) * (n - cueCount) : 0);
      total += stratumTotal;
      turns += n;
      strataReps[i]![r] = n === 0 ? Number.NaN : stratumTotal / n;
    });
    pooledReps[r] = turns === 0 ? Number.NaN : total / turns;
  }
  return { pooled: interval(point.pooled, pooledReps, level), strata: strata.map((_, i) => interval(point.strata[i]!, strataReps[i]!, level)) };
}
