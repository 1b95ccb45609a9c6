/**
 * Scores a labelled probe set (a folder with `deployment.yaml` and `labelled.jsonl`) with the rules
 * engine, as LABELING.md counts: false alarms among non-failing turns, failures caught, outcome
 * agreement. Fails the calling test on a bad gold file or a turn that cannot be labelled.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { rulesEngine } from '../../src/check/engines/rules-engine.ts';
import { labelGold, readGold } from '../../src/check/validate-gold.ts';
import { FAILURE_OUTCOMES } from '../../src/core/types.ts';
import { loadDeploymentFile } from '../../src/setups/load-deployment.ts';

export interface ProbeTally { n: number; nonFailing: number; falseAlarms: string[]; failures: number; missed: string[]; same: number }

/** The probe sets under `root`: its sub-folders, sorted. */
export function probeSets(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

export async function tallyProbeSet(dir: string): Promise<ProbeTally> {
  const setup = await loadDeploymentFile(join(dir, 'deployment.yaml'));
  const { items, problems } = await readGold(join(dir, 'labelled.jsonl'));
  assert.deepEqual(problems, [], `${dir}: gold file problems`);
  const labelled = await labelGold(items, rulesEngine(), { file: join(dir, 'labelled.jsonl'), setup });
  assert.deepEqual(labelled.problems, [], `${dir}: labelling problems`);
  const t: ProbeTally = { n: labelled.items.length, nonFailing: 0, falseAlarms: [], failures: 0, missed: [], same: 0 };
  for (const item of labelled.items) {
    const goldFails = FAILURE_OUTCOMES.has(item.gold.outcome);
    const predictedFails = FAILURE_OUTCOMES.has(item.predicted.outcome);
    if (goldFails) {
      t.failures++;
      if (!predictedFails) t.missed.push(item.id);
    } else {
      t.nonFailing++;
      if (predictedFails) t.falseAlarms.push(item.id);
    }
    if (item.gold.outcome === item.predicted.outcome) t.same++;
  }
  return t;
}
