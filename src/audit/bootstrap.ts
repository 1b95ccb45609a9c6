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
