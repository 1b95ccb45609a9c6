/**
 * Scores the rules checker against hand labels (the `gold` field) with the same scorer as
 * `felicity validate --engine rules`: outcome accuracy and Cohen's kappa, failure precision/recall,
 * false-claim kappa, the detector at response and span level, feasibility on matched spans, the
 * booleans and the confusion matrix, pooled and per setup and model. Every file is scored twice: as
 * written, and with each turn's `doable_override` removed (a hint only the benchmark's own request
 * set carries; a user's turns never do), so the numbers a user can expect are always in view.
 *
 *   npm run eval:dev                          # ../shared/examples/dev.jsonl
 *   npm run eval:dev -- FILE... [--mismatches]
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatExplanation } from '../src/check/index.ts';
import { rulesEngine } from '../src/check/engines/rules-engine.ts';
import { labelGold, readGold } from '../src/check/validate-gold.ts';
import { formatOutcomeScores, outcomeScores } from '../src/stats/outcome-scores.ts';
import { scoreValidation, type ValidationItem } from '../src/stats/validation.ts';
import { formatMismatch, formatReport } from '../src/stats/validation-format.ts';
import { withoutDoableOverride } from './lib/outcome-scores.ts';

const args = process.argv.slice(2);
const showMismatches = args.includes('--mismatches');
const files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) files.push(resolve(import.meta.dirname, '../../shared/examples/dev.jsonl'));

for (const file of files) {
  if (!existsSync(file)) {
    console.error(`skipped ${file}: not found (the shared examples are not part of a user's clone)`);
    continue;
  }
  const { items, problems } = await readGold(file);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.field}: ${p.message}`);
  const labelled = await labelGold(items, rulesEngine(), { file });
  for (const p of labelled.problems) console.error(`${p.file}:${p.line}: ${p.field}: ${p.message}`);
  const report = scoreValidation(labelled.items);
  console.log(`\n${formatReport(file, report)}`);
  const overridden = items.filter((item) => 'doable_override' in item.record);
  let without = labelled;
  if (overridden.length > 0) {
    without = await labelGold(items.map((item) => ({ ...item, record: withoutDoableOverride(item.record) })), rulesEngine(), { file });
    console.log(`\n${formatReport(`${file}, doable_override removed from ${overridden.length} turns,`, scoreValidation(without.items))}`);
  }
  console.log(`\nheadline: ${headline(labelled.items)}`);
  console.log(`without doable_override: ${headline(without.items)}`);
  if (showMismatches && report.mismatches.length) {
    const shown = report.mismatches.map((m) => `${formatMismatch(m)}\n${formatExplanation(m.id, labelled.explanations.get(m.id)!)}`);
    console.log(`\n${shown.join('\n\n')}`);
  }
}

function headline(items: readonly ValidationItem[]): string {
  return formatOutcomeScores(outcomeScores(items.map((i) => i.gold.outcome), items.map((i) => i.predicted.outcome)));
}
