/**
 * The prevalence figure (like the paper's Figure 5) as a Vega-Lite spec: empty commitments and
 * false action claims per 1,000 turns, per stratum and pooled, with 95% intervals; the corrected
 * pooled estimates beside the detected ones when a calibration was given.
 */
import type { TopLevelSpec } from 'vega-lite';
import { BASE_CONFIG, heading } from '../report/figures-outcomes.ts';
import { OUTCOME_COLOURS } from '../report/palette.ts';
import { isApplicable } from './correction.ts';
import type { PrevalenceReport } from './prevalence-run.ts';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const METRICS = [
  { key: 'empty', title: 'empty commitments', colour: OUTCOME_COLOURS.empty },
  { key: 'falseClaims', title: 'false action claims', colour: OUTCOME_COLOURS.false_claim },
] as const;

export function prevalenceFigure(report: PrevalenceReport): TopLevelSpec {
  const rows: Record<string, unknown>[] = [];
  const groups: string[] = [];
  const add = (group: string, metric: (typeof METRICS)[number], r: { estimate: number; low: number | null; high: number | null }): void => {
    if (!groups.includes(group)) groups.push(group);
    rows.push({ group, metric: metric.title, value: r.estimate * 1000, low: (r.low ?? r.estimate) * 1000, high: (r.high ?? r.estimate) * 1000 });
  };
  for (const s of report.estimate.strata) for (const m of METRICS) add(`${s.stratum} (n=${s.turns})`, m, s.rates[m.key]);
  for (const m of METRICS) add('pooled (detected)', m, report.estimate.pooled.rates[m.key]);
  const correction = report.calibration?.correction;
  if (correction) for (const m of METRICS) {
    const c = correction.ppi[m.key];
    if (isApplicable(c)) add('pooled (corrected, PPI)', m, c);
  }
  const colour = { field: 'metric', type: 'nominal', title: null, scale: { domain: METRICS.map((m) => m.title), range: METRICS.map((m) => m.colour) } };
  const y = { field: 'group', type: 'nominal', title: null, sort: groups };
  return {
    $schema: SCHEMA,
    title: heading('Empty commitments and false action claims per 1,000 assistant turns', `${report.file.split('/').pop()}; ${report.estimate.pooled.turns} turns, tool-using conversations left out (${report.excluded.turns} turns); 95% intervals`),
    data: { values: rows },
    width: 420,
    height: { step: 28 },
    encoding: { y, yOffset: { field: 'metric', type: 'nominal' }, color: colour },
    layer: [
      { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: { x: { field: 'low', type: 'quantitative', title: 'per 1,000 turns' }, x2: { field: 'high' } } },
      { mark: { type: 'point', filled: true, size: 60 }, encoding: { x: { field: 'value', type: 'quantitative' }, tooltip: [{ field: 'group' }, { field: 'metric' }, { field: 'value', format: '.2f' }] } },
    ],
    config: BASE_CONFIG,
  } as TopLevelSpec;
}
