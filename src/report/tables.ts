/**
 * The paper's tables for any run: Table 5 (per model, the naive and scheduler setups), Table 12
 * (failure by request source and category per arm), Table 13 (every metric per cell, pooled rows
 * first) and the arms' paired differences (the numbers behind Figure 3).
 */
import type { Estimate } from '../stats/estimates.ts';
import type { Metric } from '../stats/metrics.ts';
import { BASE_ARM, cellKey, pooledWho, shownModels, type ReportModel } from './report-model.ts';
import { CELL_METRICS, DIFFERENCE_METRICS, pairKey, sliceKey, type ReportStats } from './report-stats.ts';
import type { Cell, Column, Interval, Table } from './table.ts';

const interval = (e: Estimate | undefined): Interval => (e === undefined ? { value: null, low: null, high: null } : { value: e.value, low: e.low, high: e.high });

const rate = (key: string, title: string): Column => ({ key, title, kind: 'rate' });

export function table13(model: ReportModel, stats: ReportStats): Table {
  const columns: Column[] = [
    { key: 'model', title: 'Model' },
    { key: 'setup', title: 'Setup' },
    { key: 'variant', title: 'Variant' },
    { key: 'persona', title: 'Persona' },
    { key: 'fix', title: 'Fix' },
    { key: 'n', title: 'n', kind: 'count' },
    ...CELL_METRICS.map((m: Metric) => rate(m.id, m.short)),
  ];
  const rows: Record<string, Cell>[] = [];
  for (const m of shownModels(model, 'first'))
    for (const setup of model.setups)
      for (const variant of model.variants)
        for (const persona of model.personas)
          for (const fix of model.fixes) {
            const cell = stats.cells.get(cellKey(m, setup, variant, persona, fix));
            if (cell === undefined) continue;
            const row: Record<string, Cell> = { model: m, setup, variant, persona, fix, n: cell.get('failure')!.denominator };
            for (const metric of CELL_METRICS) row[metric.id] = interval(cell.get(metric.id));
            rows.push(row);
          }
  return { id: 'table13', title: `Table 13: every metric (%) per model, setup, variant, persona and fix${model.models.length > 1 ? '; pooled rows first' : ''}`, columns, rows };
}

/** Table 5's columns: [setup, variant, metric, heading]. */
const TABLE5: readonly [string, string, string, string][] = [
  ['C0', 'inferred', 'failure', 'C0 inferred Fail.'],
  ['C0', 'inferred', 'false_claim', 'C0 inferred FC'],
  ['C0', 'stated', 'failure', 'C0 stated Fail.'],
  ['C2', 'inferred', 'failure', 'C2 inferred Fail.'],
  ['C2', 'inferred', 'unanchored_excl', 'C2 inferred Unanch. excl.'],
  ['C2', 'inferred', 'over_refusal', 'C2 inferred Over-ref.'],
];

export function table5(model: ReportModel, stats: ReportStats): Table {
  const columns: Column[] = [{ key: 'model', title: 'Model' }, ...TABLE5.map(([s, v, m, title]) => rate(`${s}_${v}_${m}`, title))];
  const rows = shownModels(model, 'last').map((m) => {
    const row: Record<string, Cell> = { model: m };
    for (const [setup, variant, metric] of TABLE5) row[`${setup}_${variant}_${metric}`] = interval(stats.cells.get(cellKey(m, setup, variant, 'generic', 'none'))?.get(metric));
    return row;
  });
  return {
    id: 'table5',
    title: 'Table 5: per model (%), generic persona: failure and false claims in C0-inferred, failure in C0-stated, failure, unanchored (clarifying replies left out) and over-refusal in C2-inferred',
    columns,
    rows,
  };
}

/** Setups Table 12 shows: the paper's C0 and C2 where the run has them, else every setup. */
function table12Setups(model: ReportModel): string[] {
  const paper = model.setups.filter((s) => s === 'C0' || s === 'C2');
  return paper.length > 0 ? paper : model.setups;
}

export function table12(model: ReportModel, stats: ReportStats): Table {
  const setups = table12Setups(model);
  const arms = model.arms;
  const columns: Column[] = [{ key: 'slice', title: 'Source / category' }];
  for (const setup of setups) for (const arm of arms) columns.push(rate(`${setup}_${arm}`, `${setup} ${arm}`));
  const values = (kind: 'source' | 'category') => [...new Set(model.items.map((i) => i.response[kind]))].sort();
  const rows: Record<string, Cell>[] = [];
  for (const kind of ['source', 'category'] as const)
    for (const value of values(kind)) {
      const row: Record<string, Cell> = { slice: `${kind}: ${value}` };
      for (const setup of setups) for (const arm of arms) row[`${setup}_${arm}`] = interval(stats.slices.get(sliceKey(setup, arm, kind, value))?.get('failure'));
      rows.push(row);
    }
  return { id: 'table12', title: `Table 12: failure rate (%) by request source and category, both personas, ${pooledWho(model)}, per setup and arm`, columns, rows };
}

export function armsTable(model: ReportModel, stats: ReportStats): Table {
  const columns: Column[] = [
    { key: 'model', title: 'Model' },
    { key: 'setup', title: 'Setup' },
    { key: 'persona', title: 'Persona' },
    { key: 'arm', title: 'Arm' },
    rate('failure_base', `Fail. ${BASE_ARM}`),
    rate('failure_arm', 'Fail. arm'),
    ...DIFFERENCE_METRICS.map((m) => ({ key: `delta_${m.id}`, title: `Δ ${m.short}`, kind: 'difference' as const })),
  ];
  const rows: Record<string, Cell>[] = [];
  for (const m of shownModels(model, 'first'))
    for (const setup of model.setups)
      for (const persona of model.personas)
        for (const arm of model.arms) {
          if (arm === BASE_ARM) continue;
          const d = stats.differences.get(pairKey(m, setup, persona, arm));
          if (d === undefined) continue;
          const failure = d.get('failure')!;
          const row: Record<string, Cell> = { model: m, setup, persona, arm, failure_base: failure.base, failure_arm: failure.arm };
          for (const metric of DIFFERENCE_METRICS) row[`delta_${metric.id}`] = d.get(metric.id)!;
          rows.push(row);
        }
  return { id: 'arms', title: 'Arms against the inferred baseline (percentage points, paired 95% intervals): each arm − inferred, same model, setup, persona and requests', columns, rows };
}

export function allTables(model: ReportModel, stats: ReportStats): Table[] {
  return [table5(model, stats), table12(model, stats), table13(model, stats), armsTable(model, stats)];
}

