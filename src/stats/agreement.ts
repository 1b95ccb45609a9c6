/**
 * Agreement between two labellings of the same items: accuracy, Cohen's kappa, and precision /
 * recall / F1 of one positive class (paper §5.6, Appendix E).
 */

export function accuracy<T>(gold: readonly T[], predicted: readonly T[]): number {
  assertPaired(gold, predicted);
  if (gold.length === 0) return Number.NaN;
  let same = 0;
  for (let i = 0; i < gold.length; i++) if (gold[i] === predicted[i]) same++;
  return same / gold.length;
}

/** Cohen's kappa: agreement beyond what the two marginal distributions give by chance. */
export function cohensKappa<T>(gold: readonly T[], predicted: readonly T[]): number {
  assertPaired(gold, predicted);
  const n = gold.length;
  if (n === 0) return Number.NaN;
  const observed = accuracy(gold, predicted);
  const goldCounts = countBy(gold);
  const predictedCounts = countBy(predicted);
  let expected = 0;
  for (const [label, count] of goldCounts) expected += (count / n) * ((predictedCounts.get(label) ?? 0) / n);
  // Both sides constant and equal: perfect agreement that chance also predicts.
  if (expected === 1) return observed === 1 ? 1 : 0;
  return (observed - expected) / (1 - expected);
}

export interface BinaryScores {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
}

export function binaryScores(gold: readonly boolean[], predicted: readonly boolean[]): BinaryScores {
  assertPaired(gold, predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < gold.length; i++) {
    if (predicted[i] && gold[i]) tp++;
    else if (predicted[i]) fp++;
    else if (gold[i]) fn++;
  }
  const precision = tp + fp === 0 ? Number.NaN : tp / (tp + fp);
  const recall = tp + fn === 0 ? Number.NaN : tp / (tp + fn);
  const f1 = precision + recall === 0 || Number.isNaN(precision) || Number.isNaN(recall) ? Number.NaN : (2 * precision * recall) / (precision + recall);
  return { truePositives: tp, falsePositives: fp, falseNegatives: fn, precision, recall, f1 };
}

/** Counts of (gold, predicted) pairs, for a confusion table. */
export function confusion<T>(gold: readonly T[], predicted: readonly T[]): Map<T, Map<T, number>> {
  assertPaired(gold, predicted);
  const table = new Map<T, Map<T, number>>();
  for (let i = 0; i < gold.length; i++) {
    const row = table.get(gold[i]!) ?? new Map<T, number>();
    row.set(predicted[i]!, (row.get(predicted[i]!) ?? 0) + 1);
    table.set(gold[i]!, row);
  }
  return table;
}

function countBy<T>(items: readonly T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

function assertPaired(a: readonly unknown[], b: readonly unknown[]): void {
  if (a.length !== b.length) throw new RangeError(`labellings differ in length: ${a.length} vs ${b.length}`);
}
