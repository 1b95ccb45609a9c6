import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LabelRecord } from '../core/types.ts';
import { Store, type ResponseRow } from '../store/index.ts';
import { loadRuns } from './load-run.ts';

const label = (id: string, outcome: LabelRecord['outcome']): LabelRecord => ({
  id, outcome, failure: outcome === 'empty', commitments: [],
  booleans: { false_action_claim: false, declines_request: outcome === 'deferral', hands_back_to_user: false, did_task_now: false, asks_clarification: false },
  engine: { detector: 'rules@1', judge: 'rules@1' },
});

function row(id: string, fix: string, reply: string): ResponseRow {
  return {
    response_id: id, request_id: 'q1', model: 'm', setup: 'C0', variant: 'inferred', persona: 'generic', fix, sample: 0, category: 'reminder',
    messages: [{ role: 'user', content: 'Remind me tomorrow.' }, { role: 'assistant', content: reply }], usage: null, latency_ms: 1, error: null,
  };
}

test('a guarded arm read from a run carries the draft its fix steps kept; other arms carry none', async () => {
  const store = await Store.open(':memory:');
  const { id } = await store.runs.create({ name: 'r', config: '{}', request_set_hash: 'h', code_version: 'v' });
  const judgment = (rid: string, outcome: LabelRecord['outcome']) => ({ response_id: rid, engine: 'rules@1', prompt_hashes: {}, label: label(rid, outcome) });
  await store.saveResponse(id, row('base', 'none', "Sure, I'll remind you."), judgment('base', 'empty'));
  await store.saveResponse(id, row('guarded', 'guard', "I can't remind you later; set an alarm."), judgment('guarded', 'deferral'), {
    response_id: 'guarded', fix: 'guard', action: 'rewrite', extra_calls: 1,
    steps: { policy: 'rewrite', before: 'empty', after: 'deferral', reason: 'rewritten: the draft promised a reminder', steps: [{ kind: 'draft', reply: "Sure, I'll remind you.", label: label('guarded', 'empty') }, { kind: 'rewrite', reply: 'x', label: label('guarded', 'deferral') }] },
  });
  const { responses } = await loadRuns(store, ['r'], 'rules', new Map());
  const byId = new Map(responses.map((r) => [r.id, r]));
  assert.equal(byId.get('base')!.guard, undefined);
  assert.deepEqual(byId.get('guarded')!.guard, { action: 'rewrite', reason: 'rewritten: the draft promised a reminder', draft: "Sure, I'll remind you.", draftOutcome: 'empty' });
});
