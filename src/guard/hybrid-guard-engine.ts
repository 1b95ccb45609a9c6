/**
 * The hybrid guard engine: the rules label every reply, and a reply they cannot read (not in
 * English) is labelled by a judge model instead, with the model engine of `felicity check --engine
 * llm`. Such a reply is then certified only when the model finds no failure, and its label names
 * the model (`engine.detector` is `llm(…)`). A reply in English never reaches the model; a reply
 * with no text has nothing for a model to read either and stays `not_labelled`.
 */
import { check } from '../check/check.ts';
import { llmEngine } from '../check/engines/llm-engine.ts';
import { NO_CACHE, type JudgeCache } from '../check/judge-cache.ts';
import { JudgeStats } from '../check/llm/judge-stats.ts';
import { JudgmentFailedError } from '../check/llm/judgment-failed-error.ts';
import { LlmJudge } from '../check/llm/llm-judge.ts';
import { loadPrompts, promptSetTag, type Stage } from '../check/llm/prompts.ts';
import type { TurnRecord } from '../check/turn-record.ts';
import type { LabelRecord } from '../core/types.ts';
import { addUsage, ZERO_USAGE, type ChatModel, type SamplingParams } from '../llm/chat-model.ts';
import type { ModelError } from '../llm/model-error.ts';
import { modelIdentity } from '../llm/model-identity.ts';
import type { EngineCall, GuardEngine, ModelJudgment } from './guard-engine.ts';
import { JudgeModelError } from './judge-model-error.ts';
import { unreadableReason } from './unreadable.ts';

export { JudgeModelError } from './judge-model-error.ts';

export interface HybridGuardEngineOptions {
  /** The judge model (createChatModel); the caller closes it. */
  judgeModel: ChatModel;
  /** Where judgments are kept; none by default (a proxy would otherwise grow without bound). */
  cache?: JudgeCache;
  params?: SamplingParams;
  /** Replaces the text of some judge prompts. */
  prompts?: Partial<Record<Stage, string>>;
}

export interface HybridGuardEngine extends GuardEngine {
  readonly kind: 'hybrid';
  /** `hybrid(rules+llm(<model>)@<prompts>)`, without the server's address. */
  readonly name: string;
  /** The judge's calls, cache hits and tokens so far, per stage. */
  readonly stats: JudgeStats;
  reads: 'any';
  judgeUnreadable(turn: TurnRecord, call?: EngineCall): Promise<ModelJudgment>;
}

export function hybridGuardEngine(options: HybridGuardEngineOptions): HybridGuardEngine {
  const prompts = loadPrompts(options.prompts);
  const stats = new JudgeStats();
  const cache = options.cache ?? NO_CACHE;
  const judgeUnreadable = async (turn: TurnRecord, call: EngineCall = {}): Promise<ModelJudgment> => {
    // A judge per reply over a counting view of the shared model: what it spends is this reply's.
    let usage = ZERO_USAGE;
    let calls = 0;
    let failed: ModelError | undefined;
    const counted: ChatModel = {
      spec: options.judgeModel.spec,
      provider: options.judgeModel.provider,
      close: async () => undefined,
      async complete(request, signal) {
        const result = await options.judgeModel.complete(request, signal);
        calls++;
        if (result.ok) usage = addUsage(usage, result.usage);
        else failed = result.error;
        return result;
      },
    };
    const judge = new LlmJudge({ model: counted, prompts, cache, stats, ...(options.params === undefined ? {} : { params: options.params }) });
    try {
      const { label, explanation } = await llmEngine(judge, 1).label(turn, { ...(call.setup === undefined ? {} : { setup: call.setup }), ...(call.signal === undefined ? {} : { signal: call.signal }) });
      return { label, explanation, usage, calls };
    } catch (error) {
      if (!JudgmentFailedError.isInstance(error)) throw error;
      throw new JudgeModelError(failed ?? { kind: 'bad_response', status: null, message: error.message.slice(0, 300), attempts: calls }, usage);
    } finally {
      if (calls > 0) call.onUsage?.(usage, calls);
    }
  };
  return {
    kind: 'hybrid',
    name: `hybrid(rules+llm(${modelIdentity(options.judgeModel.spec)})@${promptSetTag(prompts)})`,
    stats,
    reads: 'any',
    judgeUnreadable,
    async label(turn: TurnRecord, call: EngineCall = {}): Promise<LabelRecord> {
      const rules = check(turn, call.setup === undefined ? {} : { setup: call.setup });
      if (unreadableReason(rules, turn.messages) !== 'language') return rules;
      return (await judgeUnreadable(turn, call)).label;
    },
  };
}
