import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { accuracy, binaryScores, cohensKappa, confusion } from './agreement.ts';

describe('agreement', () => {
  test('accuracy is the share of equal labels', () => {
    assert.equal(accuracy(['a', 'b', 'c', 'a'], ['a', 'b', 'a', 'a']), 0.75);
  });

  test("Cohen's kappa matches a worked textbook example", () => {
    // 50 items: yes/yes 20, yes/no 5, no/yes 10, no/no 15 → po = 0.7, pe = 0.5, kappa = 0.4.
    const gold = [...Array(25).fill('yes'), ...Array(25).fill('no')];
    const predicted = [...Array(20).fill('yes'), ...Array(5).fill('no'), ...Array(10).fill('yes'), ...Array(15).fill('no')];
    assert.ok(Math.abs(cohensKappa(gold, predicted) - 0.4) < 1e-12);
  });

  test('kappa is 1 for perfect agreement and 0 or below for chance-level labels', () => {
    assert.equal(cohensKappa(['a', 'b', 'c'], ['a', 'b', 'c']), 1);
    assert.ok(cohensKappa(['a', 'b', 'a', 'b'], ['a', 'a', 'b', 'b']) <= 0);
    assert.equal(cohensKappa(['x', 'x'], ['x', 'x']), 1);
  });

  test('precision and recall of the positive class', () => {
    const scores = binaryScores([true, true, false, false, true], [true, false, true, false, true]);
    assert.deepEqual([scores.truePositives, scores.falsePositives, scores.falseNegatives], [2, 1, 1]);
    assert.equal(scores.precision, 2 / 3);
    assert.equal(scores.recall, 2 / 3);
  });

  test('confusion counts each (gold, predicted) pair', () => {
    const table = confusion(['a', 'a', 'b'], ['a', 'b', 'b']);
    assert.equal(table.get('a')?.get('b'), 1);
    assert.equal(table.get('b')?.get('b'), 1);
  });

  test('unequal lengths are an error, not a silent truncation', () => {
    assert.throws(() => accuracy(['a'], ['a', 'b']), RangeError);
  });
});
