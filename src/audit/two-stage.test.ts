import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Rng } from '../stats/rng.ts';
import { bootstrapTwoStage } from './bootstrap.ts';
import { estimatePrevalence } from './prevalence.ts';
import { allocate, drawWithoutReplacement, pooledRate, selectTurns, stratumRate } from './two-stage.ts';

test('allocate splits in proportion, at least 2 per group, never more than a group has', () => {
  assert.deepEqual(allocate([102, 302], 40), [11, 29]);
  assert.deepEqual(allocate([1000, 3], 10), [8, 2]);
  assert.deepEqual(allocate([5, 1], 100), [5, 1]);
  const split = allocate([7, 13, 29], 20);
  assert.equal(split.reduce((a, b) => a + b, 0), 20);
});

test('drawWithoutReplacement: k distinct items, same seed same draw', () => {
  const items = Array.from({ length: 50 }, (_, i) => i);
  const a = drawWithoutReplacement(items, 10, new Rng(3));
  assert.equal(new Set(a).size, 10);
  assert.deepEqual(a, drawWithoutReplacement(items, 10, new Rng(3)));
  assert.notDeepEqual(a, drawWithoutReplacement(items, 10, new Rng(4)));
});

test('selectTurns judges every cue turn and samples the rest per stratum', () => {
  const turns = [
    ...Array.from({ length: 30 }, (_, i) => ({ stratum: 'a', cue: i < 5 })),
    ...Array.from({ length: 70 }, (_, i) => ({ stratum: 'b', cue: i < 10 })),
  ];
  const design = selectTurns(turns, 17, 1);
  const a = design.find((d) => d.stratum === 'a')!;
  const b = design.find((d) => d.stratum === 'b')!;
  assert.equal(a.cue.length, 5);
  assert.equal(b.cue.length, 10);
  assert.equal(a.rest + b.rest, 85);
  assert.equal(a.sampled.length + b.sampled.length, 17);
  for (const i of [...a.sampled, ...b.sampled]) assert.equal(turns[i]!.cue, false);
});

test('two-stage rates scale the sample up to the whole rest and weight strata by their turns', () => {
  // Stratum a: 10 turns, 2 cue (values 1, 0), 8 rest of which 4 sampled with mean 0.5 → total 1 + 4 = 5.
  const a = { turns: 10, rest: 8, cue: [1, 0], sampled: [1, 0, 1, 0] };
  // Stratum b: 30 turns, no cue, all sampled zero.
  const b = { turns: 30, rest: 30, cue: [], sampled: [0, 0] };
  assert.equal(stratumRate(a), 0.5);
  assert.equal(pooledRate([a, b]), 5 / 40);
  const boot = bootstrapTwoStage([a, b], { reps: 400, seed: 9, level: 0.95 });
  assert.equal(boot.strata[1]!.high, 0);
  assert.ok(boot.pooled.low! <= 5 / 40 && 5 / 40 <= boot.pooled.high!);
  assert.ok(boot.pooled.se > 0);
});

test('resampling whole conversations widens the interval when failures cluster in conversations', () => {
  // 40 conversations of 10 turns; failures all sit in 4 conversations (every turn of them).
  const design = [{ stratum: 's', turns: 400, cue: [] as number[], rest: 400, restTurns: Array.from({ length: 400 }, (_, i) => i), sampled: Array.from({ length: 400 }, (_, i) => i) }];
  const values = new Map(Array.from({ length: 400 }, (_, i) => [i, { empty: i < 40 ? 1 : 0, falseClaims: 0, either: i < 40 ? 1 : 0 }] as const));
  const byTurn = estimatePrevalence(design, values, { reps: 500, seed: 1, level: 0.95 });
  const byConversation = estimatePrevalence(design, values, { reps: 500, seed: 1, level: 0.95, conversationOf: (i) => `c${Math.floor(i / 10)}` });
  const width = (r: { low: number | null; high: number | null }) => r.high! - r.low!;
  assert.equal(byConversation.pooled.rates.either.estimate, 0.1);
  assert.ok(width(byConversation.pooled.rates.either) > 2 * width(byTurn.pooled.rates.either), `${width(byConversation.pooled.rates.either)} vs ${width(byTurn.pooled.rates.either)}`);
  // One turn per conversation: about the same interval either way.
  const singletons = estimatePrevalence(design, values, { reps: 500, seed: 1, level: 0.95, conversationOf: (i) => `c${i}` });
  assert.ok(Math.abs(width(singletons.pooled.rates.either) - width(byTurn.pooled.rates.either)) < 0.02);
});
