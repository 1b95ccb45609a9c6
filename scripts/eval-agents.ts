/**
 * Scores the rules checker on the real-agent sets: every folder of ../shared/examples/ that holds
 * a `deployment.yaml` beside its hand-labelled `labelled.jsonl` (τ²-bench retail `agent-dev/`,
 * telecom `agent-dev-telecom/`, and any set added the same way). Per set it prints the false
 * alarms among the turns the hand labels call non-failing (count and %), the labelled failures
 * caught (x/y), and outcome accuracy (done_now and other kept apart).
 *
 *   npm run eval:agents                       # every set under ../shared/examples/
 *   npm run eval:agents -- DIR... [--mismatches]
 *
 * Targets: at most 2% false alarms, every labelled failure caught, outcome accuracy ≥ 0.85.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FAILURE_OUTCOMES } from '../src/core/types.ts';
import { formatExplanation } from '../src/check/index.ts';
import { rulesEngine } from '../src/check/engines/rules-engine.ts';
import { labelGold, readGold } from '../src/check/validate-gold.ts';
import { loadDeploymentFile } from '../src/setups/load-deployment.ts';

const args = process.argv.slice(2);
const showMismatches = args.includes('--mismatches');
let dirs = args.filter((a) => !a.startsWith('--'));
const examples = resolve(import.meta.dirname, '../../shared/examples');
if (dirs.length === 0) {
  if (!existsSync(examples)) {
    console.error(`skipped: ${examples} not found (the shared examples are not part of a user's clone)`);
    process.exit(0);
  }
  dirs = readdirSync(examples, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(examples, entry.name))
    .filter((dir) => existsSync(join(dir, 'deployment.yaml')) && existsSync(join(dir, 'labelled.jsonl')));
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);

for (const dir of dirs) {
  const deploymentFile = join(dir, 'deployment.yaml');
  const labelledFile = join(dir, 'labelled.jsonl');
  if (!existsSync(deploymentFile) || !existsSync(labelledFile)) {
    console.error(`skipped ${dir}: needs deployment.yaml and labelled.jsonl`);
    continue;
  }
  const setup = await loadDeploymentFile(deploymentFile);
  const { items, problems } = await readGold(labelledFile);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.field}: ${p.message}`);
  const labelled = await labelGold(items, rulesEngine(), { file: labelledFile, setup });
  for (const p of labelled.problems) console.error(`${p.file}:${p.line}: ${p.field}: ${p.message}`);

  let nonFailing = 0;
  let falseAlarms = 0;
  let failures = 0;
  let caught = 0;
  let sameOutcome = 0;
  /** Turns whose label holds an argument contradiction (claim_mismatches, or a promise not anchored_strict). */
  let contradicted = 0;
  let contradictedNonFailing = 0;
  const misses: string[] = [];
  for (const item of labelled.items) {
    const goldFails = FAILURE_OUTCOMES.has(item.gold.outcome);
    const predictedFails = FAILURE_OUTCOMES.has(item.predicted.outcome);
    if (goldFails) {
      failures++;
      if (predictedFails) caught++;
    } else {
      nonFailing++;
      if (predictedFails) falseAlarms++;
    }
    if ((item.predicted.claim_mismatches?.length ?? 0) > 0 || item.predicted.commitments.some((c) => c.anchored_strict === false)) {
      contradicted++;
      if (!goldFails && !predictedFails) contradictedNonFailing++;
      if (showMismatches) misses.push(`ARGUMENTS: ${item.id}: ${JSON.stringify(item.predicted.claim_mismatches ?? [])}`);
    }
    if (item.gold.outcome === item.predicted.outcome) sameOutcome++;
    else if (showMismatches || goldFails !== predictedFails) {
      const why = goldFails !== predictedFails ? (goldFails ? 'MISSED FAILURE' : 'FALSE ALARM') : 'outcome';
      misses.push(`${why}: ${item.id}: gold ${item.gold.outcome}, predicted ${item.predicted.outcome}`);
      if (showMismatches) misses.push(formatExplanation(item.id, labelled.explanations.get(item.id)!));
    }
  }
  const n = labelled.items.length;
  console.log(`\n${dir.slice(dir.lastIndexOf('/') + 1)} (${n} turns, deployment ${setup.id})`);
  console.log(`  false alarms among non-failing turns: ${falseAlarms}/${nonFailing} (${pct(falseAlarms, nonFailing)})   target ≤ 2%`);
  console.log(`  labelled failures caught:             ${caught}/${failures}   target: all`);
  console.log(`  outcome accuracy:                     ${n === 0 ? 'n/a' : (sameOutcome / n).toFixed(3)} (${sameOutcome}/${n})   target ≥ 0.85`);
  console.log(`  argument contradictions:              ${contradicted} turns (${contradictedNonFailing} of them non-failing: more false alarms with --strict-arguments)`);
  if (misses.length > 0) console.log(misses.map((line) => `  ${line}`).join('\n'));
}
