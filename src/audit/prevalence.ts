/**
 * The prevalence estimate of `felicity prevalence`, pure: from the design (which turns were
 * judged, per stratum) and the judged values, rates per turn per stratum and pooled with
 * bootstrap intervals; and, given a calibration (human and checker values on labelled turns of the
 * same logs, split by cue), the corrected pooled rates.
 */
import { bootstrapClustered, bootstrapTwoStage, type ClusterValues, type Interval } from './bootstrap.ts';
import { confusionOf, predictionPowered, roganGladen, type CorrectedEstimate, type NotApplicable } from './correction.ts';
import { pooledRate, stratumRate, type StratumDesign, type StratumValues } from './two-stage.ts';
import { METRICS, type MetricName, type TurnValues } from './turn-values.ts';

export interface StratumResult {
  stratum: string;
  turns: number;
  cueTurns: number;
  sampledRest: number;
  rest: number;
  rates: Record<MetricName, Interval>;
}

export interface PrevalenceEstimate {
  strata: StratumResult[];
  pooled: { turns: number; cueTurns: number; judged: number; rates: Record<MetricName, Interval> };
  /** Estimated share of the turns holding either failure whose reply has no cue word (NaN when none). */
  eitherWithoutCue: number;
}

export interface EstimateOptions {
  reps: number;
  seed: number;
  level: number;
  /** The conversation of turn i: when given, the bootstrap resamples whole conversations. */
  conversationOf?: (turn: number) => string;
}

/** `values[i]` is the judged values of turn i (only judged turns are read). */
export function estimatePrevalence(design: readonly StratumDesign[], values: ReadonlyMap<number, TurnValues>, options: EstimateOptions): PrevalenceEstimate {
  const valueOf = (i: number, metric: MetricName): number => {
    const v = values.get(i);
    if (!v) throw new RangeError(`estimatePrevalence: turn ${i} was selected but has no judged values`);
    return v[metric];
  };
  const byMetric = Object.fromEntries(
    METRICS.map((metric, m) => {
      const strata: StratumValues[] = design.map((d) => ({ turns: d.turns, rest: d.rest, cue: d.cue.map((i) => valueOf(i, metric)), sampled: d.sampled.map((i) => valueOf(i, metric)) }));
      const boot = options.conversationOf
        ? bootstrapClustered(
            design.map((d) => clustersOf(d, options.conversationOf!, (i) => valueOf(i, metric))),
            { pooled: pooledRate(strata), strata: strata.map(stratumRate) },
            { reps: options.reps, level: options.level, seed: options.seed + m },
          )
        : bootstrapTwoStage(strata, { reps: options.reps, level: options.level, seed: options.seed + m });
      return [metric, { strata, boot }];
    }),
  ) as Record<MetricName, { strata: StratumValues[]; boot: ReturnType<typeof bootstrapTwoStage> }>;
  const strata = design.map((d, s) => ({
    stratum: d.stratum,
    turns: d.turns,
    cueTurns: d.cue.length,
    sampledRest: d.sampled.length,
    rest: d.rest,
    rates: Object.fromEntries(METRICS.map((metric) => [metric, byMetric[metric].boot.strata[s]!])) as Record<MetricName, Interval>,
  }));
  const turns = design.reduce((n, d) => n + d.turns, 0);
  const cueTurns = design.reduce((n, d) => n + d.cue.length, 0);
  const judged = design.reduce((n, d) => n + d.cue.length + d.sampled.length, 0);
  let cueEither = 0;
  let restEither = 0;
  for (const s of byMetric.either.strata) {
    cueEither += s.cue.reduce((a, b) => a + b, 0);
    restEither += s.sampled.length > 0 ? (s.sampled.reduce((a, b) => a + b, 0) / s.sampled.length) * s.rest : 0;
  }
  return {
    strata,
    pooled: { turns, cueTurns, judged, rates: Object.fromEntries(METRICS.map((metric) => [metric, byMetric[metric].boot.pooled])) as Record<MetricName, Interval> },
    eitherWithoutCue: cueEither + restEither === 0 ? Number.NaN : restEither / (cueEither + restEither),
  };
}

/** A stratum's turns grouped by conversation; turns neither cue nor sampled count only in `turns`. */
function clustersOf(d: StratumDesign, conversationOf: (turn: number) => string, value: (turn: number) => number): ClusterValues[] {
  const byConversation = new Map<string, ClusterValues>();
  const get = (turn: number): ClusterValues => {
    const key = conversationOf(turn);
    let c = byConversation.get(key);
    if (!c) byConversation.set(key, (c = { turns: 0, cueCount: 0, cueSum: 0, sampledCount: 0, sampledSum: 0 }));
    return c;
  };
  for (const i of d.cue) {
    const c = get(i);
    c.turns++;
    c.cueCount++;
    c.cueSum += value(i);
  }
  for (const i of d.sampled) {
    const c = get(i);
    c.sampledCount++;
    c.sampledSum += value(i);
  }
  for (const i of d.restTurns) get(i).turns += 1;
  return [...byConversation.values()];
}

/** One labelled calibration turn: whether its reply has a cue word, and both labellings' values. */
export interface CalibrationTurn {
  cue: boolean;
  human: TurnValues;
  checker: TurnValues;
}

export interface CorrectionResult {
  calibrationTurns: { cue: number; rest: number };
  /** Per metric: the prediction-powered estimate. */
  ppi: Record<MetricName, CorrectedEstimate | NotApplicable>;
  /** Rogan–Gladen for the share of turns with either. */
  roganGladen: CorrectedEstimate | NotApplicable;
  /** The checker's error on the calibration, for the share with either. */
  confusion: ReturnType<typeof confusionOf>;
}

/** Corrects the pooled rates with the calibration; the cue and non-cue strata weigh by their share of the logs' turns. */
export function correctPrevalence(estimate: PrevalenceEstimate, calibration: readonly CalibrationTurn[], level: number): CorrectionResult {
  const cueShare = estimate.pooled.turns === 0 ? 0 : estimate.pooled.cueTurns / estimate.pooled.turns;
  const cue = calibration.filter((c) => c.cue);
  const rest = calibration.filter((c) => !c.cue);
  const ppi = Object.fromEntries(
    METRICS.map((metric) => {
      const detected = estimate.pooled.rates[metric];
      const strata = [
        { weight: cueShare, human: cue.map((c) => c.human[metric]), checker: cue.map((c) => c.checker[metric]) },
        { weight: 1 - cueShare, human: rest.map((c) => c.human[metric]), checker: rest.map((c) => c.checker[metric]) },
      ];
      return [metric, predictionPowered(detected.estimate, detected.se, strata, level, metric === 'either' ? 1 : Infinity)];
    }),
  ) as Record<MetricName, CorrectedEstimate | NotApplicable>;
  const confusion = confusionOf(
    calibration.map((c) => c.human.either > 0),
    calibration.map((c) => c.checker.either > 0),
  );
  const either = estimate.pooled.rates.either;
  return { calibrationTurns: { cue: cue.length, rest: rest.length }, ppi, roganGladen: roganGladen(either.estimate, either.se, confusion, level), confusion };
}
