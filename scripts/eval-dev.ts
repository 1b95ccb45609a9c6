/**
 * Scores the rules checker against hand labels (the `gold` field): outcome accuracy and Cohen's
 * kappa, failure precision/recall, false-claim kappa, and detector agreement at response level.
 *
 *   npm run eval:dev                          # ../shared/examples/dev.jsonl
 *   npm run eval:dev -- FILE... [--mismatches]
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkWithExplanation, formatExplanation } from '../src/check/index.ts';
import { FAILURE_OUTCOMES, type Outcome } from '../src/core/types.ts';
import { accuracy, binaryScores, cohensKappa, confusion } from '../src/stats/agreement.ts';

interface Gold {
  outcome: Outcome;
  booleans: Record<string, boolean>;
  commitments: { trigger_type: string; is_offer: boolean }[];
}

const args = process.argv.slice(2);
const showMismatches = args.includes('--mismatches');
const files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) files.push(resolve(import.meta.dirname, '../../shared/examples/dev.jsonl'));

for (const file of files) {
  if (!existsSync(file)) {
    console.error(`skipped ${file}: not found (the shared examples are not part of a user's clone)`);
    continue;
  }
  const rows = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as { id: string; gold: Gold });
  const gold: Outcome[] = [];
  const predicted: Outcome[] = [];
  const goldClaim: boolean[] = [];
  const predictedClaim: boolean[] = [];
  const goldCommits: boolean[] = [];
  const predictedCommits: boolean[] = [];
  const booleanAgreement = new Map<string, [boolean[], boolean[]]>();
  const mismatches: string[] = [];
  for (const row of rows) {
    const { label, explanation } = checkWithExplanation(row);
    gold.push(row.gold.outcome);
    predicted.push(label.outcome);
    goldClaim.push(row.gold.booleans.false_action_claim === true);
    predictedClaim.push(label.booleans.false_action_claim);
    goldCommits.push(row.gold.commitments.some((c) => c.trigger_type !== 'user_next_message' && !c.is_offer));
    predictedCommits.push(label.commitments.some((c) => c.agent_initiated));
    for (const [name, value] of Object.entries(label.booleans)) {
      const pair = booleanAgreement.get(name) ?? [[], []];
      pair[0].push(row.gold.booleans[name] === true);
      pair[1].push(value);
      booleanAgreement.set(name, pair);
    }
    if (showMismatches && label.outcome !== row.gold.outcome) {
      mismatches.push(`${row.id}: gold ${row.gold.outcome}, got ${label.outcome}\n${formatExplanation(row.id, explanation)}`);
    }
  }
  const failure = binaryScores(gold.map((o) => FAILURE_OUTCOMES.has(o)), predicted.map((o) => FAILURE_OUTCOMES.has(o)));
  const detector = binaryScores(goldCommits, predictedCommits);
  const pct = (x: number) => (Number.isNaN(x) ? '  n/a' : x.toFixed(3));
  console.log(`\n${file} (${rows.length} turns)`);
  console.log(`  outcome accuracy      ${pct(accuracy(gold, predicted))}`);
  console.log(`  outcome kappa         ${pct(cohensKappa(gold, predicted))}`);
  console.log(`  failure precision     ${pct(failure.precision)}   recall ${pct(failure.recall)}   (tp ${failure.truePositives}, fp ${failure.falsePositives}, fn ${failure.falseNegatives})`);
  console.log(`  false-claim kappa     ${pct(cohensKappa(goldClaim, predictedClaim))}`);
  console.log(`  detector (response)   precision ${pct(detector.precision)}   recall ${pct(detector.recall)}`);
  console.log(`  booleans accuracy     ${[...booleanAgreement].map(([name, [g, p]]) => `${name} ${pct(accuracy(g, p))}`).join(', ')}`);
  console.log('  confusion (gold → predicted):');
  for (const [goldOutcome, row] of confusion(gold, predicted)) {
    console.log(`    ${goldOutcome.padEnd(13)} ${[...row].map(([p, n]) => `${p}:${n}`).join('  ')}`);
  }
  if (mismatches.length) console.log(`\n${mismatches.join('\n\n')}`);
}
