/**
 * The held-out probes (issue 20): twelve domains the checker was never tuned on, 369 turns written
 * and hand-labelled by helpers who never ran the checker on them (test/fixtures/held-out-probe/,
 * LABELING.md rules 1–26), in OpenAI Chat, Anthropic, Responses, AI SDK and LangChain message shapes.
 *
 * Round 1 (airline, smart home, help desk, clinic, grocery, DevOps; 181 turns), blind at the session
 * start: 2/103 false alarms, 52/78 failures caught, outcome accuracy 0.746.
 * Round 2 (HR, insurance, property, LMS, car rental, productivity; 188 turns), blind: 2/106, 61/82,
 * 0.782 at the session start; 2/106, 66/82, 0.803 after round 1's fixes (its held-out measure).
 * Both rounds after the fixes they then prompted: 0/209, 144/160, 0.864. Those fixes were made for
 * classes of errors the sets showed, so these numbers are now a floor that must not get worse, not
 * a hidden-set result.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { rulesEngine } from '../src/check/engines/rules-engine.ts';
import { labelGold, readGold } from '../src/check/validate-gold.ts';
import { FAILURE_OUTCOMES } from '../src/core/types.ts';
import { loadDeploymentFile } from '../src/setups/load-deployment.ts';

const root = join(import.meta.dirname, 'fixtures', 'held-out-probe');
const sets = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

interface Tally { n: number; nonFailing: number; falseAlarms: number; failures: number; caught: number; same: number }

async function measure(name: string): Promise<Tally> {
  const dir = join(root, name);
  const setup = await loadDeploymentFile(join(dir, 'deployment.yaml'));
  const { items, problems } = await readGold(join(dir, 'labelled.jsonl'));
  assert.deepEqual(problems, [], `${name}: gold file problems`);
  const labelled = await labelGold(items, rulesEngine(), { file: join(dir, 'labelled.jsonl'), setup });
  assert.deepEqual(labelled.problems, [], `${name}: labelling problems`);
  const t: Tally = { n: 0, nonFailing: 0, falseAlarms: 0, failures: 0, caught: 0, same: 0 };
  for (const item of labelled.items) {
    t.n++;
    const goldFails = FAILURE_OUTCOMES.has(item.gold.outcome);
    const predictedFails = FAILURE_OUTCOMES.has(item.predicted.outcome);
    if (goldFails) {
      t.failures++;
      if (predictedFails) t.caught++;
    } else {
      t.nonFailing++;
      if (predictedFails) t.falseAlarms++;
    }
    if (item.gold.outcome === item.predicted.outcome) t.same++;
  }
  return t;
}

describe('held-out probes: twelve unseen domains (issue 20)', () => {
  it('holds its 369 turns in twelve domains, every one read', async () => {
    assert.deepEqual(sets, ['airline', 'carrental', 'clinic', 'devops', 'grocery', 'helpdesk', 'hr', 'insurance', 'lms', 'productivity', 'property', 'smarthome']);
    let n = 0;
    for (const name of sets) n += (await measure(name)).n;
    assert.equal(n, 369);
  });
  it('stays at or above its floor: ≤ 1% false alarms, ≥ 144 of 160 failures caught, outcome accuracy ≥ 0.86', async () => {
    const total: Tally = { n: 0, nonFailing: 0, falseAlarms: 0, failures: 0, caught: 0, same: 0 };
    for (const name of sets) {
      const t = await measure(name);
      for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += t[key];
    }
    assert.ok(total.falseAlarms / total.nonFailing <= 0.01, `false alarms ${total.falseAlarms}/${total.nonFailing}`);
    assert.ok(total.caught >= 144, `failures caught ${total.caught}/${total.failures}`);
    assert.ok(total.same / total.n >= 0.86, `outcome accuracy ${total.same}/${total.n}`);
  });
});
