/**
 * An engine from its CLI name and options: `rules` needs nothing; `llm` and `hybrid` need a judge
 * model (`--judge-model SPEC`) and a judge cache (a file for `check`, the run's database for
 * `judge` and `run`, or none with `--no-cache`).
 */
import type { ChatModel, SamplingParams } from '../../llm/chat-model.ts';
import type { JudgeCache } from '../judge-cache.ts';
import { LlmJudge } from '../llm/llm-judge.ts';
import { loadPrompts, type Stage } from '../llm/prompts.ts';
import type { CheckEngine, EngineKind } from './engine.ts';
import { EngineSetupError } from './engine-setup-error.ts';
import { hybridEngine, llmEngine } from './llm-engine.ts';
import { rulesEngine } from './rules-engine.ts';

export interface EngineOptions {
  judgeModel?: ChatModel;
  cache?: JudgeCache;
  params?: SamplingParams;
  prompts?: Partial<Record<Stage, string>>;
  concurrency?: number;
}

export function createCheckEngine(kind: EngineKind, options: EngineOptions = {}): CheckEngine {
  if (kind === 'rules') return rulesEngine();
  if (!options.judgeModel) throw new EngineSetupError(kind, `the ${kind} engine needs --judge-model SPEC`);
  if (!options.cache) throw new EngineSetupError(kind, `the ${kind} engine needs a judge cache (or an explicit no-cache)`);
  const judge = new LlmJudge({ model: options.judgeModel, prompts: loadPrompts(options.prompts), cache: options.cache, ...(options.params ? { params: options.params } : {}) });
  return kind === 'llm' ? llmEngine(judge, options.concurrency) : hybridEngine(judge, options.concurrency);
}
