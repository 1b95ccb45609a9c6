/**
 * The condition grid (paper §3.1): setups × variants × personas × fixes × models, and the lazy
 * enumeration of (request, condition, sample) tuples a run consists of.
 *
 * Order is request-major: every condition of one request comes before the next request, so a run
 * stopped half-way holds complete requests, which paired comparisons between conditions need.
 * The model varies fastest, so concurrent workers spread over the models' endpoints.
 */
import type { PersonaId, Variant } from '../setups/deployment.ts';

/** Fixes (paper §4). Only the baseline exists so far; A (card) and C (guard) come later. */
export const FIXES = ['none'] as const;
export type FixId = (typeof FIXES)[number];

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
        for (const fix of grid.fixes) for (const model of grid.models) yield { setup, variant, persona, fix, model };
}

export function conditionCount(grid: Grid): number {
  return grid.setups.length * grid.variants.length * grid.personas.length * grid.fixes.length * grid.models.length;
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
