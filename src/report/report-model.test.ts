import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LabelRecord } from '../core/types.ts';
import { BASE_ARM, POOLED, armOf, buildModel, cellKey } from './report-model.ts';
import type { ReportResponse } from './report-response.ts';
import { armPairs, computeStats, pairKey } from './report-stats.ts';

function response(request: string, model: string, variant: string, fix: string, outcome: LabelRecord['outcome'] | 'error' | 'unlabelled'): ReportResponse {
  const id = `${request}/${model}/${variant}/${fix}`;
  const label: LabelRecord | null =
    outcome === 'error' || outcome === 'unlabelled'
      ? null
      : { id, outcome, failure: outcome === 'empty', commitments: [], booleans: { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false }, engine: { detector: 't', judge: 't' } };
  return { id, run: 'r', request, model, setup: 'C0', variant, persona: 'generic', fix, sample: 0, category: 'reminder', source: 'hand', doability: 'no', messages: [], error: outcome === 'error' ? 'HTTP 500' : null, label };
}

test('errored and unlabelled responses are counted and kept out of every rate', () => {
  const model = buildModel([response('q1', 'm', 'inferred', 'none', 'empty'), response('q2', 'm', 'inferred', 'none', 'error'), response('q3', 'm', 'inferred', 'none', 'unlabelled'), response('q4', 'm', 'inferred', 'none', 'deferral')], { reps: 20, seed: 1 });
  assert.deepEqual([model.total, model.errored, model.unlabelled, model.items.length], [4, 1, 1, 2]);
  const failure = computeStats(model).cells.get(cellKey('m', 'C0', 'inferred', 'generic', 'none'))!.get('failure')!;
  assert.deepEqual([failure.numerator, failure.denominator, failure.value], [1, 2, 0.5]);
});

test('arms: the inferred baseline, the stated variant, and each fix', () => {
  assert.equal(armOf('inferred', 'none'), BASE_ARM);
  assert.equal(armOf('stated', 'none'), 'stated');
  assert.equal(armOf('inferred', 'card'), 'card');
  assert.equal(armOf('stated', 'guard'), 'stated+guard');
});

test('a fix is paired with the baseline of the same model on the same requests only', () => {
  const responses = [
    response('q1', 'a', 'inferred', 'none', 'empty'),
    response('q2', 'a', 'inferred', 'none', 'empty'),
    response('q1', 'a', 'inferred', 'card', 'deferral'),
    // q3 has a card reply but no baseline: it takes no part in the difference.
    response('q3', 'a', 'inferred', 'card', 'empty'),
    response('q1', 'b', 'inferred', 'none', 'deferral'),
    response('q1', 'b', 'inferred', 'card', 'deferral'),
  ];
  const model = buildModel(responses, { reps: 50, seed: 1 });
  const pairs = new Map(armPairs(model).map((p) => [p.key, p]));
  const a = pairs.get(pairKey('a', 'C0', 'generic', 'card'))!;
  assert.deepEqual(a.arm.map((i) => i.response.request), ['q1']);
  assert.deepEqual(a.base.map((i) => i.response.request), ['q1']);
  const pooled = pairs.get(pairKey(POOLED, 'C0', 'generic', 'card'))!;
  assert.equal(pooled.arm.length, 2);
  const d = computeStats(model).differences.get(pairKey(POOLED, 'C0', 'generic', 'card'))!.get('failure')!;
  // Pooled: base fails 1 of 2 (a/q1 empty, b/q1 deferral), card 0 of 2.
  assert.deepEqual([d.base, d.arm, d.value], [0.5, 0, -0.5]);
});
