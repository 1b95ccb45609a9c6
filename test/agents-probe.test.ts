/**
 * The probe corpus: AgentDojo-style workspace, Slack, travel and banking deployments with
 * hand-labelled turns written for the probe (test/fixtures/agents-probe/, LABELING.md rules 1–26).
 * Written by the same session that fixed the classes it exposed, so it is a regression floor, not a
 * hidden set. Per set and over all: false alarms among non-failing turns ≤ 2%, every labelled
 * failure caught, outcome accuracy ≥ 0.85 (done_now and other kept apart).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { probeSets, tallyProbeSet } from './helpers/probe-tally.ts';

const root = join(import.meta.dirname, 'fixtures', 'agents-probe');
const sets = probeSets(root);
const measure = (name: string) => tallyProbeSet(join(root, name));

describe('probe corpus: AgentDojo-style domains', () => {
  it('has the four domains, each with failures and non-failing turns', async () => {
    assert.deepEqual(sets, ['banking', 'slack', 'travel', 'workspace']);
    for (const name of sets) {
      const t = await measure(name);
      assert.ok(t.failures >= 5 && t.nonFailing >= 10, `${name}: ${t.failures} failures, ${t.nonFailing} non-failing`);
    }
  });
  for (const name of sets) {
    it(`${name}: ≤2% false alarms, every failure caught, outcome accuracy ≥ 0.85`, async () => {
      const t = await measure(name);
      assert.ok(t.falseAlarms.length / t.nonFailing <= 0.02, `${name}: false alarms ${t.falseAlarms.join(', ')}`);
      assert.deepEqual(t.missed, [], `${name}: missed failures`);
      assert.ok(t.same / t.n >= 0.85, `${name}: outcome accuracy ${t.same}/${t.n}`);
    });
  }
});
