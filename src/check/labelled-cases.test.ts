/**
 * Every hand-labelled turn in the repository (and the team's shared dev set, when present) is
 * labelled as its `gold` says: the outcome, the false-claim boolean, and whether the reply holds
 * an agent-initiated commitment.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { binaryScores, cohensKappa } from '../stats/agreement.ts';
import { check } from './check.ts';

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
  describe(relative(root, file), { skip: !existsSync(file) && optional ? `skipped: ${optional}` : false }, () => {
    const rows = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as GoldRow) : [];
    for (const row of rows) {
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
 * cases-c to cases-g were written apart from the rules (their authors never saw them) and are
 * scored as a whole, like the team's held-out set: agreement must stay above the targets, not
 * match every turn.
 */
for (const name of ['cases-c.jsonl', 'cases-d.jsonl', 'cases-e.jsonl', 'cases-f.jsonl', 'cases-g.jsonl']) {
  describe(`held-out agreement on test/fixtures/${name}`, () => {
    const rows = readFileSync(resolve(root, 'test/fixtures', name), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as GoldRow);
    const gold = rows.map((r) => r.gold.outcome);
    const predicted = rows.map((r) => check(r).outcome);
    const failures = new Set(['false_claim', 'empty', 'unanchored']);

    test('outcome kappa is at least 0.85', () => {
      assert.ok(cohensKappa(gold, predicted) >= 0.85, `kappa ${cohensKappa(gold, predicted).toFixed(3)}`);
    });

    test('failure recall is at least 0.95', () => {
      const scores = binaryScores(gold.map((o) => failures.has(o)), predicted.map((o) => failures.has(o)));
      assert.ok(scores.recall >= 0.95, `recall ${scores.recall.toFixed(3)}`);
    });
  });
}
