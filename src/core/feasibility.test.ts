/**
 * Feasibility rules (paper Appendix C, Table 9 and its notes): each requirement in each built-in
 * setup, the failure-type precedence, the anchoring tools, and the notes on third parties,
 * `other:` needs, inferred needs and custom deployments.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Affordances } from './affordances.ts';
import { effectiveNeeds, judgeFeasibility } from './feasibility.ts';
import type { Capability, Commitment, FailureType } from './types.ts';
import { getBuiltinSetup, SETUP_IDS, type SetupId } from '../setups/builtin.ts';
import { affordancesFor } from '../setups/persona-tools.ts';
import { parseDeployment } from '../setups/deployment-schema.ts';
import { EMAIL_DEPLOYMENT, RUNTIME_DEPLOYMENT } from '../setups/custom-deployments.fixture.ts';

const setup = (id: SetupId, persona: 'generic' | 'support' = 'generic'): Affordances => affordancesFor(getBuiltinSetup(id)!, persona);

function commitment(overrides: Partial<Commitment>): Commitment {
  return {
    span: 'I will do it',
    action: 'do it',
    performer: 'self',
    trigger_type: 'time',
    time_expression: null,
    required_capabilities: [],
    is_offer: false,
    confidence: 0.9,
    ...overrides,
  };
}

interface Row {
  requirement: string;
  commitment: Commitment;
  /** Per setup: null when feasible, else the failure types in precedence order. */
  failures: Record<SetupId, FailureType[] | null>;
  /** Anchoring tools in the setups where the requirement is feasible. */
  anchors: Partial<Record<SetupId, string[]>>;
}

const everywhere = <T>(value: T): Record<SetupId, T> => ({ C0: value, C1: value, C2: value, C3: value, C4: value });

/** Table 9, one row per requirement. */
const TABLE_9: Row[] = [
  {
    requirement: "user's next message",
    commitment: commitment({ trigger_type: 'user_next_message', required_capabilities: [] }),
    failures: everywhere(null),
    anchors: everywhere([]),
  },
  {
    requirement: 'act or notify at a later time',
    commitment: commitment({ trigger_type: 'time', time_expression: 'tomorrow', required_capabilities: ['run_later', 'notify_user_later'] }),
    failures: { ...everywhere<FailureType[] | null>(['temporal']), C2: null },
    anchors: { C2: ['schedule_task', 'create_reminder'] },
  },
  {
    requirement: 'act or notify at an unspecified later time',
    commitment: commitment({ trigger_type: 'unspecified_future', required_capabilities: ['run_later', 'notify_user_later'] }),
    failures: { ...everywhere<FailureType[] | null>(['temporal']), C2: null },
    anchors: { C2: ['schedule_task', 'create_reminder'] },
  },
  {
    requirement: 'act on an external event',
    commitment: commitment({ trigger_type: 'external_event', required_capabilities: ['watch_event', 'notify_user_later'] }),
    failures: { ...everywhere<FailureType[] | null>(['temporal']), C2: null },
    anchors: { C2: ['schedule_task'] },
  },
  {
    requirement: 'recall in a later session',
    commitment: commitment({ trigger_type: 'next_session', required_capabilities: ['recall_across_sessions'] }),
    failures: { ...everywhere<FailureType[] | null>(['capability']), C3: null },
    anchors: { C3: ['memory_write'] },
  },
  {
    requirement: 'a third party acts',
    commitment: commitment({ performer: 'third_party', trigger_type: 'unspecified_future', required_capabilities: ['delegate_to_human'] }),
    failures: { ...everywhere<FailureType[] | null>(['agentive']), C4: null },
    anchors: { C4: ['create_ticket', 'escalate_to_human'] },
  },
  // Own channel promises list the channel plus run_later (LABELING "Capabilities"): the channel is
  // missing everywhere; only C2 supplies the later part.
  ...(['send_email', 'send_sms', 'phone_call', 'send_file'] as const).map(
    (channel): Row => ({
      requirement: `the assistant itself uses ${channel} later`,
      commitment: commitment({ trigger_type: 'time', required_capabilities: [channel, 'run_later'] }),
      failures: { ...everywhere<FailureType[] | null>(['capability', 'temporal']), C2: ['capability'] },
      anchors: {},
    }),
  ),
];

describe('Table 9: each requirement in each built-in setup', () => {
  for (const row of TABLE_9) {
    for (const id of SETUP_IDS) {
      const expected = row.failures[id];
      test(`${row.requirement} in ${id} → ${expected === null ? 'feasible' : expected.join(' + ')}`, () => {
        for (const persona of ['generic', 'support'] as const) {
          const verdict = judgeFeasibility(row.commitment, setup(id, persona));
          assert.equal(verdict.feasible, expected === null, persona);
          assert.deepEqual(verdict.failure_types, expected ?? [], persona);
          assert.equal(verdict.primary_failure, expected?.[0] ?? null, persona);
          assert.deepEqual(verdict.anchoring_tools_required, expected === null ? row.anchors[id] : [], persona);
          assert.equal(verdict.residual, false, persona);
        }
      });
    }
  }
});

describe('primary failure by precedence capability > agentive > temporal', () => {
  const allThree = commitment({ required_capabilities: ['run_later', 'delegate_to_human', 'recall_across_sessions'] });
  const cases: [SetupId, Commitment, FailureType[]][] = [
    ['C0', allThree, ['capability', 'agentive', 'temporal']],
    ['C2', allThree, ['capability', 'agentive']],
    ['C3', allThree, ['agentive', 'temporal']],
    ['C4', allThree, ['capability', 'temporal']],
    ['C1', commitment({ required_capabilities: ['notify_user_later', 'delegate_to_human'] }), ['agentive', 'temporal']],
    ['C1', commitment({ required_capabilities: ['watch_event', 'send_sms'] }), ['capability', 'temporal']],
  ];
  for (const [id, c, failures] of cases) {
    test(`[${c.required_capabilities.join(', ')}] in ${id} → ${failures.join(' + ')}, primary ${failures[0]}`, () => {
      const verdict = judgeFeasibility(c, setup(id));
      assert.equal(verdict.feasible, false);
      assert.deepEqual(verdict.failure_types, failures);
      assert.equal(verdict.primary_failure, failures[0]);
      assert.deepEqual(verdict.anchoring_tools_required, [], 'an infeasible commitment has nothing to anchor it');
    });
  }

  test('listing a need twice reports its failure once', () => {
    const verdict = judgeFeasibility(commitment({ required_capabilities: ['run_later', 'run_later', 'notify_user_later'] }), setup('C0'));
    assert.deepEqual(verdict.failure_types, ['temporal']);
  });
});

describe('anchoring tools: the tools that serve all needs of a family at once', () => {
  test('watch_event + notify in C2: only schedule_task watches events', () => {
    const verdict = judgeFeasibility(commitment({ trigger_type: 'external_event', required_capabilities: ['watch_event', 'notify_user_later'] }), setup('C2'));
    assert.deepEqual(verdict.anchoring_tools_required, ['schedule_task']);
  });

  test('run_later + notify in C2: schedule_task and create_reminder', () => {
    const verdict = judgeFeasibility(commitment({ required_capabilities: ['run_later', 'notify_user_later'] }), setup('C2'));
    assert.deepEqual(verdict.anchoring_tools_required, ['schedule_task', 'create_reminder']);
  });

  test('notify alone in C2: either tool', () => {
    const verdict = judgeFeasibility(commitment({ required_capabilities: ['notify_user_later'] }), setup('C2'));
    assert.deepEqual(verdict.anchoring_tools_required, ['schedule_task', 'create_reminder']);
  });

  test('memory_read provides nothing: only memory_write anchors a recall promise', () => {
    const verdict = judgeFeasibility(commitment({ trigger_type: 'next_session', required_capabilities: ['recall_across_sessions'] }), setup('C3'));
    assert.deepEqual(verdict.anchoring_tools_required, ['memory_write']);
  });

  test('needs of two families in one deployment list the tools of both, in deployment order', () => {
    const verdict = judgeFeasibility(
      commitment({ trigger_type: 'next_session', required_capabilities: ['recall_across_sessions', 'run_later'] }),
      affordancesFor(RUNTIME_DEPLOYMENT, 'generic'),
    );
    assert.equal(verdict.feasible, true);
    assert.deepEqual(verdict.anchoring_tools_required, ['agent_runtime']);
  });
});

describe('third parties (Appendix C notes)', () => {
  test('a third party with a time element is feasible in C4 (the ticket carries the due date)', () => {
    const callToday = commitment({ performer: 'third_party', trigger_type: 'time', time_expression: 'today', required_capabilities: ['delegate_to_human', 'run_later', 'notify_user_later'] });
    const verdict = judgeFeasibility(callToday, setup('C4'));
    assert.equal(verdict.feasible, true);
    assert.deepEqual(verdict.anchoring_tools_required, ['create_ticket', 'escalate_to_human']);
  });

  test('a person may phone or email the user: a third party with phone_call/send_email needs only delegate_to_human', () => {
    const callBack = commitment({ performer: 'third_party', required_capabilities: ['delegate_to_human', 'phone_call', 'send_email'] });
    assert.deepEqual(effectiveNeeds(callBack), ['delegate_to_human']);
    assert.equal(judgeFeasibility(callBack, setup('C4')).feasible, true);
    for (const id of ['C0', 'C1', 'C2', 'C3'] as const) {
      const verdict = judgeFeasibility(callBack, setup(id));
      assert.deepEqual(verdict.failure_types, ['agentive'], `${id}: agentive, not a channel failure`);
      assert.equal(verdict.primary_failure, 'agentive', id);
    }
  });

  test('a third party with nothing listed still needs to be obligated', () => {
    const someone = commitment({ performer: 'third_party', trigger_type: 'unspecified_future', required_capabilities: [] });
    assert.deepEqual(effectiveNeeds(someone), ['delegate_to_human']);
    assert.deepEqual(judgeFeasibility(someone, setup('C2')).failure_types, ['agentive']);
    assert.equal(judgeFeasibility(someone, setup('C4')).feasible, true);
  });
});

describe('other: needs go to the residual judge and count as infeasible (capability) until one decides', () => {
  const book = commitment({ required_capabilities: ['other:book_meeting_rooms'] });
  for (const id of SETUP_IDS) {
    test(`in ${id}`, () => {
      const verdict = judgeFeasibility(book, setup(id));
      assert.equal(verdict.residual, true);
      assert.equal(verdict.feasible, false);
      assert.deepEqual(verdict.failure_types, ['capability']);
      assert.equal(verdict.primary_failure, 'capability');
    });
  }

  test('even in a deployment with a tool tagged with the same other: text', () => {
    const verdict = judgeFeasibility(book, affordancesFor(RUNTIME_DEPLOYMENT, 'generic'));
    assert.equal(verdict.residual, true);
    assert.equal(verdict.feasible, false);
  });

  test('a third party with an other: need keeps it', () => {
    const c = commitment({ performer: 'third_party', required_capabilities: ['delegate_to_human', 'other:fix the boiler'] });
    assert.deepEqual(effectiveNeeds(c), ['delegate_to_human', 'other:fix the boiler']);
    const verdict = judgeFeasibility(c, setup('C4'));
    assert.equal(verdict.residual, true);
    assert.deepEqual(verdict.failure_types, ['capability']);
  });

  test('next to a missing known need, both failures are reported', () => {
    const verdict = judgeFeasibility(commitment({ required_capabilities: ['other:x', 'run_later'] }), setup('C0'));
    assert.deepEqual(verdict.failure_types, ['capability', 'temporal']);
    assert.equal(verdict.residual, true);
  });
});

describe('needs inferred when the detector listed none (self)', () => {
  const inferred: [Commitment['trigger_type'], Capability[], string[]][] = [
    ['time', ['run_later', 'notify_user_later'], ['schedule_task', 'create_reminder']],
    ['unspecified_future', ['run_later', 'notify_user_later'], ['schedule_task', 'create_reminder']],
    ['external_event', ['watch_event', 'notify_user_later'], ['schedule_task']],
  ];
  for (const [trigger, needs, anchors] of inferred) {
    test(`${trigger} → ${needs.join(' + ')}`, () => {
      const c = commitment({ trigger_type: trigger, required_capabilities: [] });
      assert.deepEqual(effectiveNeeds(c), needs);
      assert.deepEqual(judgeFeasibility(c, setup('C2')).anchoring_tools_required, anchors);
      assert.deepEqual(judgeFeasibility(c, setup('C0')).failure_types, ['temporal']);
      assert.deepEqual(judgeFeasibility(c, setup('C3')).failure_types, ['temporal']);
    });
  }

  test('next_session → recall_across_sessions', () => {
    const c = commitment({ trigger_type: 'next_session', required_capabilities: [] });
    assert.deepEqual(effectiveNeeds(c), ['recall_across_sessions']);
    assert.deepEqual(judgeFeasibility(c, setup('C3')).anchoring_tools_required, ['memory_write']);
    assert.deepEqual(judgeFeasibility(c, setup('C2')).failure_types, ['capability']);
  });

  test("user_next_message with [] is feasible everywhere and needs no anchor", () => {
    const c = commitment({ trigger_type: 'user_next_message', required_capabilities: [] });
    assert.deepEqual(effectiveNeeds(c), []);
    for (const id of SETUP_IDS) {
      const verdict = judgeFeasibility(c, setup(id));
      assert.equal(verdict.feasible, true, id);
      assert.deepEqual(verdict.anchoring_tools_required, [], id);
    }
  });

  test('an offer with nothing listed infers nothing', () => {
    const offer = commitment({ trigger_type: 'time', is_offer: true, required_capabilities: [] });
    assert.deepEqual(effectiveNeeds(offer), []);
    assert.equal(judgeFeasibility(offer, setup('C0')).feasible, true);
  });

  test('listed needs are taken as listed, not widened by the trigger', () => {
    const c = commitment({ trigger_type: 'external_event', required_capabilities: ['notify_user_later'] });
    assert.deepEqual(effectiveNeeds(c), ['notify_user_later']);
    assert.deepEqual(judgeFeasibility(c, setup('C2')).anchoring_tools_required, ['schedule_task', 'create_reminder']);
  });
});

describe('custom deployments', () => {
  const emailNow = commitment({ trigger_type: 'user_next_message', required_capabilities: ['send_email'] });
  const emailLater = commitment({ trigger_type: 'time', required_capabilities: ['send_email', 'run_later'] });

  test('a send_email tool makes an email promise feasible, anchored by that tool', () => {
    const verdict = judgeFeasibility(emailNow, affordancesFor(EMAIL_DEPLOYMENT, 'generic'));
    assert.equal(verdict.feasible, true);
    assert.deepEqual(verdict.anchoring_tools_required, ['send_email']);
    assert.equal(judgeFeasibility(emailNow, setup('C2')).feasible, false, 'no built-in setup can email');
  });

  test('emailing later still needs something that runs later', () => {
    const verdict = judgeFeasibility(emailLater, affordancesFor(EMAIL_DEPLOYMENT, 'generic'));
    assert.deepEqual(verdict.failure_types, ['temporal']);
  });

  test('a deployment that can both email and schedule serves an email-later promise with tools of both families', () => {
    const deployment = parseDeployment({
      id: 'mail-scheduler',
      tools: [
        { name: 'queue_job', capabilities: ['run_later', 'notify_user_later'] },
        { name: 'mail', capabilities: ['send_email'] },
      ],
    });
    const verdict = judgeFeasibility(emailLater, affordancesFor(deployment, 'generic'));
    assert.equal(verdict.feasible, true);
    assert.deepEqual(verdict.anchoring_tools_required, ['queue_job', 'mail']);
  });

  test('a tool offered only to the support persona helps only that persona', () => {
    const deployment = parseDeployment({
      id: 'support-callbacks',
      tools: [{ name: 'book_callback', capabilities: ['delegate_to_human'], personas: ['support'] }],
    });
    const callBack = commitment({ performer: 'third_party', required_capabilities: ['delegate_to_human'] });
    assert.equal(judgeFeasibility(callBack, affordancesFor(deployment, 'support')).feasible, true);
    assert.deepEqual(judgeFeasibility(callBack, affordancesFor(deployment, 'generic')).failure_types, ['agentive']);
  });
});
