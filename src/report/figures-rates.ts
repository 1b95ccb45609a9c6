/**
 * Rate figures with intervals as Vega-Lite specs: Figure 3 (Δ failure against Δ over-refusal per
 * arm, pooled with paired intervals, single models small), 9 (unanchored rate per model with
 * intervals) and 10 (commitment incidence and ECR per request category).
 */
import type { TopLevelSpec } from 'vega-lite';
import { BASE_CONFIG, heading } from './figures-outcomes.ts';
import { VARIANT_COLOURS, armColours } from './palette.ts';
import { BASE_ARM, POOLED, cellKey, pooledWho, shownModels, type ReportModel } from './report-model.ts';
import { pairKey, sliceKey, type ReportStats } from './report-stats.ts';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Point shapes of the arms, in arm order: overlapping arms stay told apart by shape as well as colour. */
const ARM_SHAPES = ['circle', 'square', 'diamond', 'triangle-up', 'triangle-down', 'cross', 'triangle-left', 'triangle-right'];

/**
 * Figure 3: the setups where some request is doable (over-refusal defined in the baseline). The
 * main points (pooled, or the one model of a single-model run) carry paired intervals; with
 * several models each model is a small point too. Points are hollow-centred with a solid
 * outline and drawn in arm order, so an arm lying on another still shows.
 */
export function figure3(model: ReportModel, stats: ReportStats): TopLevelSpec {
  const arms = model.arms.filter((a) => a !== BASE_ARM);
  const rows: Record<string, unknown>[] = [];
  const main = model.models.length === 1 ? model.models[0]! : POOLED;
  const shown = model.models.length === 1 ? model.models : [POOLED, ...model.models];
  for (const setup of model.setups)
    for (const m of shown)
      arms.forEach((arm, rank) => {
        const d = stats.differences.get(pairKey(m, setup, 'generic', arm));
        const f = d?.get('failure');
        const o = d?.get('over_refusal');
        if (f?.value == null || o?.value == null) return;
        rows.push({ setup, model: m, main: m === main, arm, rank, df: f.value, dfl: f.low, dfh: f.high, dor: o.value, dorl: o.low, dorh: o.high });
      });
  const colour = { field: 'arm', type: 'nominal', title: 'Arm', scale: { domain: arms, range: armColours(arms) } };
  const shape = { field: 'arm', type: 'nominal', title: 'Arm', scale: { domain: arms, range: arms.map((_, i) => ARM_SHAPES[i % ARM_SHAPES.length]!) } };
  const order = { field: 'rank', type: 'quantitative' };
  const x = { field: 'dor', type: 'quantitative', title: 'Δ over-refusal', axis: { format: '+.0%', tickCount: 5 }, scale: { nice: true, padding: 8 } };
  const y = { field: 'df', type: 'quantitative', title: 'Δ failure', axis: { format: '+.0%' }, scale: { nice: true, padding: 8 } };
  const isMain = { filter: 'datum.main' };
  const tooltip = [{ field: 'model' }, { field: 'arm' }, { field: 'df', title: 'Δ failure', format: '+.1%' }, { field: 'dor', title: 'Δ over-refusal', format: '+.1%' }];
  const subtitle = ['each arm − the inferred baseline, same requests, generic persona', model.models.length === 1 ? `${main}, with paired 95% intervals` : 'large: pooled over models, with paired 95% intervals; small: each model'];
  return {
    $schema: SCHEMA,
    title: { text: 'Figure 3: change in failure against change in over-refusal', subtitle },
    data: { values: rows },
    facet: { column: { field: 'setup', type: 'nominal', title: null } },
    spec: {
      width: 240,
      height: 240,
      layer: [
        { mark: { type: 'rule', color: '#999999', strokeDash: [3, 3] }, encoding: { y: { datum: 0 } } },
        { mark: { type: 'rule', color: '#999999', strokeDash: [3, 3] }, encoding: { x: { datum: 0 } } },
        { transform: [isMain], mark: { type: 'rule', strokeWidth: 1.5, opacity: 0.8 }, encoding: { x, y: { field: 'dfl', type: 'quantitative' }, y2: { field: 'dfh' }, color: colour, order } },
        { transform: [isMain], mark: { type: 'rule', strokeWidth: 1.5, opacity: 0.8 }, encoding: { y, x: { field: 'dorl', type: 'quantitative' }, x2: { field: 'dorh' }, color: colour, order } },
        { transform: [{ filter: '!datum.main' }], mark: { type: 'point', filled: true, size: 25, opacity: 0.6 }, encoding: { x, y, color: colour, shape, order, tooltip } },
        { transform: [isMain], mark: { type: 'point', filled: true, size: 110, fillOpacity: 0.35, strokeOpacity: 1, strokeWidth: 2 }, encoding: { x, y, color: colour, stroke: colour, shape, order, tooltip } },
      ],
    },
    config: { ...BASE_CONFIG, legend: { ...BASE_CONFIG.legend, columns: Math.min(arms.length, 4), symbolType: 'circle' } },
  } as TopLevelSpec;
}

/** Figure 9: the setups where some commitment needed an enabling call. */
export function figure9(model: ReportModel, stats: ReportStats): TopLevelSpec {
  const rows: Record<string, unknown>[] = [];
  for (const setup of model.setups)
    for (const m of shownModels(model, 'last'))
      for (const variant of model.variants) {
        const e = stats.cells.get(cellKey(m, setup, variant, 'generic', 'none'))?.get('unanchored');
        if (e?.value == null) continue;
        rows.push({ setup, model: m, variant, value: e.value, low: e.low, high: e.high });
      }
  const variants = model.variants;
  const colour = { field: 'variant', type: 'nominal', title: 'Variant', scale: { domain: variants, range: variants.map((v) => VARIANT_COLOURS[v as keyof typeof VARIANT_COLOURS] ?? '#777777') } };
  const y = { field: 'model', type: 'nominal', title: null, sort: shownModels(model, 'last') };
  // A rate of 0% or 100% is common here: the scale is padded so such a dot sits clear of the axis and the panel's edge.
  const x = { field: 'low', type: 'quantitative', title: 'unanchored rate', axis: { format: '.0%', values: [0, 0.25, 0.5, 0.75, 1] }, scale: { domain: [0, 1], nice: false, zero: false, padding: 10 } };
  const offset = { yOffset: { field: 'variant', type: 'nominal', sort: variants } };
  return {
    $schema: SCHEMA,
    title: heading('Figure 9: unanchored rate per model', 'clarifying replies included, generic persona, 95% intervals'),
    data: { values: rows },
    facet: { column: { field: 'setup', type: 'nominal', title: null } },
    spec: {
      width: 200,
      layer: [
        { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: { y, ...offset, x, x2: { field: 'high' }, color: colour } },
        { mark: { type: 'point', filled: true, size: 50 }, encoding: { y, ...offset, x: { field: 'value', type: 'quantitative' }, color: colour } },
      ],
    },
    config: BASE_CONFIG,
  } as TopLevelSpec;
}

/** Figure 10: C0-inferred when the run has it (else the first setup's baseline), both personas. */
export function figure10(model: ReportModel, stats: ReportStats): TopLevelSpec {
  const setup = model.setups.includes('C0') ? 'C0' : (model.setups[0] ?? 'C0');
  const categories = [...new Set(model.items.map((i) => i.response.category))].sort();
  const metrics = [
    { id: 'incidence', name: 'incidence (share of responses)' },
    { id: 'ecr', name: 'ECR (share of commitments that are empty)' },
  ];
  const rows: Record<string, unknown>[] = [];
  for (const category of categories)
    for (const metric of metrics) {
      const e = stats.slices.get(sliceKey(setup, BASE_ARM, 'category', category))?.get(metric.id);
      if (e?.value == null) continue;
      rows.push({ category, metric: metric.name, value: e.value, low: e.low, high: e.high });
    }
  const colour = { field: 'metric', type: 'nominal', title: null, scale: { domain: metrics.map((m) => m.name), range: ['#0072B2', '#D55E00'] } };
  const x = { field: 'category', type: 'nominal', title: null, sort: categories, axis: { labelAngle: 0 } };
  const offset = { xOffset: { field: 'metric', type: 'nominal', sort: metrics.map((m) => m.name) } };
  return {
    $schema: SCHEMA,
    title: heading('Figure 10: commitment incidence and empty-commitment rate per category', `${setup} inferred, both personas, ${pooledWho(model)}, 95% intervals`),
    data: { values: rows },
    width: 560,
    height: 240,
    layer: [
      { mark: 'bar', encoding: { x, ...offset, y: { field: 'value', type: 'quantitative', title: 'rate', axis: { format: '.0%' }, scale: { domain: [0, 1] } }, color: colour } },
      { mark: { type: 'rule', color: 'black' }, encoding: { x, ...offset, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } } },
    ],
    config: { ...BASE_CONFIG, legend: { ...BASE_CONFIG.legend, columns: 1, labelLimit: 500 } },
  } as TopLevelSpec;
}
