/**
 * The held-out probes: twenty-one domains the checker was never tuned on when they were written, 605
 * turns written and hand-labelled by people who never ran the checker on them (test/fixtures/held-out-probe/,
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
 * Round 4 (home intents on generic on/off tools, ticketing with payments, a workplace assistant naming
 *   things by title and date; 49 turns, written by a lead who had not read the rules): 2/28, 13/21
 *   (8/18 false claims), 0.612 at the session start; 0/28, 21/21 (16/18), 0.898 after its fixes.
 * All three after the fixes they then prompted: 0/316, 219/240, 0.867. Those fixes were made for
 * classes of errors the sets showed, so these numbers are now a floor that must not get worse, not
 * a hidden-set result: MEASURED less MARGIN turns, so one class of turns going wrong fails.
 * When a change moves a number on purpose, edit MEASURED (one line): the output prints what it
 * measures now.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { probeSets, tallyProbeSet } from './helpers/probe-tally.ts';

const root = join(import.meta.dirname, 'fixtures', 'held-out-probe');
const sets = probeSets(root);
/** What the 605 turns measure on this version: false alarms, failures caught, outcomes agreeing with gold. */
const MEASURED = { falseAlarms: 0, caught: 243, agree: 531 };
/** Turns the probe may lose on each count before its floor trips. */
const MARGIN = 1;

describe('held-out probes: twenty-one domains written blind, tuned since (their blind numbers are in docs/evaluation.md)', () => {
  it('holds its 605 turns in twenty-one domains, every one read', async () => {
    assert.deepEqual(sets, ['airline', 'bankcs', 'carrental', 'clinic', 'crm', 'devops', 'energy', 'expenses', 'govservices', 'grocery', 'helpdesk', 'homeintents', 'hr', 'insurance', 'lms', 'productivity', 'property', 'restaurant', 'smarthome', 'tickets', 'workspace']);
    let n = 0;
    for (const name of sets) n += (await tallyProbeSet(join(root, name))).n;
    assert.equal(n, 605);
  });
  it(`stays within ${MARGIN} turn of what it measured: at most ${MEASURED.falseAlarms + MARGIN} false alarms, at least ${MEASURED.caught - MARGIN} failures caught, at least ${MEASURED.agree - MARGIN} outcomes agreeing (recorded ${MEASURED.falseAlarms}, ${MEASURED.caught}, ${MEASURED.agree})`, async (t) => {
    const total = { n: 0, nonFailing: 0, falseAlarms: 0, failures: 0, caught: 0, same: 0 };
    for (const name of sets) {
      const s = await tallyProbeSet(join(root, name));
      total.n += s.n;
      total.nonFailing += s.nonFailing;
      total.falseAlarms += s.falseAlarms.length;
      total.failures += s.failures;
      total.caught += s.failures - s.missed.length;
      total.same += s.same;
    }
    const measured = `measured ${total.falseAlarms}/${total.nonFailing} false alarms, ${total.caught}/${total.failures} failures caught, ${total.same}/${total.n} outcomes agreeing (${(total.same / total.n).toFixed(3)})`;
    const update = `if the change is meant, set MEASURED in test/held-out-probe.test.ts to { falseAlarms: ${total.falseAlarms}, caught: ${total.caught}, agree: ${total.same} }`;
    t.diagnostic(measured);
    assert.ok(total.falseAlarms <= MEASURED.falseAlarms + MARGIN, `${measured}; ${update}`);
    assert.ok(total.caught >= MEASURED.caught - MARGIN, `${measured}; ${update}`);
    assert.ok(total.same >= MEASURED.agree - MARGIN, `${measured}; ${update}`);
    if (total.falseAlarms < MEASURED.falseAlarms || total.caught > MEASURED.caught || total.same > MEASURED.agree) t.diagnostic(`better than recorded: ${update}`);
  });
});
