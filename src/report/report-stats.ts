/**
 * Everything the tables and figures show, computed once: every metric per cell (model or pooled
 * × setup × variant × persona × fix) with intervals, the outcome distribution per cell, failure
 * and incidence per request source and category, and the arms' paired differences.
 */
import { estimateGroups, pairedDifferences, type ArmPair, type Difference, type GroupEstimates } from '../stats/estimates.ts';
import { METRICS, OUTCOME_SHARES, TABLE13_METRICS, type Metric } from '../stats/metrics.ts';
import { BASE_ARM, POOLED, armOf, cellKey, type ReportItem, type ReportModel } from './report-model.ts';

export interface ReportStats {
  cells: GroupEstimates;
  outcomes: GroupEstimates;
  slices: GroupEstimates;
  differences: Map<string, Map<string, Difference>>;
}

export const CELL_METRICS: readonly Metric[] = [...TABLE13_METRICS, METRICS.ecr_capability, METRICS.ecr_agentive, METRICS.ecr_temporal];
export const SLICE_METRICS: readonly Metric[] = [METRICS.failure, METRICS.incidence, METRICS.ecr];
export const DIFFERENCE_METRICS: readonly Metric[] = [METRICS.failure, METRICS.over_refusal, METRICS.unanchored_excl, METRICS.unanchored];
/** Both personas pooled. */
export const BOTH = '*';

export function sliceKey(setup: string, arm: string, kind: 'source' | 'category' | 'all', value: string): string {
  return [setup, arm, kind, value].join('\u241f');
}

export function pairKey(model: string, setup: string, persona: string, arm: string): string {
  return [model, setup, persona, arm].join('\u241f');
}

/** The cell and pooled-over-models cell an item counts in. */
export function cellsOf(item: ReportItem): string[] {
  const r = item.response;
  return [cellKey(r.model, r.setup, r.variant, r.persona, r.fix), cellKey(POOLED, r.setup, r.variant, r.persona, r.fix)];
}

function slicesOf(item: ReportItem): string[] {
  const r = item.response;
  const arm = armOf(r.variant, r.fix);
  return [sliceKey(r.setup, arm, 'source', r.source), sliceKey(r.setup, arm, 'category', r.category), sliceKey(r.setup, arm, 'all', '')];
}

/**
 * Each arm against the inferred baseline of the same model, setup and persona, on the same
 * requests: only responses whose counterpart exists in the other arm take part.
 */
export function armPairs(model: ReportModel): ArmPair<ReportItem>[] {
  const byArm = new Map<string, ReportItem[]>();
  for (const item of model.items) {
    const r = item.response;
    const key = pairKey(r.model, r.setup, r.persona, armOf(r.variant, r.fix));
    let list = byArm.get(key);
    if (list === undefined) byArm.set(key, (list = []));
    list.push(item);
  }
  const pairs: ArmPair<ReportItem>[] = [];
  const pooled = new Map<string, { arm: ReportItem[]; base: ReportItem[] }>();
  for (const m of model.models)
    for (const setup of model.setups)
      for (const persona of model.personas) {
        const base = byArm.get(pairKey(m, setup, persona, BASE_ARM));
        if (base === undefined) continue;
        for (const arm of model.arms) {
          if (arm === BASE_ARM) continue;
          const armItems = byArm.get(pairKey(m, setup, persona, arm));
          if (armItems === undefined) continue;
          const inBase = new Set(base.map((i) => i.response.request));
          const inArm = new Set(armItems.map((i) => i.response.request));
          const pair = { arm: armItems.filter((i) => inBase.has(i.response.request)), base: base.filter((i) => inArm.has(i.response.request)) };
          pairs.push({ key: pairKey(m, setup, persona, arm), ...pair });
          const pk = pairKey(POOLED, setup, persona, arm);
          const acc = pooled.get(pk) ?? { arm: [], base: [] };
          acc.arm.push(...pair.arm);
          acc.base.push(...pair.base);
          pooled.set(pk, acc);
        }
      }
  for (const [key, pair] of pooled) pairs.push({ key, ...pair });
  return pairs;
}

/** Each pooled cell is the union of the same cell of every model. */
export function pooledUnions(model: ReportModel): Map<string, string[]> {
  const unions = new Map<string, string[]>();
  for (const setup of model.setups)
    for (const variant of model.variants)
      for (const persona of model.personas)
        for (const fix of model.fixes) unions.set(cellKey(POOLED, setup, variant, persona, fix), model.models.map((m) => cellKey(m, setup, variant, persona, fix)));
  return unions;
}

export function computeStats(model: ReportModel): ReportStats {
  const { items, clusters, options } = model;
  return {
    cells: estimateGroups(items, clusters, cellsOf, CELL_METRICS, options, pooledUnions(model)),
    outcomes: estimateGroups(items, clusters, cellsOf, Object.values(OUTCOME_SHARES), { ...options, reps: 0 }),
    slices: estimateGroups(items, clusters, slicesOf, SLICE_METRICS, options),
    differences: pairedDifferences(armPairs(model), clusters, DIFFERENCE_METRICS, options),
  };
}
