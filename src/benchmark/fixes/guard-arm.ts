/**
 * The `guard` and `reanchor` arms of a run: the finished turn goes through `guardTurn` (the same
 * code path applications call), and the response keeps the guarded turn, the summed usage and
 * time, and every step the guard took.
 */
import type { Category } from '../../core/types.ts';
import { guardTurn, type GuardEngine, type GuardPolicy } from '../../guard/index.ts';
import { addUsage, type ChatModel, type SamplingParams } from '../../llm/chat-model.ts';
import type { TurnResult } from '../../llm/turn-loop.ts';
import type { Deployment, PersonaId } from '../../setups/deployment.ts';
import type { FixId } from '../conditions.ts';
import type { TurnOutput } from '../runner.ts';

/** The fix arms that act on the finished reply, and the guard policy each one is. */
export const GUARD_ARMS: Partial<Record<FixId, GuardPolicy>> = { guard: 'rewrite', reanchor: 'reanchor' };

export interface GuardArmInput {
  fix: FixId;
  policy: GuardPolicy;
  turn: TurnResult;
  model: ChatModel;
  deployment: Deployment;
  persona: PersonaId;
  category: Category;
  engine?: GuardEngine;
  params: SamplingParams;
  signal: AbortSignal;
  id: string;
}

export async function runGuardArm(input: GuardArmInput): Promise<TurnOutput> {
  const { turn } = input;
  const guarded = await guardTurn({
    deployment: input.deployment,
    persona: input.persona,
    category: input.category,
    messages: turn.messages,
    model: input.model,
    policy: input.policy,
    params: input.params,
    signal: input.signal,
    // A measurement, not a user waiting: the arm waits for every call (each bounded by the run's
    // own per-request timeout and retries), as the paper's fix C does.
    timeoutMs: Number.POSITIVE_INFINITY,
    id: input.id,
    ...(input.engine === undefined ? {} : { engine: input.engine }),
  });
  const output: TurnOutput = {
    messages: guarded.messages,
    usage: { ...addUsage(turn.usage, guarded.usage) },
    latency_ms: turn.latency_ms + guarded.latency_ms,
    fix_steps: {
      fix: input.fix,
      action: guarded.action,
      extra_calls: guarded.model_calls,
      steps: {
        policy: input.policy,
        flagged: guarded.flagged,
        ...(guarded.fallback === undefined ? {} : { fallback: guarded.fallback }),
        before: guarded.before.outcome,
        after: guarded.after.outcome,
        reason: guarded.reason,
        engine: guarded.before.engine,
        prompts: guarded.prompts,
        usage: guarded.usage,
        steps: guarded.steps,
      },
    },
  };
  if (guarded.error !== undefined) {
    const { kind, message, status } = guarded.error;
    output.error = { kind, message: `guard: ${message}`, status };
  }
  return output;
}
