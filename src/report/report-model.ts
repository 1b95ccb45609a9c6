/**
 * The report's view of a set of responses: the judged ones as clustered metric inputs (one
 * cluster per request), the counts of what was left out, the conditions in display order, and
 * the arms (stated variant and each fix) compared with the inferred baseline.
 */
import type { BootstrapOptions } from '../stats/cluster-bootstrap.ts';
import type { ClusteredInput } from '../stats/estimates.ts';
import type { ReportResponse } from './report-response.ts';

export interface ReportItem extends ClusteredInput {
  response: ReportResponse;
}

export interface ReportModel {
  items: ReportItem[];
  clusters: number;
  total: number;
  /** Failed model calls: kept out of every rate, reported as a count. */
  errored: number;
  /** Responses without a label from the engine (not errored). */
  unlabelled: number;
  models: string[];
  setups: string[];
  variants: string[];
  personas: string[];
  fixes: string[];
  arms: string[];
  options: BootstrapOptions;
}

export const POOLED = 'Pooled';
/** The baseline arm (inferred variant, no fix) is called what it is everywhere: `inferred`. */
export const BASE_ARM = 'inferred';

/** The arm of a (variant, fix): the inferred baseline, the stated variant, or a fix. */
export function armOf(variant: string, fix: string): string {
  if (fix === 'none') return variant === 'inferred' ? BASE_ARM : variant;
  return variant === 'inferred' ? fix : `${variant}+${fix}`;
}

const ORDER: Record<string, number> = { inferred: 0, stated: 1, generic: 0, support: 1, none: 0 };
function ordered(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (ORDER[a] ?? 9) - (ORDER[b] ?? 9) || a.localeCompare(b));
}

export function buildModel(responses: readonly ReportResponse[], options: BootstrapOptions): ReportModel {
  const requests = [...new Set(responses.map((r) => r.request))].sort();
  const clusterOf = new Map(requests.map((id, i) => [id, i]));
  const items: ReportItem[] = [];
  let errored = 0;
  let unlabelled = 0;
  for (const response of responses) {
    if (response.error !== null) errored++;
    else if (response.label === null) unlabelled++;
    else {
      const { outcome, booleans, commitments } = response.label;
      items.push({ cluster: clusterOf.get(response.request)!, outcome, booleans, commitments, doability: response.doability, response });
    }
  }
  const judged = items.map((i) => i.response);
  return {
    items,
    clusters: requests.length,
    total: responses.length,
    errored,
    unlabelled,
    models: ordered(judged.map((r) => r.model)),
    setups: ordered(judged.map((r) => r.setup)),
    variants: ordered(judged.map((r) => r.variant)),
    personas: ordered(judged.map((r) => r.persona)),
    fixes: ordered(judged.map((r) => r.fix)),
    arms: ordered(judged.map((r) => armOf(r.variant, r.fix))),
    options,
  };
}

/**
 * The model rows a table or figure shows: each model and the pool over them, or the one model
 * alone when there is only one (its pooled row would repeat it).
 */
export function shownModels(model: Pick<ReportModel, 'models'>, pooled: 'first' | 'last'): string[] {
  if (model.models.length <= 1) return [...model.models];
  return pooled === 'first' ? [POOLED, ...model.models] : [...model.models, POOLED];
}

/** Whose responses a pooled figure shows, in words: the one model, or the pool. */
export function pooledWho(model: Pick<ReportModel, 'models'>): string {
  return model.models.length === 1 ? model.models[0]! : `pooled over ${model.models.length} models`;
}

/** A key naming one cell; POOLED or `*` stands for a pooled part. Model names may hold `/`. */
export function cellKey(model: string, setup: string, variant: string, persona: string, fix: string): string {
  return [model, setup, variant, persona, fix].join('\u241f');
}
