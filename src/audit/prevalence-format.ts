/**
 * The summary `felicity prevalence` prints: what was read and left out, the design, a table of
 * rates per stratum and pooled with intervals, and the corrected estimates when calibrated.
 */
import type { Interval } from './bootstrap.ts';
import { isApplicable, type CorrectedEstimate, type NotApplicable } from './correction.ts';
import type { PrevalenceReport } from './prevalence-run.ts';
import { METRIC_SCALE, METRICS, type MetricName } from './turn-values.ts';

const HEAD = ['stratum', 'turns', 'cue', 'sampled', 'empty /1k [95%]', 'false claims /1k [95%]', 'either % [95%]'];

export function formatPrevalence(report: PrevalenceReport): string {
  const lines: string[] = [];
  const formats = Object.entries(report.formats).map(([f, n]) => `${f} ${n}`).join(', ');
  lines.push(`${report.file}: ${report.records} records (${formats}), ${report.turnsRead} assistant turns`);
  if (report.filteredOut > 0) lines.push(`left out by --only: ${report.filteredOut} turns`);
  lines.push(`left out: ${report.excluded.turns} turns in ${report.excluded.conversations} ${report.excluded.why}`);
  const p = report.estimate.pooled;
  const sample = report.design.sample === 'all' ? 'all' : String(report.design.sample);
  lines.push(`design: strata by ${report.design.strata}; ${p.cueTurns} cue turns all judged, ${p.judged - p.cueTurns} of ${p.turns - p.cueTurns} other turns judged (--sample ${sample}, seed ${report.design.seed})`);
  if (report.design.unlabelled > 0) lines.push(`not labelled: ${report.design.unlabelled} turns (left out of the estimate)`);
  lines.push('');
  const rows = report.estimate.strata.map((s) => [s.stratum, String(s.turns), String(s.cueTurns), `${s.sampledRest}/${s.rest}`, ...METRICS.map((m) => cell(s.rates[m], m))]);
  rows.push(['pooled', String(p.turns), String(p.cueTurns), `${p.judged - p.cueTurns}/${p.turns - p.cueTurns}`, ...METRICS.map((m) => cell(p.rates[m], m))]);
  lines.push(...table([HEAD, ...rows]));
  if (Number.isFinite(report.estimate.eitherWithoutCue)) lines.push(`share of turns with either failure whose reply has no cue word: ${(report.estimate.eitherWithoutCue * 100).toFixed(1)}%`);
  const c = report.calibration;
  if (c) {
    lines.push('');
    const cf = c.correction.confusion;
    lines.push(`calibration ${c.file}: ${c.items} labelled turns (${c.correction.calibrationTurns.cue} cue, ${c.correction.calibrationTurns.rest} other)${c.leftOut ? `, ${c.leftOut} purposive items left out` : ''}`);
    lines.push(`  checker vs human on "either": ${cf.truePositives} TP, ${cf.falsePositives} FP, ${cf.falseNegatives} FN, ${cf.trueNegatives} TN`);
    const correctedRows = [['', 'detected [95%]', 'corrected, PPI [95%]', 'corrected, Rogan–Gladen [95%]']];
    for (const m of METRICS) correctedRows.push([m === 'either' ? 'either %' : m === 'empty' ? 'empty /1k' : 'false claims /1k', cell(p.rates[m], m), corrected(c.correction.ppi[m], m), m === 'either' ? corrected(c.correction.roganGladen, m) : '—']);
    lines.push(...table(correctedRows).map((l) => `  ${l}`));
    const reasons = [...METRICS.map((m) => c.correction.ppi[m]), c.correction.roganGladen].filter((r): r is NotApplicable => !isApplicable(r));
    for (const r of new Set(reasons.map((r) => `${r.method}: ${r.notApplicable}`))) lines.push(`  n/a ${r}`);
  }
  return lines.join('\n');
}

function cell(r: Interval, metric: MetricName): string {
  const k = METRIC_SCALE[metric];
  const digits = metric === 'either' ? 2 : 1;
  if (!Number.isFinite(r.estimate)) return '—';
  const bound = (v: number | null): string => (v === null ? '?' : (v * k).toFixed(digits));
  return `${(r.estimate * k).toFixed(digits)} [${bound(r.low)}, ${bound(r.high)}]`;
}

function corrected(r: CorrectedEstimate | NotApplicable, metric: MetricName): string {
  return isApplicable(r) ? cell(r, metric) : 'n/a';
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows.map((r) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  ').trimEnd());
}
