/**
 * What the guard labels a turn with. Any checker fits that maps a turn record (SPEC §4) to a
 * label record, synchronously or not: the offline rules engine by default, or the hybrid engine
 * (hybrid-guard-engine.ts), which asks a judge model for the replies the rules cannot read.
 */
import { check } from '../check/check.ts';
import type { Explanation } from '../check/explanation.ts';
import type { TurnRecord } from '../check/turn-record.ts';
import type { LabelRecord } from '../core/types.ts';
import type { Usage } from '../llm/chat-model.ts';
import type { Deployment } from '../setups/deployment.ts';

/** What one labelling call may carry: a deadline, where the model calls and tokens it spends are counted, the deployment when the record names none. */
export interface EngineCall {
  signal?: AbortSignal;
  onUsage?: (usage: Usage, calls: number) => void;
  setup?: Deployment;
}

/** A judge model's label of one turn, and what it cost. */
export interface ModelJudgment {
  label: LabelRecord;
  explanation: Explanation;
  usage: Usage;
  /** Model calls made (repairs included; none when every judgment was cached). */
  calls: number;
}

export interface GuardEngine {
  label(turn: TurnRecord, call?: EngineCall): LabelRecord | Promise<LabelRecord>;
  /**
   * Which replies the engine can read: `english` (the rules; a reply in another language or with
   * no text is `not_labelled` and never certified) or `any` (a model reads every language; a
   * reply with no text is still `not_labelled`). Unset: `english`, the safe assumption for an
   * engine that does not say.
   */
  reads?: 'english' | 'any';
  /**
   * The judge model's label of a turn whose reply the rules cannot read (not English), for the
   * proxy and the integrations, which label with the rules first and call this only for such a
   * reply. Set by the hybrid engine; throws JudgeModelError when the model fails.
   */
  judgeUnreadable?(turn: TurnRecord, call?: EngineCall): Promise<ModelJudgment>;
}

/** The rules engine of `felicity check`: deterministic, offline, no model call. */
export const rulesGuardEngine: GuardEngine = {
  label: (turn) => check(turn),
  reads: 'english',
};
