/**
 * The judge model failed on a reply the rules cannot read (hybrid engine): the guard's on-error
 * policy decides what is sent. On its own so the guard can tell it apart without loading the judge.
 */
import type { Usage } from '../llm/chat-model.ts';
import type { ModelError } from '../llm/model-error.ts';

export class JudgeModelError extends Error {
  override readonly name = 'JudgeModelError';
  readonly code = 'judge_model_failed';
  constructor(
    /** The failed call (or, for an answer that broke its schema after its repair, `bad_response`). */
    readonly error: ModelError,
    /** What the judge spent before it failed. */
    readonly usage: Usage,
  ) {
    super(`the judge model failed (${error.kind}: ${error.message})`);
  }

  static isInstance(value: unknown): value is JudgeModelError {
    return value instanceof Error && value.name === 'JudgeModelError' && (value as { code?: unknown }).code === 'judge_model_failed';
  }
}
