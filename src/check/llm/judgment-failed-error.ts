/**
 * A model judgment that stayed invalid after its one repair (or whose call failed): the turn
 * gets no label from this engine. Carries the stage and why, never a default answer.
 */
import type { JudgmentFailureReason } from './structured-output.ts';
import type { Stage } from './prompts.ts';

export class JudgmentFailedError extends Error {
  override readonly name = 'JudgmentFailedError';
  readonly code = 'judgment_failed';
  constructor(
    readonly stage: Stage,
    readonly reason: JudgmentFailureReason,
    readonly detail: string,
    /** The model's last answer, bounded; null when none came. */
    readonly raw: string | null,
  ) {
    super(`${stage} judgment failed (${reason}): ${detail}`);
  }

  static isInstance(error: unknown): error is JudgmentFailedError {
    return error instanceof Error && error.name === 'JudgmentFailedError' && (error as { code?: unknown }).code === 'judgment_failed';
  }
}
