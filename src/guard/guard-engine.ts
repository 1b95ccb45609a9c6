/**
 * What the guard labels a turn with. Any checker fits that maps a turn record (SPEC §4) to a
 * label record, synchronously or not: the offline rules engine by default, an LLM engine later.
 */
import { check } from '../check/check.ts';
import type { TurnRecord } from '../check/turn-record.ts';
import type { LabelRecord } from '../core/types.ts';

export interface GuardEngine {
  label(turn: TurnRecord): LabelRecord | Promise<LabelRecord>;
  /**
   * Which replies the engine can read: `english` (the rules; a reply in another language or with
   * no text is `not_labelled` and never certified) or `any` (a model engine). Unset: `english`,
   * the safe assumption for an engine that does not say.
   */
  reads?: 'english' | 'any';
}

/** The rules engine of `felicity check`: deterministic, offline, no model call. */
export const rulesGuardEngine: GuardEngine = {
  label: (turn) => check(turn),
  reads: 'english',
};
