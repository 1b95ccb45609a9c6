import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { persistenceFromTools } from '../core/affordances.ts';
import { doabilityOf } from '../core/doability.ts';
import { judgeFeasibility } from '../core/feasibility.ts';
import { CATEGORIES, type Category, type Commitment, type Doability } from '../core/types.ts';
import { BUILTIN_SETUPS, getBuiltinSetup, SETUP_IDS } from './builtin.ts';
import { parseDeployment } from './deployment-schema.ts';
import { affordancesFor, openAITools, toolsFor } from './persona-tools.ts';

const BASE = ['get_current_time', 'calculator', 'search_docs', 'lookup_account'];
const names = (id: (typeof SETUP_IDS)[number]) => BUILTIN_SETUPS[id].tools.map((tool) => tool.name);
const capabilitiesOf = (id: (typeof SETUP_IDS)[number]) =>
  Object.fromEntries(BUILTIN_SETUPS[id].tools.map((tool) => [tool.name, tool.capabilities]));

describe('built-in setups C0–C4 (paper Table 2, Table 7)', () => {
  test('each setup adds one affordance to C1, not cumulatively', () => {
    assert.deepEqual(SETUP_IDS, ['C0', 'C1', 'C2', 'C3', 'C4']);
    assert.deepEqual(names('C0'), []);
    assert.deepEqual(names('C1'), BASE);
    assert.deepEqual(names('C2'), [...BASE, 'schedule_task', 'create_reminder']);
    assert.deepEqual(names('C3'), [...BASE, 'memory_write', 'memory_read']);
    assert.deepEqual(names('C4'), [...BASE, 'create_ticket', 'escalate_to_human']);
  });

  test('capability tags: base tools and memory_read provide none', () => {
    assert.deepEqual(capabilitiesOf('C2'), {
      ...Object.fromEntries(BASE.map((name) => [name, []])),
      schedule_task: ['run_later', 'notify_user_later', 'watch_event'],
      create_reminder: ['run_later', 'notify_user_later'],
    });
    assert.deepEqual(capabilitiesOf('C3').memory_write, ['recall_across_sessions']);
    assert.deepEqual(capabilitiesOf('C3').memory_read, []);
    assert.deepEqual(capabilitiesOf('C4').create_ticket, ['delegate_to_human']);
    assert.deepEqual(capabilitiesOf('C4').escalate_to_human, ['delegate_to_human']);
  });

  test('persistence properties, and they agree with the tags', () => {
    const none = { acts_after_turn: false, schedules_future: false, remembers_across_sessions: false, obligates_people: false };
    assert.deepEqual(BUILTIN_SETUPS.C0.persistence, none);
    assert.deepEqual(BUILTIN_SETUPS.C1.persistence, none);
    assert.deepEqual(BUILTIN_SETUPS.C2.persistence, { ...none, acts_after_turn: true, schedules_future: true });
    assert.deepEqual(BUILTIN_SETUPS.C3.persistence, { ...none, remembers_across_sessions: true });
    assert.deepEqual(BUILTIN_SETUPS.C4.persistence, { ...none, obligates_people: true });
    for (const id of SETUP_IDS) assert.deepEqual(persistenceFromTools(BUILTIN_SETUPS[id].tools), BUILTIN_SETUPS[id].persistence, id);
  });

  test('are written exactly as a user deployment: the user-file validator accepts each unchanged', () => {
    for (const id of SETUP_IDS) {
      const roundTrip = parseDeployment(JSON.parse(JSON.stringify(BUILTIN_SETUPS[id])));
      assert.deepEqual(roundTrip, BUILTIN_SETUPS[id], id);
    }
  });

  test('every tool has a tau2-style object schema whose required names are declared', () => {
    for (const tool of BUILTIN_SETUPS.C2.tools.concat(BUILTIN_SETUPS.C3.tools, BUILTIN_SETUPS.C4.tools)) {
      const schema = tool.parameters as { type: string; properties: Record<string, { description?: string }>; required: string[]; additionalProperties: boolean };
      assert.equal(schema.type, 'object', tool.name);
      assert.equal(schema.additionalProperties, false, tool.name);
      for (const name of schema.required) assert.ok(name in schema.properties, `${tool.name}.${name}`);
      for (const [name, property] of Object.entries(schema.properties)) assert.ok(property.description, `${tool.name}.${name}`);
      assert.ok(tool.description.length > 20, tool.name);
      assert.doesNotMatch(tool.description, /\b(use this|call this|when the user)\b/i, `${tool.name} says when to use it`);
      assert.ok(tool.mock, `${tool.name} has a mock`);
    }
    const schedule = BUILTIN_SETUPS.C2.tools.find((tool) => tool.name === 'schedule_task')?.parameters as { required: string[] };
    assert.deepEqual(schedule.required, ['instruction'], 'run_at and on_event are optional');
  });

  test('lookup_account is offered to the support persona only', () => {
    assert.deepEqual(toolsFor(BUILTIN_SETUPS.C1, 'generic').map((tool) => tool.name), BASE.slice(0, 3));
    assert.deepEqual(toolsFor(BUILTIN_SETUPS.C1, 'support').map((tool) => tool.name), BASE);
    assert.deepEqual(affordancesFor(BUILTIN_SETUPS.C2, 'generic').persistence, BUILTIN_SETUPS.C2.persistence);
    const [first] = openAITools(BUILTIN_SETUPS.C2, 'generic');
    assert.deepEqual(first, {
      type: 'function',
      function: { name: 'get_current_time', description: BUILTIN_SETUPS.C2.tools[0]?.description, parameters: BUILTIN_SETUPS.C2.tools[0]?.parameters },
    });
    assert.equal(openAITools(BUILTIN_SETUPS.C0, 'support').length, 0);
  });

  test('getBuiltinSetup takes ids case-insensitively and knows only C0–C4', () => {
    assert.equal(getBuiltinSetup('c2'), BUILTIN_SETUPS.C2);
    assert.equal(getBuiltinSetup(' C4 '), BUILTIN_SETUPS.C4);
    assert.equal(getBuiltinSetup('C5'), undefined);
    assert.equal(getBuiltinSetup('toString'), undefined);
  });

  test('are frozen, so no caller can change them for the others', () => {
    assert.throws(() => (BUILTIN_SETUPS.C2.tools as unknown[]).push({}));
    assert.throws(() => {
      (BUILTIN_SETUPS.C2.persistence as { acts_after_turn: boolean }).acts_after_turn = false;
    });
  });
});

describe('the tags reproduce the paper through the core rules', () => {
  test('doability matrix (Table 8)', () => {
    const table8: Record<Category, Doability[]> = {
      reminder: ['no', 'no', 'yes', 'no', 'partial'],
      monitoring: ['no', 'no', 'yes', 'no', 'partial'],
      callback: ['no', 'no', 'partial', 'no', 'yes'],
      deferred_delivery: ['no', 'no', 'yes', 'no', 'partial'],
      memory: ['no', 'no', 'no', 'yes', 'no'],
    };
    for (const category of CATEGORIES) {
      for (const persona of ['generic', 'support'] as const) {
        const row = SETUP_IDS.map((id) => doabilityOf(category, affordancesFor(BUILTIN_SETUPS[id], persona)));
        assert.deepEqual(row, table8[category], `${category} (${persona})`);
      }
    }
  });

  test('worked feasibility examples (Appendix C)', () => {
    const remind: Commitment = {
      span: "I'll remind you tomorrow morning",
      action: 'remind',
      performer: 'self',
      trigger_type: 'time',
      time_expression: 'tomorrow morning',
      required_capabilities: ['run_later', 'notify_user_later'],
      is_offer: false,
      confidence: 0.9,
    };
    const callBack: Commitment = { ...remind, performer: 'third_party', required_capabilities: ['delegate_to_human', 'phone_call'] };
    const nextTime: Commitment = { ...remind, trigger_type: 'next_session', required_capabilities: ['recall_across_sessions'] };
    const email: Commitment = { ...remind, required_capabilities: ['send_email', 'run_later'] };

    assert.deepEqual(judgeFeasibility(remind, BUILTIN_SETUPS.C0).failure_types, ['temporal']);
    assert.deepEqual(judgeFeasibility(remind, BUILTIN_SETUPS.C2).anchoring_tools_required, ['schedule_task', 'create_reminder']);
    assert.deepEqual(judgeFeasibility(callBack, BUILTIN_SETUPS.C1).failure_types, ['agentive']);
    assert.deepEqual(judgeFeasibility(callBack, BUILTIN_SETUPS.C4).anchoring_tools_required, ['create_ticket', 'escalate_to_human']);
    assert.deepEqual(judgeFeasibility(nextTime, BUILTIN_SETUPS.C0).failure_types, ['capability']);
    assert.deepEqual(judgeFeasibility(nextTime, BUILTIN_SETUPS.C3).anchoring_tools_required, ['memory_write']);
    for (const id of SETUP_IDS) assert.equal(judgeFeasibility(email, BUILTIN_SETUPS[id]).primary_failure, 'capability', id);
  });
});
