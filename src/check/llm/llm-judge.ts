/**
 * The three model judges behind one object: each builds its input, looks it up in the cache,
 * asks the model only on a miss, and counts what it did. The prompts' hashes and the model's
 * spec are part of every cache key.
 */
import { ZERO_USAGE, type ChatModel, type SamplingParams } from '../../llm/chat-model.ts';
import { modelIdentity } from '../../llm/model-identity.ts';
import type { Commitment } from '../../core/types.ts';
import { cacheKey, type JudgeCache } from '../judge-cache.ts';
import { renderSections, type DeploymentCard, type ToolLine, type TurnInput } from './judge-inputs.ts';
import { JudgeStats } from './judge-stats.ts';
import { JudgmentFailedError } from './judgment-failed-error.ts';
import type { PromptSet, Stage } from './prompts.ts';
import { SCHEMAS, type DetectorAnswer, type FeasibilityAnswer, type ResponseAnswer, type StageSchema } from './schemas.ts';
import { askForJson } from './structured-output.ts';

/** Judges label; they do not write: temperature 0 and thinking off wherever the server allows. */
export const DEFAULT_JUDGE_PARAMS: SamplingParams = { temperature: 0, thinking: false };

export function detectorSections(input: TurnInput): Record<string, unknown> {
  return { user_message: input.user, assistant_turn: input.turn };
}

export function feasibilitySections(card: DeploymentCard, input: TurnInput, commitment: Commitment): Record<string, unknown> {
  return { deployment_card: card, user_message: input.user, assistant_turn: input.turn, commitment };
}

export function responseSections(tools: ToolLine[], input: TurnInput): Record<string, unknown> {
  return { tools, user_message: input.user, assistant_turn: input.turn };
}

export interface LlmJudgeOptions {
  model: ChatModel;
  prompts: PromptSet;
  cache: JudgeCache;
  params?: SamplingParams;
  stats?: JudgeStats;
}

export class LlmJudge {
  readonly model: ChatModel;
  /** The judge model without where it is served: the key judgments are cached and named under. */
  readonly identity: string;
  readonly prompts: PromptSet;
  readonly params: SamplingParams;
  readonly stats: JudgeStats;
  private readonly cache: JudgeCache;
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(options: LlmJudgeOptions) {
    this.model = options.model;
    this.identity = modelIdentity(options.model.spec);
    this.prompts = options.prompts;
    this.cache = options.cache;
    this.params = options.params ?? DEFAULT_JUDGE_PARAMS;
    this.stats = options.stats ?? new JudgeStats();
  }

  /** Setup-blind: the user's message and the turn only. */
  detect(input: TurnInput, signal?: AbortSignal): Promise<DetectorAnswer> {
    return this.judge('detector', SCHEMAS.detector, detectorSections(input), signal);
  }

  feasibility(card: DeploymentCard, input: TurnInput, commitment: Commitment, signal?: AbortSignal): Promise<FeasibilityAnswer> {
    return this.judge('feasibility', SCHEMAS.feasibility, feasibilitySections(card, input, commitment), signal);
  }

  respond(tools: ToolLine[], input: TurnInput, signal?: AbortSignal): Promise<ResponseAnswer> {
    return this.judge('response', SCHEMAS.response, responseSections(tools, input), signal);
  }

  /** What one judgment would send, and whether the cache already holds it, without asking (`--dry-run`). */
  async plan(stage: Stage, sections: Record<string, unknown>): Promise<{ key: string; cached: boolean; promptChars: number }> {
    const key = this.keyOf(stage, sections);
    const promptChars = this.prompts[stage].text.length + renderSections(sections).length + JSON.stringify(SCHEMAS[stage].json).length;
    return { key, cached: (await this.cache.get(key)) !== undefined, promptChars };
  }

  private keyOf(stage: Stage, sections: Record<string, unknown>): string {
    return cacheKey({ stage, prompt_hash: this.prompts[stage].hash, model: this.identity, params: this.params, input: sections });
  }

  private async judge<T>(stage: Stage, schema: StageSchema<T>, sections: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
    const key = this.keyOf(stage, sections);
    // The same judgment already being looked up or asked (identical turns judged at once) is
    // awaited, not asked twice. Registered before the cache lookup (which awaits), so a second
    // identical turn never slips in between the lookup and the call.
    const pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (pending !== undefined) {
      const value = await pending;
      this.stats.record(stage, { calls: 0, cached: true, failed: false, usage: ZERO_USAGE });
      return value;
    }
    const answer = this.lookUpOrAsk(stage, schema, sections, key, signal);
    this.inFlight.set(key, answer);
    try {
      return await answer;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async lookUpOrAsk<T>(stage: Stage, schema: StageSchema<T>, sections: Record<string, unknown>, key: string, signal?: AbortSignal): Promise<T> {
    const hit = await this.cache.get(key);
    if (hit !== undefined) {
      // A cached value was valid when stored; checking it again guards against a hand-edited cache.
      const parsed = schema.zod.safeParse(hit.value);
      if (parsed.success) {
        this.stats.record(stage, { calls: 0, cached: true, failed: false, usage: ZERO_USAGE });
        return parsed.data;
      }
    }
    return this.ask(stage, schema, sections, key, signal);
  }

  private async ask<T>(stage: Stage, schema: StageSchema<T>, sections: Record<string, unknown>, key: string, signal?: AbortSignal): Promise<T> {
    const result = await askForJson(this.model, {
      system: this.prompts[stage].text,
      user: renderSections(sections),
      schema,
      params: this.params,
      ...(signal ? { signal } : {}),
    });
    this.stats.record(stage, { calls: result.calls, cached: false, failed: !result.ok, usage: result.usage });
    if (!result.ok) throw new JudgmentFailedError(stage, result.failure.reason, result.failure.message, result.failure.raw);
    await this.cache.put({ key, stage, prompt_hash: this.prompts[stage].hash, model: this.identity, value: result.value, usage: result.usage });
    return result.value;
  }
}
