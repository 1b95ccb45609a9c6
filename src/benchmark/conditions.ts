/**
 * The condition grid (paper §3.1): setups × variants × personas × fixes × models, and the lazy
 * enumeration of (request, condition, sample) tuples a run consists of.
 *
 * Order is request-major: every condition of one request comes before the next request, so a run
 * stopped half-way holds complete requests, which paired comparisons between conditions need.
 * The model varies fastest, so concurrent workers spread over the models' endpoints.
 */
import type { PersonaId, Variant } from '../setups/deployment.ts';

/**
 * Fixes (paper §4): none (the baseline), card (fix A: the capability card in the system prompt),
 * guard (fix C: detect and rewrite) and reanchor (make the missing call, then rewrite what still
 * fails). A fix is applied to the inferred variant only, as in the paper, so each fix arm pairs
 * with the inferred baseline of the same model, setup, persona and request.
 */
export const FIXES = ['none', 'card', 'guard', 'reanchor'] as const;
export type FixId = (typeof FIXES)[number];

/** Whether the grid holds this (variant, fix) pair: the baseline in every variant, fixes on inferred. */
export function crosses(variant: Variant, fix: FixId): boolean {
  return fix === 'none' || variant === 'inferred';
}

export interface Grid {
  /** Model specs as the user wrote them (`openai:gpt-4.1-mini`); also the stored model name. */
  models: string[];
  /** Setup references: built-in ids (C0–C4) or the ids of custom deployments. */
  setups: string[];
  variants: Variant[];
  personas: PersonaId[];
  fixes: FixId[];
  /** Samples per request and condition (1 in the paper's main run). */
  samples: number;
}

export interface Condition {
  setup: string;
  variant: Variant;
  persona: PersonaId;
  fix: FixId;
  model: string;
}

/** The minimum a tuple needs from a request record. */
export interface GridRequest {
  id: string;
}

export interface Tuple<R extends GridRequest = GridRequest> {
  request: R;
  condition: Condition;
  /** 0-based sample index. */
  sample: number;
  /** Unique within a run, stable across resumes: the key a finished tuple is found by. */
  responseId: string;
}

/** `C2/inferred/generic/none@openai:gpt-4.1-mini`: readable, and the same for the same condition. */
export function conditionKey(c: Condition): string {
  return `${c.setup}/${c.variant}/${c.persona}/${c.fix}@${c.model}`;
}

/** `<request>/<condition key>/s<sample>`: request first, so ids sort by request. */
export function responseId(requestId: string, c: Condition, sample: number): string {
  return `${requestId}/${conditionKey(c)}/s${sample}`;
}

export function* conditions(grid: Grid): Generator<Condition> {
  for (const setup of grid.setups)
    for (const variant of grid.variants)
      for (const persona of grid.personas)
        for (const fix of grid.fixes) {
          if (!crosses(variant, fix)) continue;
          for (const model of grid.models) yield { setup, variant, persona, fix, model };
        }
}

export function conditionCount(grid: Grid): number {
  let pairs = 0;
  for (const variant of grid.variants) for (const fix of grid.fixes) if (crosses(variant, fix)) pairs++;
  return grid.setups.length * pairs * grid.personas.length * grid.models.length;
}

export function tupleCount(grid: Grid, requests: number): number {
  return requests * conditionCount(grid) * grid.samples;
}

/** Every (request, condition, sample) of the run, one at a time; nothing is materialised. */
export function* tuples<R extends GridRequest>(requests: Iterable<R>, grid: Grid): Generator<Tuple<R>> {
  for (const request of requests)
    for (const condition of conditions(grid))
      for (let sample = 0; sample < grid.samples; sample++)
        yield { request, condition, sample, responseId: responseId(request.id, condition, sample) };
}
