import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confusionOf, isApplicable, predictionPowered, roganGladen } from './correction.ts';
import { zFor } from './normal.ts';

test('zFor gives the usual two-sided quantiles', () => {
  assert.ok(Math.abs(zFor(0.95) - 1.959964) < 1e-5);
  assert.ok(Math.abs(zFor(0.9) - 1.644854) < 1e-5);
  assert.throws(() => zFor(1));
});

test('Rogan–Gladen inverts a known checker error', () => {
  // Se 0.8, Sp 0.9, true share 0.2 → detected 0.2·0.8 + 0.8·0.1 = 0.24.
  const calibration = { truePositives: 80, falseNegatives: 20, trueNegatives: 900, falsePositives: 100 };
  const r = roganGladen(0.24, 0.005, calibration);
  assert.ok(isApplicable(r));
  assert.ok(Math.abs(r.estimate - 0.2) < 1e-12);
  assert.ok(r.low < 0.2 && 0.2 < r.high);
  // More calibration, narrower interval.
  const bigger = roganGladen(0.24, 0.005, { truePositives: 800, falseNegatives: 200, trueNegatives: 9000, falsePositives: 1000 });
  assert.ok(isApplicable(bigger) && bigger.high - bigger.low < r.high - r.low);
});

test('Rogan–Gladen says why it does not apply', () => {
  const none = roganGladen(0.01, 0.001, { truePositives: 0, falseNegatives: 0, trueNegatives: 50, falsePositives: 1 });
  assert.ok(!isApplicable(none) && /no turn with the event/.test(none.notApplicable));
  const chance = roganGladen(0.5, 0.01, { truePositives: 5, falseNegatives: 5, trueNegatives: 5, falsePositives: 5 });
  assert.ok(!isApplicable(chance) && /no better than chance/.test(chance.notApplicable));
});

test('PPI moves the detected rate by the weighted human − checker difference', () => {
  // Stratum a (weight 3): the checker flags 2 of 10 that humans clear; stratum b (weight 1): it misses 1 of 10.
  const a = { weight: 3, human: Array(10).fill(0), checker: [1, 1, 0, 0, 0, 0, 0, 0, 0, 0] };
  const b = { weight: 1, human: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0], checker: Array(10).fill(0) };
  const r = predictionPowered(0.3, 0.01, [a, b], 0.95, 1);
  assert.ok(isApplicable(r));
  assert.ok(Math.abs(r.estimate - (0.3 + 0.75 * -0.2 + 0.25 * 0.1)) < 1e-12);
  assert.ok(r.low >= 0 && r.high <= 1 && r.low < r.estimate && r.estimate < r.high);
  // Perfect agreement still leaves an interval wider than the detected rate's alone.
  const agree = predictionPowered(0.3, 0.01, [{ weight: 1, human: Array(40).fill(0), checker: Array(40).fill(0) }], 0.95, 1);
  assert.ok(isApplicable(agree) && agree.high - agree.low > 2 * 1.96 * 0.01);
  const tiny = predictionPowered(0.3, 0.01, [{ weight: 1, human: [0], checker: [0] }]);
  assert.ok(!isApplicable(tiny));
});

test('confusionOf counts the four cells', () => {
  assert.deepEqual(confusionOf([true, true, false, false, false], [true, false, true, false, false]), { truePositives: 1, falseNegatives: 1, falsePositives: 1, trueNegatives: 2 });
});
