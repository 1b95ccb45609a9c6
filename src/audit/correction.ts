/**
 * Correcting a checker's detected rate for its measured error, with intervals that carry the
 * calibration sample's uncertainty (human labels on a sample of the same logs):
 *
 * - Rogan–Gladen (`roganGladen`): for a share (a yes/no per turn). From the calibration's
 *   sensitivity Se and specificity Sp, θ = (p + Sp − 1) / (Se + Sp − 1); delta-method variance
 *   [var p + θ² var Se + (1 − θ)² var Sp] / (Se + Sp − 1)². Applies when the calibration holds
 *   enough turns with and without the event, Se + Sp − 1 is well above 0, and the checker errs at
 *   the same rates on the calibration sample as on the logs (true for a random sample of them).
 * - Prediction-powered inference (`predictionPowered`, Angelopoulos et al. 2023): for any mean (a
 *   share or a count per turn). θ = detected + Σ_s W_s · mean_s(human − checker) over calibration
 *   strata s with population shares W_s; variance adds the rectifier's. Needs no sensitivity or
 *   specificity (so it works when the calibration holds no positive at all), only that the
 *   calibration is a random sample within each stratum it is split by. Its variance counts one
 *   unseen miss and one unseen false alarm per stratum, so perfect agreement on a small
 *   calibration still leaves an interval as wide as that sample can vouch for.
 *
 * Both are Wald intervals at the given level, clipped to the possible range.
 */
import { zFor } from './normal.ts';

export interface CorrectedEstimate {
  method: 'rogan-gladen' | 'ppi';
  estimate: number;
  low: number;
  high: number;
  se: number;
}

/** Why a correction could not be made, in words for the report. */
export interface NotApplicable {
  method: 'rogan-gladen' | 'ppi';
  notApplicable: string;
}

export interface Confusion {
  /** Human yes, checker yes. */
  truePositives: number;
  /** Human yes, checker no. */
  falseNegatives: number;
  /** Human no, checker no. */
  trueNegatives: number;
  /** Human no, checker yes. */
  falsePositives: number;
}

export function confusionOf(human: readonly boolean[], checker: readonly boolean[]): Confusion {
  if (human.length !== checker.length) throw new RangeError(`confusionOf: ${human.length} human labels but ${checker.length} checker labels`);
  const c: Confusion = { truePositives: 0, falseNegatives: 0, trueNegatives: 0, falsePositives: 0 };
  for (let i = 0; i < human.length; i++) {
    if (human[i]) checker[i] ? c.truePositives++ : c.falseNegatives++;
    else checker[i] ? c.falsePositives++ : c.trueNegatives++;
  }
  return c;
}

/**
 * Rogan–Gladen for a detected share `p` with standard error `pSe`. The point estimate uses the
 * measured Se and Sp; their variances use (x + 1) / (n + 2), so a perfect score on a small sample
 * still counts as uncertain.
 */
export function roganGladen(p: number, pSe: number, calibration: Confusion, level = 0.95): CorrectedEstimate | NotApplicable {
  const positives = calibration.truePositives + calibration.falseNegatives;
  const negatives = calibration.trueNegatives + calibration.falsePositives;
  if (positives === 0) return { method: 'rogan-gladen', notApplicable: 'the calibration holds no turn with the event, so sensitivity is unknown' };
  if (negatives === 0) return { method: 'rogan-gladen', notApplicable: 'the calibration holds no turn without the event, so specificity is unknown' };
  const se = calibration.truePositives / positives;
  const sp = calibration.trueNegatives / negatives;
  const youden = se + sp - 1;
  if (youden <= 0.05) return { method: 'rogan-gladen', notApplicable: `sensitivity + specificity − 1 = ${youden.toFixed(3)}: the checker is no better than chance on the calibration` };
  const raw = (p + sp - 1) / youden;
  const theta = clip(raw, 0, 1);
  const seVar = smoothedVariance(calibration.truePositives, positives);
  const spVar = smoothedVariance(calibration.trueNegatives, negatives);
  const variance = (pSe ** 2 + theta ** 2 * seVar + (1 - theta) ** 2 * spVar) / youden ** 2;
  return wald('rogan-gladen', theta, raw, Math.sqrt(variance), level, 1);
}

/** One calibration stratum: the human's and the checker's value per labelled turn, and the stratum's share of the logs. */
export interface CalibrationStratum {
  weight: number;
  human: readonly number[];
  checker: readonly number[];
}

/**
 * Prediction-powered estimate of a mean per turn: the detected mean `detected` (standard error
 * `detectedSe`) plus the weighted mean difference human − checker on the calibration. `max` is the
 * largest possible value (1 for a share, Infinity for a count).
 */
export function predictionPowered(detected: number, detectedSe: number, strata: readonly CalibrationStratum[], level = 0.95, max = Infinity): CorrectedEstimate | NotApplicable {
  const used = strata.filter((s) => s.weight > 0);
  if (used.length === 0) return { method: 'ppi', notApplicable: 'no calibration turn falls in a stratum of the logs' };
  const weightSum = used.reduce((n, s) => n + s.weight, 0);
  let rectifier = 0;
  let variance = detectedSe ** 2;
  for (const s of used) {
    if (s.human.length !== s.checker.length) throw new RangeError(`predictionPowered: ${s.human.length} human values but ${s.checker.length} checker values`);
    if (s.human.length < 2) return { method: 'ppi', notApplicable: `a calibration stratum holding ${((s.weight / weightSum) * 100).toFixed(1)}% of the logs has ${s.human.length} labelled turn(s); it needs at least 2` };
    const diffs = s.human.map((h, i) => h - s.checker[i]!);
    const mean = diffs.reduce((a, b) => a + b, 0) / diffs.length;
    // The variance counts two pseudo-turns, one missed event (+1) and one false alarm (−1): a
    // calibration where checker and humans always agreed still says how rare a disagreement
    // could be unseen in it (as +1/+2 does for a proportion), instead of a zero-width rectifier.
    const padded = [...diffs, 1, -1];
    const paddedMean = padded.reduce((a, b) => a + b, 0) / padded.length;
    const v = padded.reduce((a, d) => a + (d - paddedMean) ** 2, 0) / (padded.length - 1);
    const w = s.weight / weightSum;
    rectifier += w * mean;
    variance += (w * w * v) / diffs.length;
  }
  const raw = detected + rectifier;
  return wald('ppi', clip(raw, 0, max), raw, Math.sqrt(variance), level, max);
}

export function isApplicable(result: CorrectedEstimate | NotApplicable): result is CorrectedEstimate {
  return !('notApplicable' in result);
}

function wald(method: CorrectedEstimate['method'], estimate: number, centre: number, se: number, level: number, max: number): CorrectedEstimate {
  const z = zFor(level);
  return { method, estimate, se, low: clip(centre - z * se, 0, max), high: clip(centre + z * se, 0, max) };
}

function smoothedVariance(successes: number, n: number): number {
  const p = (successes + 1) / (n + 2);
  return (p * (1 - p)) / n;
}

function clip(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
