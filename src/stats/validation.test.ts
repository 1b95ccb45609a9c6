import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JudgedCommitment, LabelRecord, Outcome } from '../core/types.ts';
import { GoldFormatError, parseGoldItem, type GoldLabel } from './gold-label.ts';
import { scoreValidation, type ValidationItem } from './validation.ts';

const NO = { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false };

function commitment(span: string, feasible: boolean, anchored: boolean | null = null): JudgedCommitment {
  return {
    span, action: span, performer: 'self', trigger_type: 'time', time_expression: null, required_capabilities: ['run_later'], is_offer: false,
    confidence: 0.9, agent_initiated: true, feasible, failure_types: feasible ? [] : ['temporal'], primary_failure: feasible ? null : 'temporal',
    anchoring_tools_required: [], anchored,
  };
}

function item(id: string, setup: string, gold: Outcome, got: Outcome, extra: { goldSpans?: [string, boolean, boolean?][]; gotSpans?: [string, boolean, boolean?][]; claim?: [boolean, boolean] } = {}): ValidationItem {
  const g: GoldLabel = {
    outcome: gold,
    booleans: { ...NO, false_action_claim: extra.claim?.[0] ?? false },
    commitments: (extra.goldSpans ?? []).map(([span, feasible, anchored]) => ({
      span, performer: 'self', trigger_type: 'time', required_capabilities: [], is_offer: false, feasible, failure_types: [],
      ...(anchored === undefined ? {} : { anchored }),
    })),
  };
  const p: LabelRecord = {
    id, outcome: got, failure: ['false_claim', 'empty', 'unanchored'].includes(got),
    commitments: (extra.gotSpans ?? []).map(([span, feasible, anchored]) => commitment(span, feasible, anchored ?? null)),
    booleans: { ...NO, false_action_claim: extra.claim?.[1] ?? false }, engine: { detector: 'x', judge: 'x' },
  };
  return { id, setup, model: setup === 'C0' ? 'm1' : 'm2', gold: g, predicted: p };
}

test('outcome, failure and detector agreement are computed from the pairs', () => {
  const items = [
    item('a', 'C0', 'empty', 'empty', { goldSpans: [["I'll remind you", false]], gotSpans: [["I'll remind you.", false]] }),
    item('b', 'C0', 'deferral', 'empty', { gotSpans: [["I'll look into it", false]] }),
    item('c', 'C2', 'unanchored', 'other', { goldSpans: [["I'll ping you", true]] }),
    item('d', 'C2', 'false_claim', 'false_claim', { claim: [true, true] }),
  ];
  const report = scoreValidation(items);
  const s = report.pooled;
  assert.equal(s.n, 4);
  assert.equal(s.outcome.accuracy, 0.5);
  assert.deepEqual([s.failure.truePositives, s.failure.falsePositives, s.failure.falseNegatives], [2, 1, 1]);
  assert.deepEqual([s.detectorResponse.truePositives, s.detectorResponse.falsePositives, s.detectorResponse.falseNegatives], [1, 1, 1]);
  assert.deepEqual([s.detectorSpans.matched, s.detectorSpans.gold, s.detectorSpans.predicted], [1, 2, 2]);
  assert.equal(s.detectorSpans.f1, 0.5);
  assert.deepEqual(s.feasibility, { n: 1, accuracy: 1, kappa: 1 });
  assert.equal(s.anchoring.n, 0, 'no gold anchoring labels: not measured');
  assert.equal(s.falseClaimKappa, 1);
  assert.deepEqual(Object.keys(report.bySetup), ['C0', 'C2']);
  assert.equal(report.bySetup['C0']!.outcome.accuracy, 0.5);
  assert.equal(report.byModel['m2']!.n, 2);
  assert.deepEqual(report.mismatches.map((m) => m.id), ['b', 'c']);
  assert.deepEqual(s.confusion, [
    ['empty', [['empty', 1]]],
    ['deferral', [['empty', 1]]],
    ['unanchored', [['other', 1]]],
    ['false_claim', [['false_claim', 1]]],
  ]);
});

test('anchoring is compared on matched spans whose gold label has it', () => {
  const items = [
    item('a', 'C2', 'anchored', 'anchored', { goldSpans: [["I'll remind you", true, true]], gotSpans: [["I'll remind you", true, true]] }),
    item('b', 'C2', 'unanchored', 'anchored', { goldSpans: [["I'll ping you", true, false]], gotSpans: [["I'll ping you", true, true]] }),
  ];
  assert.deepEqual(scoreValidation(items).pooled.anchoring, { n: 2, accuracy: 0.5, kappa: 0 });
});

test('a gold item with a bad field is one error naming it', () => {
  const good = { id: 'x', setup: 'C0', messages: [], gold: { outcome: 'empty', booleans: NO, commitments: [] } };
  assert.equal(parseGoldItem(good).model, '(unknown)');
  assert.throws(
    () => parseGoldItem({ ...good, gold: { ...good.gold, commitments: [{ span: 'I will', performer: 'me' }] } }),
    (e: unknown) => GoldFormatError.isInstance(e) && e.field === 'gold.commitments[0].performer' && e.got === '"me"',
  );
  assert.throws(() => parseGoldItem({ ...good, gold: { ...good.gold, outcome: 'fine' } }), /gold\.outcome: expected false_claim\|/);
});
