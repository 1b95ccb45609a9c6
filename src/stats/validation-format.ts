/**
 * The validation report as text: the pooled block (its first lines are those `npm run eval:dev`
 * always printed), then one line per setup and per model (Table 6's columns). JSON output is the
 * report object itself.
 */
import { BOOLEAN_NAMES } from '../core/types.ts';
import type { GroupScores, Mismatch, ValidationReport } from './validation.ts';

const num = (x: number) => (Number.isNaN(x) ? '  n/a' : x.toFixed(3));

export function formatGroup(title: string, s: GroupScores): string[] {
  const lines = [
    `${title} (${s.n} turns)`,
    `  outcome accuracy      ${num(s.outcome.accuracy)}`,
    `  outcome kappa         ${num(s.outcome.kappa)}`,
    `  failure precision     ${num(s.failure.precision)}   recall ${num(s.failure.recall)}   (tp ${s.failure.truePositives}, fp ${s.failure.falsePositives}, fn ${s.failure.falseNegatives})`,
    `  false-claim kappa     ${num(s.falseClaimKappa)}`,
    `  detector (response)   precision ${num(s.detectorResponse.precision)}   recall ${num(s.detectorResponse.recall)}`,
    `  detector (spans)      precision ${num(s.detectorSpans.precision)}   recall ${num(s.detectorSpans.recall)}   f1 ${num(s.detectorSpans.f1)}   (${s.detectorSpans.matched} matched; gold ${s.detectorSpans.gold}, predicted ${s.detectorSpans.predicted})`,
    `  feasibility (matched) accuracy ${num(s.feasibility.accuracy)}   kappa ${num(s.feasibility.kappa)}   (n ${s.feasibility.n})`,
    `  anchoring (matched)   ${s.anchoring.n === 0 ? 'not measured (no gold anchoring labels)' : `accuracy ${num(s.anchoring.accuracy)}   kappa ${num(s.anchoring.kappa)}   (n ${s.anchoring.n})`}`,
    `  booleans accuracy     ${BOOLEAN_NAMES.map((name) => `${name} ${num(s.booleans[name].accuracy)}`).join(', ')}`,
    `  booleans kappa        ${BOOLEAN_NAMES.map((name) => `${name} ${num(s.booleans[name].kappa)}`).join(', ')}`,
    '  confusion (gold → predicted):',
  ];
  for (const [gold, row] of s.confusion) lines.push(`    ${gold.padEnd(13)} ${row.map(([p, n]) => `${p}:${n}`).join('  ')}`);
  return lines;
}

/** One row per group: n, detector span F1, feasibility κ, false-claim κ, outcome accuracy and κ, failure recall. */
export function formatBreakdown(heading: string, groups: Record<string, GroupScores>): string[] {
  const names = Object.keys(groups);
  if (names.length === 0) return [];
  const width = Math.max(heading.length, ...names.map((n) => n.length));
  const lines = [`  ${heading.padEnd(width)}     n  det.F1  feas.κ  FC κ   outc.acc  outc.κ  fail.rec`];
  for (const name of names) {
    const s = groups[name]!;
    lines.push(
      `  ${name.padEnd(width)} ${String(s.n).padStart(5)}  ${num(s.detectorSpans.f1)}   ${num(s.feasibility.kappa)}   ${num(s.falseClaimKappa)}  ${num(s.outcome.accuracy)}     ${num(s.outcome.kappa)}   ${num(s.failure.recall)}`,
    );
  }
  return lines;
}

export function formatReport(title: string, report: ValidationReport): string {
  return [...formatGroup(title, report.pooled), ...formatBreakdown('setup', report.bySetup), ...formatBreakdown('model', report.byModel)].join('\n');
}

export function formatMismatch(m: Mismatch): string {
  const lines = [`${m.id} (${m.setup}, ${m.model}): gold ${m.gold.outcome}, got ${m.predicted.outcome}`];
  const booleans = BOOLEAN_NAMES.filter((b) => m.gold.booleans[b] !== m.predicted.booleans[b]);
  if (booleans.length) lines.push(`  booleans differ: ${booleans.map((b) => `${b} gold ${m.gold.booleans[b]}, got ${m.predicted.booleans[b]}`).join('; ')}`);
  for (const c of m.gold.commitments) lines.push(`  gold commitment: "${c.span}" (${c.trigger_type}, ${c.feasible ? 'feasible' : 'infeasible'})`);
  for (const c of m.predicted.commitments) lines.push(`  got commitment:  "${c.span}" (${c.trigger_type}, ${c.feasible ? 'feasible' : 'infeasible'})`);
  return lines.join('\n');
}
