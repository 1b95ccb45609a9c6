/**
 * Executes a run's tuples with the agent turn loop: the condition's setup (built in or the
 * user's), persona, variant and fix, the request's context and text, the run's sampling
 * settings. The card arm changes the system prompt; the guard and reanchor arms pass the
 * finished turn to the guard.
 */
import type { GuardEngine } from '../guard/index.ts';
import type { ChatModel, SamplingParams } from '../llm/chat-model.ts';
import { runTurn } from '../llm/turn-loop.ts';
import type { PromptFix } from '../setups/system-prompt.ts';
import type { FixId } from './conditions.ts';
import { gridDeployment, type GridDeployments } from './grid-setups.ts';
import { GUARD_ARMS, runGuardArm } from './fixes/guard-arm.ts';
import type { RunConfig } from './run-config.ts';
import type { RunnerRequest, TurnExecutor } from './runner.ts';

export interface ExecutableRequest extends RunnerRequest {
  context: string;
  request: string;
}

export interface ExecutorOptions {
  /** The users' deployments in the grid (RunConfig.deployments); other setups are built in. */
  deployments?: GridDeployments;
  /** What the guard and reanchor arms label replies with; the rules engine by default. */
  guardEngine?: GuardEngine;
}

/** The run's sampling settings as the model client takes them (unset fields left to the server). */
export function samplingParams(sampling: RunConfig['sampling']): SamplingParams {
  return {
    temperature: sampling.temperature,
    ...(sampling.max_tokens === null ? {} : { max_tokens: sampling.max_tokens }),
    ...(sampling.seed === null ? {} : { seed: sampling.seed }),
    ...(sampling.thinking ? {} : { thinking: false }),
  };
}

/** The system-prompt change a fix makes: only the card has one. */
export function promptFixOf(fix: FixId): PromptFix {
  return fix === 'card' ? 'A' : 'none';
}

/** @param models one client per model spec of the grid, created (and closed) by the caller. */
export function turnExecutor<R extends ExecutableRequest>(
  models: ReadonlyMap<string, ChatModel>,
  sampling: RunConfig['sampling'],
  options: ExecutorOptions = {},
): TurnExecutor<R> {
  const params = samplingParams(sampling);
  return async ({ request, condition, responseId }, signal) => {
    const model = models.get(condition.model);
    const deployment = gridDeployment(condition.setup, options.deployments);
    if (model === undefined || deployment === undefined) {
      throw new Error(`no ${model === undefined ? `model client for ${condition.model}` : `setup ${condition.setup}`}`);
    }
    const turn = await runTurn(
      model,
      { deployment, persona: condition.persona, variant: condition.variant, fix: promptFixOf(condition.fix), context: request.context, request: request.request },
      { params, signal },
    );
    const policy = GUARD_ARMS[condition.fix];
    if (turn.error === undefined && policy !== undefined) {
      return runGuardArm({
        fix: condition.fix,
        policy,
        turn,
        model,
        deployment,
        persona: condition.persona,
        category: request.category,
        params,
        signal,
        id: responseId,
        ...(options.guardEngine === undefined ? {} : { engine: options.guardEngine }),
      });
    }
    return {
      messages: turn.messages,
      usage: { ...turn.usage },
      latency_ms: turn.latency_ms,
      ...(turn.error === undefined ? {} : { error: turn.error }),
    };
  };
}
