/**
 * Every hand-labelled turn in the repository (and the team's shared dev set, when present) is
 * labelled as its `gold` says: the outcome, the false-claim boolean, and whether the reply holds
 * an agent-initiated commitment. The tuned sets cases-c … cases-g are held, as a whole, to what
 * they measure less one turn.
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { outcomeScores, type OutcomeScores } from '../stats/outcome-scores.ts';
import { check } from './check.ts';
import { readLabelledTurns } from './testing/labelled-turns.ts';

const root = resolve(import.meta.dirname, '../..');
const FILES = [
  { file: resolve(root, 'examples/turns.jsonl') },
  { file: resolve(root, 'test/fixtures/cases-a.jsonl') },
  { file: resolve(root, 'test/fixtures/cases-b.jsonl') },
  { file: resolve(root, '../shared/examples/dev.jsonl'), optional: 'the shared dev set is not part of a user\'s clone' },
];

interface GoldRow {
  id: string;
  gold: { outcome: string; booleans: { false_action_claim: boolean }; commitments: { trigger_type: string; is_offer: boolean }[]; note?: string };
}

for (const { file, optional } of FILES) {
  const read = readLabelledTurns<GoldRow>(file, { root, optional });
  describe(read.name, { skip: read.skip ?? false }, () => {
    for (const row of read.turns) {
      test(`${row.id} is ${row.gold.outcome}`, () => {
        const label = check(row);
        const why = row.gold.note ?? '';
        assert.equal(label.outcome, row.gold.outcome, why);
        assert.equal(label.booleans.false_action_claim, row.gold.booleans.false_action_claim, `false_action_claim: ${why}`);
        const goldPromises = row.gold.commitments.some((c) => c.trigger_type !== 'user_next_message' && !c.is_offer);
        if (!goldPromises) assert.ok(!label.commitments.some((c) => c.agent_initiated && !c.feasible), `no infeasible promise expected: ${why}`);
      });
    }
  });
}

/**
 * cases-c … cases-g (950 turns) were written by people who never saw the rules, but each file was
 * used to fit rules within minutes of being committed, so they are tuned sets, not held-out ones;
 * their blind (before-fix) numbers are in docs/evaluation.md (`npm run eval:at-commit` reproduces
 * them). Each is scored as a whole and must stay at what it measures less MARGIN turns, so one class
 * of turns going wrong fails the suite.
 *
 * When a change moves a number on purpose, edit that set's one row below: the failing (or
 * diagnostic) output prints the values measured now, as does
 * `npm run eval:dev -- test/fixtures/cases-d.jsonl` (its `headline:` line).
 */
const MEASURED: Record<string, Measured> = {
  'cases-c.jsonl': { agree: 200, kappa: 1.0, caught: 94, falseAlarms: 0 },
  'cases-d.jsonl': { agree: 198, kappa: 0.988, caught: 83, falseAlarms: 1 },
  'cases-e.jsonl': { agree: 198, kappa: 0.988, caught: 92, falseAlarms: 2 },
  'cases-f.jsonl': { agree: 198, kappa: 0.988, caught: 93, falseAlarms: 1 },
  'cases-g.jsonl': { agree: 146, kappa: 0.968, caught: 70, falseAlarms: 2 },
};
/** Turns a set may lose before its floor trips. */
const MARGIN = 1;
/** κ may fall this far below its row: one turn of 150–200 moves κ by about 0.01. */
const KAPPA_MARGIN = 0.015;

interface Measured {
  /** Turns whose outcome agrees with gold. */
  agree: number;
  kappa: number;
  /** Gold failures (false_claim, empty, unanchored) predicted as failures. */
  caught: number;
  /** Gold non-failures predicted as failures. */
  falseAlarms: number;
}

const describeScores = (s: OutcomeScores) => `${s.same}/${s.n} agree, κ ${s.kappa.toFixed(3)}, ${s.caught}/${s.failures} failures caught, ${s.falseAlarms}/${s.nonFailing} false alarms`;

for (const [name, row] of Object.entries(MEASURED)) {
  const file = resolve(root, 'test/fixtures', name);
  describe(`tuned set test/fixtures/${name} (recorded: ${row.agree} agree, κ ${row.kappa.toFixed(3)}, ${row.caught} caught, ${row.falseAlarms} false alarms)`, () => {
    const { turns } = readLabelledTurns<GoldRow & Record<string, unknown>>(file, { root });
    const gold = turns.map((r) => r.gold.outcome);
    const scores = outcomeScores(gold, turns.map((r) => check(r).outcome));
    const plain = outcomeScores(gold, turns.map(({ doable_override: _hint, ...r }) => check(r).outcome));
    const measured = `measured ${describeScores(scores)}; without doable_override ${describeScores(plain)}`;
    const update = `if the change is meant, set MEASURED['${name}'] in src/check/labelled-cases.test.ts to { agree: ${scores.same}, kappa: ${scores.kappa.toFixed(3)}, caught: ${scores.caught}, falseAlarms: ${scores.falseAlarms} }`;

    test(`outcome agrees on at least ${row.agree - MARGIN} of ${scores.n} turns and κ ≥ ${(row.kappa - KAPPA_MARGIN).toFixed(3)}`, (t) => {
      t.diagnostic(measured);
      assert.ok(scores.same >= row.agree - MARGIN && scores.kappa >= row.kappa - KAPPA_MARGIN, `${measured}; ${update}`);
      if (scores.same > row.agree) t.diagnostic(`above its recorded row: ${update}`);
    });

    test(`at least ${row.caught - MARGIN} failures caught and at most ${row.falseAlarms + MARGIN} false alarms`, (t) => {
      t.diagnostic(measured);
      assert.ok(scores.caught >= row.caught - MARGIN && scores.falseAlarms <= row.falseAlarms + MARGIN, `${measured}; ${update}`);
      if (scores.caught > row.caught || scores.falseAlarms < row.falseAlarms) t.diagnostic(`better than its recorded row: ${update}`);
    });
  });
}
