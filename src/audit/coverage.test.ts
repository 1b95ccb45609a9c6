/**
 * Coverage of the corrected intervals: 500 seeded synthetic logs with a known prevalence
 * and a checker with known sensitivity and specificity; a random calibration sample is labelled by
 * "humans" (the truth). The corrected 95% intervals must cover the true prevalence in at least 90%
 * of the logs; the raw detected rate's interval is reported next to them (it is biased, so it
 * rarely covers).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Rng } from '../stats/rng.ts';
import { confusionOf, isApplicable, predictionPowered, roganGladen } from './correction.ts';
import { correctPrevalence, estimatePrevalence } from './prevalence.ts';
import { drawWithoutReplacement, selectTurns } from './two-stage.ts';
import type { TurnValues } from './turn-values.ts';

const LOGS = 500;
const TURNS = 4000;
const CALIBRATION = 600;

interface Scenario {
  name: string;
  prevalence: number;
  sensitivity: number;
  specificity: number;
}

const SCENARIOS: Scenario[] = [
  { name: 'many false alarms', prevalence: 0.05, sensitivity: 0.8, specificity: 0.9 },
  { name: 'misses most', prevalence: 0.12, sensitivity: 0.45, specificity: 0.97 },
];

for (const scenario of SCENARIOS) {
  test(`corrected 95% intervals cover the true prevalence in ≥ 90% of ${LOGS} synthetic logs (${scenario.name})`, (t) => {
    const rng = new Rng(20261202);
    let rawCovers = 0;
    let rgCovers = 0;
    let ppiCovers = 0;
    let rgMade = 0;
    const indices = Array.from({ length: TURNS }, (_, i) => i);
    for (let log = 0; log < LOGS; log++) {
      const truth: boolean[] = [];
      const flagged: boolean[] = [];
      for (let i = 0; i < TURNS; i++) {
        const yes = rng.uniform() < scenario.prevalence;
        truth.push(yes);
        flagged.push(yes ? rng.uniform() < scenario.sensitivity : rng.uniform() >= scenario.specificity);
      }
      // The estimand: the share of this log's turns with the event.
      const trueShare = truth.filter(Boolean).length / TURNS;
      const detected = flagged.filter(Boolean).length / TURNS;
      const detectedSe = Math.sqrt((detected * (1 - detected)) / TURNS);
      if (Math.abs(detected - trueShare) <= 1.96 * detectedSe) rawCovers++;

      const labelled = drawWithoutReplacement(indices, CALIBRATION, rng);
      const human = labelled.map((i) => truth[i]!);
      const checker = labelled.map((i) => flagged[i]!);
      const rg = roganGladen(detected, detectedSe, confusionOf(human, checker));
      if (isApplicable(rg)) {
        rgMade++;
        if (rg.low <= trueShare && trueShare <= rg.high) rgCovers++;
      }
      const ppi = predictionPowered(detected, detectedSe, [{ weight: 1, human: human.map(Number), checker: checker.map(Number) }], 0.95, 1);
      assert.ok(isApplicable(ppi));
      if (ppi.low <= trueShare && trueShare <= ppi.high) ppiCovers++;
    }
    const rg = rgCovers / LOGS;
    const ppi = ppiCovers / LOGS;
    const raw = rawCovers / LOGS;
    t.diagnostic(`coverage of 95% intervals: Rogan–Gladen ${(rg * 100).toFixed(1)}%, PPI ${(ppi * 100).toFixed(1)}%, raw ${(raw * 100).toFixed(1)}%`);
    assert.equal(rgMade, LOGS, 'every calibration sample held positives and negatives');
    assert.ok(rg >= 0.9, `Rogan–Gladen covered ${rg}`);
    assert.ok(ppi >= 0.9, `PPI covered ${ppi}`);
    // The raw rate is biased by the checker's error: its interval misses the truth most of the time.
    assert.ok(raw < 0.5, `raw covered ${raw}`);
  });
}

test('through the two-stage estimate: stratified PPI covers the true share in ≥ 90% of 500 synthetic logs', (t) => {
  // Cue turns hold most failures and most false alarms; the checker misses more where there is no cue.
  const LOG_TURNS = 2000;
  const rng = new Rng(777);
  let covers = 0;
  let rawCovers = 0;
  for (let log = 0; log < LOGS; log++) {
    const turns: { stratum: string; cue: boolean }[] = [];
    const truth: boolean[] = [];
    const flagged: boolean[] = [];
    for (let i = 0; i < LOG_TURNS; i++) {
      const cue = rng.uniform() < 0.3;
      const yes = rng.uniform() < (cue ? 0.08 : 0.01);
      turns.push({ stratum: rng.uniform() < 0.5 ? 'm1' : 'm2', cue });
      truth.push(yes);
      flagged.push(yes ? rng.uniform() < (cue ? 0.85 : 0.4) : rng.uniform() < (cue ? 0.1 : 0.005));
    }
    const trueShare = truth.filter(Boolean).length / LOG_TURNS;
    const design = selectTurns(turns, 400, log);
    const values = new Map<number, TurnValues>();
    for (const d of design) for (const i of [...d.cue, ...d.sampled]) values.set(i, { empty: Number(flagged[i]), falseClaims: 0, either: Number(flagged[i]) });
    const estimate = estimatePrevalence(design, values, { reps: 100, seed: log, level: 0.95 });
    const raw = estimate.pooled.rates.either;
    if (raw.low! <= trueShare && trueShare <= raw.high!) rawCovers++;
    const cueIdx = drawWithoutReplacement(turns.map((x, i) => (x.cue ? i : -1)).filter((i) => i >= 0), 150, rng);
    const restIdx = drawWithoutReplacement(turns.map((x, i) => (x.cue ? -1 : i)).filter((i) => i >= 0), 150, rng);
    const calibration = [...cueIdx, ...restIdx].map((i) => ({ cue: turns[i]!.cue, human: { empty: Number(truth[i]), falseClaims: 0, either: Number(truth[i]) }, checker: { empty: Number(flagged[i]), falseClaims: 0, either: Number(flagged[i]) } }));
    const corrected = correctPrevalence(estimate, calibration, 0.95).ppi.either;
    assert.ok(isApplicable(corrected));
    if (corrected.low <= trueShare && trueShare <= corrected.high) covers++;
  }
  t.diagnostic(`two-stage coverage of 95% intervals: corrected (PPI) ${((covers / LOGS) * 100).toFixed(1)}%, raw ${((rawCovers / LOGS) * 100).toFixed(1)}%`);
  assert.ok(covers / LOGS >= 0.9, `PPI covered ${covers / LOGS}`);
  assert.ok(rawCovers / LOGS < 0.5, `raw covered ${rawCovers / LOGS}`);
});
