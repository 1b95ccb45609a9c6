/**
 * Outcome-distribution figures as Vega-Lite specs: Figure 2 (by setup, inferred vs stated,
 * generic persona, pooled), 6 (the same per model) and 7 (support persona), and Figure 8
 * (empty commitments by primary failure type as a share of agent-initiated commitments).
 */
import type { TopLevelSpec } from 'vega-lite';
import { OUTCOMES } from '../core/types.ts';
import { FAILURE_TYPE_COLOURS, OUTCOME_SCALE } from './palette.ts';
import { POOLED, cellKey, pooledWho, type ReportModel } from './report-model.ts';
import type { ReportStats } from './report-stats.ts';

/** A figure title and a subtitle line, each short enough for the narrowest figure. */
export function heading(text: string, subtitle: string): { text: string; subtitle: string } {
  return { text, subtitle };
}

export const BASE_CONFIG = {
  font: 'DejaVu Sans',
  background: 'white',
  padding: 12,
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 260 },
  legend: { orient: 'bottom', labelFontSize: 11, titleFontSize: 12, columns: 4, symbolType: 'square', labelLimit: 200 },
  header: { labelFontSize: 12, titleFontSize: 12, labelLimit: 300 },
  title: { fontSize: 14, subtitleFontSize: 12, anchor: 'start', limit: 2000, subtitleColor: '#444444' },
} as const;

interface ShareRow {
  model: string;
  condition: string;
  order: number;
  outcome: string;
  rank: number;
  share: number;
}

function outcomeRows(model: ReportModel, stats: ReportStats, models: readonly string[], persona: string): ShareRow[] {
  const rows: ShareRow[] = [];
  for (const m of models) {
    let order = 0;
    for (const setup of model.setups)
      for (const variant of model.variants) {
        const cell = stats.outcomes.get(cellKey(m, setup, variant, persona, 'none'));
        order++;
        if (cell === undefined) continue;
        OUTCOMES.forEach((outcome, rank) => {
          const share = cell.get(`outcome_${outcome}`)?.value;
          if (share !== null && share !== undefined) rows.push({ model: m, condition: `${setup} ${variant}`, order, outcome, rank, share });
        });
      }
  }
  return rows;
}

function outcomeBars(title: { text: string; subtitle: string }, rows: ShareRow[], facetByModel: boolean): TopLevelSpec {
  const conditions = [...new Set(rows.sort((a, b) => a.order - b.order).map((r) => r.condition))];
  const bars = {
    mark: { type: 'bar' as const },
    encoding: {
      y: { field: 'condition', type: 'nominal' as const, sort: conditions, title: null },
      x: { field: 'share', type: 'quantitative' as const, title: 'share of responses', axis: { format: '.0%' }, scale: { domain: [0, 1] } },
      color: { field: 'outcome', type: 'nominal' as const, scale: OUTCOME_SCALE, title: 'Outcome' },
      order: { field: 'rank', type: 'quantitative' as const },
      tooltip: [{ field: 'outcome' }, { field: 'share', format: '.1%' }],
    },
  };
  const data = { values: rows };
  if (!facetByModel) return { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', title, data, width: 520, ...bars, config: BASE_CONFIG } as TopLevelSpec;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    data,
    facet: { row: { field: 'model', type: 'nominal', title: null, header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top' } } },
    spec: { width: 520, ...bars },
    config: BASE_CONFIG,
  } as TopLevelSpec;
}

export function figure2(model: ReportModel, stats: ReportStats): TopLevelSpec {
  return outcomeBars(heading('Figure 2: outcomes by setup, inferred vs stated', `generic persona, ${pooledWho(model)}`), outcomeRows(model, stats, [POOLED], 'generic'), false);
}

export function figure6(model: ReportModel, stats: ReportStats): TopLevelSpec {
  return outcomeBars(heading('Figure 6: outcomes per model', 'generic persona, by setup and variant'), outcomeRows(model, stats, model.models, 'generic'), true);
}

export function figure7(model: ReportModel, stats: ReportStats): TopLevelSpec {
  return outcomeBars(heading('Figure 7: outcomes under the support persona', `by setup and variant, ${pooledWho(model)}`), outcomeRows(model, stats, [POOLED], 'support'), false);
}

export function figure8(model: ReportModel, stats: ReportStats): TopLevelSpec {
  const types = ['capability', 'agentive', 'temporal'] as const;
  const rows: { condition: string; type: string; rank: number; share: number }[] = [];
  const conditions: string[] = [];
  for (const setup of model.setups)
    for (const variant of model.variants) {
      const cell = stats.cells.get(cellKey(POOLED, setup, variant, 'generic', 'none'));
      if (cell === undefined) continue;
      conditions.push(`${setup} ${variant}`);
      types.forEach((type, rank) => {
        const share = cell.get(`ecr_${type}`)?.value;
        if (share !== null && share !== undefined) rows.push({ condition: `${setup} ${variant}`, type, rank, share });
      });
    }
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: heading('Figure 8: empty commitments by primary failure type', `share of agent-initiated commitments, generic persona, ${pooledWho(model)}`),
    data: { values: rows },
    width: 520,
    mark: 'bar',
    encoding: {
      y: { field: 'condition', type: 'nominal', sort: conditions, title: null },
      x: { field: 'share', type: 'quantitative', title: 'share of agent-initiated commitments (a bar sums to the ECR)', axis: { format: '.0%' }, scale: { domain: [0, 1] } },
      color: { field: 'type', type: 'nominal', title: 'Primary failure', scale: { domain: [...types], range: types.map((t) => FAILURE_TYPE_COLOURS[t]) } },
      order: { field: 'rank', type: 'quantitative' },
    },
    config: BASE_CONFIG,
  } as TopLevelSpec;
}
