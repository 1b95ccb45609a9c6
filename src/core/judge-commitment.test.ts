/**
 * judgeCommitment keeps one feasibility verdict per kind of commitment and deployment: the
 * verdict it gives is always the one the feasibility rules give for that commitment, and every
 * label's lists are its own.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeCommitment } from './judge-commitment.ts';
import { judgeFeasibility } from './feasibility.ts';
import { KNOWN_CAPABILITIES, PERFORMERS, TRIGGER_TYPES, type Capability, type Commitment } from './types.ts';
import { getBuiltinSetup, SETUP_IDS } from '../setups/builtin.ts';
import { affordancesFor } from '../setups/persona-tools.ts';

const commitment = (fields: Partial<Commitment>): Commitment => ({
  span: 'I will remind you',
  action: 'remind you',
  performer: 'self',
  trigger_type: 'time',
  time_expression: null,
  required_capabilities: [],
  is_offer: false,
  confidence: 0.9,
  ...fields,
});

/** No need, each single need, and some pairs and repeats, with an open-ended need among them. */
const NEEDS: Capability[][] = [
  [],
  ...KNOWN_CAPABILITIES.map((c) => [c]),
  ['run_later', 'notify_user_later'],
  ['notify_user_later', 'run_later'],
  ['watch_event', 'notify_user_later'],
  ['send_email', 'send_email'],
  ['delegate_to_human', 'phone_call'],
  ['other:book a table'],
  ['run_later', 'other:book a table'],
];

describe('judgeCommitment: feasibility verdicts kept per deployment', () => {
  test('every kind of commitment, judged twice in every setup, gets the feasibility rules’ verdict both times', () => {
    for (const id of SETUP_IDS) {
      for (const persona of ['generic', 'support'] as const) {
        const affordances = affordancesFor(getBuiltinSetup(id)!, persona);
        for (const performer of PERFORMERS) {
          for (const trigger_type of TRIGGER_TYPES) {
            for (const is_offer of [false, true]) {
              for (const required_capabilities of NEEDS) {
                const c = commitment({ performer, trigger_type, is_offer, required_capabilities });
                const expected = judgeFeasibility(c, affordances);
                for (let round = 0; round < 2; round++) {
                  const judged = judgeCommitment(c, affordances, []);
                  const got = { feasible: judged.feasible, failure_types: judged.failure_types, primary_failure: judged.primary_failure, anchoring_tools_required: judged.anchoring_tools_required, residual: judged.residual === true };
                  assert.deepEqual(got, expected, `${id}/${persona} ${performer} ${trigger_type} ${is_offer ? 'offer' : 'promise'} [${required_capabilities.join(', ')}] round ${round}`);
                }
              }
            }
          }
        }
      }
    }
  });

  test('the same commitment in two deployments is judged by each one’s tools', () => {
    const remind = commitment({ required_capabilities: ['run_later', 'notify_user_later'] });
    const c1 = affordancesFor(getBuiltinSetup('C1')!, 'generic');
    const c2 = affordancesFor(getBuiltinSetup('C2')!, 'generic');
    assert.equal(judgeCommitment(remind, c2, []).feasible, true);
    assert.equal(judgeCommitment(remind, c1, []).feasible, false);
    assert.equal(judgeCommitment(remind, c2, []).feasible, true);
  });

  test('each label gets its own lists: changing one changes no other label', () => {
    const c2 = affordancesFor(getBuiltinSetup('C2')!, 'generic');
    const c1 = affordancesFor(getBuiltinSetup('C1')!, 'generic');
    const remind = commitment({ required_capabilities: ['run_later', 'notify_user_later'] });
    const first = judgeCommitment(remind, c2, []);
    first.anchoring_tools_required.push('tampered');
    assert.deepEqual(judgeCommitment(remind, c2, []).anchoring_tools_required, judgeFeasibility(remind, c2).anchoring_tools_required);
    const infeasible = judgeCommitment(remind, c1, []);
    infeasible.failure_types.length = 0;
    assert.deepEqual(judgeCommitment(remind, c1, []).failure_types, judgeFeasibility(remind, c1).failure_types);
  });
});
