/**
 * A checking engine: one way of labelling a turn record. `rules` is offline and deterministic;
 * `llm` asks a judge model for every turn (paper §3.4); `hybrid` runs the rules and asks the model
 * only for turns the rules are unsure of (hybrid-triggers.ts). All three return the same label
 * record (SPEC §4), derive the outcome in the core, and count what they did.
 */
import type { LabelRecord } from '../../core/types.ts';
import type { CheckOptions } from '../check.ts';
import type { Explanation } from '../explanation.ts';
import type { JudgeStats } from '../llm/judge-stats.ts';
import type { HybridTrigger } from './hybrid-triggers.ts';

export const ENGINE_KINDS = ['rules', 'llm', 'hybrid'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

export interface EngineLabel {
  label: LabelRecord;
  explanation: Explanation;
  /** Whether a model judged this turn (always for llm, never for rules). */
  sentToModel: boolean;
  /** Why the hybrid engine sent it (empty otherwise). */
  triggers: HybridTrigger[];
}

export type EngineCheckOptions = CheckOptions & { signal?: AbortSignal };

/** What a judging pass would cost, before any call (`--dry-run`). */
export interface TurnPlan {
  /** The judgments the pass would ask the model for, by cache key with rough prompt tokens (characters / 4); residual feasibility calls depend on the detector's answer and are not known yet. */
  calls: { key: string; promptTokens: number }[];
  /** Judgments the cache already holds. */
  cached: number;
  sentToModel: boolean;
  /** Why the hybrid engine would send the turn (empty otherwise). */
  triggers: HybridTrigger[];
}

export interface CheckEngine {
  readonly kind: EngineKind;
  /** Name and version, the key stored judgments are kept under ("rules@1", "llm(ollama:qwen3:8b)@1a2b3c4d"). */
  readonly name: string;
  /** SHA-256 of each prompt the engine may use; empty for rules. */
  readonly promptHashes: Record<string, string>;
  /** Judgments this engine can run at once (model calls are limited further per endpoint). */
  readonly concurrency: number;
  label(turn: unknown, options?: EngineCheckOptions): Promise<EngineLabel>;
  /** Asynchronous: whether a judgment is cached may be asked of a database. */
  plan(turn: unknown, options?: EngineCheckOptions): Promise<TurnPlan>;
  /** Calls, cache hits and tokens per stage; null for rules. */
  readonly stats: JudgeStats | null;
  readonly routing: Routing;
}

/** How many labelled turns a model judged, and why (the hybrid engine's share). */
export class Routing {
  turns = 0;
  sentToModel = 0;
  readonly byTrigger = new Map<HybridTrigger, number>();

  add(sent: boolean, triggers: readonly HybridTrigger[]): void {
    this.turns++;
    if (sent) this.sentToModel++;
    for (const t of triggers) this.byTrigger.set(t, (this.byTrigger.get(t) ?? 0) + 1);
  }

  format(): string {
    const share = this.turns === 0 ? 'n/a' : `${((100 * this.sentToModel) / this.turns).toFixed(1)}%`;
    const why = [...this.byTrigger].map(([t, n]) => `${t} ${n}`).join(', ');
    return `${this.sentToModel} of ${this.turns} turns sent to the model (${share})${why ? `: ${why}` : ''}`;
  }
}
