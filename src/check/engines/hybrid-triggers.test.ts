import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JudgedCommitment, LabelRecord } from '../../core/types.ts';
import type { Explanation } from '../explanation.ts';
import { hybridTriggers, type TriggerFacts } from './hybrid-triggers.ts';

const NO = { false_action_claim: false, declines_request: false, hands_back_to_user: false, did_task_now: false, asks_clarification: false };

function facts(over: { commitments?: Partial<JudgedCommitment>[]; setAside?: string[]; finalText?: string; claim?: boolean; enabling?: boolean } = {}): TriggerFacts {
  const label: LabelRecord = {
    id: 't', outcome: 'other', failure: false, engine: { detector: 'rules@1', judge: 'rules@1' },
    booleans: { ...NO, false_action_claim: over.claim ?? false },
    commitments: (over.commitments ?? []).map((c) => ({ confidence: 0.9, ...c }) as JudgedCommitment),
  };
  const explanation: Explanation = {
    detector: [], feasibility: [], booleans: [], outcome: { outcome: 'other', why: '' },
    setAside: (over.setAside ?? []).map((text) => ({ reason: 'drafted text', text })),
  };
  return { label, explanation, finalText: over.finalText ?? 'Here is the answer.', enablingCallMade: over.enabling ?? false };
}

test('a plain reply the rules are sure of stays with the rules', () => {
  assert.deepEqual(hybridTriggers(facts()), []);
  assert.deepEqual(hybridTriggers(facts({ commitments: [{ confidence: 0.8 }] })), []);
});

test('residual and low-confidence commitments go to the model', () => {
  assert.deepEqual(hybridTriggers(facts({ commitments: [{ residual: true }] })), ['unsure_commitment']);
  assert.deepEqual(hybridTriggers(facts({ commitments: [{ confidence: 0.4 }] })), ['unsure_commitment']);
});

test('a promise or completion cue inside set-aside text goes to the model', () => {
  assert.deepEqual(hybridTriggers(facts({ setAside: ['Dear Sam, I’ll send the report on Friday.'] })), ['cue_in_set_aside']);
  assert.deepEqual(hybridTriggers(facts({ setAside: ['Once upon a time there was a fox.'] })), []);
});

test('a completion cue the rules did not count as a claim goes to the model unless an enabling call backs it', () => {
  const text = "Great news: I've saved your preference for next time.";
  assert.deepEqual(hybridTriggers(facts({ finalText: text })), ['claim_without_call']);
  assert.deepEqual(hybridTriggers(facts({ finalText: text, enabling: true })), []);
  assert.deepEqual(hybridTriggers(facts({ finalText: text, claim: true })), [], 'the rules already call it a claim');
});
