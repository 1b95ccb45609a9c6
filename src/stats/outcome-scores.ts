/**
 * The headline numbers of a hand-labelled set, as the floor tests and the score tables count them:
 * outcome agreement (accuracy, Cohen's κ) and, with the failure outcomes as the positive class,
 * failures caught (recall) and false alarms among the turns the labels call non-failing. Pure:
 * outcomes in, counts out.
 */
import { FAILURE_OUTCOMES, type Outcome } from '../core/types.ts';
import { cohensKappa } from './agreement.ts';

export interface OutcomeScores {
  n: number;
  /** Turns whose predicted outcome equals the gold one. */
  same: number;
  kappa: number;
  failures: number;
  caught: number;
  /** caught / failures; NaN when the set has no failures. */
  recall: number;
  nonFailing: number;
  falseAlarms: number;
}

export function outcomeScores(gold: readonly string[], predicted: readonly string[]): OutcomeScores {
  const fails = (o: string) => FAILURE_OUTCOMES.has(o as Outcome);
  const s: OutcomeScores = { n: gold.length, same: 0, kappa: cohensKappa(gold, predicted), failures: 0, caught: 0, recall: Number.NaN, nonFailing: 0, falseAlarms: 0 };
  gold.forEach((g, i) => {
    const p = predicted[i]!;
    if (g === p) s.same++;
    if (fails(g)) {
      s.failures++;
      if (fails(p)) s.caught++;
    } else {
      s.nonFailing++;
      if (fails(p)) s.falseAlarms++;
    }
  });
  if (s.failures > 0) s.recall = s.caught / s.failures;
  return s;
}

/** One line: `κ 0.981 · failures caught 66/66 (1.000) · false alarms 0/134 · accuracy 197/200 (0.985)`. */
export function formatOutcomeScores(s: OutcomeScores): string {
  return `κ ${s.kappa.toFixed(3)} · failures caught ${s.caught}/${s.failures} (${s.recall.toFixed(3)}) · false alarms ${s.falseAlarms}/${s.nonFailing} · accuracy ${s.same}/${s.n} (${(s.same / s.n).toFixed(3)})`;
}
