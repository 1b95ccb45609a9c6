/**
 * Doability (paper Table 8) for deployments users write: derived from capability tags, so it holds
 * beyond C0–C4. (The built-in matrix itself is checked in src/setups/builtin.test.ts.)
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { doabilityOf } from './doability.ts';
import { CATEGORIES, type Category, type Doability } from './types.ts';
import { parseDeployment } from '../setups/deployment-schema.ts';
import { affordancesFor } from '../setups/persona-tools.ts';
import { EMAIL_DEPLOYMENT, RUNTIME_DEPLOYMENT } from '../setups/custom-deployments.fixture.ts';
import type { Deployment, PersonaId } from '../setups/deployment.ts';

function deployment(tools: { name: string; capabilities: string[]; personas?: string[] }[]): Deployment {
  return parseDeployment({ id: 'custom', tools });
}

function row(d: Deployment, persona: PersonaId = 'generic'): Record<Category, Doability> {
  return Object.fromEntries(CATEGORIES.map((category) => [category, doabilityOf(category, affordancesFor(d, persona))])) as Record<Category, Doability>;
}

const ALL_NO: Record<Category, Doability> = { reminder: 'no', monitoring: 'no', callback: 'no', deferred_delivery: 'no', memory: 'no' };

describe('doability of custom deployments (Table 8 derived from capability tags)', () => {
  test('no tools, or tools with no persistence: nothing is doable', () => {
    assert.deepEqual(row(deployment([])), ALL_NO);
    assert.deepEqual(row(deployment([{ name: 'lookup', capabilities: [] }])), ALL_NO);
  });

  test('a direct channel alone (email now) serves no category', () => {
    assert.deepEqual(row(EMAIL_DEPLOYMENT), ALL_NO);
  });

  test('an other: tag alone serves no category', () => {
    assert.deepEqual(row(deployment([{ name: 'rooms', capabilities: ['other:book meeting rooms'] }])), ALL_NO);
  });

  test('a reminder tool (run later + notify): reminders and deferred delivery, callbacks in part', () => {
    assert.deepEqual(row(deployment([{ name: 'remind', capabilities: ['run_later', 'notify_user_later'] }])), {
      reminder: 'yes',
      monitoring: 'no',
      callback: 'partial',
      deferred_delivery: 'yes',
      memory: 'no',
    });
  });

  test('an event watcher (watch + notify) serves monitoring, not time-based reminders', () => {
    assert.deepEqual(row(deployment([{ name: 'watch', capabilities: ['watch_event', 'notify_user_later'] }])), {
      ...ALL_NO,
      monitoring: 'yes',
    });
  });

  test('a full scheduler reproduces the C2 column', () => {
    assert.deepEqual(row(deployment([{ name: 'sched', capabilities: ['run_later', 'notify_user_later', 'watch_event'] }])), {
      reminder: 'yes',
      monitoring: 'yes',
      callback: 'partial',
      deferred_delivery: 'yes',
      memory: 'no',
    });
  });

  test('needs of the full set must come from one tool: run_later and notify split over two tools is not a reminder tool', () => {
    const split = deployment([
      { name: 'later', capabilities: ['run_later'] },
      { name: 'notify', capabilities: ['notify_user_later'] },
    ]);
    const doability = row(split);
    assert.equal(doability.reminder, 'no');
    assert.equal(doability.deferred_delivery, 'no');
    assert.equal(doability.callback, 'partial', 'partial sets may be served by several tools together');
  });

  test('a people tool (delegate_to_human): callbacks yes, reminders/monitoring/delivery partial, memory no', () => {
    assert.deepEqual(row(deployment([{ name: 'book_callback', capabilities: ['delegate_to_human'] }])), {
      reminder: 'partial',
      monitoring: 'partial',
      callback: 'yes',
      deferred_delivery: 'partial',
      memory: 'no',
    });
  });

  test('a memory tool serves memory only', () => {
    assert.deepEqual(row(deployment([{ name: 'remember', capabilities: ['recall_across_sessions'] }])), { ...ALL_NO, memory: 'yes' });
  });

  test('one tool that schedules and remembers (fixture runtime)', () => {
    assert.deepEqual(row(RUNTIME_DEPLOYMENT), {
      reminder: 'yes',
      monitoring: 'no',
      callback: 'partial',
      deferred_delivery: 'yes',
      memory: 'yes',
    });
  });

  test('scheduler and people together: yes wins over partial in every category either serves', () => {
    assert.deepEqual(
      row(
        deployment([
          { name: 'sched', capabilities: ['run_later', 'notify_user_later', 'watch_event'] },
          { name: 'ticket', capabilities: ['delegate_to_human'] },
        ]),
      ),
      { reminder: 'yes', monitoring: 'yes', callback: 'yes', deferred_delivery: 'yes', memory: 'no' },
    );
  });

  test('a tool offered to one persona makes its categories doable for that persona only', () => {
    const d = deployment([{ name: 'remind', capabilities: ['run_later', 'notify_user_later'], personas: ['support'] }]);
    assert.equal(row(d, 'support').reminder, 'yes');
    assert.equal(row(d, 'generic').reminder, 'no');
  });
});
