/**
 * `felicity validate --labels`: a `not_labelled` record from `check` (no reply, not English) is an
 * unlabelled item, not a malformed label and not a missing one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { joinLabels } from './validate-gold.ts';
import type { GoldItem } from '../stats/gold-label.ts';

const item = (id: string): GoldItem => ({
  id,
  setup: 'C0',
  model: '(unknown)',
  gold: { outcome: 'other', booleans: { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false }, commitments: [] } as unknown as GoldItem['gold'],
  record: { id, setup: 'C0', messages: [] },
});

test('a not_labelled record joins as unlabelled; a label joins as an item; a missing one is a problem', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'felicity-join-'));
  try {
    const file = join(dir, 'labels.jsonl');
    const label = { id: 'a', outcome: 'other', failure: false, commitments: [], booleans: item('a').gold.booleans, engine: { detector: 'rules@2', judge: 'rules@2' } };
    writeFileSync(file, `${JSON.stringify(label)}\n${JSON.stringify({ id: 'b', not_labelled: 'language' })}\n`);
    const joined = await joinLabels([item('a'), item('b'), item('c')], file);
    assert.deepEqual(joined.items.map((i) => i.id), ['a']);
    assert.deepEqual(joined.unlabelled, [{ id: 'b', message: 'not labelled (language)' }]);
    assert.deepEqual(joined.problems.map((p) => p.message), ['no label record for gold item c']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
