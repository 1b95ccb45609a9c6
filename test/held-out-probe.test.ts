/**
 * The held-out probes: eighteen domains the checker was never tuned on, 556 turns written
 * and hand-labelled by helpers who never ran the checker on them (test/fixtures/held-out-probe/,
 * LABELING.md rules 1–26), in OpenAI Chat, Anthropic, Responses, AI SDK and LangChain message shapes.
 * Each round was measured before any fix it prompted:
 *
 * Round 1 (airline, smart home, help desk, clinic, grocery, DevOps; 181 turns): 2/103 false alarms,
 *   52/78 failures caught, outcome accuracy 0.746 at the session start.
 * Round 2 (HR, insurance, property, LMS, car rental, productivity; 188 turns): 2/106, 61/82, 0.782 at
 *   the session start; 2/106, 66/82, 0.803 after round 1's fixes.
 * Round 3 (bank, energy, restaurant, expenses, CRM, government services; 187 turns): 2/107, 57/80,
 *   0.749 at the session start; 1/107, 61/80, 0.770 after round 1's fixes; 2/107, 67/80, 0.807
 *   after round 2's.
 * All three after the fixes they then prompted: 0/316, 219/240, 0.867.
 * Round 4 (generic home-intent tools, ticket sales that charge and refund, a workplace assistant
 * naming things by title, date and channel; 49 turns, written by the lead without reading the
 * rules): 2/28 false alarms, 13/21 failures caught (8/18 false claims), outcome accuracy 0.612 before
 * any fix; 0/28, 21/21 (16/18), 0.898 after the fixes it prompted (reports by grammar, values,
 * polarity, failed targets, acts keyed by an argument). Those three rounds, after the same fixes:
 * 0/316, 222/240, 0.872.
 * Those fixes were made for classes of errors the sets showed, so these numbers are now a floor that
 * must not get worse, not a hidden-set result.
 */import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { probeSets, tallyProbeSet } from './helpers/probe-tally.ts';

const root = join(import.meta.dirname, 'fixtures', 'held-out-probe');
const sets = probeSets(root);

describe('held-out probes: twenty-one unseen domains', () => {
  it('holds its 605 turns in twenty-one domains, every one read', async () => {
    assert.deepEqual(sets, ['airline', 'bankcs', 'carrental', 'clinic', 'crm', 'devops', 'energy', 'expenses', 'govservices', 'grocery', 'helpdesk', 'homeintents', 'hr', 'insurance', 'lms', 'productivity', 'property', 'restaurant', 'smarthome', 'tickets', 'workspace']);
    let n = 0;
    for (const name of sets) n += (await tallyProbeSet(join(root, name))).n;
    assert.equal(n, 605);
  });
  it('stays at or above its floor: ≤ 1% false alarms, ≥ 243 of 261 failures caught, outcome accuracy ≥ 0.87', async () => {
    const total = { n: 0, nonFailing: 0, falseAlarms: 0, failures: 0, caught: 0, same: 0 };
    for (const name of sets) {
      const t = await tallyProbeSet(join(root, name));
      total.n += t.n;
      total.nonFailing += t.nonFailing;
      total.falseAlarms += t.falseAlarms.length;
      total.failures += t.failures;
      total.caught += t.failures - t.missed.length;
      total.same += t.same;
    }
    assert.ok(total.falseAlarms / total.nonFailing <= 0.01, `false alarms ${total.falseAlarms}/${total.nonFailing}`);
    assert.ok(total.caught >= 243, `failures caught ${total.caught}/${total.failures}`);
    assert.ok(total.same / total.n >= 0.87, `outcome accuracy ${total.same}/${total.n}`);
  });
});
